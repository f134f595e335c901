#include "site/build.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>

#include "base/parallel.h"
#include "base/suggest.h"
#include "base/text.h"
#include "charts/common.h"
#include "content/markdown.h"
#include "content/outline.h"
#include "content/page_source.h"
#include "data/load_dataset.h"
#include "data/open_data.h"
#include "directives/computed.h"
#include "directives/registry.h"
#include "i18n/format.h"
#include "i18n/ui_strings.h"
#include "render/templates.h"
#include "site/assets.h"
#include "site/calc_assets.h"
#include "site/gpu_mentions.h"
#include "site/open_data_plan.h"
#include "site/outline_cache.h"
#include "site/page_cache.h"
#include "site/site_pages.h"
#include "urls/urls.h"
#include "validate/data_text.h"
#include "validate/validate_dataset.h"

namespace gg {
namespace {

using Clock = std::chrono::steady_clock;

class PhaseTimer {
 public:
  explicit PhaseTimer(std::vector<PhaseTiming>* out) : out_(out), start_(Clock::now()) {}
  void Mark(const std::string& phase) {
    auto now = Clock::now();
    out_->push_back({phase, std::chrono::duration<double, std::milli>(now - start_).count()});
    start_ = now;
  }

 private:
  std::vector<PhaseTiming>* out_;
  Clock::time_point start_;
};

// Cross-language checks of content: missing, incomplete and stale translations, pages
// without source. Each page's body is prepared for rendering when its outline is not in the
// cache (*prepared, by index). Returns the outline of every page, by index (their headings serve
// again for the GPU pages' mentions).
// A prepared page's GPU mentions (of gpu_ids) are found then too (*mentions, by index), and its
// Markdown is released: nothing reads it again, and a site's bodies are a third of its peak
// memory (N = 10,000).
std::vector<PageOutline> CheckTranslations(const SiteConfig& site,
                                           std::vector<PageSource>* pages_in, int threads,
                                           ContentCache* cache, PreparedBodies* prepared,
                                           const std::set<std::string>& gpu_ids,
                                           std::vector<std::optional<GpuMentions>>* mentions,
                                           Diagnostics* diags) {
  const std::vector<PageSource>& pages = *pages_in;
  std::map<std::string, const PageSource*> source;
  for (const auto& p : pages)
    if (p.lang == site.default_language) source[p.path] = &p;
  // The outline of every page (each a Markdown parse, or the cache's for an unchanged body),
  // made in parallel, by index.
  std::vector<PageOutline> outlines(pages.size());
  prepared->assign(pages.size(), nullptr);
  mentions->assign(pages.size(), std::nullopt);
  ParallelFor(static_cast<int>(pages.size()), threads, [&](int i) {
    const size_t k = static_cast<size_t>(i);
    PageSource& page = (*pages_in)[k];
    outlines[k] = CachedOutlineOf(page.body, page.file, page.body_line, cache, &(*prepared)[k]);
    if ((*prepared)[k]) {
      (*mentions)[k] = FindGpuMentions(page.body, gpu_ids, &outlines[k].headings);
      std::string().swap(page.body);
    }
  });
  auto outline_of = [&](const PageSource& page) -> const PageOutline& {
    return outlines[static_cast<size_t>(&page - pages.data())];
  };
  for (const auto& lang : site.languages) {
    if (lang.code == site.default_language) continue;
    std::set<std::string> have;
    for (const auto& p : pages) {
      if (p.lang != lang.code) continue;
      have.insert(p.path);
      auto it = source.find(p.path);
      if (it == source.end()) {
        diags->Warning(p.loc, "page has no source in '" + site.default_language + "'",
                       "it is published in '" + lang.code + "' only");
        continue;
      }
      // Completeness: every section, table, chart and table row of the source is here too.
      OutlineGap gap = CompareOutlines(outline_of(*it->second), outline_of(p));
      if (!gap.empty())
        diags->Warning(p.loc,
                       "translation has less than " + it->second->file + ": missing " +
                           DescribeGap(outline_of(*it->second), gap),
                       "translate what is missing; a heading pairs with the source's by id "
                       "(## Titre {#id})");
      if (p.fm.translation_of.empty()) {
        diags->Warning(
            p.loc,
            "translation does not record which revision of " + it->second->file + " it follows",
            "run 'gpuguide stamp " + p.file + "' once it is up to date");
      } else if (p.fm.translation_of != it->second->revision) {
        diags->Warning(p.translation_of_loc,
                       "stale: " + it->second->file + " changed since this translation",
                       "update it, then run 'gpuguide stamp " + p.file + "'");
      }
    }
    for (const auto& [path, src] : source) {
      if (!have.count(path))
        diags->Warning(
            {"content/" + lang.code + "/" + (path.empty() ? "index" : path) + ".md", 0, 0},
            "missing translation of " + src->file,
            "the page is shown in '" + site.default_language + "' with a notice");
    }
  }
  return outlines;
}

// Renders every job on `jobs` threads (0: one per core). With a page cache, a page whose
// inputs are as when it was last rendered is taken from it, and a page rendered without any
// diagnostic is kept in it. With `why` (sized like jobs), each page rendered anew gets the
// cache's reason for it.
// With a sink, each page's HTML is placed as soon as it is made and its bytes freed: the
// site's pages are never all in memory (at 30,000 synthetic pages they were 1 GB of the
// build's 1.6, and every new page's memory was a fresh page fault).
std::vector<PageResult> RenderPages(const SiteRenderer& renderer, const std::vector<PageJob>& jobs,
                                    const PageCache* page_cache, int jobs_option,
                                    std::vector<std::string>* why, const OutputHashes* previous,
                                    OutputSink* sink, bool keep_dependencies,
                                    std::set<std::string>* assets_read) {
  std::vector<PageResult> results(jobs.size());
  // The assets any page read ("asset:" keys): the plan publishes the on-demand ones they name.
  std::mutex assets_mu;
  auto note_assets = [&](const std::vector<std::string>& keys) {
    constexpr std::string_view kAsset = "asset:";
    auto it = std::lower_bound(keys.begin(), keys.end(), kAsset);
    std::lock_guard<std::mutex> lock(assets_mu);
    for (; it != keys.end() && StartsWith(*it, kAsset); ++it) assets_read->insert(*it);
  };
  // Pages that show one chart each carry a copy of its files (SVG, PNG). The first copy of a
  // path is kept; a later one with the same bytes is dropped as soon as its page is done,
  // instead of being held with every page until the plan compares them (N = 10,000: ~45 MB).
  // A different one stays, for the plan to report.
  std::mutex first_copy_mu;
  std::unordered_map<std::string_view, const std::string*> first_copy;
  auto drop_repeated_files = [&](std::vector<OutputFile>* files) {
    auto plain = [](const OutputFile& f) { return !f.placed && f.unchanged_hash.empty(); };
    std::lock_guard<std::mutex> lock(first_copy_mu);
    std::vector<OutputFile> kept;
    kept.reserve(files->size());
    for (OutputFile& f : *files) {
      auto it = plain(f) ? first_copy.find(f.path) : first_copy.end();
      if (it == first_copy.end() || *it->second != f.bytes) kept.push_back(std::move(f));
    }
    *files = std::move(kept);  // the kept files stay where they are from here on
    for (const OutputFile& f : *files)
      if (plain(f)) first_copy.emplace(f.path, &f.bytes);
  };
  ParallelFor(static_cast<int>(jobs.size()), ThreadCount(jobs_option), [&](int i) {
    PageResult& result = results[static_cast<size_t>(i)];
    bool found = false;
    if (page_cache) {
      if (auto kept = page_cache->Find(jobs[i], why ? &(*why)[i] : nullptr, previous)) {
        result = std::move(*kept);
        found = true;
      }
    }
    if (!found) {
      const int reported = Diagnostics::AddedOnThisThread();
      result = renderer.RenderPage(jobs[i]);
      if (page_cache && Diagnostics::AddedOnThisThread() == reported)
        page_cache->Keep(jobs[i], result);
    }
    // The late-bound lines (a page from the cache comes bound already; binding is idempotent).
    if (result.html_unchanged_hash.empty()) renderer.BindLate(jobs[i], &result.html);
    if (sink && result.html_unchanged_hash.empty()) {
      // A failure is kept by the sink, which then refuses the commit.
      result.placed =
          sink->Place(OutputPathOf(jobs[i].site_path), result.html, &result.placed_hash);
      std::string().swap(result.html);
    }
    drop_repeated_files(&result.files);
    note_assets(result.dependencies);
    if (!keep_dependencies) std::vector<std::string>().swap(result.dependencies);
  });
  return results;
}

}  // namespace

bool BuildSite(const BuildOptions& options, Diagnostics* diags, BuildOutput* out) {
  *out = {};
  PhaseTimer timer(&out->timings);
  const std::string& root = options.root;
  // Fonts load on a spare thread while the inputs load (charts/common.h, PrepareFonts), when
  // charts will probably be painted; the render waits for them. With --jobs 1 everything
  // stays on this thread.
  std::future<void> fonts;
  if (ThreadCount(options.jobs) > 1 && options.charts_likely)
    fonts = std::async(std::launch::async, charts::PrepareFonts);

  // Load: every input, every problem reported.
  Dataset data = LoadDataset(root, diags, options.jobs);
  timer.Mark("load data");
  // Translations, UI strings and rendering are relative to the default language; without it
  // among the languages (already reported) they would only repeat that one problem.
  const bool default_known =
      std::any_of(data.site.languages.begin(), data.site.languages.end(),
                  [&](const Language& l) { return l.code == data.site.default_language; });
  UiStrings strings;
  if (default_known) strings.Load(root, data.site, diags);
  timer.Mark("load strings");
  std::vector<PageSource> pages = LoadContent(root, data.site, diags, options.jobs, options.cache);
  timer.Mark("load content");
  TemplateSet templates;
  templates.Load(root, diags);
  AssetSet assets = LoadAssets(root, diags);
  if (!options.calc_wasm.empty())
    AddCalculatorAssets(data.texts, options.calc_wasm, &assets, options.cache);
  timer.Mark("load assets");

  // Content checks do not depend on the data: they run whatever state the data is in.
  // Without the default language's UI strings (its file was unreadable, already reported),
  // every use of one would be reported again: check nothing that needs them, render nothing.
  auto keys = strings.Keys();
  const bool have_strings = !keys.empty();
  for (const auto& [key, loc] : templates.UsedStrings()) {
    if (have_strings && !strings.Has(key))
      diags->Error(loc, "unknown UI string '" + key + "'", DidYouMean(key, keys));
  }
  std::vector<PageOutline> outlines;
  PreparedBodies prepared;                           // parsed once here, rendered from below
  std::vector<std::optional<GpuMentions>> mentions;  // of prepared pages, by index
  if (default_known) {
    std::set<std::string> gpu_ids;
    for (const auto& g : data.gpus) gpu_ids.insert(g.id);
    outlines = CheckTranslations(data.site, &pages, ThreadCount(options.jobs), options.cache,
                                 &prepared, gpu_ids, &mentions, diags);
  }
  // Validate across files — unless a data file could not be read at all: every reference
  // into it would then be reported as unknown, burying the one real problem.
  if (!data.unreadable.empty()) {
    timer.Mark("validate");
    return false;
  }
  ValidateDataset(data, diags);
  ValidateFlowchartStrings(data, strings, diags);
  ValidateDataText(data, strings, diags);
  if (data.site.languages.empty() || !default_known || !have_strings) return false;
  timer.Mark("validate");

  const RegionalComputed regions = ComputeRegions(data, diags);
  const Computed& computed = regions.Reference();
  timer.Mark("compute");
  // Rendering goes on after errors in the data or content, so that one run reports the
  // problems of every phase; the plan is then discarded.

  if (fonts.valid()) fonts.wait();
  // Render: every page of every language is an independent job.
  SiteRenderer renderer(data, computed, strings, templates, assets, StandardDirectives(),
                        options.drafts, diags);
  renderer.UseRegions(&regions);
  renderer.UseCache(options.cache);
  renderer.UseThreads(options.jobs);
  // Without a page cache or a report of what pages read, only the assets they read are used.
  renderer.RecordAllReads(options.cache != nullptr || options.page_dependencies);
  std::vector<PageJob> jobs = renderer.PlanPages(pages, outlines.empty() ? nullptr : &outlines,
                                                 mentions.empty() ? nullptr : &mentions);
  if (!prepared.empty()) renderer.UsePrepared(&pages, &prepared, jobs);
  std::optional<DependencyValues> values;
  std::optional<PageCache> page_cache;
  const bool want_values = options.page_dependencies && options.dependency_values;
  if (options.cache || want_values)
    values.emplace(options.input_hashes ? *options.input_hashes : InputFileHashes(root), pages,
                   strings, data.site.languages, assets, renderer.DerivedValues());
  if (options.cache) {
    page_cache.emplace(options.cache, &*values, options.drafts);
    page_cache->BindLateWith(
        [&renderer](const PageJob& job, std::string* html) { renderer.BindLate(job, html); });
  }
  std::vector<std::string> why(options.explain ? jobs.size() : 0);
  std::set<std::string> assets_read;
  std::vector<PageResult> results =
      RenderPages(renderer, jobs, page_cache ? &*page_cache : nullptr, options.jobs,
                  options.explain ? &why : nullptr, options.previous_output, options.sink,
                  options.page_dependencies, &assets_read);
  timer.Mark("render");

  // Plan: pages, their charts, site-wide files; one entry per path. Bytes are moved, not
  // copied: the plan holds the whole site.
  std::map<std::string, OutputFile> files;
  // The page that made each file (its index in jobs; -1: a site-wide file), so that two pages
  // making one file differently are both named.
  std::map<std::string, long> made_by;
  long making = -1;
  auto where = [&](long job) -> std::string {
    if (job < 0) return "the site-wide files";
    const PageJob& j = jobs[static_cast<size_t>(job)];
    return j.source ? j.source->file : "the generated page " + j.site_path;
  };
  auto add = [&](OutputFile f) {
    auto it = files.find(f.path);
    if (it == files.end()) {
      made_by[f.path] = making;
      std::string path = f.path;
      files.emplace(std::move(path), std::move(f));
      return;
    }
    // Two pages may make the same file (a chart they share): it must be the same bytes. A
    // file planned without its bytes is compared by its hash (a placed one without a hash
    // cannot be compared: reported).
    const OutputFile& had = it->second;
    auto hash_of = [](const OutputFile& o) {
      return o.placed                    ? o.placed_hash
             : !o.unchanged_hash.empty() ? o.unchanged_hash
                                         : ContentHashHex(o.bytes);
    };
    const bool plain =
        !had.placed && !f.placed && had.unchanged_hash.empty() && f.unchanged_hash.empty();
    const bool same =
        plain ? had.bytes == f.bytes : !hash_of(had).empty() && hash_of(had) == hash_of(f);
    if (same) return;
    const long first = made_by[f.path];
    SourceLoc loc{"data/site.json", 0, 0};
    if (making >= 0 && jobs[static_cast<size_t>(making)].source)
      loc = jobs[static_cast<size_t>(making)].source->loc;
    else if (first >= 0 && jobs[static_cast<size_t>(first)].source)
      loc = jobs[static_cast<size_t>(first)].source->loc;
    diags->Error(loc,
                 "two different files were generated for '" + f.path + "', by " + where(first) +
                     " and by " + where(making),
                 "give one of the charts another title or slug: a chart's files are named by "
                 "its slug, per language");
  };
  for (size_t i = 0; i < jobs.size(); ++i) {
    making = static_cast<long>(i);
    const std::string page_path = OutputPathOf(jobs[i].site_path);
    OutputFile page{page_path, std::move(results[i].html),
                    std::move(results[i].html_unchanged_hash)};
    page.placed = results[i].placed;
    page.placed_hash = std::move(results[i].placed_hash);
    add(std::move(page));
    if (options.page_dependencies) {
      if (want_values)
        for (const auto& key : results[i].dependencies)
          if (!out->dependency_values.count(key))
            out->dependency_values[key] = values->Of(key).value_or("");
      for (const auto& f : results[i].files) out->page_of_file.emplace(f.path, page_path);
      out->page_dependencies[page_path] = std::move(results[i].dependencies);
    }
    if (!why.empty() && !why[i].empty()) out->rendered_because[page_path] = std::move(why[i]);
    for (auto& f : results[i].files) add(std::move(f));
    if (jobs[i].authored) out->words[jobs[i].lang->code] += results[i].words;
  }
  making = -1;
  for (auto& f : renderer.SiteFiles(jobs)) add(std::move(f));
  for (auto& f : PlanOpenData(data, options.input_hashes,
                              options.cache ? options.previous_output : nullptr, options.cache))
    add(std::move(f));
  for (const auto& f : assets.files) add(f);
  for (const auto& [name, f] : assets.on_demand)
    if (assets_read.count("asset:" + name)) add(f);
  out->pages = static_cast<int>(jobs.size());
  for (auto& [path, f] : files) out->files.push_back(std::move(f));
  timer.Mark("plan");
  return !diags->HasErrors();
}

}  // namespace gg
