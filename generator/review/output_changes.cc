#include "review/output_changes.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>

#include "base/text.h"
#include "review/line_diff.h"
#include "review/page_text.h"

namespace gg {
namespace {

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

// Whether a change to templates, assets or UI strings can explain a page change.
bool TemplatesChanged(const std::set<std::string>& changed_inputs) {
  for (const auto& f : changed_inputs)
    if (StartsWith(f, "templates/") || StartsWith(f, "assets/") || EndsWith(f, "_strings.json"))
      return true;
  return false;
}

// The changed lines of a page's visible text ("- old", "+ new"), each run of removals paired
// with the additions that follow it; a pair that differs only in a date goes to
// *date_example (the first one) instead.
std::vector<std::string> SubstantiveLines(const std::vector<std::string>& diff,
                                          std::string* date_example) {
  std::vector<std::string> substantive, minus, plus;
  auto settle = [&] {
    size_t n = std::min(minus.size(), plus.size());
    for (size_t i = 0; i < n; ++i) {
      if (IsDateOnlyChange(minus[i], plus[i])) {
        if (date_example->empty()) *date_example = "- " + minus[i] + " / + " + plus[i];
      } else {
        substantive.push_back("- " + minus[i]);
        substantive.push_back("+ " + plus[i]);
      }
    }
    for (size_t i = n; i < minus.size(); ++i) substantive.push_back("- " + minus[i]);
    for (size_t i = n; i < plus.size(); ++i) substantive.push_back("+ " + plus[i]);
    minus.clear();
    plus.clear();
  };
  for (const auto& line : diff) {
    if (line[0] == '-') {
      if (!plus.empty()) settle();
      minus.push_back(line.substr(2));
    } else {
      plus.push_back(line.substr(2));
    }
  }
  settle();
  return substantive;
}

// What changed in a file that differs: false when the change is boilerplate only (asset
// hashes, dates), counted in the report; otherwise true with the substantive lines of a page
// or drawing in *substantive (empty for other files).
bool SubstantiveChange(const std::string& p, const std::string& before, const std::string& after,
                       Report* r, std::vector<std::string>* substantive) {
  if (DiffersOnlyInAssetHashes(before, after)) {
    ++r->boilerplate_pages;
    if (r->boilerplate_example.empty()) r->boilerplate_example = "asset names (content hashes)";
    return false;
  }
  if (!EndsWith(p, ".html") && !EndsWith(p, ".svg")) return true;
  auto diff = DiffLines(VisibleTextLines(before), VisibleTextLines(after));
  std::string date_example;
  *substantive = SubstantiveLines(diff, &date_example);
  if (substantive->empty() && !diff.empty()) {
    ++r->boilerplate_pages;
    if (r->boilerplate_example.empty() || r->boilerplate_example == "asset names (content hashes)")
      r->boilerplate_example = date_example;
    return false;
  }
  if (substantive->empty() && diff.empty()) {
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
    for (const auto& src : SourcesOfPage(p, b))
      if (changed_inputs.count(src)) return "content: " + src;
  }
  if (cause.empty() && templates_changed) cause = "templates, assets or UI strings";
  if (cause.empty()) cause = "data: other figures";
  return cause;
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

void CompareOutput(const Snapshot& a, const Snapshot& b, Report* r) {
  std::set<std::string> paths;
  for (const auto& [p, bytes] : a.output) paths.insert(p);
  for (const auto& [p, bytes] : b.output) paths.insert(p);
  const CauseNames names = NamesOfConsequences(a, b, *r);
  const std::set<std::string> changed_inputs = ChangedInputs(a, b);
  const bool templates_changed = TemplatesChanged(changed_inputs);
  std::map<std::string, OutputGroup> groups;
  std::map<std::string, std::set<std::string>> chart_files;  // chart key -> changed files
  std::map<std::string, std::string> chart_cause;
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
    if (!SubstantiveChange(p, x->second, y->second, r, &substantive)) continue;
    std::string cause = CauseOf(p, substantive, names, changed_inputs, templates_changed, b);
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
    r->output_groups.push_back(std::move(g));
  }
  std::stable_sort(
      r->output_groups.begin(), r->output_groups.end(),
      [](const OutputGroup& x, const OutputGroup& y) { return x.files.size() > y.files.size(); });
}

}  // namespace gg
