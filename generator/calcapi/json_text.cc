#include "calcapi/json_text.h"

#include <algorithm>

namespace gg::calcapi {

namespace {

// Accepts every event and records the parse error's position and message.
class ErrorPosition : public nlohmann::json_sax<Json> {
 public:
  size_t position = 0;
  std::string what;

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t pos, const std::string&,
                   const nlohmann::detail::exception& ex) override {
    position = pos;
    what = ex.what();
    return false;
  }
};

// nlohmann's message without its "[json.exception.parse_error.101] parse error at line 1,
// column 5: syntax error while parsing value - " preamble.
std::string Reason(const std::string& what) {
  std::string reason = what;
  if (size_t dash = reason.find(" - "); dash != std::string::npos)
    reason = reason.substr(dash + 3);
  else if (size_t colon = reason.rfind(": "); colon != std::string::npos)
    reason = reason.substr(colon + 2);
  return reason.empty() ? "not a JSON value" : reason;
}

// The offset of the bracket that opens level kMaxJsonTextDepth + 1, npos when there is none.
// Strings are skipped (brackets in them do not count).
size_t TooDeepAt(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      if (++depth > kMaxJsonTextDepth) return i;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return std::string_view::npos;
}

}  // namespace

std::string JsonTextError::Message() const {
  return "invalid JSON at byte " + std::to_string(byte) + " (line " + std::to_string(line) +
         ", column " + std::to_string(column) + "): " + reason;
}

void LineColumn(std::string_view text, size_t byte, int* line, int* column) {
  byte = std::min(byte, text.size());
  *line = 1;
  *column = 1;
  for (size_t i = 0; i < byte; ++i) {
    if (text[i] == '\n') {
      ++*line;
      *column = 1;
    } else {
      ++*column;
    }
  }
}

std::optional<JsonTextError> ParseJsonText(std::string_view text, Json* out) {
  if (size_t at = TooDeepAt(text); at != std::string_view::npos) {
    JsonTextError e;
    e.byte = at;
    e.reason = "JSON nested deeper than " + std::to_string(kMaxJsonTextDepth) + " levels";
    LineColumn(text, e.byte, &e.line, &e.column);
    *out = Json();
    return e;
  }
  *out = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (!out->is_discarded()) return std::nullopt;
  ErrorPosition sax;
  Json::sax_parse(text.begin(), text.end(), &sax);
  JsonTextError e;
  // nlohmann counts the characters read, the offending one included.
  e.byte = sax.position > 0 ? std::min(sax.position - 1, text.size()) : 0;
  e.reason = Reason(sax.what);
  LineColumn(text, e.byte, &e.line, &e.column);
  *out = Json();
  return e;
}

std::string ShownJson(const Json& v) {
  return v.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string AnswerText(const Json& v) {
  return v.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace gg::calcapi
