#include "site/site_pages.h"

#include <algorithm>
#include <set>

#include "base/text.h"
#include "content/markdown.h"
#include "site/urls.h"

namespace gg {

namespace {

const std::string kGpuList = "gpu-list";
const std::string kGpuPagePrefix = "gpu:";

TemplateData List() {
  return TemplateData{TemplateData::type::list};
}

// The table of contents as nested lists: sections, and their subsections inside them.
std::string TocHtml(const std::vector<TocEntry>& toc) {
  std::string toc_html = "<ol>";
  bool open_sub = false;
  for (size_t i = 0; i < toc.size(); ++i) {
    const auto& e = toc[i];
    std::string link = "<a href=\"#" + HtmlEscape(e.id) + "\">" + HtmlEscape(e.text) + "</a>";
    if (e.level == 3 && i > 0) {
      if (!open_sub) toc_html += "<ol>";
      open_sub = true;
      toc_html += "<li>" + link + "</li>";
    } else {
      if (open_sub) toc_html += "</ol>";
      open_sub = false;
      if (i > 0) toc_html += "</li>";
      toc_html += "<li>" + link;
    }
  }
  if (open_sub) toc_html += "</ol>";
  if (!toc.empty()) toc_html += "</li>";
  toc_html += "</ol>";
  return toc_html;
}

}  // namespace

SiteRenderer::SiteRenderer(const Dataset& data, const Computed& computed, const UiStrings& strings,
                           const TemplateSet& templates, const AssetSet& assets,
                           const DirectiveRegistry& registry, bool drafts, Diagnostics* diags)
    : data_(data),
      computed_(computed),
      strings_(strings),
      templates_(templates),
      assets_(assets),
      registry_(registry),
      drafts_(drafts),
      diags_(diags) {
  // Unit symbols as each language writes them: UI strings "unitsym.<symbol>".
  for (const auto& l : data_.site.languages) {
    std::map<std::string, std::string> units;
    for (const auto& key : strings_.Keys())
      if (StartsWith(key, "unitsym.")) units[key.substr(8)] = strings_.Get(l.code, key);
    formatters_[l.code] = std::make_unique<Formatter>(l.locale, units);
    // The {{t.…}} tree of the language, keys it lacks filled from the default language
    // (warned about at load). Built once here, shared by every page of the language.
    std::map<std::string, std::string> merged = strings_.Table(data_.site.default_language);
    for (const auto& [k, v] : strings_.Table(l.code)) merged[k] = v;
    strings_data_.emplace(l.code, StringsData(merged));
  }
}

std::vector<PageJob> SiteRenderer::PlanPages(const std::vector<PageSource>& pages) {
  const std::string& def = data_.site.default_language;
  std::set<std::string> paths;
  for (const auto& p : pages) {
    if (p.fm.draft && !drafts_) continue;
    sources_[{p.lang, p.path}] = &p;
    paths.insert(p.path);
  }
  // Navigation: the pages marked nav, in the default language's order, then the GPU list.
  for (const auto& path : paths) {
    auto it = sources_.find({def, path});
    const PageSource* src = it != sources_.end() ? it->second : nullptr;
    if (!src) continue;
    if (src->fm.nav) nav_.push_back({path, src->fm.order});
  }
  nav_.push_back({"gpus", 30});
  std::stable_sort(nav_.begin(), nav_.end(),
                   [](const NavItem& a, const NavItem& b) { return a.order < b.order; });

  std::vector<PageJob> jobs;
  for (const auto& lang : data_.site.languages) {
    for (const auto& path : paths) {
      PageJob job;
      job.lang = &lang;
      job.path = path;
      job.site_path = PageSitePath(lang.code, path);
      auto own = sources_.find({lang.code, path});
      if (own != sources_.end()) {
        job.source = own->second;
        job.authored = true;
        auto src = sources_.find({def, path});
        job.stale = lang.code != def && src != sources_.end() &&
                    own->second->fm.translation_of != src->second->revision;
      } else {
        auto src = sources_.find({def, path});
        if (src == sources_.end()) continue;  // only in another language
        job.source = src->second;
        job.fallback = true;
      }
      jobs.push_back(job);
    }
    PageJob list;
    list.lang = &lang;
    list.path = "gpus";
    list.site_path = GpuListPath(lang.code);
    list.generated = kGpuList;
    jobs.push_back(list);
    for (const auto& g : data_.gpus) {
      PageJob job;
      job.lang = &lang;
      job.path = "gpus/" + g.id;
      job.site_path = GpuPagePath(lang.code, g.id);
      job.generated = kGpuPagePrefix + g.id;
      jobs.push_back(job);
    }
  }
  for (const auto& p : paths) paths_.push_back(p);
  paths_.push_back("gpus");
  for (const auto& g : data_.gpus) paths_.push_back("gpus/" + g.id);
  return jobs;
}

std::string SiteRenderer::PageTitle(const PageJob& job) const {
  if (job.source) return job.source->fm.title;
  const std::string& lang = job.lang->code;
  if (job.generated == kGpuList) return strings_.Get(lang, "gpus.title");
  const Gpu* g = data_.FindGpu(job.generated.substr(kGpuPagePrefix.size()));
  return g ? g->name : job.path;
}

TemplateData SiteRenderer::BaseData(const PageJob& job, const std::string& title,
                                    const std::string& description) const {
  const std::string& lang = job.lang->code;
  const std::string to_root = ToRoot(job.site_path);
  TemplateData d{TemplateData::type::object};
  d.set("lang", lang);
  d.set("title", title);
  d.set("description", description);
  d.set("site_title", data_.site.title);
  d.set("canonical", AbsoluteUrl(data_.site.base_url, job.site_path));
  d.set("home_href", to_root + PageSitePath(lang, ""));
  d.set("to_root", to_root);
  auto css = assets_.published.find("style.css");
  d.set("css_href", css == assets_.published.end() ? std::string() : to_root + css->second);
  auto icon = assets_.published.find("favicon.svg");
  d.set("icon_href", icon == assets_.published.end() ? std::string() : to_root + icon->second);
  d.set("t", strings_data_.at(lang));

  TemplateData alternates = List();
  TemplateData languages = List();
  for (const auto& l : data_.site.languages) {
    std::string sp = job.site_path.substr(lang.size());  // "/guide/"
    std::string other = l.code + sp;
    TemplateData a{TemplateData::type::object};
    a.set("hreflang", l.code);
    a.set("href", AbsoluteUrl(data_.site.base_url, other));
    alternates.push_back(a);
    TemplateData s{TemplateData::type::object};
    s.set("code", l.code);
    s.set("name", l.name);
    s.set("href", to_root + other);
    s.set("current", l.code == lang);
    languages.push_back(s);
  }
  d.set("alternates", alternates);
  d.set("languages", languages);
  d.set("x_default_href", AbsoluteUrl(data_.site.base_url, data_.site.default_language +
                                                               job.site_path.substr(lang.size())));

  TemplateData nav = List();
  for (const auto& item : nav_) {
    TemplateData n{TemplateData::type::object};
    std::string t_title;
    if (item.path == "gpus") {
      t_title = strings_.Get(lang, "nav.gpus");
    } else {
      auto own = sources_.find({lang, item.path});
      auto def = sources_.find({data_.site.default_language, item.path});
      const FrontMatter& fm = own != sources_.end() ? own->second->fm : def->second->fm;
      t_title = fm.linktitle.empty() ? fm.title : fm.linktitle;
    }
    n.set("title", t_title);
    n.set("href", to_root + PageSitePath(lang, item.path));
    bool current = job.path == item.path || (item.path == "gpus" && StartsWith(job.path, "gpus/"));
    n.set("current", current);
    nav.push_back(n);
  }
  d.set("nav", nav);
  const Formatter& fmt = *formatters_.at(lang);
  d.set("data_date", computed_.data_date.empty() ? std::string() : fmt.Date(computed_.data_date));
  d.set("methodology_href", to_root + PageSitePath(lang, "methodology"));
  d.set("about_href", to_root + PageSitePath(lang, "about"));
  d.set("sitemap_href", to_root + "sitemap.xml");
  return d;
}

void SiteRenderer::RecordCommonReads(const PageJob& job, const PageContext& ctx) const {
  // Every page: the site configuration (languages, base URL), the stylesheet and icon, the
  // newest price date in the footer, and the titles of the navigation's pages.
  ctx.Read("data:site");
  ctx.Read("data:prices");
  for (const auto& name : {"style.css", "favicon.svg"})
    if (assets_.published.count(name)) ctx.Read(std::string("asset:") + name);
  for (const auto& item : nav_) {
    auto own = sources_.find({job.lang->code, item.path});
    auto def = sources_.find({data_.site.default_language, item.path});
    if (own != sources_.end())
      ctx.Read("front-matter:" + own->second->file);
    else if (def != sources_.end())
      ctx.Read("front-matter:" + def->second->file);
  }
  // A translation's "stale" notice compares it with its source.
  if (job.source && job.lang->code != data_.site.default_language) {
    auto def = sources_.find({data_.site.default_language, job.path});
    if (def != sources_.end()) ctx.Read("content:" + def->second->file);
  }
}

PageResult SiteRenderer::RenderPage(const PageJob& job) const {
  PageResult result;
  const std::string& lang = job.lang->code;
  PageContext ctx;
  ctx.data = &data_;
  ctx.computed = &computed_;
  ctx.strings = &strings_;
  ctx.lang = job.lang;
  ctx.fmt = formatters_.at(lang).get();
  ctx.to_root = ToRoot(job.site_path);
  ctx.chart_dir = ChartDir(lang);
  PageOutputs outputs;
  ctx.out = &outputs;
  // Authored pages only: the first chart of an authored page is its link-preview image.
  ctx.preview_image = job.source != nullptr;
  ctx.diags = diags_;
  RecordCommonReads(job, ctx);

  std::string content_html;
  std::vector<TocEntry> toc;
  std::string description;
  std::string template_name = "page";
  if (job.source) {
    // A fallback page is rendered with the page language's UI strings and number formats
    // (the reader's), and its text in the default language, marked with lang="…".
    // Directives in a fallback page are only reported for the default language, once.
    Diagnostics local;
    Diagnostics* sink = job.fallback ? &local : diags_;
    ctx.Read("content:" + job.source->file);
    ctx.diags = sink;
    auto block = [&](const DirectiveCall& call) { return registry_.RunBlock(call, ctx); };
    auto inline_ref = [&](const DirectiveCall& call) { return registry_.RunInline(call, ctx); };
    MarkdownResult md =
        RenderMarkdown(job.source->body, job.source->file, job.source->body_line, block, inline_ref,
                       sink, strings_.Get(lang, "table.scrollable"));
    ctx.diags = diags_;
    content_html = md.html;
    toc = md.toc;
    result.words = md.words;
    description = job.source->fm.description;
    if (job.path.empty()) template_name = "home";
  } else if (job.generated == kGpuList) {
    DirectiveCall call;
    call.name = "gpu-specs";
    call.args = {{"links", "yes"}};
    call.loc = {"templates/gpus.html", 0, 0};
    content_html = registry_.RunBlock(call, ctx);
    description = strings_.Get(lang, "gpus.description");
    template_name = "gpus";
  } else {
    DirectiveCall call;
    call.name = "gpu-profile";
    call.args = {{"gpu", job.generated.substr(kGpuPagePrefix.size())}};
    call.loc = {"data/gpus.json", 0, 0};
    content_html = registry_.RunBlock(call, ctx);
    const Gpu* g = data_.FindGpu(job.generated.substr(kGpuPagePrefix.size()));
    description = strings_.Format(lang, "gpu.description", {{"name", g ? g->name : ""}});
    template_name = "gpu";
  }

  std::string title = PageTitle(job);
  TemplateData page = BaseData(job, title, description);
  page.set("content_html", content_html);
  page.set("content_lang", job.fallback ? data_.site.default_language : lang);
  page.set("fallback", job.fallback);
  page.set("stale", job.stale && !job.fallback);
  if (job.source) {
    std::string src_href = ctx.to_root + PageSitePath(data_.site.default_language, job.path);
    page.set("source_href", src_href);
    page.set("date",
             job.source->fm.date.empty() ? std::string() : ctx.fmt->Date(job.source->fm.date));
  }
  const std::string toc_html = TocHtml(toc);
  page.set("toc_html", toc_html);
  page.set("has_toc", toc.size() >= 3);
  // kainjow treats an empty string as true in a section: pass false when there is no image.
  if (outputs.og_image.empty())
    page.set("og_image", false);
  else
    page.set("og_image", AbsoluteUrl(data_.site.base_url, outputs.og_image));
  ctx.Read("template:" + template_name);
  ctx.Read("template:base");
  std::string main_html = templates_.Render(template_name, page, diags_);
  page.set("main_html", main_html);
  result.html = templates_.Render("base", page, diags_);
  result.files = std::move(outputs.files);
  result.dependencies = outputs.Dependencies();
  return result;
}

std::vector<OutputFile> SiteRenderer::SiteFiles(const std::vector<PageJob>& jobs) const {
  std::vector<OutputFile> files;
  const std::string& def = data_.site.default_language;

  // The root: a language chooser. No redirect, no script: every language is one click away
  // and search engines see the hreflang alternates.
  {
    PageJob root_job;
    root_job.lang = &data_.site.languages.front();
    for (const auto& l : data_.site.languages)
      if (l.code == def) root_job.lang = &l;
    root_job.site_path = "";
    TemplateData d{TemplateData::type::object};
    d.set("site_title", data_.site.title);
    d.set("lang", def);
    d.set("canonical", data_.site.base_url);
    TemplateData langs = List();
    for (const auto& l : data_.site.languages) {
      TemplateData s{TemplateData::type::object};
      s.set("code", l.code);
      s.set("name", l.name);
      s.set("href", PageSitePath(l.code, ""));
      s.set("abs_href", AbsoluteUrl(data_.site.base_url, PageSitePath(l.code, "")));
      s.set("choose", strings_.Get(l.code, "chooser.prompt"));
      s.set("tagline", strings_.Get(l.code, "site.tagline"));
      langs.push_back(s);
    }
    d.set("languages", langs);
    d.set("x_default_href", AbsoluteUrl(data_.site.base_url, PageSitePath(def, "")));
    auto css = assets_.published.find("style.css");
    d.set("css_href", css == assets_.published.end() ? std::string() : css->second);
    auto icon = assets_.published.find("favicon.svg");
    d.set("icon_href", icon == assets_.published.end() ? std::string() : icon->second);
    d.set("t", strings_data_.at(def));
    files.push_back({"index.html", templates_.Render("chooser", d, diags_)});

    // 404: served at any depth, so its links are absolute paths from the base URL.
    std::string base_path = BasePath(data_.site.base_url);
    TemplateData nf = d;
    auto css_abs = css == assets_.published.end() ? std::string() : base_path + css->second;
    nf.set("css_href", css_abs);
    nf.set("icon_href", icon == assets_.published.end() ? std::string() : base_path + icon->second);
    TemplateData langs404 = List();
    for (const auto& l : data_.site.languages) {
      TemplateData s{TemplateData::type::object};
      s.set("code", l.code);
      s.set("name", l.name);
      s.set("href", base_path + PageSitePath(l.code, ""));
      s.set("message", strings_.Get(l.code, "notfound.message"));
      s.set("back", strings_.Get(l.code, "notfound.back"));
      langs404.push_back(s);
    }
    nf.set("languages", langs404);
    files.push_back({"404.html", templates_.Render("404", nf, diags_)});
  }

  // sitemap.xml with the language alternates of each page.
  {
    std::map<std::string, std::vector<const PageJob*>> by_path;
    for (const auto& j : jobs) by_path[j.path].push_back(&j);
    std::string xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
        "xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
    for (const auto& j : jobs) {
      xml += "  <url>\n    <loc>" + HtmlEscape(AbsoluteUrl(data_.site.base_url, j.site_path)) +
             "</loc>\n";
      if (j.source && !j.source->fm.date.empty())
        xml += "    <lastmod>" + j.source->fm.date + "</lastmod>\n";
      for (const auto* alt : by_path[j.path]) {
        xml += "    <xhtml:link rel=\"alternate\" hreflang=\"" + alt->lang->code + "\" href=\"" +
               HtmlEscape(AbsoluteUrl(data_.site.base_url, alt->site_path)) + "\"/>\n";
      }
      xml += "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"" +
             HtmlEscape(AbsoluteUrl(data_.site.base_url, PageSitePath(def, j.path))) + "\"/>\n";
      xml += "  </url>\n";
    }
    xml += "</urlset>\n";
    files.push_back({"sitemap.xml", xml});
  }
  files.push_back({"robots.txt", "User-agent: *\nAllow: /\nSitemap: " +
                                     AbsoluteUrl(data_.site.base_url, "sitemap.xml") + "\n"});
  return files;
}

}  // namespace gg
