// Renders pages: for each language, every page of the default language (translated or with a
// fallback notice), the generated GPU pages and GPU list, then the site-wide files (language
// chooser, 404, sitemap.xml, robots.txt). Owns the page <-> template mapping.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "base/diagnostics.h"
#include "base/output_file.h"
#include "charts/drawing_memo.h"
#include "content/markdown.h"
#include "content/outline.h"
#include "content/page_source.h"
#include "directives/computed.h"
#include "directives/directive_memo.h"
#include "directives/rank_memo.h"
#include "directives/registry.h"
#include "i18n/format.h"
#include "i18n/ui_strings.h"
#include "model/model.h"
#include "render/templates.h"
#include "site/assets.h"
#include "site/gpu_mentions.h"

namespace gg {

struct PageJob {
  const Language* lang = nullptr;
  std::string path;                    // logical page path ("guide", "" for home, "gpus/rtx-4090")
  std::string site_path;               // "fr/guide/"
  const PageSource* source = nullptr;  // authored page (own or fallback); null for generated
  bool fallback = false;               // shown in the default language
  bool stale = false;                  // translation behind its source
  std::string generated;               // "gpu-list", "gpu:<id>" for generated pages
  bool authored = false;               // counts towards word totals
};

struct PageResult {
  std::string html;
  // Set instead of html when the page came from the cache without its bytes: they are those
  // of the output folder's file, whose content hash this is (site/page_cache.h).
  std::string html_unchanged_hash;
  // Set instead of html when the page was handed to BuildOptions::sink (site/build.h): its
  // hash when the sink keeps hashes, else empty.
  bool placed = false;
  std::string placed_hash;
  std::vector<OutputFile> files;
  int words = 0;
  std::vector<std::string> dependencies;  // sorted keys (directives/page_context.h)
};

// Markers of the HTML directives write, read by the page around them (price legend, explore
// scripts); set from each directive's output.
struct DirectiveMarks {
  bool estimated = false;  // a price estimate mark (kEstimateMarkClass)
  bool stale = false;      // a stale-price tag
  bool explore = false;    // a table with data-explore
  void Note(std::string_view html);
};

// The sections a GPU page lists under "where the guide discusses it"; more are counted.
inline constexpr size_t kMaxGpuMentions = 30;

class SiteRenderer {
 public:
  SiteRenderer(const Dataset& data, const Computed& computed, const UiStrings& strings,
               const TemplateSet& templates, const AssetSet& assets,
               const DirectiveRegistry& registry, bool drafts, Diagnostics* diags);

  // The results of every region (directives/computed.h): each language's pages compute with
  // its region's (prices, costs and electricity in its currency), and the results of the
  // constructor's `computed` are no longer used. Call before PlanPages; `regions` must outlive
  // the renderer's use.
  void UseRegions(const RegionalComputed* regions);
  // Charts drawn by earlier builds are taken from (and new ones kept in) this cache.
  void UseCache(ContentCache* cache) { cache_ = cache; }
  // Threads for the planning work done in parallel (0: one per core); output is the same.
  void UseThreads(int jobs) { jobs_ = jobs; }
  // False: pages record only the assets they read (PageOutputs::all_reads), for a build that
  // neither caches pages nor reports their dependencies; PageResult::dependencies then lists
  // those alone. Output is the same.
  void RecordAllReads(bool all) { all_reads_ = all; }
  // Bodies already parsed (content/markdown.h PrepareMarkdown), by index in `pages` (null:
  // not prepared); a page whose source has one is rendered from it, and the renderer releases
  // each body once the last job that reads it has been rendered (its raw HTML, a fifth of a
  // page's, would otherwise stay to the end). Call after PlanPages with its jobs; `pages` and
  // `prepared` must outlive the renderer's use.
  void UsePrepared(const std::vector<PageSource>* pages, PreparedBodies* prepared,
                   const std::vector<PageJob>& jobs);
  // The value of each "mentions:<lang>/<gpu>" dependency key that GPU pages read: a hash of
  // the sections that mention the GPU as its page lists them (page, heading, title). Valid
  // after PlanPages.
  std::map<std::string, std::string> MentionValues() const;
  // MentionValues and the values of the computed-result keys (directives/computed_values.h):
  // every key whose value the renderer derives from the loaded data. Valid after PlanPages.
  std::map<std::string, std::string> DerivedValues() const;
  static std::string MentionKey(const std::string& lang, const std::string& gpu);
  // The keys of the site's structure that every page reads (their values: StructureValues):
  //   nav:<lang>                 the navigation: its pages, order and titles
  //   chapter-list:<lang>/<p>    the chapters of contents page p: order, titles, p's titles
  //                              (a chapter's previous/next links and breadcrumb)
  //   chapters:<lang>/<p>        the same with each chapter's headings and anchors (p's list)
  static std::string NavKey(const std::string& lang);
  static std::string ChapterListKey(const std::string& lang, const std::string& parent);
  static std::string ChaptersKey(const std::string& lang, const std::string& parent);
  // The value of every structure key above. Valid after PlanPages.
  std::map<std::string, std::string> StructureValues() const;

  // Site-wide lines that one new price moves, bound late. "Prices as of" with the share of
  // sourced current prices stands in every page's footer and on the home page; a page is
  // rendered with a mark where it stands and reads LateKey(lang) instead of the computed
  // results the line shows. BindLate writes the line into a rendered page (a page without the
  // mark is left as it is; a bound page stays bound), before the page is placed or planned:
  // a page the page cache keeps takes today's line without being rendered again, and a cold
  // build binds the same line, so both give the same bytes. Thread-safe.
  void BindLate(const PageJob& job, std::string* html) const;
  static std::string LateKey(const std::string& lang);  // "late:prices-as-of/<lang>"
  // The value of every late key: a hash of the line it binds.
  std::map<std::string, std::string> LateValues() const;

  // Every page of every language, in a fixed order.
  // outlines, when given, are OutlineOf each page by index: their headings are reused.
  // mentions, when given, are FindGpuMentions of each page by index where set (the pages whose
  // Markdown was released once read; site/build.cc); the others' Markdown is scanned.
  std::vector<PageJob> PlanPages(const std::vector<PageSource>& pages,
                                 const std::vector<PageOutline>* outlines = nullptr,
                                 const std::vector<std::optional<GpuMentions>>* mentions = nullptr);
  // Thread-safe.
  PageResult RenderPage(const PageJob& job) const;
  // index.html (language chooser), 404.html, sitemap.xml, robots.txt.
  std::vector<OutputFile> SiteFiles(const std::vector<PageJob>& jobs) const;

 private:
  struct NavItem {
    std::string path;
    int order;
  };
  // What page rendering fills the template with: the content and what describes it.
  struct PageBody {
    std::string html;
    std::vector<TocEntry> toc;
    std::string description;
    std::string template_name = "page";
    int words = 0;
    // What the directives' HTML holds, found in each directive's output as it is made (the
    // author's text cannot hold markup: raw HTML is escaped): price estimates, stale prices,
    // an explorable table. Searching the finished body for them cost a page scan each.
    DirectiveMarks marks;
  };
  void PlanNavigation(const std::set<std::string>& paths);
  // outlines: by index of `pages`, when the caller has them (their headings save a parse).
  void PlanChapters(const std::set<std::string>& paths, const std::vector<PageSource>& pages,
                    const std::vector<PageOutline>* outlines);
  void CheckAnchorTargets(const PageSource& page, const std::vector<TocEntry>& toc) const;
  std::vector<PageJob> PageJobs(const Language& lang, const std::set<std::string>& paths) const;
  // The page's content: its Markdown with directives run, or the generated GPU list or page.
  PageBody RenderBody(const PageJob& job, PageContext& ctx) const;
  // A chapter's previous/next/up links (up also carries "crumb", the contents page's short
  // title for the breadcrumbs); false for a page that is not a chapter.
  TemplateData ChapterPager(const PageJob& job, const std::string& to_root) const;
  std::string PageTitle(const PageJob& job) const;
  // The dependency keys every page has: site config, assets, navigation titles, source.
  void RecordCommonReads(const PageJob& job, const PageContext& ctx) const;
  TemplateData BaseData(const PageJob& job, const std::string& title,
                        const std::string& description) const;
  // The late-bound "prices as of" line of a language, as HTML.
  std::string LateAsOfHtml(const std::string& lang) const;

  const Dataset& data_;
  const Computed& computed_;
  const UiStrings& strings_;
  const TemplateSet& templates_;
  const AssetSet& assets_;
  const DirectiveRegistry& registry_;
  bool drafts_;
  Diagnostics* diags_;
  ContentCache* cache_ = nullptr;
  int jobs_ = 0;
  bool all_reads_ = true;
  const std::vector<PageSource>* prepared_pages_ = nullptr;
  PreparedBodies* prepared_ = nullptr;
  // Jobs yet to render each prepared body, by page index; at zero the body is released.
  mutable std::unique_ptr<std::atomic<int>[]> prepared_uses_;
  // The index of a job's source in prepared_pages_, or -1.
  long PreparedIndex(const PageJob& job) const;
  // Every chart drawn by this renderer, so that identical charts are painted once.
  mutable charts::DrawingMemo drawings_;
  // Every ranking the pages ask for, each computed once.
  mutable RankMemo ranks_;
  // With regions: the results, the rankings and the dependency-key suffix of each language.
  struct LanguageRegion {
    const Computed* computed = nullptr;
    const Dataset* data = nullptr;
    RankMemo* ranks = nullptr;
    std::string suffix;  // "@<region>"
  };
  const RegionalComputed* regions_ = nullptr;
  std::map<std::string, std::unique_ptr<RankMemo>> region_ranks_;  // by region id
  std::map<std::string, LanguageRegion> language_regions_;         // by language code
  const Computed& ComputedOf(const std::string& lang) const;
  // Every block directive call of the pages, each run once per language and depth.
  mutable DirectiveMemo directive_outputs_;
  std::map<std::string, std::unique_ptr<Formatter>> formatters_;  // by language code
  std::map<std::string, TemplateData> strings_data_;    // {"t": {{t.…}} tree} by language code
  std::map<std::string, std::string> explore_islands_;  // by language: the tables' strings
  // (lang, path) -> authored page
  std::map<std::pair<std::string, std::string>, const PageSource*> sources_;
  std::vector<NavItem> nav_;
  // Chapters: a page "a/b" whose parent page "a" exists is a chapter of "a". Parent path ->
  // chapter paths in the default language's order; the contents list each parent shows, and
  // the previous/next links of each chapter, come from it.
  std::map<std::string, std::vector<std::string>> chapters_;
  // (lang, chapter path) -> its headings, as shown in the parent's contents list.
  std::map<std::pair<std::string, std::string>, std::vector<TocEntry>> chapter_tocs_;
  std::string ChaptersHtml(const PageJob& job, const std::vector<TocEntry>& own_toc) const;
  // The legend of the price marks ("≈" estimated, "stale") that the page's content shows,
  // once per page, linking to the methodology's section on estimates; "" when it shows none.
  std::string PriceLegendHtml(const std::string& lang, const DirectiveMarks& marks,
                              const PageContext& ctx) const;
  const FrontMatter& FrontMatterOf(const std::string& lang, const std::string& path) const;
  // The previous/next links of a GPU page (see the definition); false for an unknown id.
  TemplateData GpuPager(const std::string& id, const std::string& lang) const;
  // The GPUs of id's segment next to it in data/gpus.json order: {previous, next}, null at
  // either end.
  std::pair<const Gpu*, const Gpu*> SegmentNeighbours(const Gpu& gpu) const;
  // Where the authored pages of each language mention each GPU (gpu_page_links.cc).
  void PlanMentions(const std::set<std::string>& paths, const std::vector<PageSource>& pages,
                    const std::vector<PageOutline>* outlines,
                    const std::vector<std::optional<GpuMentions>>* found_by_page);
  // A GPU page's way onward: {compare_href (the GPU with its segment neighbours), mentions:
  // [{href, page, section}], has_mentions}; false for an unknown id.
  TemplateData GpuLinks(const std::string& id, const std::string& lang,
                        const PageContext& ctx) const;
  struct PageMention {
    std::string path;  // logical page path
    GpuMention mention;
  };
  // (lang, gpu id) -> its mentions, in reading order.
  std::map<std::pair<std::string, std::string>, std::vector<PageMention>> mentions_;
  std::vector<std::string> paths_;  // logical paths of all pages (for alternates)
};

}  // namespace gg
