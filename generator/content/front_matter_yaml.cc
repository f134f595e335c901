#include "content/front_matter_yaml.h"

#include <yaml.h>

#include <cerrno>
#include <climits>
#include <cstdlib>

namespace gg {
namespace {

// One libyaml parser over a string, freeing itself and the current event.
class EventReader {
 public:
  explicit EventReader(const std::string& text) {
    yaml_parser_initialize(&parser_);
    yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(text.data()),
                                 text.size());
  }
  ~EventReader() {
    if (has_event_) yaml_event_delete(&event_);
    yaml_parser_delete(&parser_);
  }
  EventReader(const EventReader&) = delete;
  EventReader& operator=(const EventReader&) = delete;

  // The next event, or nullptr on a syntax error (see Error).
  const yaml_event_t* Next() {
    if (has_event_) yaml_event_delete(&event_);
    has_event_ = yaml_parser_parse(&parser_, &event_) != 0;
    return has_event_ ? &event_ : nullptr;
  }

  YamlError Error() const {
    YamlError e;
    e.message = parser_.problem ? parser_.problem : "malformed YAML";
    if (parser_.context) e.message = std::string(parser_.context) + ": " + e.message;
    e.line = static_cast<int>(parser_.problem_mark.line);
    e.col = static_cast<int>(parser_.problem_mark.column);
    return e;
  }

 private:
  yaml_parser_t parser_;
  yaml_event_t event_{};
  bool has_event_ = false;
};

void At(const yaml_event_t& ev, int* line, int* col) {
  *line = static_cast<int>(ev.start_mark.line);
  *col = static_cast<int>(ev.start_mark.column);
}

// A scalar event as a value: null when written plainly as nothing, ~ or null (YAML 1.1's core
// schema, as yaml-cpp read it).
YamlValue ScalarOf(const yaml_event_t& ev) {
  YamlValue v;
  At(ev, &v.line, &v.col);
  v.text.assign(reinterpret_cast<const char*>(ev.data.scalar.value), ev.data.scalar.length);
  v.quoted = ev.data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
  const bool null_word =
      v.text.empty() || v.text == "~" || v.text == "null" || v.text == "Null" || v.text == "NULL";
  v.kind = !v.quoted && null_word ? YamlValue::Kind::kNull : YamlValue::Kind::kScalar;
  return v;
}

// Reads past the collection whose start event was just read (its items, nested to any depth:
// a counter, not recursion). False on a syntax error.
bool SkipCollection(EventReader* r) {
  for (int depth = 1; depth > 0;) {
    const yaml_event_t* ev = r->Next();
    if (!ev) return false;
    if (ev->type == YAML_SEQUENCE_START_EVENT || ev->type == YAML_MAPPING_START_EVENT) ++depth;
    if (ev->type == YAML_SEQUENCE_END_EVENT || ev->type == YAML_MAPPING_END_EVENT) --depth;
  }
  return true;
}

// The value whose first event is `ev` (already read). False on a syntax error.
bool ReadValue(EventReader* r, const yaml_event_t& ev, bool in_list, YamlValue* out) {
  switch (ev.type) {
    case YAML_SCALAR_EVENT:
      *out = ScalarOf(ev);
      return true;
    case YAML_SEQUENCE_START_EVENT: {
      out->kind = YamlValue::Kind::kOther;
      At(ev, &out->line, &out->col);
      if (in_list) return SkipCollection(r);
      out->kind = YamlValue::Kind::kList;
      for (;;) {
        const yaml_event_t* item = r->Next();
        if (!item) return false;
        if (item->type == YAML_SEQUENCE_END_EVENT) return true;
        YamlValue v;
        // A copy: the reader's event is replaced by the next one. Its marks and type are
        // values; its text pointer is read before any further event.
        const yaml_event_t copy = *item;
        if (!ReadValue(r, copy, true, &v)) return false;
        out->items.push_back(std::move(v));
      }
    }
    case YAML_MAPPING_START_EVENT:
      out->kind = YamlValue::Kind::kOther;
      At(ev, &out->line, &out->col);
      return SkipCollection(r);
    default:  // an alias
      out->kind = YamlValue::Kind::kOther;
      At(ev, &out->line, &out->col);
      return true;
  }
}

}  // namespace

bool ParseFrontMatterYaml(const std::string& yaml, YamlMapping* out, YamlError* error) {
  *out = {};
  EventReader r(yaml);
  const yaml_event_t* ev = nullptr;
  // STREAM-START, then DOCUMENT-START unless the stream is empty.
  do {
    ev = r.Next();
    if (!ev) return *error = r.Error(), false;
  } while (ev->type == YAML_STREAM_START_EVENT || ev->type == YAML_DOCUMENT_START_EVENT);
  if (ev->type != YAML_MAPPING_START_EVENT) {
    // Not a mapping; a scalar or a list is still read through, so that a syntax error in it
    // is reported as one.
    if (ev->type == YAML_SEQUENCE_START_EVENT && !SkipCollection(&r))
      return *error = r.Error(), false;
    return true;
  }
  out->is_mapping = true;
  for (;;) {
    ev = r.Next();
    if (!ev) return *error = r.Error(), false;
    if (ev->type == YAML_MAPPING_END_EVENT) return true;
    YamlEntry e;
    At(*ev, &e.key_line, &e.key_col);
    if (ev->type == YAML_SCALAR_EVENT) {
      e.key = ScalarOf(*ev).text;
    } else {
      YamlValue ignored;
      const yaml_event_t copy = *ev;
      if (!ReadValue(&r, copy, true, &ignored)) return *error = r.Error(), false;
    }
    ev = r.Next();
    if (!ev) return *error = r.Error(), false;
    const yaml_event_t copy = *ev;
    if (!ReadValue(&r, copy, false, &e.value)) return *error = r.Error(), false;
    out->entries.push_back(std::move(e));
  }
}

bool YamlBool(const std::string& text, bool* value) {
  // yaml-cpp's "flexible case": all lower, all upper, or one capital then lower case.
  bool lower = true, upper = true, capitalised = !text.empty() && text[0] >= 'A' && text[0] <= 'Z';
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c >= 'A' && c <= 'Z') lower = false;
    if (c >= 'a' && c <= 'z') upper = false;
    if (i > 0 && c >= 'A' && c <= 'Z') capitalised = false;
  }
  if (!(lower || upper || capitalised)) return false;
  std::string low = text;
  for (char& c : low)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  for (const char* t : {"y", "yes", "true", "on"})
    if (low == t) return *value = true, true;
  for (const char* f : {"n", "no", "false", "off"})
    if (low == f) return *value = false, true;
  return false;
}

bool YamlInt(const std::string& text, int* value) {
  // A stream reads no leading space (noskipws) but allows trailing space.
  if (text.empty() || text[0] == ' ' || text[0] == '\t' || text[0] == '\n') return false;
  errno = 0;
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 0);
  if (end == text.c_str() || errno == ERANGE || v < INT_MIN || v > INT_MAX) return false;
  while (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r') ++end;
  if (end != text.c_str() + text.size()) return false;
  *value = static_cast<int>(v);
  return true;
}

}  // namespace gg
