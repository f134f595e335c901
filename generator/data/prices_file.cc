#include "data/prices_file.h"

#include <nlohmann/json.hpp>

namespace gg {

namespace {

std::string Quote(const std::string& s) {
  return nlohmann::json(s).dump();
}

// Skips a JSON string starting at text[i] == '"'; returns the index after its closing quote.
size_t SkipString(const std::string& text, size_t i) {
  for (++i; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;
      continue;
    }
    if (text[i] == '"') return i + 1;
  }
  return text.size();
}

// Skips one JSON value starting at text[i] (not whitespace); returns the index after it.
size_t SkipValue(const std::string& text, size_t i) {
  if (i >= text.size()) return i;
  if (text[i] == '"') return SkipString(text, i);
  if (text[i] == '{' || text[i] == '[') {
    int depth = 0;
    while (i < text.size()) {
      char c = text[i];
      if (c == '"') {
        i = SkipString(text, i);
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      if (c == '}' || c == ']') {
        --depth;
        if (depth == 0) return i + 1;
      }
      ++i;
    }
    return i;
  }
  while (i < text.size() && text[i] != ',' && text[i] != '}' && text[i] != ']' && text[i] != ' ' &&
         text[i] != '\n' && text[i] != '\r' && text[i] != '\t')
    ++i;
  return i;
}

size_t SkipSpace(const std::string& text, size_t i) {
  while (i < text.size() &&
         (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t'))
    ++i;
  return i;
}

std::string IndentBefore(const std::string& text, size_t pos) {
  size_t start = text.rfind('\n', pos == 0 ? 0 : pos - 1);
  start = start == std::string::npos ? 0 : start + 1;
  std::string indent;
  for (size_t i = start; i < pos && (text[i] == ' ' || text[i] == '\t'); ++i) indent += text[i];
  return indent;
}

}  // namespace

std::string ObservationBlock(const PriceObservation& o, const std::string& price_text,
                             const std::string& indent) {
  const std::string in = indent + "  ";
  std::string s = "{\n";
  bool first = true;
  auto add = [&](const char* key, const std::string& raw_value) {
    if (!first) s += ",\n";
    first = false;
    s += in + Quote(key) + ": " + raw_value;
  };
  auto add_str = [&](const char* key, const std::string& v) {
    if (!v.empty()) add(key, Quote(v));
  };
  add_str("gpu", o.gpu);
  add_str("date", o.date);
  add_str("condition", ConditionId(o.condition));
  add_str("region", o.region);
  add_str("currency", o.currency);
  add("price", price_text);
  add_str("kind", PriceKindId(o.kind));
  add_str("source", o.prov.source);
  add_str("url", o.url);
  add_str("note", o.prov.note);
  add_str("estimate_method", o.estimate_method);
  add_str("evidence_url", o.evidence_url);
  add_str("evidence_date", o.evidence_date);
  s += "\n" + indent + "}";
  return s;
}

bool ObservationSpans(const std::string& text, std::vector<ItemSpan>* items, std::string* error) {
  items->clear();
  size_t i = SkipSpace(text, 0);
  if (i >= text.size() || text[i] != '{') {
    *error = "prices.json is not a JSON object";
    return false;
  }
  ++i;
  while (true) {
    i = SkipSpace(text, i);
    if (i >= text.size() || text[i] != '"') break;
    size_t key_end = SkipString(text, i);
    const std::string key = text.substr(i + 1, key_end - i - 2);
    i = SkipSpace(text, key_end);
    if (i >= text.size() || text[i] != ':') break;
    i = SkipSpace(text, i + 1);
    if (key == "observations" && i < text.size() && text[i] == '[') {
      ++i;
      while (true) {
        i = SkipSpace(text, i);
        if (i >= text.size()) break;
        if (text[i] == ']') return true;
        size_t end = SkipValue(text, i);
        items->push_back({i, end});
        i = SkipSpace(text, end);
        if (i < text.size() && text[i] == ',') ++i;
      }
      break;
    }
    i = SkipSpace(text, SkipValue(text, i));
    if (i < text.size() && text[i] == ',') ++i;
  }
  *error = "prices.json has no \"observations\" array";
  return false;
}

bool InsertObservation(const std::string& text, const std::vector<PriceObservation>& existing,
                       const PriceObservation& o, const std::string& price_text, std::string* out,
                       size_t* index, std::string* error) {
  std::vector<ItemSpan> items;
  if (!ObservationSpans(text, &items, error)) return false;
  if (items.size() != existing.size()) {
    *error = "prices.json changed while it was read";
    return false;
  }
  if (items.empty()) {
    // "[ ]" → "[\n    {…}\n  ]"
    size_t open = text.find('[', text.find("\"observations\""));
    size_t close = text.find(']', open);
    const std::string key_indent = IndentBefore(text, text.find("\"observations\""));
    const std::string indent = key_indent + "  ";
    *out = text.substr(0, open + 1) + "\n" + indent + ObservationBlock(o, price_text, indent) +
           "\n" + key_indent + text.substr(close);
    *index = 0;
    return true;
  }
  size_t after = items.size() - 1;
  for (size_t k = 0; k < existing.size(); ++k)
    if (existing[k].gpu == o.gpu) after = k;
  const std::string indent = IndentBefore(text, items[after].begin);
  const size_t at = items[after].end;
  *out = text.substr(0, at) + ",\n" + indent + ObservationBlock(o, price_text, indent) +
         text.substr(at);
  *index = after + 1;
  return true;
}

bool RemoveObservation(const std::string& text, size_t index, std::string* out,
                       std::string* error) {
  std::vector<ItemSpan> items;
  if (!ObservationSpans(text, &items, error)) return false;
  if (index >= items.size()) {
    *error = "no observation " + std::to_string(index);
    return false;
  }
  size_t from, to;
  if (index > 0) {
    from = items[index - 1].end;
    to = items[index].end;
  } else if (items.size() > 1) {
    from = items[0].begin;
    to = items[1].begin;
  } else {
    from = items[0].begin;
    to = items[0].end;
  }
  *out = text.substr(0, from) + text.substr(to);
  return true;
}

bool ParseCsv(const std::string& text, std::vector<CsvRecord>* records, std::string* error,
              int* line, int* col) {
  records->clear();
  size_t i = 0;
  int ln = 1, cl = 1;
  // A UTF-8 byte order mark is not part of the first field.
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) i = 3;
  auto advance = [&](char c) {
    if (c == '\n') {
      ++ln;
      cl = 1;
    } else {
      ++cl;
    }
  };
  while (i < text.size()) {
    CsvRecord rec;
    rec.line = ln;
    while (true) {
      CsvField f;
      f.line = ln;
      f.col = cl;
      if (i < text.size() && text[i] == '"') {
        advance(text[i++]);
        bool closed = false;
        while (i < text.size()) {
          char c = text[i];
          if (c == '"') {
            if (i + 1 < text.size() && text[i + 1] == '"') {
              f.text += '"';
              advance(text[i++]);
              advance(text[i++]);
              continue;
            }
            advance(text[i++]);
            closed = true;
            break;
          }
          f.text += c;
          advance(text[i++]);
        }
        if (!closed) {
          *error = "a quoted field is not closed";
          *line = f.line;
          *col = f.col;
          return false;
        }
        if (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r') {
          *error = "a quoted field must end at its closing quote (a quote inside is doubled: \"\")";
          *line = ln;
          *col = cl;
          return false;
        }
      } else {
        while (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r') {
          if (text[i] == '"') {
            *error = "a quote inside an unquoted field (quote the whole field, doubling it)";
            *line = ln;
            *col = cl;
            return false;
          }
          f.text += text[i];
          advance(text[i++]);
        }
      }
      rec.fields.push_back(std::move(f));
      if (i < text.size() && text[i] == ',') {
        advance(text[i++]);
        continue;
      }
      break;
    }
    if (i < text.size() && text[i] == '\r') ++i;
    if (i < text.size() && text[i] == '\n') advance(text[i++]);
    // A blank line is no record.
    if (!(rec.fields.size() == 1 && rec.fields[0].text.empty())) records->push_back(std::move(rec));
  }
  return true;
}

const std::vector<std::string>& PriceCsvColumns() {
  static const std::vector<std::string> cols = {
      "gpu",    "condition", "region", "currency",        "price",        "kind",         "date",
      "source", "url",       "note",   "estimate_method", "evidence_url", "evidence_date"};
  return cols;
}

}  // namespace gg
