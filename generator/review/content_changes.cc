#include "review/content_changes.h"

#include <algorithm>
#include <map>
#include <set>

#include "base/text.h"
#include "review/line_diff.h"
#include "review/word_diff.h"

namespace gg {
namespace {

std::string LangOf(const std::string& content_file) {
  // content/<lang>/...
  size_t a = content_file.find('/'), b = content_file.find('/', a + 1);
  return content_file.substr(a + 1, b - a - 1);
}

using DiagKey = std::tuple<Severity, std::string, std::string, std::string>;

DiagKey KeyOf(const Diagnostic& d) {
  return {d.severity, d.loc.file, d.message, d.hint};
}

// "fresh" | "stale" | "unstamped" | "" (not a translation)
std::map<std::string, std::pair<std::string, std::string>> TranslationStates(const Snapshot& s) {
  std::map<std::string, const PageSource*> source;
  for (const auto& p : s.pages)
    if (p.lang == s.data.site.default_language) source[p.path] = &p;
  std::map<std::string, std::pair<std::string, std::string>> out;  // file -> (state, stamp)
  for (const auto& p : s.pages) {
    if (p.lang == s.data.site.default_language) continue;
    auto it = source.find(p.path);
    if (it == source.end()) continue;
    std::string state = p.fm.translation_of.empty()                   ? "unstamped"
                        : p.fm.translation_of == it->second->revision ? "fresh"
                                                                      : "stale";
    out[p.file] = {state, p.fm.translation_of};
  }
  return out;
}

// Changed paragraphs of one source shown word by word, at most this many per file.
constexpr size_t kSourceChangesShown = 12;

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    std::string line = text.substr(start, nl - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
    start = nl + 1;
  }
  return lines;
}

// The pages (by output path) that read `source` on either side, with whether they changed.
std::vector<Landing> PagesOf(const std::string& source, const Snapshot& a, const Snapshot& b,
                             const std::string& unchanged_state) {
  const std::string key = "content:" + source;
  std::set<std::string> pages;
  for (const Snapshot* s : {&a, &b})
    for (const auto& [page, keys] : s->page_dependencies)
      if (std::binary_search(keys.begin(), keys.end(), key)) pages.insert(page);
  std::vector<Landing> out;
  for (const auto& page : pages) {
    auto x = a.output.find(page), y = b.output.find(page);
    const bool same = x != a.output.end() && y != b.output.end() && x->second == y->second;
    out.push_back({page.substr(0, page.find('/')), page, same ? unchanged_state : "changed"});
  }
  return out;
}

// Where a source's text lands: its own pages, then, for a page of the default language, the
// pages of its translations (which a change to it does not change by itself).
std::vector<Landing> LandingsOf(const std::string& file, const Snapshot& a, const Snapshot& b) {
  std::vector<Landing> out = PagesOf(file, a, b, "unchanged");
  const std::string lang = LangOf(file);
  if (lang != b.data.site.default_language) return out;
  const std::string rest = file.substr(8 + lang.size());  // "/guide/x.md"
  for (const auto& l : b.data.site.languages) {
    if (l.code == lang) continue;
    const std::string translation = "content/" + l.code + rest;
    if (!b.input_files.count(translation)) continue;
    // A translation's page changes with its own source: updated or not is what matters (it
    // may change anyway, to say that it is stale).
    auto x = a.input_files.find(translation);
    const bool updated = x == a.input_files.end() || x->second != b.input_files.at(translation);
    for (auto& landing : PagesOf(translation, a, b, "")) {
      landing.state = updated ? "translation updated" : "translation not updated";
      out.push_back(std::move(landing));
    }
  }
  return out;
}

// The changed lines (paragraphs: the guide writes one per line) of a content file, word by
// word, with their line in the head (in the base for a removed one).
void DiffSource(const std::string& file, const std::string& before, const std::string& after,
                const Snapshot& a, const Snapshot& b, Report* r) {
  const std::vector<std::string> x = SplitLines(before), y = SplitLines(after);
  std::vector<SourceChange> changes;
  for (const auto& run : DiffLineRuns(x, y)) {
    const size_t n = std::min(run.removed.size(), run.added.size());
    for (size_t i = 0; i < n; ++i)
      changes.push_back({file,
                         static_cast<int>(run.added[i] + 1),
                         DiffWords(x[run.removed[i]], y[run.added[i]]),
                         {}});
    for (size_t i = n; i < run.removed.size(); ++i)
      if (!x[run.removed[i]].empty())
        changes.push_back({file,
                           static_cast<int>(run.removed[i] + 1),
                           WholeLine(x[run.removed[i]], WordSpan::kRemoved),
                           {}});
    for (size_t i = n; i < run.added.size(); ++i)
      if (!y[run.added[i]].empty())
        changes.push_back({file,
                           static_cast<int>(run.added[i] + 1),
                           WholeLine(y[run.added[i]], WordSpan::kAdded),
                           {}});
  }
  if (changes.empty()) return;
  if (changes.size() > kSourceChangesShown) changes.resize(kSourceChangesShown);
  const std::vector<Landing> lands = LandingsOf(file, a, b);
  for (auto& c : changes) c.lands = lands;
  for (auto& c : changes) r->source_changes.push_back(std::move(c));
}

}  // namespace

void CompareContent(const Snapshot& a, const Snapshot& b, Report* r) {
  std::map<std::string, ContentChange> by_lang;
  std::set<std::string> files;
  for (const auto& [f, bytes] : a.input_files)
    if (StartsWith(f, "content/")) files.insert(f);
  for (const auto& [f, bytes] : b.input_files)
    if (StartsWith(f, "content/")) files.insert(f);
  for (const auto& f : files) {
    auto x = a.input_files.find(f), y = b.input_files.find(f);
    std::string lang = LangOf(f);
    auto& c = by_lang[lang];
    c.lang = lang;
    if (x == a.input_files.end())
      c.pages_added.push_back(f);
    else if (y == b.input_files.end())
      c.pages_removed.push_back(f);
    else if (x->second != y->second)
      c.pages_changed.push_back(f);
  }
  for (const auto& f : files) {
    auto x = a.input_files.find(f), y = b.input_files.find(f);
    if (!EndsWith(f, ".md") || x == a.input_files.end() || y == b.input_files.end() ||
        x->second == y->second)
      continue;
    DiffSource(f, x->second, y->second, a, b, r);
  }
  // Languages in the site's order.
  for (const auto& l : b.data.site.languages) {
    auto it = by_lang.find(l.code);
    if (it == by_lang.end()) continue;
    auto& c = it->second;
    if (!c.pages_added.empty() || !c.pages_removed.empty() || !c.pages_changed.empty())
      r->content.push_back(c);
    by_lang.erase(it);
  }
  for (auto& [lang, c] : by_lang)
    if (!c.pages_added.empty() || !c.pages_removed.empty() || !c.pages_changed.empty())
      r->content.push_back(c);

  auto ta = TranslationStates(a), tb = TranslationStates(b);
  for (const auto& [file, now] : tb) {
    auto it = ta.find(file);
    std::string before = it == ta.end() ? "" : it->second.first;
    std::string stamp_before = it == ta.end() ? "" : it->second.second;
    std::string change;
    if (now.first == "stale" && before != "stale")
      change = "stale";
    else if (now.first == "fresh" && !stamp_before.empty() && now.second != stamp_before)
      change = "restamped";
    else if (now.first == "fresh" && before == "stale")
      change = "fresh";
    if (change.empty()) continue;
    std::string lang = LangOf(file);
    std::string source = "content/" + b.data.site.default_language + file.substr(8 + lang.size());
    r->translations.push_back({file, source, change});
  }

  std::map<DiagKey, int> base_count;
  for (const auto& d : a.diagnostics) ++base_count[KeyOf(d)];
  for (const auto& d : b.diagnostics) {
    if (d.severity == Severity::kError) r->head_errors.push_back(d);
    auto& n = base_count[KeyOf(d)];
    if (n > 0) {
      --n;
      continue;
    }
    (d.severity == Severity::kError ? r->new_errors : r->new_warnings).push_back(d);
  }
  std::map<DiagKey, int> head_count;
  for (const auto& d : b.diagnostics) ++head_count[KeyOf(d)];
  for (const auto& d : a.diagnostics) {
    if (d.severity != Severity::kError) continue;
    auto& n = head_count[KeyOf(d)];
    if (n > 0) {
      --n;
      continue;
    }
    r->fixed_errors.push_back(d);
  }
}

}  // namespace gg
