#include "data/json_doc.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <unordered_map>

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

// Whether a decoded string holds a control character (C0, DEL or C1). JSON only lets them in
// escaped ("\u0007"); none belongs in a name, a source or a note, and in HTML or a terminal
// they hide text or corrupt it.
bool FindControlChar(const std::string& s, unsigned* code) {
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7F) {
      *code = c;
      return true;
    }
    if (c == 0xC2 && i + 1 < s.size()) {
      unsigned char d = static_cast<unsigned char>(s[i + 1]);
      if (d >= 0x80 && d <= 0x9F) {
        *code = d;
        return true;
      }
    }
  }
  return false;
}

std::string CodePoint(unsigned code) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "U+%04X", code);
  return buf;
}

// Checks nesting before anything recursive sees the text: reports the first bracket that
// opens level kMaxJsonDepth + 1. Strings are skipped (brackets in them do not count).
bool CheckDepth(const std::string& file, const std::string& text, Diagnostics* diags) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      if (++depth > kMaxJsonDepth) {
        int line, col;
        LineColOf(text, i, &line, &col);
        diags->Error({file, line, col},
                     "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
        return false;
      }
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return true;
}

// nlohmann's DOM builder, with its errors kept (byte offset + message) instead of thrown, so
// that parsing needs no exceptions (the data module also builds for WebAssembly).
class DomBuilder : public nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
 public:
  explicit DomBuilder(nlohmann::json* target)
      : nlohmann::detail::json_sax_dom_parser<nlohmann::json>(*target, false) {}
  template <class Exception>
  bool parse_error(std::size_t position, const std::string& /*last_token*/, const Exception& ex) {
    if (!failed) {
      failed = true;
      byte = position;
      message = ex.what();
    }
    return false;
  }
  bool failed = false;
  std::size_t byte = 0;
  std::string message;
};

// A scanner over text already known to be valid JSON (nesting at most kMaxJsonDepth): records
// the position of each value and key by pointer, and reports what nlohmann accepts but the
// data must not contain: duplicate keys (nlohmann keeps the last, silently) and control
// characters in strings.
class LocationScanner {
 public:
  LocationScanner(const std::string& file, const std::string& text, JsonDoc* doc,
                  Diagnostics* diags)
      : file_(file), text_(text), doc_(doc), diags_(diags) {}

  void Run() {
    SkipWs();
    Value();
    doc_->value_locs.Seal();
    doc_->key_locs.Seal();
  }

 private:
  JsonPos Here() const { return {line_, col_}; }
  SourceLoc At(JsonPos p) const { return {file_, p.line, p.col}; }

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
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n') break;
      Advance();
    }
  }

  // The string starting at the current quote, decoded. Valid JSON has no raw line break in a
  // string, so only the column moves; nlohmann decodes the rare string with an escape, so
  // keys with escapes map exactly as its DOM has them.
  std::string String() {
    const JsonPos at = Here();
    const size_t start = pos_ + 1;
    size_t end = start;
    bool escaped = false;
    while (end < text_.size() && text_[end] != '"') {
      if (text_[end] == '\\') {
        escaped = true;
        ++end;
      }
      ++end;
    }
    for (size_t i = pos_; i < end + 1 && i < text_.size(); ++i)
      if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++col_;
    pos_ = std::min(end + 1, text_.size());
    std::string decoded = text_.substr(start, end - start);
    if (escaped) {
      auto parsed = nlohmann::json::parse("\"" + decoded + "\"", nullptr, false);
      if (parsed.is_string()) decoded = parsed.get<std::string>();
    }
    unsigned code = 0;
    if (FindControlChar(decoded, &code)) {
      diags_->Error(At(at), "control character " + CodePoint(code) + " in a string",
                    "remove it; text fields hold plain text");
    }
    return decoded;
  }

  // The value at the current position, whose pointer is path_ (restored on return).
  void Value() {
    doc_->value_locs.Add(path_, Here());
    if (pos_ >= text_.size()) return;
    char c = text_[pos_];
    if (c == '{') {
      Advance();
      SkipWs();
      std::unordered_map<std::string, JsonPos> keys;  // this object's, for duplicates
      while (pos_ < text_.size() && text_[pos_] != '}') {
        const JsonPos key_loc = Here();
        std::string key = String();
        const size_t parent = path_.size();
        path_ += '/';
        path_ += JsonPointerToken(key);
        auto [it, fresh] = keys.emplace(key, key_loc);
        if (!fresh) {
          diags_->Error(At(key_loc), "duplicate key '" + key + "'",
                        "it is already set at line " + std::to_string(it->second.line) + ":" +
                            std::to_string(it->second.col));
          it->second = key_loc;
        }
        // nlohmann keeps the last copy: positions follow it.
        doc_->key_locs.Add(path_, key_loc);
        SkipWs();
        Advance();  // ':'
        SkipWs();
        Value();
        path_.resize(parent);
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
        const size_t parent = path_.size();
        path_ += '/';
        path_ += std::to_string(index++);
        Value();
        path_.resize(parent);
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
  Diagnostics* diags_;
  size_t pos_ = 0;
  int line_ = 1;
  int col_ = 1;
  std::string path_;  // the pointer of the value being scanned
};

}  // namespace

namespace {

// FNV-1a, 64 bits: dependency-free (this file also builds for WebAssembly, where size_t and
// std::hash are 32 bits wide).
uint64_t PointerHash(std::string_view pointer) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : pointer) h = (h ^ c) * 1099511628211ull;
  return h;
}

}  // namespace

void JsonPositions::Add(std::string_view pointer, JsonPos pos) {
  entries_.emplace_back(PointerHash(pointer), pos);
}

void JsonPositions::Seal() {
  std::stable_sort(entries_.begin(), entries_.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  // Of equal hashes (a key given twice) the last added is the one kept.
  std::vector<std::pair<uint64_t, JsonPos>> kept;
  kept.reserve(entries_.size());
  for (size_t i = 0; i < entries_.size(); ++i)
    if (i + 1 == entries_.size() || entries_[i + 1].first != entries_[i].first)
      kept.push_back(entries_[i]);
  entries_ = std::move(kept);
}

const JsonPos* JsonPositions::Find(std::string_view pointer) const {
  const uint64_t h = PointerHash(pointer);
  auto it = std::lower_bound(entries_.begin(), entries_.end(), h,
                             [](const auto& e, uint64_t v) { return e.first < v; });
  return it != entries_.end() && it->first == h ? &it->second : nullptr;
}

SourceLoc JsonDoc::LocOf(const std::string& pointer) const {
  std::string_view p = pointer;
  while (true) {
    if (const JsonPos* at = value_locs.Find(p)) return {file, at->line, at->col};
    if (p.empty()) return {file, 1, 1};
    p = p.substr(0, p.rfind('/'));
  }
}

SourceLoc JsonDoc::KeyLocOf(const std::string& pointer) const {
  const JsonPos* at = key_locs.Find(pointer);
  return at ? SourceLoc{file, at->line, at->col} : LocOf(pointer);
}

bool ParseJsonDoc(const std::string& file, const std::string& text, JsonDoc* doc,
                  Diagnostics* diags, bool locations) {
  doc->file = file;
  if (!CheckDepth(file, text, diags)) return false;
  DomBuilder builder(&doc->root);
  nlohmann::json::sax_parse(text, &builder, nlohmann::json::input_format_t::json, true, false);
  if (builder.failed) {
    // The byte offset is 1-based and points just past the offending character.
    size_t offset = builder.byte > 0 ? builder.byte - 1 : 0;
    if (offset > text.size()) offset = text.size();
    int line, col;
    LineColOf(text, offset, &line, &col);
    // nlohmann: "[json.exception.parse_error.101] parse error at line 3, column 5: syntax
    // error while parsing object - unexpected '}'; expected string literal", or
    // "[json.exception.out_of_range.406] number overflow parsing '1e999'".
    const std::string& what = builder.message;
    std::string message;
    if (size_t at = what.find("syntax error"); at != std::string::npos) {
      message = "invalid JSON: " + what.substr(at);
    } else if (size_t ov = what.find("number overflow parsing "); ov != std::string::npos) {
      message =
          "number out of range: " + what.substr(ov + 24) + " is beyond what a double can hold";
      // Point at the number's first character, not just past it.
      size_t start = offset;
      while (start > 0 && std::strchr("0123456789+-.eE", text[start - 1]) && text[start - 1])
        --start;
      LineColOf(text, start, &line, &col);
    } else {
      size_t close = what.find("] ");
      message = "invalid JSON: " + (close != std::string::npos ? what.substr(close + 2) : what);
    }
    diags->Error({file, line, col}, message);
    doc->root = nullptr;
    return false;
  }
  // Duplicate keys and control characters are reported, but the document stays usable so
  // that the rest of the file is still checked in the same run.
  if (locations) LocationScanner(file, text, doc, diags).Run();
  return true;
}

}  // namespace gg
