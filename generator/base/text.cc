// The pure part of base/text.h (no GLib), so the WebAssembly build compiles it;
// text_glib.cc holds the two functions that need GLib.
#include "base/text.h"
#include <string.h>

namespace gg {

void LineColOf(std::string_view text, size_t offset, int* line, int* col) {
  int l = 1, c = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    unsigned char ch = static_cast<unsigned char>(text[i]);
    if (ch == '\n') {
      ++l;
      c = 1;
    } else if ((ch & 0xC0) != 0x80) {
      ++c;
    }
  }
  *line = l;
  *col = c;
}

std::string HtmlEscape(std::string_view text, std::string_view apostrophe) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += apostrophe;
        break;
      default:
        out += ch;
    }
  }
  return out;
}

std::string LowerHex(std::string_view bytes) {
  static const char kHex[] = "0123456789abcdef";
  std::string out(2 * bytes.size(), '0');
  for (size_t i = 0; i < bytes.size(); ++i) {
    const auto b = static_cast<unsigned char>(bytes[i]);
    out[2 * i] = kHex[b >> 4];
    out[2 * i + 1] = kHex[b & 15];
  }
  return out;
}

std::string Slugify(std::string_view text) {
  std::string out;
  bool dash = false;
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char ch = static_cast<unsigned char>(text[i]);
    if (ch >= 0x80) {
      out += static_cast<char>(ch);
      dash = false;
    } else if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) {
      out += static_cast<char>(ch);
      dash = false;
    } else if (ch >= 'A' && ch <= 'Z') {
      out += static_cast<char>(ch - 'A' + 'a');
      dash = false;
    } else if (!out.empty() && !dash) {
      out += '-';
      dash = true;
    }
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  // Full-width punctuation (U+3000–U+303F, U+FF00–U+FF0F…) would make ugly ids; drop the
  // common ones so CJK headings give clean anchors.
  static const char* kCjkPunct[] = {"\xE3\x80\x81", "\xE3\x80\x82", "\xEF\xBC\x8C", "\xEF\xBC\x9A",
                                    "\xEF\xBC\x9F", "\xEF\xBC\x81", "\xEF\xBC\x88", "\xEF\xBC\x89",
                                    "\xE3\x80\x8A", "\xE3\x80\x8B", "\xE2\x80\x94", "\xC2\xA0",
                                    "\xE2\x80\x99", "\xC2\xAB",     "\xC2\xBB",     "\xE2\x80\xAF"};
  for (const char* p : kCjkPunct) {
    std::string needle(p);
    size_t pos;
    while ((pos = out.find(needle)) != std::string::npos) out.replace(pos, needle.size(), "-");
  }
  std::string collapsed;
  for (char ch : out) {
    if (ch == '-' && (collapsed.empty() || collapsed.back() == '-')) continue;
    collapsed += ch;
  }
  while (!collapsed.empty() && collapsed.back() == '-') collapsed.pop_back();
  return collapsed.empty() ? "section" : collapsed;
}

size_t FindIn(std::string_view s, std::string_view needle, size_t from) {
  if (from > s.size()) return std::string_view::npos;
  if (needle.empty()) return from;
  const void* at = memmem(s.data() + from, s.size() - from, needle.data(), needle.size());
  return at ? static_cast<size_t>(static_cast<const char*>(at) - s.data()) : std::string_view::npos;
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string Trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r' || s[b] == '\n')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r' || s[e - 1] == '\n'))
    --e;
  return std::string(s.substr(b, e - b));
}

}  // namespace gg
