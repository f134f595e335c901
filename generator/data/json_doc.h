// A parsed JSON document that remembers where every value and key came from, so that errors
// in syntactically valid JSON (wrong type, missing field, unknown field) still point at a
// line and column, not only at a JSON pointer.
#pragma once

#include <cstdint>
#include <memory>
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

// The positions of one document's values and keys, worked out from its text the first time
// one is needed: a build whose data has no problem never needs one, and scanning was a fifth
// of a small incremental build. Shared by the document and by every SourceLoc it gave out,
// so a location stays resolvable after the document is gone. Thread-safe.
class JsonDocPositions {
 public:
  JsonDocPositions(std::string file, std::string text);
  ~JsonDocPositions();
  // Scans now and reports duplicate keys and control characters to diags (ParseJsonDoc does
  // when its parse saw one). A later scan reports nothing.
  void ScanReporting(Diagnostics* diags);
  // Where the value (or the key) at `pointer` starts; null when it has none.
  const JsonPos* Value(std::string_view pointer) const;
  const JsonPos* Key(std::string_view pointer) const;
  const std::string& file() const { return file_; }

 private:
  void Scan(Diagnostics* diags) const;
  void Ensure() const;

  std::string file_;
  std::string text_;
  struct Scanned;
  std::unique_ptr<Scanned> scanned_;  // the positions, and a flag that they are done
};

struct JsonDoc {
  std::string file;  // relative path, used in diagnostics
  nlohmann::json root;
  // Null when the document was parsed without locations.
  std::shared_ptr<JsonDocPositions> positions;

  // Where the value at `pointer` starts; falls back to the nearest ancestor, then 1:1. The
  // line and column are found when the location is reported (SourceLoc::Resolved).
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
// Duplicate keys and control characters are noticed during the parse; only then are the
// document's positions worked out at once (to report them), otherwise on first use.
// With `locations` false, only the tree is made: no positions, and neither duplicate keys nor
// control characters are looked for (for text the loader has already checked).
bool ParseJsonDoc(const std::string& file, const std::string& text, JsonDoc* doc,
                  Diagnostics* diags, bool locations = true);

// Escapes one reference token for a JSON pointer ("~" -> "~0", "/" -> "~1").
std::string JsonPointerToken(const std::string& key);

}  // namespace gg
