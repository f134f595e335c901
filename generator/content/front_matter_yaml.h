// The YAML of a page's front matter, read with libyaml's event parser (Debian's libyaml-dev)
// into the little a front matter can hold: one mapping of keys to single values or lists.
// It replaces yaml-cpp, whose node tree cost about as much per page as cmark-gfm's whole
// parse of the page (issue 16: ~5 % of a cold build's CPU per page went to yaml-cpp).
//
// What it accepts is YAML, as libyaml parses it; what it keeps is shaped for page_source.cc:
//  - the document must be one mapping; each entry keeps its key, the key's and the value's
//    positions, and the value as a scalar (its text, and whether it was quoted), a null
//    (an empty value, ~ or null written plainly), a list of such values, or "other" (a nested
//    mapping, a nested list in a list, an alias);
//  - anchors and tags are accepted and ignored; aliases are never expanded (a front matter
//    cannot make the parser build a large tree: each event is read once);
//  - only the first document is read.
// On a syntax error it returns false with libyaml's message and position; nothing is kept.
#pragma once

#include <string>
#include <vector>

namespace gg {

struct YamlValue {
  enum class Kind { kScalar, kNull, kList, kOther };
  Kind kind = Kind::kNull;
  std::string text;              // kScalar: the value as written (quotes and escapes resolved)
  bool quoted = false;           // kScalar: written in quotes or as a block scalar
  std::vector<YamlValue> items;  // kList: the items (each a scalar, a null or "other")
  int line = 0, col = 0;         // 0-based position within the YAML text
};

struct YamlEntry {
  std::string key;  // "" when the key is not a scalar
  int key_line = 0, key_col = 0;
  YamlValue value;
};

struct YamlMapping {
  bool is_mapping = false;         // false: the document is empty, a scalar or a list
  std::vector<YamlEntry> entries;  // in the order written, duplicates kept
};

struct YamlError {
  std::string message;    // libyaml's problem, with its context when it gives one
  int line = 0, col = 0;  // 0-based position within the YAML text
};

// Parses `yaml`. False on a syntax error (*error set; *out is then unspecified).
bool ParseFrontMatterYaml(const std::string& yaml, YamlMapping* out, YamlError* error);

// YAML 1.1 booleans as yaml-cpp read them: y, yes, true, on / n, no, false, off, each in
// lower case, capitalised or upper case. False when `text` is none of them.
bool YamlBool(const std::string& text, bool* value);

// A whole number as yaml-cpp read it (a C++ stream with the base taken from the prefix):
// an optional sign, then decimal, 0x hex or 0-led octal, within int's range. False otherwise.
bool YamlInt(const std::string& text, int* value);

}  // namespace gg
