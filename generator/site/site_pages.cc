#include "site/site_pages.h"

#include <algorithm>
#include <set>

#include "site/explore_includes.h"
#include "site/gpu_mentions.h"
#include "site/page_styles.h"

#include "base/content_cache.h"
#include "base/suggest.h"
#include "base/text.h"
#include "content/markdown.h"
#include "directives/html.h"
#include "model/enums.h"
#include "urls/urls.h"

namespace gg {

namespace {

// The template engine copies a value several times on its way out (its line buffer, a
// stream, the result): for a page body of tens of KB that was a sixth of rendering, and the
// inlined stylesheet (~12 KB) is in every page. Both go into the templates as marks and are
// put in their place afterwards, in one pass over the page. The marks hold control
// characters that escaped text, Markdown output and templates never contain.
constexpr std::string_view kBodyMark = "\x02gpuguide:body\x03";
constexpr std::string_view kStylesMark = "\x02gpuguide:styles\x03";
// Where the late-bound "prices as of" line goes (SiteRenderer::BindLate).
constexpr std::string_view kLateAsOfMark = "\x02gpuguide:late-as-of\x03";

// rendered with each mark replaced by its text; what is put in is not searched again.
std::string SpliceMarks(
    const std::string& rendered,
    std::initializer_list<std::pair<std::string_view, std::string_view>> marks) {
  size_t extra = 0;
  for (const auto& [mark, text] : marks) extra += text.size();
  std::string out;
  out.reserve(rendered.size() + extra);
  size_t from = 0;
  for (size_t at = rendered.find('\x02'); at != std::string::npos;
       at = rendered.find('\x02', at + 1)) {
    for (const auto& [mark, text] : marks) {
      if (rendered.compare(at, mark.size(), mark) != 0) continue;
      out.append(rendered, from, at - from);
      out.append(text);
      from = at + mark.size();
      at = from - 1;
      break;
    }
  }
  out.append(rendered, from);
  return out;
}

}  // namespace

namespace {

const std::string kGpuList = "gpu-list";
const std::string kCompare = "compare";
const std::string kGpuPagePrefix = "gpu:";

TemplateData List() {
  return TemplateData{TemplateData::type::list};
}

// d.set(key, value) without its deep copy: kainjow's set copies the value (a list of objects,
// a page of HTML) into the object, and the caller's copy is then thrown away.
void Put(TemplateData* d, const std::string& key, TemplateData&& value) {
  (*d)[key] = std::move(value);
}
void Put(TemplateData* d, const std::string& key, std::string&& html) {
  (*d)[key] = TemplateData(html);
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
    std::string day_pattern =
        strings_.Has("format.day") ? strings_.Get(l.code, "format.day") : std::string();
    const Region* region = data_.FindRegion(l.region);
    formatters_[l.code] = std::make_unique<Formatter>(l.locale, units, day_pattern,
                                                      region ? region->currency : "USD");
    // The {{t.…}} tree of the language, keys it lacks filled from the default language
    // (warned about at load). Built once here, shared by every page of the language.
    std::map<std::string, std::string> merged = strings_.Table(data_.site.default_language);
    for (const auto& [k, v] : strings_.Table(l.code)) merged[k] = v;
    TemplateData root{TemplateData::type::object};
    root.set("t", StringsData(merged));
    strings_data_.emplace(l.code, std::move(root));
    explore_islands_.emplace(l.code, ExploreStringsIsland(l, strings_));
  }
}

void SiteRenderer::UseRegions(const RegionalComputed* regions) {
  language_regions_.clear();
  region_ranks_.clear();
  regions_ = regions != nullptr && !regions->reference.empty() ? regions : nullptr;
  if (regions_ == nullptr) return;  // no regions.json: computed_ is every language's
  for (const auto& [id, c] : regions->by_region)
    region_ranks_.emplace(id, std::make_unique<RankMemo>());
  for (const Language& l : data_.site.languages) {
    const Computed& c = regions->For(l);
    LanguageRegion r;
    r.computed = &c;
    r.data = c.data ? c.data.get() : &data_;
    const std::string id = c.region ? c.region->id : std::string();
    r.ranks = region_ranks_.at(id).get();
    r.suffix = id.empty() ? std::string() : "@" + id;
    language_regions_.emplace(l.code, std::move(r));
  }
}

const Computed& SiteRenderer::ComputedOf(const std::string& lang) const {
  auto r = language_regions_.find(lang);
  return r != language_regions_.end() ? *r->second.computed : computed_;
}

std::vector<PageJob> SiteRenderer::PlanPages(
    const std::vector<PageSource>& pages, const std::vector<PageOutline>* outlines,
    const std::vector<std::optional<GpuMentions>>* mentions) {
  std::set<std::string> paths;
  for (const auto& p : pages) {
    if (p.fm.draft && !drafts_) continue;
    sources_[{p.lang, p.path}] = &p;
    paths.insert(p.path);
  }
  PlanNavigation(paths);
  PlanChapters(paths, pages, outlines);
  PlanMentions(paths, pages, outlines, mentions);
  std::vector<PageJob> jobs;
  for (const auto& lang : data_.site.languages) {
    for (PageJob& job : PageJobs(lang, paths)) jobs.push_back(std::move(job));
  }
  for (const auto& p : paths) paths_.push_back(p);
  paths_.push_back("gpus");
  paths_.push_back("compare");
  for (const auto& g : data_.gpus) paths_.push_back("gpus/" + g.id);
  return jobs;
}

// Navigation: the pages marked nav, in the default language's order, then the GPU list.
void SiteRenderer::PlanNavigation(const std::set<std::string>& paths) {
  for (const auto& path : paths) {
    auto it = sources_.find({data_.site.default_language, path});
    if (it != sources_.end() && it->second->fm.nav) nav_.push_back({path, it->second->fm.order});
  }
  nav_.push_back({"gpus", 30});
  std::stable_sort(nav_.begin(), nav_.end(),
                   [](const NavItem& a, const NavItem& b) { return a.order < b.order; });
}

// Chapters, ordered by the default language's front matter (then path), and the headings of
// each chapter in each language.
void SiteRenderer::PlanChapters(const std::set<std::string>& paths,
                                const std::vector<PageSource>& pages,
                                const std::vector<PageOutline>* outlines) {
  auto toc_of = [&](const PageSource& page) {
    const size_t i = static_cast<size_t>(&page - pages.data());
    if (outlines && i < outlines->size()) return (*outlines)[i].headings;
    return ExtractToc(page.body);
  };
  const std::string& def = data_.site.default_language;
  for (const auto& path : paths) {
    size_t slash = path.rfind('/');
    if (slash == std::string::npos || !paths.count(path.substr(0, slash))) continue;
    chapters_[path.substr(0, slash)].push_back(path);
  }
  for (auto& [parent, list] : chapters_) {
    auto order_of = [&](const std::string& p) {
      auto it = sources_.find({def, p});
      return it != sources_.end() ? it->second->fm.order : 1000;
    };
    std::stable_sort(list.begin(), list.end(), [&](const std::string& a, const std::string& b) {
      return order_of(a) < order_of(b);
    });
    for (const auto& lang : data_.site.languages)
      for (const auto& p : list) {
        auto own = sources_.find({lang.code, p});
        auto src = own != sources_.end() ? own : sources_.find({def, p});
        if (src == sources_.end()) continue;
        std::vector<TocEntry> toc = toc_of(*src->second);
        if (own != sources_.end()) CheckAnchorTargets(*own->second, toc);
        chapter_tocs_[{lang.code, p}] = std::move(toc);
      }
  }
}

// An "old=new" anchor must name a heading of the chapter.
void SiteRenderer::CheckAnchorTargets(const PageSource& page,
                                      const std::vector<TocEntry>& toc) const {
  std::vector<std::string> ids;
  for (const auto& e : toc) ids.push_back(e.id);
  for (const auto& a : page.fm.anchors) {
    size_t eq = a.find('=');
    if (eq == std::string::npos) continue;
    std::string target = a.substr(eq + 1);
    if (std::find(ids.begin(), ids.end(), target) == ids.end())
      diags_->Error(
          page.fm.anchors_loc,
          "anchor '" + a + "' points at '" + target + "', which is not a heading id of this page",
          DidYouMean(target, ids));
  }
}

// The pages of one language: each authored path (its own page, or the default language's as a
// fallback), then the generated GPU list and GPU pages.
std::vector<PageJob> SiteRenderer::PageJobs(const Language& lang,
                                            const std::set<std::string>& paths) const {
  const std::string& def = data_.site.default_language;
  std::vector<PageJob> jobs;
  for (const auto& path : paths) {
    PageJob job;
    job.lang = &lang;
    job.path = path;
    job.site_path = PageSitePath(lang.code, path);
    auto own = sources_.find({lang.code, path});
    // The generated GPU list and GPU pages own "gpus" and "gpus/<id>".
    if (path == "gpus" || path.rfind("gpus/", 0) == 0 || path == "compare") {
      auto src = own != sources_.end() ? own : sources_.find({def, path});
      if (src != sources_.end())
        diags_->Error(src->second->loc,
                      "page path '" + path + "' is taken by the generated GPU pages",
                      "rename the file; " + PageSitePath(src->second->lang, path) +
                          " is written from data/gpus.json");
      continue;
    }
    auto src = sources_.find({def, path});
    if (own != sources_.end()) {
      job.source = own->second;
      job.authored = true;
      job.stale = lang.code != def && src != sources_.end() &&
                  own->second->fm.translation_of != src->second->revision;
    } else {
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
  PageJob compare;
  compare.lang = &lang;
  compare.path = "compare";
  compare.site_path = PageSitePath(lang.code, "compare");
  compare.generated = kCompare;
  jobs.push_back(compare);
  for (const auto& g : data_.gpus) {
    PageJob job;
    job.lang = &lang;
    job.path = "gpus/" + g.id;
    job.site_path = GpuPagePath(lang.code, g.id);
    job.generated = kGpuPagePrefix + g.id;
    jobs.push_back(job);
  }
  return jobs;
}

std::string SiteRenderer::PageTitle(const PageJob& job) const {
  if (job.source) return job.source->fm.title;
  const std::string& lang = job.lang->code;
  if (job.generated == kGpuList) return strings_.Get(lang, "gpus.title");
  if (job.generated == kCompare) return strings_.Get(lang, "compare.title");
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
  d.set("icon_href", IconHref(assets_, to_root));

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
  Put(&d, "alternates", std::move(alternates));
  Put(&d, "languages", std::move(languages));
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
    bool current =
        job.path == item.path || (!item.path.empty() && StartsWith(job.path, item.path + "/"));
    n.set("current", current);
    nav.push_back(n);
  }
  Put(&d, "nav", std::move(nav));
  const Formatter& fmt = *formatters_.at(lang);
  const Computed& computed = ComputedOf(lang);
  if (computed.region != nullptr) {
    const Region& r = *computed.region;
    const std::string label =
        strings_.Format(lang, r.tax_included ? "region.tax_included" : "region.tax_excluded",
                        {{"region", strings_.Get(lang, "region.name." + r.id)},
                         {"currency", r.currency},
                         {"rate", fmt.Percent(r.tax_rate)}});
    d.set("price_region", strings_.Format(lang, "home.region", {{"region", label}}));
  } else {
    d.set("price_region", false);
  }
  // Bound late (BindLate): a new price moves it, and it is on every page.
  d.set("prices_as_of_html", std::string(kLateAsOfMark));
  if (data_.site.issues_url.empty())
    d.set("issues_href", false);
  else
    d.set("issues_href", data_.site.issues_url);
  d.set("open_data_href", to_root + PageSitePath(lang, "methodology") + "#open-data");
  d.set("gpus_href", to_root + GpuListPath(lang));
  d.set("compare_href", to_root + PageSitePath(lang, "compare"));
  d.set("methodology_href", to_root + PageSitePath(lang, "methodology"));
  d.set("about_href", to_root + PageSitePath(lang, "about"));
  d.set("sitemap_href", to_root + SitemapPath());
  return d;
}

std::string SiteRenderer::LateAsOfHtml(const std::string& lang) const {
  const Formatter& fmt = *formatters_.at(lang);
  const Computed& computed = ComputedOf(lang);
  const std::string region = computed.region ? computed.region->id : std::string("US");
  const double total = static_cast<double>(computed.prices.size());
  const std::string count =
      strings_.Format(lang, "footer.estimated_count",
                      {{"region", strings_.Get(lang, "region.name." + region)},
                       {"sourced", fmt.Number(total - computed.estimated_prices, 0)},
                       {"total", fmt.Number(total, 0)}});
  // One sentence per language, spaces included: Chinese puts none between the words, the date
  // and the full-width bracket.
  return HtmlEscape(strings_.Format(
      lang, "footer.data_as_of",
      {{"date", computed.data_date.empty() ? std::string() : fmt.Date(computed.data_date)},
       {"count", count}}));
}

std::string SiteRenderer::LateKey(const std::string& lang) {
  return "late:prices-as-of/" + lang;
}

std::map<std::string, std::string> SiteRenderer::LateValues() const {
  std::map<std::string, std::string> values;
  for (const auto& l : data_.site.languages)
    values[LateKey(l.code)] = KeyWriter().Str("late-as-of/1").Str(LateAsOfHtml(l.code)).Hash();
  return values;
}

void SiteRenderer::BindLate(const PageJob& job, std::string* html) const {
  size_t at = html->find(kLateAsOfMark);
  if (at == std::string::npos) return;
  const std::string line = LateAsOfHtml(job.lang->code);
  std::string out;
  out.reserve(html->size() + line.size());
  size_t from = 0;
  for (; at != std::string::npos; at = html->find(kLateAsOfMark, from)) {
    out.append(*html, from, at - from).append(line);
    from = at + kLateAsOfMark.size();
  }
  out.append(*html, from, std::string::npos);
  *html = std::move(out);
}

void SiteRenderer::RecordCommonReads(const PageJob& job, const PageContext& ctx) const {
  // Every page: the site configuration (languages, base URL), the stylesheet and icon, the
  // newest price date in the footer, and the titles of the navigation's pages.
  ctx.Read("data:site");
  // The "prices as of" line is bound late (BindLate): the page reads its late key, not
  // computed:data-date, so a new price re-renders only the pages that show what it changes.
  ctx.Read(LateKey(job.lang->code));
  if (!data_.regions.empty()) ctx.Read("data:regions");  // the home page names its region
  for (const auto& name : {"style.css", "favicon.svg"})
    if (assets_.published.count(name)) ctx.Read(std::string("asset:") + name);
  // The navigation as a whole (which pages it lists, in which order, under which titles):
  // a page added to it, removed from it or retitled changes every page's menu.
  ctx.Read(NavKey(job.lang->code));
  // A chapter's previous/next links and breadcrumb; a contents page's list of its chapters.
  const size_t slash = job.path.rfind('/');
  if (job.source && slash != std::string::npos && chapters_.count(job.path.substr(0, slash)))
    ctx.Read(ChapterListKey(job.lang->code, job.path.substr(0, slash)));
  if (job.source && chapters_.count(job.path)) ctx.Read(ChaptersKey(job.lang->code, job.path));
  // A translation's "stale" notice compares it with its source, but only through job.stale,
  // which is part of the page's job key (site/page_cache.h): an edit of the source re-renders
  // its translations when it makes them stale, not on every later edit.
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
  ctx.ranks = &ranks_;
  PageOutputs outputs;
  if (auto r = language_regions_.find(lang); r != language_regions_.end()) {
    ctx.data = r->second.data;
    ctx.computed = r->second.computed;
    ctx.ranks = r->second.ranks;
    ctx.regions = regions_;
    outputs.region_suffix = r->second.suffix;
  }
  ctx.to_root = ToRoot(job.site_path);
  ctx.assets = &assets_.published;
  ctx.cache = cache_;
  ctx.drawings = &drawings_;
  ctx.directives = &directive_outputs_;
  outputs.all_reads = all_reads_;
  ctx.out = &outputs;
  // Authored pages only: the first chart of an authored page is its link-preview image.
  ctx.preview_image = job.source != nullptr;
  ctx.diags = diags_;
  RecordCommonReads(job, ctx);
  const PageBody body = RenderBody(job, ctx);
  result.words = body.words;

  TemplateData page = BaseData(job, PageTitle(job), body.description);
  page.set("content_html", std::string(kBodyMark));
  page.set("content_lang", job.fallback ? data_.site.default_language : lang);
  page.set("fallback", job.fallback);
  page.set("stale", job.stale && !job.fallback);
  if (job.source) {
    std::string src_href = ctx.to_root + PageSitePath(data_.site.default_language, job.path);
    page.set("source_href", src_href);
    page.set("source_lang", data_.site.default_language);
    page.set("date",
             job.source->fm.date.empty() ? std::string() : ctx.fmt->Date(job.source->fm.date));
  }
  Put(&page, "toc_html", TocHtml(body.toc));
  // A page with chapters lists them; a chapter links to its neighbours and its contents page.
  bool has_chapters = chapters_.count(job.path) > 0;
  page.set("has_chapters", has_chapters);
  Put(&page, "chapters_html", has_chapters ? ChaptersHtml(job, body.toc) : std::string());
  Put(&page, "pager", ChapterPager(job, ctx.to_root));
  Put(&page, "gpu_pager",
      job.generated.rfind(kGpuPagePrefix, 0) == 0
          ? GpuPager(job.generated.substr(kGpuPagePrefix.size()), lang)
          : TemplateData(false));
  Put(&page, "gpu_links",
      job.generated.rfind(kGpuPagePrefix, 0) == 0
          ? GpuLinks(job.generated.substr(kGpuPagePrefix.size()), lang, ctx)
          : TemplateData(false));
  std::set<std::string> explore_assets;
  ExploreIncludes includes =
      body.marks.explore ? ExploreIncludesFor(body.html, explore_islands_.at(lang),
                                              assets_.published, ctx.to_root, &explore_assets)
                         : ExploreIncludes{};
  for (const auto& name : explore_assets) ctx.Read("asset:" + name);
  if (!includes.body.empty())
    for (const auto& key : ExploreStringKeys()) ctx.Read("string:" + key);
  std::vector<std::string> styles = {"style.css"};
  if (!includes.style.empty()) outputs.styles.insert(includes.style);
  styles.insert(styles.end(), outputs.styles.begin(), outputs.styles.end());
  const std::string styles_html =
      StylesHtml(styles, assets_.inline_css, assets_.published, ctx.to_root);
  page.set("styles_html", std::string(kStylesMark));
  page.set("scripts_html", includes.body);
  page.set("has_toc", body.toc.size() >= 3);
  page.set("price_legend_html", PriceLegendHtml(lang, body.marks, ctx));
  // kainjow treats an empty string as true in a section: pass false when there is no image.
  if (outputs.og_image.empty())
    page.set("og_image", false);
  else
    page.set("og_image", AbsoluteUrl(data_.site.base_url, outputs.og_image));
  ctx.Read("template:" + body.template_name);
  ctx.Read("template:base");
  const TemplateData* strings = &strings_data_.at(job.lang->code);
  // The page's template (its body as a mark) goes into the base template as it is; both marks
  // are filled in the finished page.
  Put(&page, "main_html", templates_.Render(body.template_name, page, diags_, strings, lang));
  result.html = SpliceMarks(templates_.Render("base", page, diags_, strings, lang),
                            {{kBodyMark, body.html}, {kStylesMark, styles_html}});
  result.files = std::move(outputs.files);
  result.dependencies = outputs.Dependencies();
  return result;
}

void SiteRenderer::UsePrepared(const std::vector<PageSource>* pages, PreparedBodies* prepared,
                               const std::vector<PageJob>& jobs) {
  prepared_pages_ = pages;
  prepared_ = prepared;
  prepared_uses_ = std::make_unique<std::atomic<int>[]>(prepared->size());
  for (const auto& job : jobs) {
    const long index = PreparedIndex(job);
    if (index >= 0) ++prepared_uses_[static_cast<size_t>(index)];
  }
}

long SiteRenderer::PreparedIndex(const PageJob& job) const {
  if (!prepared_ || !prepared_pages_ || !job.source || job.source < prepared_pages_->data() ||
      job.source >= prepared_pages_->data() + prepared_pages_->size() ||
      prepared_->size() != prepared_pages_->size())
    return -1;
  return job.source - prepared_pages_->data();
}

SiteRenderer::PageBody SiteRenderer::RenderBody(const PageJob& job, PageContext& ctx) const {
  const std::string& lang = job.lang->code;
  PageBody body;
  if (job.source) {
    // A fallback page is rendered with the page language's UI strings and number formats
    // (the reader's), and its text in the default language, marked with lang="…".
    // Directives in a fallback page are only reported for the default language, once.
    Diagnostics local;
    Diagnostics* sink = job.fallback ? &local : diags_;
    ctx.Read("content:" + job.source->file);
    ctx.diags = sink;
    auto block = [&](const DirectiveCall& call) {
      std::string html = registry_.RunBlock(call, ctx);
      body.marks.Note(html);
      return html;
    };
    auto inline_ref = [&](const DirectiveCall& call) {
      std::string html = registry_.RunInline(call, ctx);
      body.marks.Note(html);
      return html;
    };
    const std::string& table_label = strings_.Get(lang, "table.scrollable");
    const long index = PreparedIndex(job);
    const PreparedMarkdown* prepared =
        index >= 0 ? (*prepared_)[static_cast<size_t>(index)].get() : nullptr;
    MarkdownResult md =
        prepared ? RenderPrepared(*prepared, block, inline_ref, sink, table_label)
                 : RenderMarkdown(job.source->body, job.source->file, job.source->body_line, block,
                                  inline_ref, sink, table_label);
    // The last job of this body: no other thread reads its slot any more.
    if (prepared && prepared_uses_[static_cast<size_t>(index)].fetch_sub(1) == 1)
      (*prepared_)[static_cast<size_t>(index)].reset();
    ctx.diags = diags_;
    body.html = std::move(md.html);
    body.toc = std::move(md.toc);
    body.words = md.words;
    body.description = job.source->fm.description;
    if (job.path.empty()) body.template_name = "home";
  } else if (job.generated == kGpuList) {
    DirectiveCall call;
    call.name = "gpu-specs";
    call.args = {{"links", "yes"}};
    call.loc = {"templates/gpus.html", 0, 0};
    body.html = registry_.RunBlock(call, ctx);
    body.marks.Note(body.html);
    body.description = strings_.Get(lang, "gpus.description");
    body.template_name = "gpus";
  } else if (job.generated == kCompare) {
    DirectiveCall call;
    call.name = "gpu-compare";
    call.loc = {"templates/compare.html", 0, 0};
    body.html = registry_.RunBlock(call, ctx);
    body.marks.Note(body.html);
    body.description = strings_.Get(lang, "compare.description");
    body.template_name = "compare";
  } else {
    DirectiveCall call;
    call.name = "gpu-profile";
    call.args = {{"gpu", job.generated.substr(kGpuPagePrefix.size())}};
    call.loc = {"data/gpus.json", 0, 0};
    body.html = registry_.RunBlock(call, ctx);
    body.marks.Note(body.html);
    const Gpu* g = data_.FindGpu(job.generated.substr(kGpuPagePrefix.size()));
    body.description = strings_.Format(lang, "gpu.description", {{"name", g ? g->name : ""}});
    body.template_name = "gpu";
  }
  return body;
}

TemplateData SiteRenderer::ChapterPager(const PageJob& job, const std::string& to_root) const {
  const std::string& lang = job.lang->code;
  size_t slash = job.path.rfind('/');
  std::string parent = slash == std::string::npos ? std::string() : job.path.substr(0, slash);
  auto siblings = job.source && !parent.empty() ? chapters_.find(parent) : chapters_.end();
  if (siblings == chapters_.end()) return TemplateData(false);
  const auto& list = siblings->second;
  size_t at = std::find(list.begin(), list.end(), job.path) - list.begin();
  auto link = [&](const std::string& p) {
    TemplateData l{TemplateData::type::object};
    l.set("href", to_root + PageSitePath(lang, p));
    l.set("title", FrontMatterOf(lang, p).title);
    return l;
  };
  TemplateData pager{TemplateData::type::object};
  if (at > 0)
    pager.set("prev", link(list[at - 1]));
  else
    pager.set("prev", false);
  if (at + 1 < list.size())
    pager.set("next", link(list[at + 1]));
  else
    pager.set("next", false);
  TemplateData up = link(parent);
  // The breadcrumb names the contents page by its short title ("The guide").
  const FrontMatter& parent_fm = FrontMatterOf(lang, parent);
  up.set("crumb", parent_fm.linktitle.empty() ? parent_fm.title : parent_fm.linktitle);
  // Shown in the default language when this language lacks the contents page.
  up.set("crumb_lang", sources_.count({lang, parent}) ? TemplateData(false)
                                                      : TemplateData(data_.site.default_language));
  pager.set("up", up);
  return pager;
}

// A GPU page's neighbours: the GPUs of its segment in data/gpus.json order (the order the
// data curates: families together, older before newer). {label, prev, next}; prev or next is
// false at either end of the segment. Links are relative to the GPU page.
TemplateData SiteRenderer::GpuPager(const std::string& id, const std::string& lang) const {
  const Gpu* gpu = data_.FindGpu(id);
  if (!gpu) return TemplateData(false);
  std::vector<const Gpu*> segment;
  for (const auto& g : data_.gpus)
    if (g.segment == gpu->segment) segment.push_back(&g);
  size_t at = std::find(segment.begin(), segment.end(), gpu) - segment.begin();
  const std::string to_root = ToRoot(GpuPagePath(lang, id));
  auto link = [&](const Gpu* g) {
    TemplateData l{TemplateData::type::object};
    l.set("href", to_root + GpuPagePath(lang, g->id));
    l.set("title", g->name);
    return l;
  };
  TemplateData pager{TemplateData::type::object};
  pager.set("label",
            strings_.Format(lang, "gpus.pager",
                            {{"segment", strings_.Get(lang, Segments().UiKey(gpu->segment))}}));
  pager.set("prev", at > 0 ? link(segment[at - 1]) : TemplateData(false));
  pager.set("next", at + 1 < segment.size() ? link(segment[at + 1]) : TemplateData(false));
  return pager;
}

const FrontMatter& SiteRenderer::FrontMatterOf(const std::string& lang,
                                               const std::string& path) const {
  auto own = sources_.find({lang, path});
  if (own != sources_.end()) return own->second->fm;
  auto def = sources_.find({data_.site.default_language, path});
  if (def != sources_.end()) return def->second->fm;
  // A page only another language has (reported at load): its first translation.
  for (const auto& l : data_.site.languages) {
    auto other = sources_.find({l.code, path});
    if (other != sources_.end()) return other->second->fm;
  }
  static const FrontMatter kNone;
  return kNone;
}

void DirectiveMarks::Note(std::string_view html) {
  static const std::string estimate = std::string("class=\"") + kEstimateMarkClass + "\"";
  estimated = estimated || Contains(html, estimate);
  stale = stale || Contains(html, "class=\"tag stale\"");
  explore = explore || Contains(html, " data-explore=\"");
}

std::string SiteRenderer::PriceLegendHtml(const std::string& lang, const DirectiveMarks& marks,
                                          const PageContext& ctx) const {
  if (!marks.estimated && !marks.stale) return {};
  std::string h = "<p class=\"price-legend\">";
  if (marks.estimated) h += HtmlEscape(strings_.Get(lang, "price.legend")) + " ";
  if (marks.stale) {
    const std::string days = ctx.fmt->Number(computed_.assumptions.price_stale_days, 0);
    h += HtmlEscape(strings_.Format(lang, "price.legend_stale", {{"days", days}})) + " ";
  }
  const std::string href = ctx.to_root + PageSitePath(lang, "methodology") + "#estimates";
  h += "<a href=\"" + HtmlEscape(href) + "\">" +
       HtmlEscape(strings_.Get(lang, "price.legend_link")) + "</a></p>";
  ctx.Read("string:price.legend");
  return h;
}

// The contents list: one entry per chapter with its sections. Every old anchor of a chapter
// (front matter `anchors`) is an id on the entry it now lives under, so a link written before
// the split, /<lang>/a/#old, still lands on the right entry without a script.
std::string SiteRenderer::ChaptersHtml(const PageJob& job,
                                       const std::vector<TocEntry>& own_toc) const {
  const std::string& lang = job.lang->code;
  const std::string to_root = ToRoot(job.site_path);
  std::set<std::string> used = {"main", "toc", "chapters"};
  for (const auto& e : own_toc) used.insert(e.id);
  auto id_attr = [&](const std::string& id) -> std::string {
    if (id.empty() || !used.insert(id).second) return "";
    return " id=\"" + HtmlEscape(id) + "\"";
  };
  std::string html = "<ol class=\"chapters\">";
  for (const auto& path : chapters_.at(job.path)) {
    auto toc_it = chapter_tocs_.find({lang, path});
    if (toc_it == chapter_tocs_.end()) continue;
    const FrontMatter& fm = FrontMatterOf(lang, path);
    std::string href = to_root + PageSitePath(lang, path);
    std::vector<std::string> chapter_ids;
    std::map<std::string, std::vector<std::string>> section_ids;  // new id -> old ids
    for (const auto& a : fm.anchors) {
      size_t eq = a.find('=');
      if (eq == std::string::npos)
        chapter_ids.push_back(a);
      else if (a.substr(0, eq) != a.substr(eq + 1))
        section_ids[a.substr(eq + 1)].push_back(a.substr(0, eq));
    }
    bool fallback = !sources_.count({lang, path});
    html += std::string(fallback ? "<li lang=\"" + HtmlEscape(data_.site.default_language) + "\">"
                                 : "<li>") +
            "<a href=\"" + HtmlEscape(href) + "\"" +
            id_attr(chapter_ids.empty() ? std::string() : chapter_ids.front()) + ">" +
            HtmlEscape(fm.title) + "</a>";
    for (size_t i = 1; i < chapter_ids.size(); ++i) {
      std::string attr = id_attr(chapter_ids[i]);
      if (!attr.empty()) html += "<span" + attr + "></span>";
    }
    std::string sub;
    for (const auto& e : toc_it->second) {
      if (e.level != 2) continue;
      sub += "<li><a href=\"" + HtmlEscape(href + "#" + e.id) + "\"" + id_attr(e.id) + ">" +
             HtmlEscape(e.text) + "</a>";
      auto old = section_ids.find(e.id);
      if (old != section_ids.end())
        for (const auto& o : old->second) {
          std::string attr = id_attr(o);
          if (!attr.empty()) sub += "<span" + attr + "></span>";
        }
      sub += "</li>";
    }
    if (!sub.empty()) html += "<ol>" + sub + "</ol>";
    html += "</li>";
  }
  html += "</ol>";
  return html;
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
    d.set("styles_html", StylesHtml({"style.css"}, assets_.inline_css, assets_.published, ""));
    d.set("icon_href", IconHref(assets_, ""));
    files.push_back(
        {"index.html", templates_.Render("chooser", d, diags_, &strings_data_.at(def))});

    // 404: served at any depth, so its links are absolute paths from the base URL.
    std::string base_path = BasePath(data_.site.base_url);
    TemplateData nf = d;
    nf.set("styles_html",
           StylesHtml({"style.css"}, assets_.inline_css, assets_.published, base_path));
    nf.set("icon_href", IconHref(assets_, base_path));
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
    files.push_back({"404.html", templates_.Render("404", nf, diags_, &strings_data_.at(def))});
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
        xml += "    <lastmod>" + HtmlEscape(j.source->fm.date) + "</lastmod>\n";
      for (const auto* alt : by_path[j.path]) {
        xml += "    <xhtml:link rel=\"alternate\" hreflang=\"" + HtmlEscape(alt->lang->code) +
               "\" href=\"" + HtmlEscape(AbsoluteUrl(data_.site.base_url, alt->site_path)) +
               "\"/>\n";
      }
      xml += "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"" +
             HtmlEscape(AbsoluteUrl(data_.site.base_url, PageSitePath(def, j.path))) + "\"/>\n";
      xml += "  </url>\n";
    }
    xml += "</urlset>\n";
    files.push_back({SitemapPath(), xml});
  }
  files.push_back({"robots.txt", "User-agent: *\nAllow: /\nSitemap: " +
                                     AbsoluteUrl(data_.site.base_url, SitemapPath()) + "\n"});
  return files;
}

}  // namespace gg
