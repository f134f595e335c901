// Small text utilities shared by every module: UTF-8 checks, HTML escaping, slugs, hashes.
#pragma once

#include <string>
#include <string_view>

namespace gg {

// Byte offset of the first invalid UTF-8 sequence, or npos when the text is valid.
size_t FindInvalidUtf8(std::string_view text);

// 1-based line and column (in code points) of a byte offset.
void LineColOf(std::string_view text, size_t offset, int* line, int* col);

// Escapes & < > " ' for HTML text and attribute values; the apostrophe as `apostrophe`
// (the templates write kainjow's "&apos;", render/templates.cc).
std::string HtmlEscape(std::string_view text, std::string_view apostrophe = "&#39;");

// Anchor id for a heading: lowercase ASCII letters and digits kept, other ASCII runs become
// one '-', non-ASCII code points (CJK headings) are kept as they are (valid in HTML5 ids and
// readable in URLs). Never empty: "section" when nothing is left.
std::string Slugify(std::string_view text);

// Lowercase hex SHA-256 of the bytes (Nettle's implementation).
std::string Sha256Hex(std::string_view bytes);

// The bytes in lowercase hex, two digits each.
std::string LowerHex(std::string_view bytes);

bool StartsWith(std::string_view s, std::string_view prefix);
// Where needle first occurs in s at or after `from`, or npos. glibc's memmem (two-way): a
// std::string::find stops at every occurrence of the needle's first character, and the
// needles searched in whole pages ("class=\"…\"") start with common letters.
size_t FindIn(std::string_view s, std::string_view needle, size_t from = 0);
inline bool Contains(std::string_view s, std::string_view needle) {
  return FindIn(s, needle) != std::string_view::npos;
}
bool EndsWith(std::string_view s, std::string_view suffix);
std::string Trim(std::string_view s);

}  // namespace gg
