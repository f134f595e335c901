#include "data/object_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "base/suggest.h"
#include "base/text.h"
#include "data/field_ranges.h"

namespace gg {
namespace {

// 1e+07 -> "10000000", 0.5 -> "0.5", 1e308 -> "1e+308".
std::string FormatBound(double x) {
  char buf[32];
  if (std::fabs(x) < 1e15 && x == std::floor(x))
    std::snprintf(buf, sizeof buf, "%.0f", x);
  else
    std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

}  // namespace

bool ObjectReader::InRange(const std::string& key, double x) {
  const FieldRange* r = FindFieldRange(what_, key);
  double lo = r ? r->min : -1e12, hi = r ? r->max : 1e12;
  if (std::isfinite(x) && x >= lo && x <= hi) return true;
  diags_->Error(FieldLoc(key),
                "field '" + key + "' of " + what_ + " is " + FormatBound(x) +
                    ", outside its range " + FormatBound(lo) + " to " + FormatBound(hi),
                "see the ranges in data/README.md");
  return false;
}

ObjectReader::ObjectReader(const JsonDoc& doc, std::string pointer, std::string what,
                           Diagnostics* diags)
    : doc_(doc), pointer_(std::move(pointer)), what_(std::move(what)), diags_(diags) {
  // Without exceptions (the WebAssembly build has none): look before reaching.
  const nlohmann::json::json_pointer ptr(pointer_);
  is_object_ = doc_.root.contains(ptr) && doc_.root.at(ptr).is_object();
  if (is_object_) object_ = &doc_.root.at(ptr);
  if (!is_object_) diags_->Error(doc_.LocOf(pointer_), what_ + " must be a JSON object");
}

ObjectReader::~ObjectReader() {
  if (!is_object_) return;
  const auto& obj = *object_;
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    if (std::find(read_.begin(), read_.end(), it.key()) != read_.end()) continue;
    diags_->Error(doc_.KeyLocOf(ChildPointer(it.key())),
                  "unknown field '" + it.key() + "' in " + what_, DidYouMean(it.key(), read_));
  }
}

std::string ObjectReader::ChildPointer(const std::string& key) const {
  return pointer_ + "/" + JsonPointerToken(key);
}

SourceLoc ObjectReader::FieldLoc(const std::string& key) const {
  return doc_.LocOf(ChildPointer(key));
}

bool ObjectReader::Has(const std::string& key) const {
  if (!is_object_) return false;
  return object_->contains(key);
}

void ObjectReader::Touch(const std::string& key) {
  if (std::find(read_.begin(), read_.end(), key) == read_.end()) read_.push_back(key);
}

const nlohmann::json* ObjectReader::Get(const std::string& key, bool required) {
  Touch(key);
  if (!is_object_) return nullptr;
  const auto& obj = *object_;
  auto it = obj.find(key);
  if (it == obj.end()) {
    if (required) {
      std::string id;
      if (obj.contains("id") && obj["id"].is_string())
        id = " '" + obj["id"].get<std::string>() + "'";
      diags_->Error(loc(), "missing field '" + key + "' in " + what_ + id);
    }
    return nullptr;
  }
  return &*it;
}

void ObjectReader::TypeError(const std::string& key, const char* expected) {
  diags_->Error(FieldLoc(key), "field '" + key + "' of " + what_ + " must be " + expected);
}

std::string ObjectReader::String(const std::string& key, bool required) {
  const auto* v = Get(key, required);
  if (!v) return {};
  if (!v->is_string()) {
    TypeError(key, "a string");
    return {};
  }
  std::string s = v->get<std::string>();
  if (s.empty() && required) diags_->Error(FieldLoc(key), "field '" + key + "' is empty");
  return s;
}

std::optional<std::string> ObjectReader::OptString(const std::string& key) {
  if (!Has(key)) {
    Touch(key);
    return std::nullopt;
  }
  return String(key, true);
}

std::string ObjectReader::Enum(const std::string& key, const std::vector<std::string>& allowed,
                               bool required) {
  std::string s = String(key, required);
  if (s.empty()) return s;
  if (std::find(allowed.begin(), allowed.end(), s) == allowed.end()) {
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    std::string hint = DidYouMean(s, allowed);
    diags_->Error(FieldLoc(key),
                  "'" + s + "' is not a valid " + key + " (expected one of: " + list + ")", hint);
    return {};
  }
  return s;
}

std::string ObjectReader::Date(const std::string& key, bool required) {
  std::string s = String(key, required);
  if (!s.empty() && !IsIsoDate(s)) {
    diags_->Error(FieldLoc(key),
                  "field '" + key + "' must be a date as YYYY-MM-DD, not '" + s + "'");
    return {};
  }
  if (!s.empty()) {
    int year = std::stoi(s.substr(0, 4));
    if (year < kMinDataYear || year > kMaxDataYear) {
      diags_->Error(FieldLoc(key), "date '" + s + "' is outside the years " +
                                       std::to_string(kMinDataYear) + " to " +
                                       std::to_string(kMaxDataYear));
      return {};
    }
  }
  return s;
}

double ObjectReader::Number(const std::string& key, bool required) {
  const auto* v = Get(key, required);
  if (!v) return 0;
  if (!v->is_number()) {
    TypeError(key, "a number");
    return 0;
  }
  double x = v->get<double>();
  if (!InRange(key, x)) {
    // A value already reported: keep it out of the other checks (sign) and the calculations.
    const FieldRange* r = FindFieldRange(what_, key);
    return r ? r->min : 0;
  }
  return x;
}

double ObjectReader::Positive(const std::string& key, bool required) {
  bool present = Has(key);
  double x = Number(key, required);
  if (present && x <= 0 && FieldLoc(key).HasPosition()) {
    const auto* v = Get(key, false);
    if (v && v->is_number())
      diags_->Error(FieldLoc(key), "field '" + key + "' must be greater than zero");
  }
  return x;
}

double ObjectReader::NonNegative(const std::string& key, bool required) {
  double x = Number(key, required);
  if (x < 0) diags_->Error(FieldLoc(key), "field '" + key + "' must not be negative");
  return x;
}

std::optional<double> ObjectReader::NullableNumber(const std::string& key, bool positive) {
  const auto* v = Get(key, true);
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_number()) {
    TypeError(key, "a number or null");
    return std::nullopt;
  }
  double x = v->get<double>();
  if (!InRange(key, x)) return std::nullopt;
  if (positive && x <= 0) {
    diags_->Error(FieldLoc(key), "field '" + key + "' must be greater than zero (or null)");
    return std::nullopt;
  }
  return x;
}

int ObjectReader::Integer(const std::string& key, int min_value, bool required) {
  const auto* v = Get(key, required);
  if (!v) return min_value;
  if (!v->is_number_integer()) {
    TypeError(key, "a whole number");
    return min_value;
  }
  // Read as a double first: a huge unsigned value must not wrap around when narrowed.
  double x = v->get<double>();
  if (x < min_value) {
    diags_->Error(FieldLoc(key),
                  "field '" + key + "' must be at least " + std::to_string(min_value));
    return min_value;
  }
  if (!InRange(key, x) || x > 2147483647.0) return min_value;
  return static_cast<int>(x);
}

bool ObjectReader::Bool(const std::string& key, bool fallback) {
  const auto* v = Get(key, false);
  if (!v) return fallback;
  if (!v->is_boolean()) {
    TypeError(key, "true or false");
    return fallback;
  }
  return v->get<bool>();
}

std::vector<std::string> ObjectReader::StringList(const std::string& key,
                                                  const std::vector<std::string>& allowed) {
  std::vector<std::string> out;
  const auto* v = Get(key, true);
  if (!v) return out;
  if (!v->is_array()) {
    TypeError(key, "a list of strings");
    return out;
  }
  for (size_t i = 0; i < v->size(); ++i) {
    const auto& item = (*v)[i];
    SourceLoc item_loc = doc_.LocOf(ChildPointer(key) + "/" + std::to_string(i));
    if (!item.is_string()) {
      diags_->Error(item_loc, "items of '" + key + "' must be strings");
      continue;
    }
    std::string s = item.get<std::string>();
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), s) == allowed.end()) {
      diags_->Error(item_loc, "'" + s + "' is not allowed in '" + key + "'",
                    DidYouMean(s, allowed));
      continue;
    }
    out.push_back(s);
  }
  return out;
}

Provenance ObjectReader::ReadProvenance(const std::string& date_key) {
  Provenance p;
  p.source = String("source");
  p.as_of = Date(date_key);
  p.estimated = Bool("estimated", false);
  p.note = OptString("note").value_or("");
  return p;
}

const nlohmann::json* TopLevelArray(const JsonDoc& doc, const std::string& key,
                                    Diagnostics* diags) {
  if (!doc.root.is_object()) {
    diags->Error({doc.file, 1, 1}, "expected a JSON object with a '" + key + "' list");
    return nullptr;
  }
  for (auto it = doc.root.begin(); it != doc.root.end(); ++it) {
    if (it.key() != key)
      diags->Error(doc.KeyLocOf("/" + JsonPointerToken(it.key())),
                   "unknown top-level field '" + it.key() + "'", DidYouMean(it.key(), {key}));
  }
  auto it = doc.root.find(key);
  if (it == doc.root.end()) {
    diags->Error({doc.file, 1, 1}, "missing top-level list '" + key + "'");
    return nullptr;
  }
  if (!it->is_array()) {
    diags->Error(doc.LocOf("/" + key), "'" + key + "' must be a list");
    return nullptr;
  }
  return &*it;
}

}  // namespace gg
