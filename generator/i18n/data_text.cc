#include "i18n/data_text.h"

#include <cctype>
#include <set>

#include "base/files.h"
#include "data/json_doc.h"
#include "i18n/typography.h"

namespace gg {

void DataTextCatalog::LoadText(const std::string& lang, const std::string& file,
                               const std::string& text, Diagnostics* diags) {
  auto& table = tables_[lang];
  JsonDoc doc;
  if (!ParseJsonDoc(file, text, &doc, diags)) return;
  const auto shape = [&] {
    diags->Error({file, 1, 1},
                 "data text translations must be a JSON object {\"text\": {\"English text\": "
                 "\"translation\", …}}");
  };
  if (!doc.root.is_object()) return shape();
  for (auto it = doc.root.begin(); it != doc.root.end(); ++it)
    if (it.key() != "text")
      diags->Error(doc.KeyLocOf("/" + JsonPointerToken(it.key())),
                   "unknown member '" + it.key() + "'", "did you mean 'text'?");
  auto text_it = doc.root.find("text");
  if (text_it == doc.root.end() || !text_it->is_object()) return shape();
  for (auto it = text_it->begin(); it != text_it->end(); ++it) {
    const std::string ptr = "/text/" + JsonPointerToken(it.key());
    if (!it->is_string() || it->get<std::string>().empty()) {
      diags->Error(doc.LocOf(ptr), "the translation of a data text must be a non-empty string");
      continue;
    }
    std::vector<DataTextPart> parts;
    if (!SplitDataText(it->get<std::string>(), &parts)) {
      diags->Error(doc.LocOf(ptr),
                   "malformed quotation in a data text translation: write words kept in their "
                   "own language as {<lang>:<the words>}, e.g. {en:Used Price}");
      continue;
    }
    table[it.key()] = Punctuate(lang, it->get<std::string>());
    locs_[lang][it.key()] = doc.KeyLocOf(ptr);
  }
}

void DataTextCatalog::Load(const std::string& root, const SiteConfig& site, Diagnostics* diags) {
  for (const auto& lang : site.languages) {
    if (lang.code == site.default_language) continue;
    const std::string rel = FileOf(lang.code);
    if (!FileExists(root + "/" + rel)) continue;
    std::string text;
    if (ReadInputFile(root, rel, &text, diags)) LoadText(lang.code, rel, text, diags);
  }
}

const std::string* DataTextCatalog::Find(const std::string& lang, const std::string& text) const {
  auto t = tables_.find(lang);
  if (t == tables_.end()) return nullptr;
  auto it = t->second.find(text);
  return it == t->second.end() ? nullptr : &it->second;
}

SourceLoc DataTextCatalog::LocOf(const std::string& lang, const std::string& text) const {
  auto l = locs_.find(lang);
  if (l != locs_.end()) {
    auto it = l->second.find(text);
    if (it != l->second.end()) return it->second;
  }
  return {FileOf(lang), 1, 1};
}

bool SplitDataText(const std::string& t, std::vector<DataTextPart>* parts) {
  parts->clear();
  size_t at = 0;
  while (at < t.size()) {
    const size_t open = t.find_first_of("{}", at);
    if (open == std::string::npos) break;
    if (t[open] == '}') return false;
    const size_t close = t.find_first_of("{}", open + 1);
    if (close == std::string::npos || t[close] == '{') return false;
    const size_t colon = t.find(':', open);
    if (colon == std::string::npos || colon > close || colon == open + 1) return false;
    for (size_t i = open + 1; i < colon; ++i)
      if (!std::isalnum(static_cast<unsigned char>(t[i])) && t[i] != '-') return false;
    if (open > at) parts->push_back({"", t.substr(at, open - at)});
    parts->push_back(
        {t.substr(open + 1, colon - open - 1), t.substr(colon + 1, close - colon - 1)});
    at = close + 1;
  }
  if (at < t.size()) parts->push_back({"", t.substr(at)});
  return true;
}

std::vector<std::string> TranslatableDataTexts(const Dataset& d) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  auto add = [&](const std::string& t) {
    if (!t.empty() && seen.insert(t).second) out.push_back(t);
  };
  for (const auto& p : d.prices) add(p.prov.note);
  for (const auto& r : d.regions) {
    add(r.electricity_source);
    add(r.electricity_note);
  }
  for (const auto& x : d.fx_rates) {
    add(x.source);
    add(x.note);
  }
  for (const auto& a : d.assumptions) add(a.prov.source);
  return out;
}

}  // namespace gg
