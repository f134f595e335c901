// Fuzzes data/site.json: the site configuration, then what is built from it without a disk:
// one number formatter per language (ICU locale ids come from this file).
#include <memory>

#include "data/load_dataset.h"
#include "fuzz_common.h"
#include "i18n/format.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  gg::SiteConfig site;
  gg::Diagnostics diags;
  gg::LoadSiteConfig("data/site.json", gg::fuzz::AsString(data, size), &site, &diags);
  (void)diags.Render();
  if (diags.HasErrors()) return 0;
  for (const auto& lang : site.languages) {
    gg::Formatter fmt(lang.locale);
    (void)fmt.Number(1234.5, 1);
  }
  return 0;
}
