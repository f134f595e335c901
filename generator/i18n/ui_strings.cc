#include "i18n/ui_strings.h"

#include "base/files.h"
#include "base/suggest.h"
#include "data/json_doc.h"
#include "i18n/format.h"
#include "i18n/typography.h"

namespace gg {

void UiStrings::LoadText(const std::string& lang, const std::string& file, const std::string& text,
                         Diagnostics* diags) {
  files_[lang] = file;
  auto& table = tables_[lang];
  JsonDoc doc;
  if (!ParseJsonDoc(file, text, &doc, diags)) return;
  if (!doc.root.is_object()) {
    diags->Error({file, 1, 1}, "UI strings must be a JSON object of \"key\": \"text\"");
    return;
  }
  for (auto it = doc.root.begin(); it != doc.root.end(); ++it) {
    std::string ptr = "/" + JsonPointerToken(it.key());
    if (!it->is_string()) {
      diags->Error(doc.LocOf(ptr), "UI string '" + it.key() + "' must be a string");
      continue;
    }
    table[it.key()] = Punctuate(lang, it->get<std::string>());
    locs_[lang][it.key()] = doc.KeyLocOf(ptr);
  }
}

void UiStrings::Load(const std::string& root, const SiteConfig& site, Diagnostics* diags) {
  default_ = site.default_language;
  for (const auto& lang : site.languages) {
    std::string rel = "content/" + lang.code + "/_strings.json";
    std::string text;
    files_[lang.code] = rel;
    if (!ReadInputFile(root, rel, &text, diags)) {
      tables_[lang.code];
      continue;
    }
    LoadText(lang.code, rel, text, diags);
    // Currency tokens ("{usd}", "{usd:1000}") in the language's ICU notation.
    Formatter money(lang.locale);
    for (auto& [key, value] : tables_[lang.code]) value = money.WithCurrency(value);
  }
  data_text_.Load(root, site, diags);
  const auto& base = tables_[default_];
  std::vector<std::string> base_keys = Keys();
  for (const auto& lang : site.languages) {
    if (lang.code == default_) continue;
    const auto& table = tables_[lang.code];
    std::vector<std::string> missing = MissingIn(lang.code);
    if (!missing.empty()) {
      std::string list;
      for (size_t i = 0; i < missing.size() && i < 8; ++i) list += (i ? ", " : "") + missing[i];
      if (missing.size() > 8) list += ", …";
      diags->Warning({files_[lang.code], 1, 1},
                     "missing translation: " + std::to_string(missing.size()) +
                         " UI string(s) fall back to '" + default_ + "': " + list);
    }
    for (const auto& [key, text] : table) {
      if (!base.count(key))
        diags->Warning(locs_[lang.code][key],
                       "UI string '" + key + "' is not used in '" + default_ + "'",
                       DidYouMean(key, base_keys));
    }
  }
}

bool UiStrings::Has(const std::string& key) const {
  auto it = tables_.find(default_);
  return it != tables_.end() && it->second.count(key);
}

std::string UiStrings::Get(const std::string& lang, const std::string& key) const {
  for (const std::string& l : {lang, default_}) {
    auto t = tables_.find(l);
    if (t == tables_.end()) continue;
    auto it = t->second.find(key);
    if (it != t->second.end()) return it->second;
  }
  return {};
}

std::string UiStrings::Format(const std::string& lang, const std::string& key,
                              const std::vector<std::pair<std::string, std::string>>& args) const {
  std::string text = Get(lang, key);
  for (const auto& [name, value] : args) {
    std::string needle = "{" + name + "}";
    size_t pos = 0;
    while ((pos = text.find(needle, pos)) != std::string::npos) {
      text.replace(pos, needle.size(), value);
      pos += value.size();
    }
  }
  // English articles agree with what replaced the placeholders ("an AMD …", "a GeForce …").
  return args.empty() ? text : FixArticles(lang, text);
}

std::vector<std::string> UiStrings::Keys() const {
  std::vector<std::string> out;
  auto it = tables_.find(default_);
  if (it == tables_.end()) return out;
  for (const auto& [k, v] : it->second) out.push_back(k);
  return out;
}

std::vector<std::string> UiStrings::MissingIn(const std::string& lang) const {
  std::vector<std::string> out;
  auto t = tables_.find(lang);
  for (const auto& k : Keys())
    if (t == tables_.end() || !t->second.count(k)) out.push_back(k);
  return out;
}

const std::map<std::string, std::string>& UiStrings::Table(const std::string& lang) const {
  static const std::map<std::string, std::string> kEmpty;
  auto it = tables_.find(lang);
  return it == tables_.end() ? kEmpty : it->second;
}

SourceLoc UiStrings::LocOf(const std::string& lang, const std::string& key) const {
  auto l = locs_.find(lang);
  if (l != locs_.end()) {
    auto it = l->second.find(key);
    if (it != l->second.end()) return it->second;
  }
  auto f = files_.find(lang);
  return {f == files_.end() ? "" : f->second, 0, 0};
}

}  // namespace gg
