#include "review/output_changes.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <regex>
#include <set>

#include <libxml/parser.h>

#include "base/parallel.h"
#include "base/text.h"
#include "review/line_diff.h"
#include "review/page_text.h"
#include "review/word_diff.h"

namespace gg {
namespace {

// Pages of a group shown word by word, and changed blocks shown of each.
constexpr size_t kPagesShown = 3;
constexpr size_t kChangesShown = 5;

// Dates as the guide prints them in its languages, replaced by one token.
std::string MaskDates(const std::string& s) {
  static const std::string months =
      "(january|february|march|april|may|june|july|august|september|october|november|"
      "december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|janvier|février|mars|avril|"
      "mai|juin|juillet|août|septembre|octobre|novembre|décembre)\\.?";
  static const std::regex date("\\d{4}-\\d{2}-\\d{2}|\\d{4}年\\d{1,2}月(\\d{1,2}日)?|" + months +
                                   " \\d{1,2}, \\d{4}|" + "\\d{1,2}(er)? " + months + " \\d{4}|" +
                                   months + " \\d{4}",
                               std::regex::icase);
  return std::regex_replace(s, date, "<date>");
}

bool LooksLikeDate(const std::string& masked) {
  return masked.find("<date>") != std::string::npos;
}

// Masks the hex run of "name.0123456789.ext" asset names.
std::string MaskAssetHashes(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    if (s[i] == '.') {
      size_t j = i + 1;
      while (j < s.size() && std::isxdigit(static_cast<unsigned char>(s[j])) &&
             !std::isupper(static_cast<unsigned char>(s[j])))
        ++j;
      if (j - i - 1 >= 8 && j < s.size() && s[j] == '.') {
        out += ".#";
        i = j;
        continue;
      }
    }
    out += s[i++];
  }
  return out;
}

// "en/charts/prices-rtx-5090.narrow.dark.svg" -> "charts/prices-rtx-5090"
std::string ChartKey(const std::string& path) {
  std::string p = path;
  size_t slash = p.find('/');
  if (slash != std::string::npos) p = p.substr(slash + 1);
  for (const char* suffix : {".svg", ".png", ".dark", ".narrow"}) {
    size_t n = std::char_traits<char>::length(suffix);
    while (p.size() > n && p.compare(p.size() - n, n, suffix) == 0) p.resize(p.size() - n);
  }
  for (const char* suffix : {".dark", ".narrow"}) {
    size_t n = std::char_traits<char>::length(suffix);
    while (p.size() > n && p.compare(p.size() - n, n, suffix) == 0) p.resize(p.size() - n);
  }
  return p;
}

bool IsChart(const std::string& path) {
  return path.find("/charts/") != std::string::npos &&
         (EndsWith(path, ".svg") || EndsWith(path, ".png"));
}

// Names a change can be traced to: GPUs and models whose figures moved, with the kind of move.
struct CauseNames {
  std::vector<std::pair<std::string, std::string>> names;  // visible name -> cause label
  std::vector<std::pair<std::string, std::string>> ids;    // GPU / model id -> cause label
};

CauseNames NamesOfConsequences(const Snapshot& a, const Snapshot& b, const Report& r) {
  std::map<std::string, std::set<std::string>> what;  // name -> {"price", "rank", …}
  std::map<std::string, std::string> id_of;           // name -> id
  for (const auto& p : r.prices) {
    what[p.gpu_name].insert("price");
    id_of[p.gpu_name] = p.gpu;
  }
  for (const auto& m : r.ranks) {
    what[m.gpu_name].insert("rank");
    id_of[m.gpu_name] = m.gpu;
  }
  for (const auto& p : r.picks) {
    if (!p.before_name.empty()) what[p.before_name].insert("pick");
    if (!p.after_name.empty()) what[p.after_name].insert("pick");
    if (!p.before.empty()) id_of[p.before_name] = p.before;
    if (!p.after.empty()) id_of[p.after_name] = p.after;
  }
  for (const auto& rc : r.records) {
    if (rc.kind == "gpu" || rc.kind == "model") {
      const Gpu* g = b.data.FindGpu(rc.key);
      if (!g) g = a.data.FindGpu(rc.key);
      const LlmModel* m = b.data.FindModel(rc.key);
      if (!m) m = a.data.FindModel(rc.key);
      std::string name = g ? g->name : m ? m->name : rc.key;
      what[name].insert(rc.kind + " " + rc.change);
      id_of[name] = rc.key;
    } else if (rc.kind == "price" || rc.kind == "benchmark") {
      std::string id = rc.key.substr(0, rc.key.find(' '));
      const Gpu* g = b.data.FindGpu(id);
      if (!g) g = a.data.FindGpu(id);
      if (!g) continue;
      what[g->name].insert(rc.kind + " " + rc.change);
      id_of[g->name] = id;
    }
  }
  CauseNames out;
  for (const auto& [name, kinds] : what) {
    std::string label;
    for (const auto& k : kinds) label += (label.empty() ? "" : ", ") + k;
    out.names.push_back({name, name + " (" + label + ")"});
    if (id_of.count(name)) out.ids.push_back({id_of[name], name + " (" + label + ")"});
  }
  std::sort(out.ids.begin(), out.ids.end(), [](const auto& x, const auto& y) {
    return x.first.size() != y.first.size() ? x.first.size() > y.first.size() : x < y;
  });
  // Longest names first, so "RTX 5090" does not claim "RTX 5090 D" lines.
  std::sort(out.names.begin(), out.names.end(), [](const auto& x, const auto& y) {
    return x.first.size() != y.first.size() ? x.first.size() > y.first.size() : x < y;
  });
  return out;
}

// The source files a page of the site was made from: content/<lang>/<path>.md and, for a
// fallback page, the default language's.
std::vector<std::string> SourcesOfPage(const std::string& out_path, const Snapshot& s) {
  std::vector<std::string> out;
  size_t slash = out_path.find('/');
  if (slash == std::string::npos || !EndsWith(out_path, "index.html")) return out;
  std::string lang = out_path.substr(0, slash);
  std::string path = out_path.substr(slash + 1, out_path.size() - slash - 1 - 10);
  if (!path.empty() && path.back() == '/') path.pop_back();
  std::string page = path.empty() ? "index" : path;
  out.push_back("content/" + lang + "/" + page + ".md");
  out.push_back("content/" + s.data.site.default_language + "/" + page + ".md");
  return out;
}

// The input files (content, templates, assets, strings) added, removed or changed.
std::set<std::string> ChangedInputs(const Snapshot& a, const Snapshot& b) {
  std::set<std::string> changed;
  for (const auto& [f, bytes] : a.input_files) {
    auto it = b.input_files.find(f);
    if (it == b.input_files.end() || it->second != bytes) changed.insert(f);
  }
  for (const auto& [f, bytes] : b.input_files)
    if (!a.input_files.count(f)) changed.insert(f);
  return changed;
}

// Whether a change to templates, assets, UI strings or data text translations can explain a
// page change.
bool TemplatesChanged(const std::set<std::string>& changed_inputs) {
  for (const auto& f : changed_inputs)
    if (StartsWith(f, "templates/") || StartsWith(f, "assets/") || EndsWith(f, "_strings.json") ||
        EndsWith(f, "_data_text.json"))
      return true;
  return false;
}

// What changed in a page's visible text.
struct PageDiff {
  std::vector<std::string> substantive;  // "- old", "+ new": each run of removals, then additions
  std::string date_example;              // the first pair that differs only in a date
  std::vector<TextChange> changes;       // with words: the changed blocks, word by word
};

// A changed pair of blocks: a table row of the same width cell by cell, named by the
// columns of its table; anything else word by word.
TextChange ChangeOf(const TextBlock& x, const TextBlock& y, const PageText& before,
                    const PageText& after) {
  TextChange c;
  if (!x.cells.empty() && x.cells.size() == y.cells.size()) {
    const auto* header = y.table >= 0 ? &after.headers[static_cast<size_t>(y.table)] : nullptr;
    if ((!header || header->size() != y.cells.size()) && x.table >= 0)
      header = &before.headers[static_cast<size_t>(x.table)];
    c.row = y.cells[0];
    for (size_t i = 0; i < y.cells.size(); ++i) {
      if (x.cells[i] == y.cells[i]) continue;
      std::string column = header && header->size() == y.cells.size() && !(*header)[i].empty()
                               ? (*header)[i]
                               : "column " + std::to_string(i + 1);
      c.cells.push_back({column, DiffWords(x.cells[i], y.cells[i])});
    }
    if (!c.cells.empty()) return c;
    c.row.clear();
  }
  c.words = DiffWords(x.text, y.text);
  return c;
}

// The changed blocks of a page, removals paired with additions (table rows by name, the
// rest in order within each run of changes; as "- old", "+ new" lines, then the rest of the
// run); a pair that differs only in a
// date goes to date_example instead. With `words`, also each change word by word
// (PageDiff::changes).
PageDiff DiffPage(const PageText& a, const PageText& b, bool words) {
  PageDiff d;
  std::vector<std::string> ta, tb;
  ta.reserve(a.blocks.size());
  tb.reserve(b.blocks.size());
  for (const auto& x : a.blocks) ta.push_back(x.text);
  for (const auto& y : b.blocks) tb.push_back(y.text);
  const std::vector<DiffRun> runs = DiffLineRuns(ta, tb);
  // A table row pairs with the row of the same name (first cell) wherever it went (a row
  // inserted above it, or a rank that moved it, puts it in another run); the other blocks
  // pair in order within their run.
  std::map<size_t, size_t> row_pair;  // removed block -> added block
  std::set<size_t> row_paired;        // added blocks paired so
  {
    std::map<std::string, std::vector<size_t>> added_rows;  // name -> added blocks
    for (const auto& run : runs)
      for (size_t j : run.added)
        if (!b.blocks[j].cells.empty()) added_rows[b.blocks[j].cells[0]].push_back(j);
    for (const auto& run : runs)
      for (size_t i : run.removed) {
        if (a.blocks[i].cells.empty()) continue;
        auto it = added_rows.find(a.blocks[i].cells[0]);
        if (it == added_rows.end() || it->second.empty()) continue;
        row_pair[i] = it->second.front();
        row_paired.insert(it->second.front());
        it->second.erase(it->second.begin());
      }
  }
  auto removed_whole = [&](size_t i) {
    d.substantive.push_back("- " + a.blocks[i].text);
    if (words) d.changes.push_back({"", WholeLine(a.blocks[i].text, WordSpan::kRemoved), {}});
  };
  auto added_whole = [&](size_t j) {
    d.substantive.push_back("+ " + b.blocks[j].text);
    if (words) d.changes.push_back({"", WholeLine(b.blocks[j].text, WordSpan::kAdded), {}});
  };
  auto paired = [&](size_t i, size_t j) {
    const TextBlock& x = a.blocks[i];
    const TextBlock& y = b.blocks[j];
    if (IsDateOnlyChange(x.text, y.text)) {
      if (d.date_example.empty()) d.date_example = "- " + x.text + " / + " + y.text;
      return;
    }
    d.substantive.push_back("- " + x.text);
    d.substantive.push_back("+ " + y.text);
    if (words) d.changes.push_back(ChangeOf(x, y, a, b));
  };
  for (const auto& run : runs) {
    std::vector<size_t> free;  // added blocks of this run not paired by name
    for (size_t j : run.added)
      if (!row_paired.count(j)) free.push_back(j);
    size_t next = 0;
    for (size_t i : run.removed) {
      auto it = row_pair.find(i);
      // Two rows of different names are two rows: one removed, one added.
      const bool other_row =
          next < free.size() && !a.blocks[i].cells.empty() && !b.blocks[free[next]].cells.empty();
      if (it != row_pair.end())
        paired(i, it->second);
      else if (next < free.size() && !other_row)
        paired(i, free[next++]);
      else
        removed_whole(i);
    }
    for (; next < free.size(); ++next) added_whole(free[next]);
  }
  return d;
}

PageDiff DiffPage(const std::string& before, const std::string& after, bool words) {
  return DiffPage(VisibleText(before), VisibleText(after), words);
}

// What SubstantiveChange needs of one changed file, computed ahead for all of them at once
// (each is a pure function of the two versions' bytes).
struct FileDiff {
  bool asset_names_only = false;  // DiffersOnlyInAssetHashes
  std::optional<PageDiff> page;   // a page or a chart: its visible text compared
};

FileDiff DiffFile(const std::string& p, const std::string& before, const std::string& after) {
  FileDiff f;
  f.asset_names_only = DiffersOnlyInAssetHashes(before, after);
  if (!f.asset_names_only && (EndsWith(p, ".html") || EndsWith(p, ".svg")))
    f.page = DiffPage(before, after, false);
  return f;
}

// What changed in a file that differs: false when the change is boilerplate only (asset
// hashes, dates), counted in the report; otherwise true with the substantive lines of a page
// or drawing in *substantive (empty for other files).
bool SubstantiveChange(FileDiff diff, Report* r, std::vector<std::string>* substantive) {
  if (diff.asset_names_only) {
    ++r->boilerplate_pages;
    if (r->boilerplate_example.empty()) r->boilerplate_example = "asset names (content hashes)";
    return false;
  }
  if (!diff.page) return true;
  PageDiff& d = *diff.page;
  *substantive = std::move(d.substantive);
  if (substantive->empty() && !d.date_example.empty()) {
    ++r->boilerplate_pages;
    if (r->boilerplate_example.empty() || r->boilerplate_example == "asset names (content hashes)")
      r->boilerplate_example = d.date_example;
    return false;
  }
  if (substantive->empty()) {
    // Only markup changed (attributes, links); not boilerplate we know of.
    substantive->push_back("(markup only: no visible text changed)");
  }
  return true;
}

// The GPUs and models a changed file names: in its changed lines; for a chart, the id its
// name ends with ("prices-rtx-5090"); for a GPU's own page ("en/gpus/rtx-3090/index.html"),
// that GPU.
std::set<std::string> NamedCauses(const std::string& p, const std::vector<std::string>& lines,
                                  const CauseNames& names) {
  std::set<std::string> labels;
  for (const auto& line : lines)
    for (const auto& [name, label] : names.names)
      if (!name.empty() && line.find(name) != std::string::npos) labels.insert(label);
  if (IsChart(p)) {
    std::string key = ChartKey(p);
    for (const auto& [id, label] : names.ids)
      if (key.size() >= id.size() && key.compare(key.size() - id.size(), id.size(), id) == 0)
        return {label};
    return labels;
  }
  if (labels.empty()) {
    for (const auto& [id, label] : names.ids)
      if (p.find("/" + id + "/") != std::string::npos) return {label};
  }
  return labels;
}

// Why a file changed: the records it names, else the page's own changed source, else the
// templates, else other figures of the data.
std::string CauseOf(const std::string& p, const std::vector<std::string>& lines,
                    const CauseNames& names, const std::set<std::string>& changed_inputs,
                    bool templates_changed, const Snapshot& b) {
  std::string cause;
  for (const auto& l : NamedCauses(p, lines, names)) cause += (cause.empty() ? "data: " : "; ") + l;
  if (cause.empty()) {
    const auto sources = SourcesOfPage(p, b);
    for (size_t i = 0; i < sources.size(); ++i)
      if (changed_inputs.count(sources[i]))
        // The second is the default language's page: this one is its translation, changed
        // only by being marked stale (or up to date) against it.
        return i == 0 || sources[i] == sources[0]
                   ? "content: " + sources[i]
                   : "content: " + sources[i] + " (its translation's stale state)";
  }
  if (cause.empty() && templates_changed) cause = "templates, assets or UI strings";
  if (cause.empty()) cause = "data: other figures";
  return cause;
}

// ---- causes from the recorded page dependencies ----

// The dependency keys (directives/page_context.h) whose value differs between the sides: a
// key read on one side only counts as changed; a key neither side could value does not.
std::set<std::string> ChangedKeys(const Snapshot& a, const Snapshot& b) {
  std::set<std::string> changed;
  for (const auto& [key, value] : a.dependency_values) {
    auto it = b.dependency_values.find(key);
    if (it == b.dependency_values.end() || it->second != value)
      if (!value.empty() && (it == b.dependency_values.end() || !it->second.empty()))
        changed.insert(key);
  }
  for (const auto& [key, value] : b.dependency_values)
    if (!a.dependency_values.count(key) && !value.empty()) changed.insert(key);
  return changed;
}

// A key as a reviewer reads it, with names for ids: "price:rtx-4090" -> "current price of
// GeForce RTX 4090".
std::string DescribeKey(const std::string& key, const Snapshot& a, const Snapshot& b) {
  auto name = [&](const std::string& id) -> std::string {
    for (const Snapshot* s : {&b, &a}) {
      if (const Gpu* g = s->data.FindGpu(id)) return g->name;
      if (const LlmModel* m = s->data.FindModel(id)) return m->name;
      if (const CloudOffer* o = s->data.FindOffer(id)) return o->provider + " " + o->id;
      auto it = s->names.find("persona " + id);
      if (it != s->names.end()) return it->second;
    }
    return id;
  };
  size_t colon = key.find(':');
  if (colon == std::string::npos) return key;
  const std::string kind = key.substr(0, colon), rest = key.substr(colon + 1);
  if (kind == "content") return rest;
  if (kind == "front-matter") return "title of " + rest;
  if (kind == "template") return "template " + rest;
  if (kind == "asset") return "asset " + rest;
  if (kind == "string") return "UI string " + rest;
  if (kind == "data-text") return "data text translations (" + rest + ")";
  if (kind == "price") return "current price of " + name(rest);
  if (kind == "rank-of") return "rank of " + name(rest);
  if (kind == "count") return "number of " + rest;
  if (kind == "computed") return "computed " + rest;
  if (kind == "open-data") return "open-data " + rest;
  if (kind == "mentions") {
    size_t slash = rest.find('/');
    return "pages naming " + name(rest.substr(slash + 1)) + " (" + rest.substr(0, slash) + ")";
  }
  if (kind == "data") {
    size_t slash = rest.find('/');
    if (slash == std::string::npos) return "data/" + rest + ".json";
    const std::string file = rest.substr(0, slash), id = rest.substr(slash + 1);
    if (file == "prices") return "price observations of " + name(id);
    return "data/" + file + ".json " + name(id);
  }
  return key;
}

// Keys that name one thing (a source, a card's price, a record) say more than those that
// stand for a whole file or a computation many pages read.
bool IsBroadKey(const std::string& key) {
  return StartsWith(key, "computed:") || StartsWith(key, "count:") ||
         (StartsWith(key, "data:") && key.find('/') == std::string::npos);
}

// The cause of a change to a page, from the changed keys it read; "" when it read none.
std::string CauseFromKeys(const std::vector<std::string>& read,
                          const std::set<std::string>& changed, const Snapshot& a,
                          const Snapshot& b) {
  std::vector<std::string> narrow, broad;
  for (const auto& key : read)
    if (changed.count(key)) (IsBroadKey(key) ? broad : narrow).push_back(key);
  const auto& keys = narrow.empty() ? broad : narrow;
  if (keys.empty()) return "";
  std::set<std::string> described;
  for (const auto& k : keys) described.insert(DescribeKey(k, a, b));
  std::string out;
  size_t i = 0;
  for (const auto& d : described) {
    if (i == 4) {
      out += "; and " + std::to_string(described.size() - 4) + " more";
      break;
    }
    out += (i++ ? "; " : "") + d;
  }
  return out;
}

// The keys a file's page read on either side: its own when it is a page, else those of the
// page that made it (a chart); none when no page made it (site-wide files, assets).
std::vector<std::string> KeysOfFile(const std::string& p, const Snapshot& a, const Snapshot& b) {
  std::vector<std::string> keys;
  for (const Snapshot* s : {&a, &b}) {
    std::string page = p;
    if (!s->page_dependencies.count(page)) {
      auto it = s->page_of_file.find(p);
      if (it == s->page_of_file.end()) continue;
      page = it->second;
    }
    auto it = s->page_dependencies.find(page);
    if (it == s->page_dependencies.end()) continue;
    keys.insert(keys.end(), it->second.begin(), it->second.end());
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

// A changed page joins its cause's group; the group's first page gives the example lines.
void AddToGroup(const std::string& cause, const std::string& p,
                const std::vector<std::string>& substantive,
                std::map<std::string, OutputGroup>* groups) {
  auto& g = (*groups)[cause];
  g.cause = cause;
  g.files.push_back(p);
  if (!g.example.empty()) return;
  g.example.push_back(p + ":");
  for (size_t i = 0; i < substantive.size() && i < 6; ++i) g.example.push_back(substantive[i]);
  if (substantive.size() > 6)
    g.example.push_back("… " + std::to_string(substantive.size() - 6) + " more lines");
}

// A few pages of a group word by word (each page was compared by lines only): those of the
// default language first, one per page path ("guide/", not also "fr/guide/"), charts last.
void AddPageExamples(const Snapshot& a, const Snapshot& b, OutputGroup* g) {
  std::vector<std::string> order;
  const std::string first = b.data.site.default_language + "/";
  for (int pass = 0; pass < 3; ++pass)
    for (const auto& f : g->files) {
      const bool page = EndsWith(f, ".html"), chart = IsChart(f);
      if (!page && !EndsWith(f, ".svg")) continue;
      const bool default_lang = StartsWith(f, first);
      if ((pass == 0 && page && default_lang) || (pass == 1 && page && !default_lang) ||
          (pass == 2 && chart))
        order.push_back(f);
    }
  std::set<std::string> paths;  // without the language
  for (const auto& f : order) {
    if (g->pages.size() == kPagesShown) break;
    if (!paths.insert(f.substr(f.find('/') + 1)).second) continue;
    auto x = a.output.find(f), y = b.output.find(f);
    if (x == a.output.end() || y == b.output.end()) continue;
    PageDiff d = DiffPage(x->second, y->second, true);
    if (d.changes.empty()) continue;
    PageExample e;
    e.file = f;
    const size_t shown = std::min(d.changes.size(), kChangesShown);
    e.changes.assign(d.changes.begin(), d.changes.begin() + static_cast<long>(shown));
    e.more_changes = static_cast<int>(d.changes.size() - shown);
    g->pages.push_back(std::move(e));
  }
}

// Each changed chart (all its variants) joins the group of its first variant's cause, and is
// shown by its plain (wide, light) English variant when there is one.
void AddCharts(const std::map<std::string, std::set<std::string>>& chart_files,
               const std::map<std::string, std::string>& chart_cause,
               std::map<std::string, OutputGroup>* groups, Report* r) {
  for (const auto& [key, files] : chart_files) {
    const std::string& cause = chart_cause.at(key);
    auto& g = (*groups)[cause];
    g.cause = cause;
    for (const auto& f : files) g.files.push_back(f);
    ChartChange c;
    c.path = *files.begin();
    for (const auto& f : files)
      if (ChartKey(f) == key && f.find(".dark") == std::string::npos &&
          f.find(".narrow") == std::string::npos) {
        c.path = f;
        break;
      }
    r->charts.push_back(c);
  }
}

}  // namespace

bool IsDateOnlyChange(const std::string& before, const std::string& after) {
  if (before == after) return false;
  std::string a = MaskDates(before), b = MaskDates(after);
  return a == b && LooksLikeDate(a);
}

bool DiffersOnlyInAssetHashes(const std::string& before, const std::string& after) {
  return before != after && MaskAssetHashes(before) == MaskAssetHashes(after);
}

std::vector<TextChange> PageChanges(const std::string& before_html, const std::string& after_html) {
  return DiffPage(before_html, after_html, true).changes;
}

void CompareOutput(const Snapshot& a, const Snapshot& b, Report* r) {
  std::set<std::string> paths;
  for (const auto& [p, bytes] : a.output) paths.insert(p);
  for (const auto& [p, bytes] : b.output) paths.insert(p);
  const CauseNames names = NamesOfConsequences(a, b, *r);
  const std::set<std::string> changed_inputs = ChangedInputs(a, b);
  const bool templates_changed = TemplatesChanged(changed_inputs);
  const std::set<std::string> changed_keys = ChangedKeys(a, b);
  std::map<std::string, OutputGroup> groups;
  std::map<std::string, std::set<std::string>> chart_files;  // chart key -> changed files
  std::map<std::string, std::string> chart_cause;
  // The changed files' diffs (parsing both versions of each page is most of a review's time
  // when a price moves the line every page carries), on every core; the report is then made
  // in path order from them, as before.
  std::vector<const std::string*> changed;
  for (const auto& p : paths) {
    auto x = a.output.find(p), y = b.output.find(p);
    if (x != a.output.end() && y != b.output.end() && x->second != y->second) changed.push_back(&p);
  }
  std::vector<FileDiff> diffs(changed.size());
  xmlInitParser();  // libxml2 initialises itself on first use, which threads must not race to
  ParallelFor(static_cast<int>(changed.size()), ThreadCount(0), [&](int i) {
    const std::string& p = *changed[static_cast<size_t>(i)];
    diffs[static_cast<size_t>(i)] = DiffFile(p, a.output.at(p), b.output.at(p));
  });
  size_t next_diff = 0;
  for (const auto& p : paths) {
    auto x = a.output.find(p), y = b.output.find(p);
    if (x == a.output.end()) {
      r->output_added.push_back(p);
      continue;
    }
    if (y == b.output.end()) {
      r->output_removed.push_back(p);
      continue;
    }
    if (x->second == y->second) {
      ++r->output_unchanged;
      continue;
    }
    std::vector<std::string> substantive;
    if (!SubstantiveChange(std::move(diffs[next_diff++]), r, &substantive)) continue;
    // The input changes that reached the page (its recorded dependencies); for a file no
    // page made, or a page whose keys did not change (a translation made stale), the records
    // and sources it names.
    std::string cause = CauseFromKeys(KeysOfFile(p, a, b), changed_keys, a, b);
    if (cause.empty()) cause = CauseOf(p, substantive, names, changed_inputs, templates_changed, b);
    if (IsChart(p)) {
      std::string key = ChartKey(p);
      chart_files[key].insert(p);
      if (!chart_cause.count(key)) chart_cause[key] = cause;
      continue;
    }
    AddToGroup(cause, p, substantive, &groups);
  }
  AddCharts(chart_files, chart_cause, &groups, r);
  for (auto& [cause, g] : groups) {
    std::sort(g.files.begin(), g.files.end());
    AddPageExamples(a, b, &g);
    r->output_groups.push_back(std::move(g));
  }
  std::stable_sort(
      r->output_groups.begin(), r->output_groups.end(),
      [](const OutputGroup& x, const OutputGroup& y) { return x.files.size() > y.files.size(); });
}

}  // namespace gg
