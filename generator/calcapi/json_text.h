// JSON text → a parsed value, or where and why it is not JSON: the byte offset, the line and
// the column (1-based; columns count bytes) of the first error, for messages such as
// "invalid JSON at byte 57 (line 3, column 14): unexpected end of input".
//
// Pure: no exceptions (nlohmann's parser in its non-throwing mode, with a SAX handler that
// records the position), so it compiles into calc.wasm.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "calcapi/calc_api.h"

namespace gg::calcapi {

struct JsonTextError {
  size_t byte = 0;  // 0-based offset of the byte the parser stopped at
  int line = 1;
  int column = 1;
  std::string reason;  // "unexpected end of input; expected '}'"

  // "invalid JSON at byte 57 (line 3, column 14): <reason>"
  std::string Message() const;
};

// Nesting deeper than this is refused before anything recursive sees the text (the data
// loader's limit, data/json_doc.h kMaxJsonDepth: no config.json nests beyond 5 levels, and
// ~60,000 levels overflowed the stack of `gpuguide calc --config`).
inline constexpr int kMaxJsonTextDepth = 64;

// Parses `text` into *out; the error when it is not one JSON value, or when it nests deeper
// than kMaxJsonTextDepth (at the bracket that opens the level too many: "JSON nested deeper
// than 64 levels").
std::optional<JsonTextError> ParseJsonText(std::string_view text, Json* out);

// Line and column (1-based, in bytes) of a byte offset of `text`.
void LineColumn(std::string_view text, size_t byte, int* line, int* column);

// The text of a value as it is quoted in a message ("got [1, 2]"): compact. A string may hold
// any bytes (a request, an argument), so invalid UTF-8 becomes U+FFFD instead of an exception.
std::string ShownJson(const Json& v);

// An answer as the calculator prints it (calc.wasm, `gpuguide calc --json`): indented by 2, a
// final newline, invalid UTF-8 replaced by U+FFFD as in ShownJson.
std::string AnswerText(const Json& v);

}  // namespace gg::calcapi
