#include "review/content_changes.h"

#include <map>
#include <set>

#include "base/text.h"

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
