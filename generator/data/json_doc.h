// A parsed JSON document that remembers where every value and key came from, so that errors
// in syntactically valid JSON (wrong type, missing field, unknown field) still point at a
// line and column, not only at a JSON pointer.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/diagnostics.h"

namespace gg {

// A line and column in the document's file (1-based; columns count characters).
struct JsonPos {
  int line = 1;
  int col = 1;
};

// Positions by JSON pointer, kept as (64-bit hash of the pointer, position) sorted by hash:
// the guide's data has ~40,000 values and every build records all of them, so an entry is 16
// bytes and no allocation (a string per pointer was a third of loading the data). Two pointers
// of one file sharing a hash (odds ~1e-10 with 64 bits) would only misplace a diagnostic.
class JsonPositions {
 public:
  // `pointer_hash`: FNV-1a (64 bits) of the pointer's text, as Find computes it.
  void Add(uint64_t pointer_hash, JsonPos pos);
  void Seal();  // sorts; a pointer added twice keeps its later position in the text
  const JsonPos* Find(std::string_view pointer) const;

 private:
  std::vector<std::pair<uint64_t, JsonPos>> entries_;
};

struct JsonDoc {
  std::string file;  // relative path, used in diagnostics
  nlohmann::json root;
  // JSON pointer ("/gpus/3/memory_gb") -> position of the value's first character.
  JsonPositions value_locs;
  // JSON pointer of a member -> position of its key (the opening quote).
  JsonPositions key_locs;

  // Where the value at `pointer` starts; falls back to the nearest ancestor, then 1:1.
  SourceLoc LocOf(const std::string& pointer) const;
  // Where the key of the member at `pointer` starts (value position when unknown).
  SourceLoc KeyLocOf(const std::string& pointer) const;
};

// Deepest nesting of objects and arrays a data file may have (the real files use 4); deeper
// text is refused before any recursive code sees it.
inline constexpr int kMaxJsonDepth = 64;

// Parses text without exceptions. Reports at line:col and returns false (the document is then
// unusable) on: a syntax error, nesting deeper than kMaxJsonDepth, a number beyond the range
// of a double (1e999). Also reports, keeping the document usable so the rest of the file is
// checked: a key repeated in one object (the last copy counts) and a control character in a
// string (keys included).
// With `locations` false, only the tree is made: no positions, and neither duplicate keys nor
// control characters are looked for (for text the loader has already checked).
bool ParseJsonDoc(const std::string& file, const std::string& text, JsonDoc* doc,
                  Diagnostics* diags, bool locations = true);

// Escapes one reference token for a JSON pointer ("~" -> "~0", "/" -> "~1").
std::string JsonPointerToken(const std::string& key);

}  // namespace gg
