// Translations of data text: the sentences the data files write in the default language
// (price observation notes, region and exchange-rate notes, assumption sources) that pages
// show as they are. One catalog per language, content/<lang>/_data_text.json:
//
//   {"text": {"<the English text, exactly as the data has it>": "<its translation>", …}}
//
// Keyed by the text itself (as gettext is), so an edited note finds no translation and is shown
// in the data's language, marked so (directives/html.h, DataTextHtml), until it is translated
// again; a translation whose text no longer appears in the data is reported
// (validate/data_text.h). Names (shops, publications, cards) are not data text: they are never
// translated. Each translation is set in its language's typography when loaded
// (i18n/typography.h), as the UI strings are.
//
// A translation quotes words it keeps in their own language (a source's sentence, a table's
// heading) as {<lang>:<the words>}, e.g. « {en:Used Price} », so that the page marks them
// (<span lang="en">) and the typography layer leaves them as written.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/diagnostics.h"
#include "model/model.h"

namespace gg {

class DataTextCatalog {
 public:
  // content/<lang>/_data_text.json of every language but the default one. The file is
  // optional: without it a language has no translation. Reports syntax errors, a root that is
  // not {"text": {…}}, unknown members, values that are not non-empty strings and malformed
  // quotations (SplitDataText).
  void Load(const std::string& root, const SiteConfig& site, Diagnostics* diags);
  // One language's catalog from text (for tests).
  void LoadText(const std::string& lang, const std::string& file, const std::string& text,
                Diagnostics* diags);

  // The translation of `text` into lang, or null.
  const std::string* Find(const std::string& lang, const std::string& text) const;
  // Every language's entries: lang -> (English text -> translation).
  const std::map<std::string, std::map<std::string, std::string>>& Tables() const {
    return tables_;
  }
  // Where an entry's key is written.
  SourceLoc LocOf(const std::string& lang, const std::string& text) const;
  // content/<lang>/_data_text.json
  static std::string FileOf(const std::string& lang) {
    return "content/" + lang + "/_data_text.json";
  }

 private:
  std::map<std::string, std::map<std::string, std::string>> tables_;
  std::map<std::string, std::map<std::string, SourceLoc>> locs_;
};

// One part of a translation: text in the page's language (lang empty) or a quotation in `lang`.
struct DataTextPart {
  std::string lang;
  std::string text;
};
// The parts of a translation, in order. False (parts unspecified) when a '{' has no '}' after
// it, a '}' no '{' before it, or a quotation no language tag ("{en:…}": letters, digits, '-').
bool SplitDataText(const std::string& translation, std::vector<DataTextPart>* parts);

// The data text pages show through DataTextHtml, each once, in data order: the notes of price
// observations (prices.json), the electricity sources and notes of regions and the sources and
// notes of exchange rates (regions.json), the sources of assumptions (assumptions.json). A
// directive that shows another data field through DataTextHtml adds it here, so that the
// unused-translation check knows it.
std::vector<std::string> TranslatableDataTexts(const Dataset& data);

}  // namespace gg
