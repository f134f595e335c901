#include "validate/data_text.h"

#include <limits>
#include <set>

#include "base/suggest.h"

namespace gg {
namespace {

// A text as a diagnostic quotes it: at most 80 characters, cut at a UTF-8 boundary.
std::string Quoted(const std::string& text) {
  if (text.size() <= 80) return "'" + text + "'";
  size_t cut = 77;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return "'" + text.substr(0, cut) + "…'";
}

}  // namespace

void ValidateDataText(const Dataset& data, const UiStrings& strings, Diagnostics* diags) {
  const std::vector<std::string> current = TranslatableDataTexts(data);
  const std::set<std::string> shown(current.begin(), current.end());
  for (const auto& [lang, table] : strings.DataText().Tables()) {
    for (const auto& [english, translation] : table) {
      if (shown.count(english)) continue;
      // The closest current text, whatever its distance: an edited note is usually close,
      // and naming the nearest one is the quickest way to find what replaced it.
      const std::string* closest = nullptr;
      int best = std::numeric_limits<int>::max();
      for (const auto& c : current) {
        const int d = EditDistance(english, c);
        if (d < best) {
          best = d;
          closest = &c;
        }
      }
      diags->Warning(strings.DataText().LocOf(lang, english),
                     "unused translation: no data text reads " + Quoted(english),
                     closest ? "did you mean " + Quoted(*closest) + "?" : std::string());
    }
  }
}

}  // namespace gg
