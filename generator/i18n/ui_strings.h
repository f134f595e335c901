// UI strings: one table per language in content/<lang>/_strings.json (a flat object of
// "key": "text"). Templates, directives and charts take every label from here. Each string is
// set in its language's typography when loaded (i18n/typography.h: French spaces before
// ':;?!', full-width marks in Chinese), and English articles before a placeholder agree with
// the value that replaces it.
// A key missing in a language falls back to the default language (warning, once per key and
// language); a key missing in the default language too is an error where it is used.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/diagnostics.h"
#include "i18n/data_text.h"
#include "model/model.h"

namespace gg {

class UiStrings {
 public:
  // Loads content/<lang>/_strings.json for every language, and the data text translations
  // (content/<lang>/_data_text.json, when a language has one); reports syntax errors, non-string
  // values, keys missing from a translation (warnings) and keys a translation has that the
  // default language lacks (warnings, with a did-you-mean).
  void Load(const std::string& root, const SiteConfig& site, Diagnostics* diags);
  // Adds one language's table from text (for tests).
  void LoadText(const std::string& lang, const std::string& file, const std::string& text,
                Diagnostics* diags);
  void SetDefaultLanguage(const std::string& lang) { default_ = lang; }

  bool Has(const std::string& key) const;  // in the default language
  // The text for key in lang, else in the default language, else "" (callers that need the
  // key to exist check Has() first and report).
  std::string Get(const std::string& lang, const std::string& key) const;
  // Get() with {name} placeholders replaced from `args` (name, value pairs).
  std::string Format(const std::string& lang, const std::string& key,
                     const std::vector<std::pair<std::string, std::string>>& args) const;
  // All keys of the default language, sorted.
  std::vector<std::string> Keys() const;
  // Keys of the default language missing in lang.
  std::vector<std::string> MissingIn(const std::string& lang) const;
  const std::map<std::string, std::string>& Table(const std::string& lang) const;
  SourceLoc LocOf(const std::string& lang, const std::string& key) const;
  // content/<default>/_strings.json
  std::string DefaultFile() const { return "content/" + default_ + "/_strings.json"; }
  // The translations of data text (content/<lang>/_data_text.json, i18n/data_text.h), loaded
  // by Load with the UI strings.
  const DataTextCatalog& DataText() const { return data_text_; }
  DataTextCatalog* MutableDataText() { return &data_text_; }  // for tests

 private:
  std::string default_;
  std::map<std::string, std::map<std::string, std::string>> tables_;
  std::map<std::string, std::map<std::string, SourceLoc>> locs_;
  std::map<std::string, std::string> files_;
  DataTextCatalog data_text_;
};

}  // namespace gg
