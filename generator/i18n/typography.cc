#include "i18n/typography.h"

#include <cctype>

namespace gg {
namespace {

constexpr std::string_view kNarrowNbsp = "\u202F";
constexpr std::string_view kNbsp = "\u00A0";

bool IsMark(char c) {
  return c == ':' || c == ';' || c == '?' || c == '!';
}

bool IsAsciiDigit(char c) {
  return c >= '0' && c <= '9';
}

bool IsAsciiAlnum(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

// Length of the space ending at `end` (exclusive) in `out`: ' ', U+00A0 or U+202F; 0 if none.
size_t SpaceBefore(const std::string& out, size_t end) {
  if (end >= 1 && out[end - 1] == ' ') return 1;
  if (end >= 2 && out.compare(end - 2, 2, kNbsp) == 0) return 2;
  if (end >= 3 && out.compare(end - 3, 3, kNarrowNbsp) == 0) return 3;
  return 0;
}

// Length of the space starting at `i` in `text`: ' ', U+00A0 or U+202F; 0 if none.
size_t SpaceAt(std::string_view text, size_t i) {
  if (i < text.size() && text[i] == ' ') return 1;
  if (text.substr(i, 2) == kNbsp) return 2;
  if (text.substr(i, 3) == kNarrowNbsp) return 3;
  return 0;
}

// Whether the mark at text[i] is sentence punctuation (see the header for what is left alone).
bool IsPunctuation(std::string_view text, size_t i, const std::string& out) {
  const char m = text[i];
  const char next = i + 1 < text.size() ? text[i + 1] : '\0';
  const char prev = i > 0 ? text[i - 1] : '\0';
  if (i == 0) return false;
  if (m == ':' && IsAsciiDigit(prev) && IsAsciiDigit(next)) return false;
  if (m == ':' && text.substr(i + 1, 2) == "//") return false;
  if (IsAsciiAlnum(next)) return false;  // "gpu:name", "?a=1", "Yahoo!x"
  // A mark in a run without spaces that holds '/' (an address).
  for (size_t k = out.size(); k > 0; --k) {
    char c = out[k - 1];
    if (c == ' ' || c == '\n' || c == '\t') break;
    if (c == '/') return false;
  }
  return true;
}

std::string_view FullWidth(char m) {
  switch (m) {
    case ':':
      return "：";
    case ';':
      return "；";
    case '?':
      return "？";
    default:
      return "！";
  }
}

bool IsFullWidthMarkAt(const std::string& out) {
  for (std::string_view fw : {"：", "；", "？", "！"})
    if (out.size() >= fw.size() && out.compare(out.size() - fw.size(), fw.size(), fw) == 0)
      return true;
  return false;
}

}  // namespace

std::string Punctuate(std::string_view lang, std::string_view text) {
  const bool fr = lang == "fr";
  const bool zh = lang == "zh-Hans";
  if (!fr && !zh) return std::string(text);
  std::string out;
  out.reserve(text.size() + 8);
  int braces = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '{') ++braces;
    if (c == '}' && braces > 0) --braces;
    if (braces > 0 || !IsMark(c) || !IsPunctuation(text, i, out)) {
      // zh: a space right after a full-width mark goes.
      if (zh && IsFullWidthMarkAt(out)) {
        if (size_t n = SpaceAt(text, i)) {
          i += n - 1;
          continue;
        }
      }
      out += c;
      continue;
    }
    // Drop the spaces before the mark.
    while (size_t n = SpaceBefore(out, out.size())) out.resize(out.size() - n);
    if (out.empty()) {  // the mark opened the text after all
      out += c;
      continue;
    }
    if (fr) {
      out += kNarrowNbsp;
      out += c;
    } else {
      out += FullWidth(c);
    }
  }
  return out;
}

std::string_view IndefiniteArticle(std::string_view word) {
  size_t s = 0;
  while (s < word.size() &&
         (word[s] == '"' || word[s] == '(' || word[s] == '\'' || word[s] == '*' || word[s] == '_'))
    ++s;
  word.remove_prefix(s);
  if (word.empty()) return "a";
  if (word.substr(0, 3) == "\u201C" || word.substr(0, 3) == "\u2018")
    return IndefiniteArticle(word.substr(3));
  const char c0 = word[0];
  if (IsAsciiDigit(c0)) {
    size_t n = 0;
    while (n < word.size() && (IsAsciiDigit(word[n]) || word[n] == ',')) ++n;
    std::string_view digits = word.substr(0, n);
    if (c0 == '8') return "an";                         // eight, eighty, 800
    if (digits == "11" || digits == "18") return "an";  // eleven, eighteen
    if (digits.substr(0, 3) == "11," || digits.substr(0, 3) == "18,") return "an";
    return "a";
  }
  auto lower = [](char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  };
  const bool upper0 = std::isupper(static_cast<unsigned char>(c0)) != 0;
  const char c1 = word.size() > 1 ? word[1] : '\0';
  // Letters said one by one: "RTX", "H100", "FP8", "NVIDIA", "x86", "M3".
  const bool spelled = (upper0 && std::isupper(static_cast<unsigned char>(c1))) ||
                       (std::isalpha(static_cast<unsigned char>(c0)) && IsAsciiDigit(c1)) ||
                       (word.size() == 1 && std::isalpha(static_cast<unsigned char>(c0)));
  if (spelled) {
    const std::string_view vowel_names = "aefhilmnorsx";
    return vowel_names.find(lower(c0)) != std::string_view::npos ? "an" : "a";
  }
  std::string w;
  for (size_t i = 0; i < word.size() && i < 6; ++i) w += lower(word[i]);
  auto starts = [&](std::string_view p) { return w.compare(0, p.size(), p) == 0; };
  // Vowel letters said as consonants, and silent h.
  for (std::string_view p : {"uni", "use", "usu", "uti", "ura", "uro", "eu", "one", "once", "ubi"})
    if (starts(p)) return "a";
  for (std::string_view p : {"hour", "honest", "honou", "heir"})
    if (starts(p)) return "an";
  return std::string_view("aeiou").find(w[0]) != std::string_view::npos ? "an" : "a";
}

std::string FixArticles(std::string_view lang, std::string_view text) {
  if (lang != "en") return std::string(text);
  std::string out;
  out.reserve(text.size() + 4);
  size_t i = 0;
  while (i < text.size()) {
    // An article starts a word: at the start or after a non-letter.
    const bool word_start = i == 0 || !std::isalpha(static_cast<unsigned char>(text[i - 1]));
    size_t len = 0;
    if (word_start) {
      if ((text[i] == 'a' || text[i] == 'A') && i + 1 < text.size() && text[i + 1] == ' ')
        len = 1;
      else if ((text[i] == 'a' || text[i] == 'A') && i + 2 < text.size() && text[i + 1] == 'n' &&
               text[i + 2] == ' ')
        len = 2;
    }
    if (len == 0) {
      out += text[i++];
      continue;
    }
    size_t w = i + len + 1;
    size_t e = w;
    while (e < text.size() && text[e] != ' ') ++e;
    std::string_view article = IndefiniteArticle(text.substr(w, e - w));
    // Nothing follows, a placeholder not yet replaced, or a word that starts with neither a
    // letter nor a digit (a marker standing for HTML): leave it as written.
    size_t first = w;
    while (first < e && (text[first] == '"' || text[first] == '(' || text[first] == '\'' ||
                         text[first] == '*' || text[first] == '_'))
      ++first;
    if (first == e || !IsAsciiAlnum(text[first])) article = len == 1 ? "a" : "an";
    out += text[i];  // keeps the case of the first letter
    if (article == "an") out += 'n';
    out += ' ';
    i = w;
  }
  return out;
}

std::string_view LabelSeparator(std::string_view lang) {
  if (lang == "fr") return "\u202F: ";
  if (lang == "zh-Hans") return "：";
  return ": ";
}

}  // namespace gg
