// A parsed JSON document that remembers where every value and key came from, so that errors
// in syntactically valid JSON (wrong type, missing field, unknown field) still point at a
// line and column, not only at a JSON pointer.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "base/diagnostics.h"

namespace gg {

struct JsonDoc {
  std::string file;  // relative path, used in diagnostics
  nlohmann::json root;
  // JSON pointer ("/gpus/3/memory_gb") -> position of the value's first character.
  std::map<std::string, SourceLoc> value_locs;
  // JSON pointer of a member -> position of its key (the opening quote).
  std::map<std::string, SourceLoc> key_locs;

  // Where the value at `pointer` starts; falls back to the nearest ancestor, then 1:1.
  SourceLoc LocOf(const std::string& pointer) const;
  // Where the key of the member at `pointer` starts (value position when unknown).
  SourceLoc KeyLocOf(const std::string& pointer) const;
};

// Parses text. On a syntax error reports it at its line:col (nlohmann gives a byte offset)
// and returns false; the document is then unusable.
bool ParseJsonDoc(const std::string& file, const std::string& text, JsonDoc* doc,
                  Diagnostics* diags);

// Escapes one reference token for a JSON pointer ("~" -> "~0", "/" -> "~1").
std::string JsonPointerToken(const std::string& key);

}  // namespace gg
