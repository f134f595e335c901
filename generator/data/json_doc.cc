#include "data/json_doc.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#if !defined(__wasi__)
#include <mutex>
#endif
#include <unordered_map>

#include "base/text.h"

#if GG_HAVE_SIMDJSON
#include <simdjson.h>
#endif

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

// FNV-1a of a whole string (the hash JsonPositions keys by, and the duplicate check's).
uint64_t FnvOf(std::string_view text);

// nlohmann's DOM builder, with its errors kept (byte offset + message) instead of thrown, so
// that parsing needs no exceptions (the data module also builds for WebAssembly). With
// `watch`, it also notices what the data must not contain and nlohmann accepts: a key given
// twice in one object (by hash: a collision only costs a scan that finds nothing) and a
// control character in a decoded string or key.
class DomBuilder : public nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
  using Base = nlohmann::detail::json_sax_dom_parser<nlohmann::json>;

 public:
  DomBuilder(nlohmann::json* target, bool watch) : Base(*target, false), watch_(watch) {}
  template <class Exception>
  bool parse_error(std::size_t position, const std::string& /*last_token*/, const Exception& ex) {
    if (!failed) {
      failed = true;
      byte = position;
      message = ex.what();
    }
    return false;
  }
  bool start_object(std::size_t n) {
    if (watch_) {
      if (depth_ == keys_.size()) keys_.emplace_back();
      keys_[depth_++].clear();
    }
    return Base::start_object(n);
  }
  bool end_object() {
    if (watch_ && depth_ > 0) --depth_;
    return Base::end_object();
  }
  bool key(string_t& k) {
    if (watch_ && depth_ > 0) {
      std::vector<uint64_t>& seen = keys_[depth_ - 1];
      const uint64_t h = FnvOf(k);
      if (std::find(seen.begin(), seen.end(), h) != seen.end()) suspect = true;
      seen.push_back(h);
      Check(k);
    }
    return Base::key(k);
  }
  bool string(string_t& v) {
    if (watch_) Check(v);
    return Base::string(v);
  }

  bool failed = false;
  std::size_t byte = 0;
  std::string message;
  bool suspect = false;  // something to report: the positions are needed now

 private:
  void Check(const std::string& text) {
    unsigned code;
    if (!suspect && FindControlChar(text, &code)) suspect = true;
  }
  bool watch_;
  size_t depth_ = 0;
  std::vector<std::vector<uint64_t>> keys_;  // by depth: the key hashes of the open objects
};

// FNV-1a, 64 bits: dependency-free (this file also builds for WebAssembly, where size_t and
// std::hash are 32 bits wide). Streaming: the hash of a pointer is carried on from its
// parent's, so the scanner never builds pointer strings.
constexpr uint64_t kFnvOffset = 14695981039346656037ull;
constexpr uint64_t kFnvPrime = 1099511628211ull;
inline uint64_t FnvByte(uint64_t h, unsigned char c) {
  return (h ^ c) * kFnvPrime;
}
// The hash of `pointer + "/" + token(key)`, from the hash of pointer (JsonPointerToken's
// escapes applied on the way).
uint64_t FnvChild(uint64_t h, std::string_view key) {
  h = FnvByte(h, '/');
  for (unsigned char c : key) {
    if (c == '~') {
      h = FnvByte(FnvByte(h, '~'), '0');
    } else if (c == '/') {
      h = FnvByte(FnvByte(h, '~'), '1');
    } else {
      h = FnvByte(h, c);
    }
  }
  return h;
}
uint64_t FnvOf(std::string_view text) {
  uint64_t h = kFnvOffset;
  for (unsigned char c : text) h = FnvByte(h, c);
  return h;
}
uint64_t FnvIndex(uint64_t h, int index) {
  char digits[12];
  int n = 0;
  do {
    digits[n++] = static_cast<char>('0' + index % 10);
    index /= 10;
  } while (index > 0);
  h = FnvByte(h, '/');
  while (n > 0) h = FnvByte(h, static_cast<unsigned char>(digits[--n]));
  return h;
}

// A scanner over text already known to be valid JSON (nesting at most kMaxJsonDepth): records
// the position of each value and key by pointer, and reports what nlohmann accepts but the
// data must not contain: duplicate keys (nlohmann keeps the last, silently) and control
// characters in strings. One pass, no string per value: pointers are carried as hashes, keys
// are views of the text (decoded only when they hold an escape).
class LocationScanner {
 public:
  LocationScanner(const std::string& file, const std::string& text, JsonPositions* values,
                  JsonPositions* keys, Diagnostics* diags)
      : file_(file), text_(text), values_(values), keys_(keys), diags_(diags) {}

  void Run() {
    SkipWs();
    Value(kFnvOffset, 0);
    values_->Seal();
    keys_->Seal();
  }

 private:
  // A key of the object being scanned, for the duplicate check.
  struct SeenKey {
    uint64_t hash;  // FNV-1a of the decoded key
    JsonPos at;
    std::string decoded;  // only when the raw key holds an escape; else raw is the key
    std::string_view raw;
    std::string_view Key() const { return decoded.empty() ? raw : std::string_view(decoded); }
  };

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
      if (c == '\n') {
        ++line_;
        col_ = 1;
      } else if (c == ' ' || c == '\t' || c == '\r') {
        ++col_;
      } else {
        break;
      }
      ++pos_;
    }
  }

  // The string starting at the current quote: its raw text (between the quotes) and, when it
  // holds an escape, its decoded text in *decoded (left empty otherwise). Valid JSON has no raw
  // line break in a string, so only the column moves; nlohmann decodes the rare string with an
  // escape, so keys with escapes map exactly as its DOM has them.
  std::string_view String(std::string* decoded) {
    const JsonPos at = Here();
    const size_t start = pos_ + 1;
    size_t end = start;
    bool escaped = false;
    int chars = 2;  // the quotes
    unsigned code = 0;
    bool control = false;
    const size_t size = text_.size();
    while (end < size && text_[end] != '"') {
      const unsigned char c = static_cast<unsigned char>(text_[end]);
      if (c == '\\') {
        escaped = true;
        chars += 2;
        end += 2;
        continue;
      }
      if ((c & 0xC0) != 0x80) ++chars;
      // Raw C0 controls are not valid JSON (nlohmann refused them); DEL and C1 (U+0080–U+009F,
      // 0xC2 0x80–0x9F in UTF-8) are, and are refused here.
      if (!control &&
          (c == 0x7F || (c == 0xC2 && end + 1 < size &&
                         (static_cast<unsigned char>(text_[end + 1]) & 0xE0) == 0x80))) {
        control = true;
        code = c == 0x7F ? c : static_cast<unsigned char>(text_[end + 1]);
      }
      ++end;
    }
    end = std::min(end, size);
    col_ += chars;
    pos_ = std::min(end + 1, size);
    const std::string_view raw(text_.data() + start, end - start);
    if (escaped) {
      auto parsed = nlohmann::json::parse("\"" + std::string(raw) + "\"", nullptr, false);
      if (parsed.is_string()) *decoded = parsed.get<std::string>();
      if (!control) control = FindControlChar(*decoded, &code);
    }
    if (control) {
      diags_->Error(At(at), "control character " + CodePoint(code) + " in a string",
                    "remove it; text fields hold plain text");
    }
    return raw;
  }

  // Reports `key` if the object already has it (nlohmann keeps the last copy: positions and
  // the "already set" hint follow it).
  void CheckDuplicate(std::vector<SeenKey>& seen, SeenKey key) {
    for (auto it = seen.rbegin(); it != seen.rend(); ++it) {
      if (it->hash != key.hash || it->Key() != key.Key()) continue;
      diags_->Error(At(key.at), "duplicate key '" + std::string(key.Key()) + "'",
                    "it is already set at line " + std::to_string(it->at.line) + ":" +
                        std::to_string(it->at.col));
      break;
    }
    seen.push_back(std::move(key));
  }

  // The value at the current position, whose pointer hashes to `h`, `depth` levels deep.
  void Value(uint64_t h, size_t depth) {
    values_->Add(h, Here());
    if (pos_ >= text_.size()) return;
    char c = text_[pos_];
    if (c == '{') {
      Advance();
      SkipWs();
      if (seen_.size() <= depth) seen_.resize(depth + 1);
      seen_[depth].clear();
      while (pos_ < text_.size() && text_[pos_] != '}') {
        SeenKey key;
        key.at = Here();
        key.raw = String(&key.decoded);
        key.hash = FnvChild(kFnvOffset, key.Key());
        const uint64_t child = FnvChild(h, key.Key());
        keys_->Add(child, key.at);
        CheckDuplicate(seen_[depth], std::move(key));
        SkipWs();
        Advance();  // ':'
        SkipWs();
        Value(child, depth + 1);
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
        Value(FnvIndex(h, index++), depth + 1);
        SkipWs();
        if (pos_ < text_.size() && text_[pos_] == ',') {
          Advance();
          SkipWs();
        }
      }
      Advance();
    } else if (c == '"') {
      std::string decoded;
      String(&decoded);
    } else {
      // A number, true, false or null: ASCII up to the next delimiter.
      while (pos_ < text_.size()) {
        const char d = text_[pos_];
        if (d == ',' || d == ']' || d == '}' || d == ' ' || d == '\t' || d == '\r' || d == '\n')
          break;
        ++pos_;
        ++col_;
      }
    }
  }

  const std::string& file_;
  const std::string& text_;
  JsonPositions* values_;
  JsonPositions* keys_;
  Diagnostics* diags_;
  size_t pos_ = 0;
  int line_ = 1;
  int col_ = 1;
  std::vector<std::vector<SeenKey>> seen_;  // by depth: the keys of the object being scanned
};

}  // namespace

void JsonPositions::Add(uint64_t pointer_hash, JsonPos pos) {
  entries_.emplace_back(pointer_hash, pos);
}

void JsonPositions::Seal() {
  // Entries are added in the order of the text, so of equal hashes (a key given twice) the
  // one with the greatest position is the last added, the one kept.
  auto later = [](const JsonPos& a, const JsonPos& b) {
    return a.line != b.line ? a.line < b.line : a.col < b.col;
  };
  std::sort(entries_.begin(), entries_.end(), [&](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first : later(a.second, b.second);
  });
  size_t kept = 0;
  for (size_t i = 0; i < entries_.size(); ++i)
    if (i + 1 == entries_.size() || entries_[i + 1].first != entries_[i].first)
      entries_[kept++] = entries_[i];
  entries_.resize(kept);
}

const JsonPos* JsonPositions::Find(std::string_view pointer) const {
  const uint64_t h = FnvOf(pointer);
  auto it = std::lower_bound(entries_.begin(), entries_.end(), h,
                             [](const auto& e, uint64_t v) { return e.first < v; });
  return it != entries_.end() && it->first == h ? &it->second : nullptr;
}

#if defined(__wasi__)
// The browser build has no threads (and its libc++ no std::call_once).
struct JsonDocPositions::Scanned {
  bool done = false;
  JsonPositions values, keys;
  template <typename F>
  void Once(F f) {
    if (!done) f();
    done = true;
  }
};
#else
struct JsonDocPositions::Scanned {
  std::once_flag once;
  JsonPositions values, keys;
  template <typename F>
  void Once(F f) {
    std::call_once(once, f);
  }
};
#endif

JsonDocPositions::JsonDocPositions(std::string file, std::string text)
    : file_(std::move(file)), text_(std::move(text)), scanned_(std::make_unique<Scanned>()) {}

JsonDocPositions::~JsonDocPositions() = default;

void JsonDocPositions::Scan(Diagnostics* diags) const {
  scanned_->Once(
      [&] { LocationScanner(file_, text_, &scanned_->values, &scanned_->keys, diags).Run(); });
}

void JsonDocPositions::ScanReporting(Diagnostics* diags) {
  Scan(diags);
}

void JsonDocPositions::Ensure() const {
  // What the scan would report, the parse has seen not to be there (or ScanReporting has
  // reported already): nothing to say.
  Diagnostics none;
  Scan(&none);
}

const JsonPos* JsonDocPositions::Value(std::string_view pointer) const {
  Ensure();
  return scanned_->values.Find(pointer);
}

const JsonPos* JsonDocPositions::Key(std::string_view pointer) const {
  Ensure();
  return scanned_->keys.Find(pointer);
}

namespace {

// A location in a JSON document, found when it is resolved: the value's position (or the
// key's), else the nearest ancestor value's, else 1:1.
class DeferredJsonPosition : public DeferredPosition {
 public:
  DeferredJsonPosition(std::shared_ptr<const JsonDocPositions> doc, std::string pointer, bool key)
      : doc_(std::move(doc)), pointer_(std::move(pointer)), key_(key) {}
  void Find(int* line, int* col) const override {
    const JsonPos* at = key_ ? doc_->Key(pointer_) : nullptr;
    std::string_view p = pointer_;
    while (!at) {
      at = doc_->Value(p);
      if (at || p.empty()) break;
      p = p.substr(0, p.rfind('/'));
    }
    *line = at ? at->line : 1;
    *col = at ? at->col : 1;
  }

 private:
  std::shared_ptr<const JsonDocPositions> doc_;
  std::string pointer_;
  bool key_;
};

SourceLoc DeferredLoc(const JsonDoc& doc, const std::string& pointer, bool key) {
  if (!doc.positions) return {doc.file, 1, 1};
  return {doc.file, 0, 0, std::make_shared<DeferredJsonPosition>(doc.positions, pointer, key)};
}

}  // namespace

SourceLoc JsonDoc::LocOf(const std::string& pointer) const {
  return DeferredLoc(*this, pointer, false);
}

SourceLoc JsonDoc::KeyLocOf(const std::string& pointer) const {
  return DeferredLoc(*this, pointer, true);
}

namespace {

#if GG_HAVE_SIMDJSON
// The document's events, in order, as nlohmann's parser would give them.
void Walk(simdjson::dom::element e, DomBuilder* b) {
  using T = simdjson::dom::element_type;
  switch (e.type()) {
    case T::OBJECT: {
      const simdjson::dom::object o = e.get_object().value_unsafe();
      b->start_object(o.size());
      for (const simdjson::dom::key_value_pair field : o) {
        std::string key(field.key);
        b->key(key);
        Walk(field.value, b);
      }
      b->end_object();
      return;
    }
    case T::ARRAY: {
      const simdjson::dom::array a = e.get_array().value_unsafe();
      b->start_array(a.size());
      for (const simdjson::dom::element v : a) Walk(v, b);
      b->end_array();
      return;
    }
    case T::STRING: {
      std::string v(e.get_string().value_unsafe());
      b->string(v);
      return;
    }
    case T::INT64: {
      // nlohmann keeps a literal without a sign as unsigned, one with a minus as signed.
      const int64_t v = e.get_int64().value_unsafe();
      if (v >= 0)
        b->number_unsigned(static_cast<uint64_t>(v));
      else
        b->number_integer(v);
      return;
    }
    case T::UINT64:
      b->number_unsigned(e.get_uint64().value_unsafe());
      return;
    case T::DOUBLE:
      b->number_float(e.get_double().value_unsafe(), std::string());
      return;
    case T::BOOL:
      b->boolean(e.get_bool().value_unsafe());
      return;
    case T::NULL_VALUE:
      b->null();
      return;
  }
}
#endif

// Parses well-formed text with simdjson (2-3x faster than nlohmann's own lexer on the data
// files) into the same tree through the same builder. False, with the builder untouched, when
// it cannot: any text simdjson refuses (a syntax error, an integer beyond 64 bits, invalid
// UTF-8, a raw control character) is parsed again by nlohmann, whose messages the
// diagnostics quote. The browser build has no simdjson and always returns false.
bool FastParse(const std::string& text, DomBuilder* builder) {
#if GG_HAVE_SIMDJSON
  // "-0" is a signed integer to nlohmann and an unsigned one here (simdjson's 0 has no sign):
  // text that may hold one (or a string that looks like one) goes to nlohmann.
  for (size_t at = text.find("-0"); at != std::string::npos; at = text.find("-0", at + 2)) {
    const char next = at + 2 < text.size() ? text[at + 2] : ' ';
    if (std::strchr(",]} \t\r\n", next)) return false;
  }
  thread_local simdjson::dom::parser parser;  // reused: it keeps its buffers
  simdjson::dom::element root;
  if (parser.parse(text.data(), text.size(), true).get(root) != simdjson::SUCCESS) return false;
  Walk(root, builder);
  return true;
#else
  (void)text;
  (void)builder;
  return false;
#endif
}

}  // namespace

bool ParseJsonDoc(const std::string& file, const std::string& text, JsonDoc* doc,
                  Diagnostics* diags, bool locations) {
  doc->file = file;
  if (!CheckDepth(file, text, diags)) return false;
  DomBuilder builder(&doc->root, locations);
  if (!FastParse(text, &builder))
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
  if (locations) {
    doc->positions = std::make_shared<JsonDocPositions>(file, text);
    if (builder.suspect) doc->positions->ScanReporting(diags);
  }
  return true;
}

}  // namespace gg
