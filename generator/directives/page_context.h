// What a directive may use while rendering one page. PageContext holds the read-only inputs
// (data set, computed results, UI strings, language, number formatter, the page's place in the
// URL scheme) and is passed as const; everything a render produces besides its HTML goes to
// the separate PageOutputs collector (extra files, the link-preview image, the stylesheets its
// head needs, the dependency keys of what the page read) or to the diagnostics. One of each per
// page render; directives run on the page's thread.
//
// Dependency keys (sorted, deduplicated; consumed by incremental builds and `review`):
//   content:<file>        a Markdown source the page renders (front matter and body)
//   front-matter:<file>   a page whose title appears here; nav:<lang>, chapters:… (site_pages.h)
//   template:<name>       a template the page is rendered with
//   asset:<name>          a published asset the page links to
//   string:<key>          a UI string read by a directive (templates read theirs: template:…)
//   data-text:<lang>      the data text translations of a language, content/<lang>/
//                         _data_text.json (directives/html.h, DataTextHtml)
//   data:<file>           a whole data file ("data:gpus" = data/gpus.json; "data:site")
//   data:<file>/<id>      one record of a data file, named by a directive argument;
//                         data:prices/<gpu>: that card's price observations
//   computed:<name>       a result computed from the data ("computed:perf",
//                         "computed:current-prices", "computed:data-date")
//   price:<gpu>           one card's current prices
//   rank-of:<gpu>         where one card ranks (directives/computed_values.h)
//   count:<of>            how many records of a kind ("count:prices")
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "base/content_cache.h"
#include "base/diagnostics.h"
#include "base/output_file.h"
#include "i18n/format.h"
#include "i18n/ui_strings.h"
#include "model/model.h"

namespace gg::charts {
class DrawingMemo;  // charts/drawing_memo.h
}

namespace gg {

class RankMemo;       // directives/rank_memo.h
class DirectiveMemo;  // directives/directive_memo.h

struct Computed;  // directives/computed.h: every calculation result, computed once per build
struct RegionalComputed;  // directives/computed.h: those of every region

// The outputs of one page render besides its HTML.
struct PageOutputs {
  std::vector<OutputFile> files;  // extra files the page needs (chart SVG/PNG)
  std::string og_image;           // site path of the first chart PNG, for link previews
  // Stylesheets (asset names) the page's <head> must carry besides style.css, such as
  // "calculator.css" for the calculator's tools (site/page_styles.h inlines them).
  std::set<std::string> styles;
  std::set<std::string> reads;  // dependency keys, see above
  // False: only "asset:" keys are recorded (a build that neither caches pages nor reports
  // what they read still publishes the on-demand assets pages read; site/build.h).
  bool all_reads = true;

  // "@<region>" on the pages of a language with a region (data/regions.json): the results a
  // page reads ("computed:…", "price:…", "rank-of:…") are its region's, so their keys carry it;
  // and a page that reads a file the region's view changes (assumptions, cloud offers,
  // personas, flowchart, machines: calc/regions.h) also reads data:regions. "" without regions.
  std::string region_suffix;

  std::vector<std::string> Dependencies() const { return {reads.begin(), reads.end()}; }
  // Records a dependency key (see above), as all_reads says.
  void Read(const std::string& key) {
    if (!all_reads && key.compare(0, 6, "asset:") != 0) return;
    if (region_suffix.empty()) {
      reads.insert(key);
    } else if (IsRegionalKey(key) && key.find('@') == std::string::npos) {
      reads.insert(key + region_suffix);
    } else {
      reads.insert(key);
      if (ReadsRegionView(key)) reads.insert("data:regions");
    }
  }
  // A key whose value differs between regions (its name carries the region).
  static bool IsRegionalKey(const std::string& key) {
    return key.compare(0, 9, "computed:") == 0 || key.compare(0, 6, "price:") == 0 ||
           key.compare(0, 8, "rank-of:") == 0;
  }
  static bool ReadsRegionView(const std::string& key) {
    for (const char* f :
         {"data:assumptions", "data:cloud", "data:personas", "data:flowchart", "data:machines"})
      if (key.compare(0, std::char_traits<char>::length(f), f) == 0) return true;
    return false;
  }
};

struct PageContext {
  const Dataset* data = nullptr;
  const Computed* computed = nullptr;
  const UiStrings* strings = nullptr;
  const Language* lang = nullptr;
  const Formatter* fmt = nullptr;
  std::string to_root;  // relative prefix from this page to the site root (urls/urls.h)
  // Published assets: name ("calc.wasm") -> site path ("assets/calc.0a1b2c3d4e.wasm"); null
  // when the caller has none (tests).
  const std::map<std::string, std::string>* assets = nullptr;
  bool preview_image = false;  // the page wants a link-preview PNG of its first chart
  // Drawings of earlier builds (incremental builds); null: charts are always painted.
  ContentCache* cache = nullptr;
  // Drawings already made in this build (identical charts on several pages are painted once).
  charts::DrawingMemo* drawings = nullptr;
  // Rankings already computed in this build (directives/rank_memo.h); null: compute each.
  RankMemo* ranks = nullptr;
  // Block directives already run in this build (directives/directive_memo.h); null: run each.
  DirectiveMemo* directives = nullptr;
  PageOutputs* out = nullptr;  // the collector of this render (never null while rendering)
  // Every region's results (data/regions.json), for what a page shows of all regions (a GPU's
  // price in each); null without regions.json. A key of another region's result is read with
  // its "@<region>" written out (PageOutputs::Read keeps a key that names its region).
  const RegionalComputed* regions = nullptr;
  Diagnostics* diags = nullptr;

  // Records a dependency key (see above).
  void Read(const std::string& key) const { out->Read(key); }

  // UI string in the page's language; reports an error (once per key) when no language has it.
  std::string T(const std::string& key) const;
  std::string TF(const std::string& key,
                 const std::vector<std::pair<std::string, std::string>>& args) const;
  // Link from this page to a site path such as "en/gpus/rtx-4090/" (urls/urls.h builds them).
  std::string Href(const std::string& site_path) const { return to_root + site_path; }
};

}  // namespace gg
