#include "content/stamp.h"

#include "base/path_policy.h"
#include "base/text.h"

namespace gg {

std::string WithTranslationOf(const std::string& text, const std::string& rev) {
  size_t first_nl = text.find('\n');
  // A pointer, not a std::string assigned later: GCC 12 at -O3 warns (falsely) that the
  // assigned string may be used uninitialized.
  const char* eol =
      first_nl != std::string::npos && first_nl > 0 && text[first_nl - 1] == '\r' ? "\r\n" : "\n";
  std::string result;
  int dashes = 0;
  bool done = false;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string::npos ? text.size() : nl + 1;
    std::string line = text.substr(pos, end - pos);  // with its line end
    std::string bare = line;
    while (!bare.empty() && (bare.back() == '\n' || bare.back() == '\r')) bare.pop_back();
    if (bare == "---" && dashes < 2) {
      ++dashes;
      if (dashes == 2 && !done) {
        result += "translation_of: " + rev + eol;
        done = true;
      }
    } else if (dashes == 1 && StartsWith(bare, "translation_of:")) {
      line = "translation_of: " + rev + line.substr(bare.size());
      done = true;
    }
    result += line;
    pos = end;
  }
  if (dashes < 2) return "";
  return result;
}

bool IsLanguagePagePath(const std::string& rel, std::string* lang) {
  if (!IsPlainRelativePath(rel) || !StartsWith(rel, "content/") || !EndsWith(rel, ".md"))
    return false;
  size_t slash = rel.find('/', 8);
  if (slash == std::string::npos || slash + 1 >= rel.size() - 3) return false;
  *lang = rel.substr(8, slash - 8);
  return true;
}

}  // namespace gg
