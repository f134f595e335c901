// Fuzzes a page source: the fuzzed text is content/en/fuzz.md — front matter, Markdown,
// directive blocks and inline references — rendered as a page of the real site (real data,
// UI strings, templates and directives), exactly as the build renders an authored page.
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "content/page_source.h"
#include "directives/computed.h"
#include "directives/registry.h"
#include "fuzz_common.h"
#include "i18n/ui_strings.h"
#include "render/templates.h"
#include "site/assets.h"
#include "site/site_pages.h"

namespace {

struct Site {
  gg::UiStrings strings;
  gg::TemplateSet templates;
  gg::AssetSet assets;
  std::unique_ptr<gg::Computed> computed;
  std::unique_ptr<gg::SiteRenderer> renderer;
};

Site& RealSite() {
  static Site* site = [] {
    auto* s = new Site;
    const std::string root = gg::fuzz::SourceRoot();
    const gg::Dataset& data = gg::fuzz::RealDataset();
    gg::Diagnostics diags;
    s->strings.Load(root, data.site, &diags);
    s->templates.Load(root, &diags);
    s->assets = gg::LoadAssets(root, &diags);
    s->computed = std::make_unique<gg::Computed>(gg::ComputeAll(data, &diags));
    if (diags.HasErrors()) {
      std::fprintf(stderr, "fuzz: the repository has errors:\n%s", diags.Render().c_str());
      std::abort();
    }
    s->renderer =
        std::make_unique<gg::SiteRenderer>(data, *s->computed, s->strings, s->templates, s->assets,
                                           gg::StandardDirectives(), false, new gg::Diagnostics);
    return s;
  }();
  return *site;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Site& site = RealSite();
  gg::Diagnostics diags;
  gg::PageSource page;
  if (!gg::ParsePageSource("content/en/fuzz.md", gg::fuzz::AsString(data, size), &page, &diags))
    return 0;
  page.lang = "en";
  page.path = "fuzz";
  const gg::Dataset& ds = gg::fuzz::RealDataset();
  std::vector<gg::PageSource> pages = {page};
  std::vector<gg::PageJob> jobs = site.renderer->PlanPages(pages);
  for (const auto& job : jobs) {
    if (job.source && job.lang->code == ds.site.default_language) {
      (void)site.renderer->RenderPage(job);
      break;
    }
  }
  return 0;
}
