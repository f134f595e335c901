// The links that lead onward from a GPU page: its segment neighbours (the pager), the compare
// view prefilled with them, and the sections of the guide that mention the GPU.
#include <algorithm>

#include "base/content_cache.h"
#include "base/parallel.h"
#include "base/text.h"
#include "directives/computed.h"
#include "directives/computed_values.h"
#include "site/site_pages.h"
#include "urls/urls.h"

namespace gg {

std::pair<const Gpu*, const Gpu*> SiteRenderer::SegmentNeighbours(const Gpu& gpu) const {
  std::vector<const Gpu*> segment;
  for (const auto& g : data_.gpus)
    if (g.segment == gpu.segment) segment.push_back(&g);
  size_t at = std::find(segment.begin(), segment.end(), &gpu) - segment.begin();
  return {at > 0 ? segment[at - 1] : nullptr, at + 1 < segment.size() ? segment[at + 1] : nullptr};
}

// Every authored page of each language (its own, or the default language's that it falls back
// to) is scanned; mentions are kept in reading order: pages by path, a page's chapters in the
// order of its contents.
void SiteRenderer::PlanMentions(const std::set<std::string>& paths,
                                const std::vector<PageSource>& pages,
                                const std::vector<PageOutline>* outlines,
                                const std::vector<std::optional<GpuMentions>>* found_by_page) {
  std::set<std::string> ids;
  for (const auto& g : data_.gpus) ids.insert(g.id);
  auto order_of = [&](const std::string& path) {
    size_t slash = path.rfind('/');
    if (slash != std::string::npos) {
      auto parent = chapters_.find(path.substr(0, slash));
      if (parent != chapters_.end()) {
        const auto& list = parent->second;
        long at = std::find(list.begin(), list.end(), path) - list.begin();
        return std::make_pair(parent->first, at + 1);
      }
    }
    return std::make_pair(path, 0L);
  };
  std::vector<std::string> ordered(paths.begin(), paths.end());
  std::stable_sort(ordered.begin(), ordered.end(), [&](const std::string& a, const std::string& b) {
    return order_of(a) < order_of(b);
  });
  // Which source each (language, page) reads, in order; then the mentions of every source
  // found in parallel (each its own slot) and merged in that order.
  struct Scan {
    const std::string* lang;
    const std::string* path;
    const PageSource* source;
  };
  std::vector<Scan> scans;
  for (const auto& lang : data_.site.languages)
    for (const auto& path : ordered) {
      auto src = sources_.find({lang.code, path});
      if (src == sources_.end()) src = sources_.find({data_.site.default_language, path});
      if (src == sources_.end()) continue;
      scans.push_back({&lang.code, &path, src->second});
    }
  std::vector<std::map<std::string, std::vector<GpuMention>>> found(scans.size());
  ParallelFor(static_cast<int>(scans.size()), ThreadCount(jobs_), [&](int i) {
    const size_t k = static_cast<size_t>(i);
    const PageSource* src = scans[k].source;
    const bool in_pages = src >= pages.data() && src < pages.data() + pages.size();
    const size_t index = in_pages ? static_cast<size_t>(src - pages.data()) : 0;
    if (in_pages && found_by_page && found_by_page->size() == pages.size() &&
        (*found_by_page)[index]) {
      found[k] = *(*found_by_page)[index];
      return;
    }
    const bool known = in_pages && outlines && outlines->size() == pages.size();
    found[k] = FindGpuMentions(src->body, ids, known ? &(*outlines)[index].headings : nullptr);
  });
  for (size_t k = 0; k < scans.size(); ++k)
    for (auto& [gpu, list] : found[k])
      for (auto& m : list)
        mentions_[{*scans[k].lang, gpu}].push_back({*scans[k].path, std::move(m)});
}

std::string SiteRenderer::MentionKey(const std::string& lang, const std::string& gpu) {
  return "mentions:" + lang + "/" + gpu;
}

std::string SiteRenderer::NavKey(const std::string& lang) {
  return "nav:" + lang;
}

std::string SiteRenderer::ChapterListKey(const std::string& lang, const std::string& parent) {
  return "chapter-list:" + lang + "/" + parent;
}

std::string SiteRenderer::ChaptersKey(const std::string& lang, const std::string& parent) {
  return "chapters:" + lang + "/" + parent;
}

std::map<std::string, std::string> SiteRenderer::StructureValues() const {
  std::map<std::string, std::string> values;
  const std::string& def = data_.site.default_language;
  for (const auto& lang : data_.site.languages) {
    KeyWriter nav;
    nav.Str("nav/1");
    for (const auto& item : nav_) {
      nav.Str(item.path).Int(item.order).Bool(sources_.count({lang.code, item.path}) > 0);
      if (item.path == "gpus") {
        nav.Str(strings_.Get(lang.code, "nav.gpus"));
      } else {
        const FrontMatter& fm = FrontMatterOf(lang.code, item.path);
        nav.Str(fm.title).Str(fm.linktitle);
      }
    }
    values[NavKey(lang.code)] = nav.Hash();
    for (const auto& [parent, list] : chapters_) {
      KeyWriter chapter_list, chapters;
      const FrontMatter& pfm = FrontMatterOf(lang.code, parent);
      chapter_list.Str("chapter-list/1").Str(pfm.title).Str(pfm.linktitle);
      chapter_list.Bool(sources_.count({lang.code, parent}) > 0).Str(def);
      for (const auto& path : list) {
        const FrontMatter& fm = FrontMatterOf(lang.code, path);
        chapter_list.Str(path).Str(fm.title).Bool(sources_.count({lang.code, path}) > 0);
        chapters.Str(path);
        for (const auto& a : fm.anchors) chapters.Str(a);
        auto toc = chapter_tocs_.find({lang.code, path});
        chapters.Bool(toc != chapter_tocs_.end());
        if (toc != chapter_tocs_.end())
          for (const auto& e : toc->second) chapters.Int(e.level).Str(e.id).Str(e.text);
      }
      values[ChapterListKey(lang.code, parent)] = chapter_list.Hash();
      chapters.Str(chapter_list.Hash());
      values[ChaptersKey(lang.code, parent)] = chapters.Hash();
    }
  }
  return values;
}

std::map<std::string, std::string> SiteRenderer::MentionValues() const {
  std::map<std::string, std::string> values;
  for (const auto& lang : data_.site.languages)
    for (const auto& g : data_.gpus) {
      KeyWriter w;
      w.Str("mentions/1");
      auto it = mentions_.find({lang.code, g.id});
      if (it != mentions_.end())
        for (const auto& [path, m] : it->second)
          w.Str(path)
              .Str(m.heading_id)
              .Str(m.heading_text)
              .Str(FrontMatterOf(lang.code, path).title);
      values[MentionKey(lang.code, g.id)] = w.Hash();
    }
  return values;
}

std::map<std::string, std::string> SiteRenderer::DerivedValues() const {
  std::map<std::string, std::string> values = MentionValues();
  values.merge(StructureValues());
  values.merge(LateValues());
  if (regions_ == nullptr || language_regions_.empty()) {
    PageContext ctx;
    ctx.data = &data_;
    ctx.computed = &computed_;
    ctx.ranks = &ranks_;  // the rankings the pages then ask for again
    values.merge(ComputedValues(ctx));
    return values;
  }
  // Each region's results under keys that carry it (PageOutputs::region_suffix); the keys of
  // what no region changes once.
  for (const auto& [lang, r] : language_regions_) {
    PageContext ctx;
    ctx.data = r.data;
    ctx.computed = r.computed;
    ctx.ranks = r.ranks;
    for (auto& [key, value] : ComputedValues(ctx)) {
      if (PageOutputs::IsRegionalKey(key))
        values[key + r.suffix] = std::move(value);
      else
        values.emplace(key, std::move(value));
    }
  }
  return values;
}

TemplateData SiteRenderer::GpuLinks(const std::string& id, const std::string& lang,
                                    const PageContext& ctx) const {
  const Gpu* gpu = data_.FindGpu(id);
  if (!gpu) return TemplateData(false);
  // Not every content file: only this GPU's list of mentions (valued by MentionValues), so a
  // prose edit elsewhere does not re-render 150 GPU pages.
  ctx.Read(MentionKey(lang, id));
  auto [prev, next] = SegmentNeighbours(*gpu);
  std::string ids = (prev ? prev->id + "," : "") + gpu->id + (next ? "," + next->id : "");
  TemplateData d{TemplateData::type::object};
  d.set("compare_href", ctx.to_root + PageSitePath(lang, "compare") + "?gpus=" + ids);
  TemplateData list{TemplateData::type::list};
  auto it = mentions_.find({lang, id});
  // The first kMaxGpuMentions sections in the guide's order; the rest are counted. A list of
  // hundreds of links (a large site names a card on every page) is no list.
  const size_t count = it == mentions_.end() ? 0 : it->second.size();
  const size_t shown = std::min(count, kMaxGpuMentions), more = count - shown;
  for (size_t i = 0; i < shown; ++i) {
    const auto& [path, m] = it->second[i];
    TemplateData item{TemplateData::type::object};
    std::string href = ctx.to_root + PageSitePath(lang, path);
    if (!m.heading_id.empty()) href += "#" + m.heading_id;
    item.set("href", href);
    item.set("page", FrontMatterOf(lang, path).title);
    if (m.heading_text.empty())
      item.set("section", false);
    else
      item.set("section", m.heading_text);
    list.push_back(item);
  }
  d.set("has_mentions", count > 0);
  d.set("mentions", list);
  ctx.Read("string:compare.mentions_more");
  if (more > 0)
    d.set("mentions_more", ctx.fmt->Message(strings_.Get(lang, "compare.mentions_more"), "n",
                                            static_cast<double>(more)));
  else
    d.set("mentions_more", false);
  return d;
}

}  // namespace gg
