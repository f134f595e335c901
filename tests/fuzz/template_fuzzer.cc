// Fuzzes templates: the fuzzed text is checked as templates/page.html (syntax, escaping
// rules, limits) and, when accepted, rendered with a page-like context, as a page would be.
#include "fuzz_common.h"
#include "render/templates.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  gg::Diagnostics diags;
  gg::TemplateSet set;
  set.Add("page", "templates/page.html", gg::fuzz::AsString(data, size), &diags);
  if (diags.HasErrors()) return 0;
  gg::TemplateData d;
  d.set("title", "A <title> & \"quotes\"");
  d.set("content_html", "<p>content</p>");
  gg::TemplateData list = gg::TemplateData::type::list;
  for (int i = 0; i < 3; ++i) {
    gg::TemplateData item;
    item.set("name", "item " + std::to_string(i));
    item.set("href", "a/b/");
    list.push_back(item);
  }
  d.set("nav", list);
  d.set("has_toc", true);
  gg::TemplateData t;
  t.set("site", "Site");
  d.set("t", t);
  (void)set.Render("page", d, &diags);
  return 0;
}
