#include "data/json_doc.h"

#include <cstring>

#include "base/text.h"

namespace gg {

std::string JsonPointerToken(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

namespace {

// A scanner over text already known to be valid JSON: records the position of each value
// and key by pointer. It does not validate; nlohmann already did.
class LocationScanner {
 public:
  LocationScanner(const std::string& file, const std::string& text, JsonDoc* doc)
      : file_(file), text_(text), doc_(doc) {}

  void Run() {
    SkipWs();
    Value("");
  }

 private:
  SourceLoc Here() const { return {file_, line_, col_}; }

  void Advance() {
    unsigned char ch = static_cast<unsigned char>(text_[pos_]);
    ++pos_;
    if (ch == '\n') {
      ++line_;
      col_ = 1;
    } else if ((ch & 0xC0) != 0x80) {
      ++col_;
    }
  }

  void SkipWs() {
    while (pos_ < text_.size() && std::strchr(" \t\r\n", text_[pos_]) && text_[pos_] != '\0')
      Advance();
  }

  std::string String() {
    std::string raw;
    Advance();  // opening quote
    while (pos_ < text_.size() && text_[pos_] != '"') {
      if (text_[pos_] == '\\') {
        raw += text_[pos_];
        Advance();
      }
      raw += text_[pos_];
      Advance();
    }
    Advance();  // closing quote
    // Decode escapes through nlohmann so keys with escapes map exactly.
    try {
      return nlohmann::json::parse("\"" + raw + "\"").get<std::string>();
    } catch (...) {
      return raw;
    }
  }

  void Value(const std::string& pointer) {
    doc_->value_locs[pointer] = Here();
    if (pos_ >= text_.size()) return;
    char c = text_[pos_];
    if (c == '{') {
      Advance();
      SkipWs();
      while (pos_ < text_.size() && text_[pos_] != '}') {
        SourceLoc key_loc = Here();
        std::string key = String();
        std::string child = pointer + "/" + JsonPointerToken(key);
        doc_->key_locs[child] = key_loc;
        SkipWs();
        Advance();  // ':'
        SkipWs();
        Value(child);
        SkipWs();
        if (pos_ < text_.size() && text_[pos_] == ',') {
          Advance();
          SkipWs();
        }
      }
      Advance();
    } else if (c == '[') {
      Advance();
      SkipWs();
      int index = 0;
      while (pos_ < text_.size() && text_[pos_] != ']') {
        Value(pointer + "/" + std::to_string(index++));
        SkipWs();
        if (pos_ < text_.size() && text_[pos_] == ',') {
          Advance();
          SkipWs();
        }
      }
      Advance();
    } else if (c == '"') {
      String();
    } else {
      while (pos_ < text_.size() && !std::strchr(",]} \t\r\n", text_[pos_])) Advance();
    }
  }

  const std::string& file_;
  const std::string& text_;
  JsonDoc* doc_;
  size_t pos_ = 0;
  int line_ = 1;
  int col_ = 1;
};

}  // namespace

SourceLoc JsonDoc::LocOf(const std::string& pointer) const {
  std::string p = pointer;
  while (true) {
    auto it = value_locs.find(p);
    if (it != value_locs.end()) return it->second;
    if (p.empty()) return {file, 1, 1};
    p = p.substr(0, p.rfind('/'));
  }
}

SourceLoc JsonDoc::KeyLocOf(const std::string& pointer) const {
  auto it = key_locs.find(pointer);
  return it != key_locs.end() ? it->second : LocOf(pointer);
}

bool ParseJsonDoc(const std::string& file, const std::string& text, JsonDoc* doc,
                  Diagnostics* diags) {
  doc->file = file;
  try {
    doc->root = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is 1-based and points just past the offending character.
    size_t offset = e.byte > 0 ? e.byte - 1 : 0;
    int line, col;
    LineColOf(text, offset, &line, &col);
    std::string what = e.what();
    // nlohmann: "[json.exception.parse_error.101] parse error at line 3, column 5: syntax
    // error while parsing object - unexpected '}'; expected string literal"
    size_t colon = what.find("syntax error");
    std::string message = colon != std::string::npos ? what.substr(colon) : what;
    diags->Error({file, line, col}, "invalid JSON: " + message);
    return false;
  }
  LocationScanner(file, text, doc).Run();
  return true;
}

}  // namespace gg
