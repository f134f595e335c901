// Reads one JSON object field by field with type checks. Every problem (missing required
// field, wrong type, unknown field with a "did you mean") is reported at the line and column
// of the offending key or value; reading continues so that one run reports everything.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/dates.h"
#include "base/diagnostics.h"
#include "data/json_doc.h"
#include "model/model.h"

namespace gg {

class ObjectReader {
 public:
  // `pointer` names an object in doc; `what` describes it in messages ("GPU", "price
  // observation"). If the value is not an object, reports that and all reads return defaults.
  ObjectReader(const JsonDoc& doc, std::string pointer, std::string what, Diagnostics* diags);
  // Reports members that were never read, with a did-you-mean over the names that were.
  ~ObjectReader();
  ObjectReader(const ObjectReader&) = delete;
  ObjectReader& operator=(const ObjectReader&) = delete;

  bool ok() const { return is_object_; }
  SourceLoc loc() const { return doc_.LocOf(pointer_); }
  SourceLoc FieldLoc(const std::string& key) const;
  bool Has(const std::string& key) const;

  std::string String(const std::string& key, bool required = true);
  std::optional<std::string> OptString(const std::string& key);
  // A string that must be one of `allowed` (unknown values get a did-you-mean).
  std::string Enum(const std::string& key, const std::vector<std::string>& allowed,
                   bool required = true);
  // ISO date YYYY-MM-DD with a real month and day, in kMinDataYear..kMaxDataYear.
  std::string Date(const std::string& key, bool required = true);
  // Every number is checked against its range of physical sense (data/field_ranges.h); a value
  // outside is reported at its line:col and replaced by the range's minimum.
  double Number(const std::string& key, bool required = true);
  // Number that must be > 0 (positive) or >= 0.
  double Positive(const std::string& key, bool required = true);
  double NonNegative(const std::string& key, bool required = true);
  std::optional<double> NullableNumber(const std::string& key, bool positive = true);
  int Integer(const std::string& key, int min_value, bool required = true);
  bool Bool(const std::string& key, bool fallback);
  std::vector<std::string> StringList(const std::string& key,
                                      const std::vector<std::string>& allowed);
  // Reads source / as_of (or date_key) / estimated / note.
  Provenance ReadProvenance(const std::string& date_key = "as_of");
  // Marks a key as read (e.g. one handled by a nested reader).
  void Touch(const std::string& key);
  std::string ChildPointer(const std::string& key) const;

 private:
  const nlohmann::json* Get(const std::string& key, bool required);
  void TypeError(const std::string& key, const char* expected);
  // Reports x unless it lies in the field's range (data/field_ranges.h).
  bool InRange(const std::string& key, double x);

  const JsonDoc& doc_;
  std::string pointer_;
  std::string what_;
  Diagnostics* diags_;
  bool is_object_ = false;
  const nlohmann::json* object_ = nullptr;  // the object at pointer_, resolved once
  std::vector<std::string> read_;
};

// Returns the array at doc.root[key] (reporting when missing / not an array) and the pointer
// prefix of its items; empty when unusable.
const nlohmann::json* TopLevelArray(const JsonDoc& doc, const std::string& key, Diagnostics* diags);

}  // namespace gg
