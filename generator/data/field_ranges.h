// The range of physical sense of every numeric field of the data files, in one table (also
// stated in data/README.md). A value outside it is almost always a typo or a unit mistake
// (a price of 1e308, a memory of 1e-300 GB, MB written as GB), so ObjectReader reports it at
// the value's line:col as an error; widen the table, not the check, when real hardware
// outgrows it. Dates are bounded the same way (kMinDataYear .. kMaxDataYear).
#pragma once

#include <string>

namespace gg {

struct FieldRange {
  const char* what;  // the ObjectReader's description of the object ("GPU")
  const char* key;   // field name
  double min;
  double max;
};

inline constexpr int kMinDataYear = 1990;
inline constexpr int kMaxDataYear = 2100;

// The range of `key` in objects described as `what`; nullptr when the table has none (the
// value must then only be finite and within ±1e12).
const FieldRange* FindFieldRange(const std::string& what, const std::string& key);

// Every entry, in table order (for tests and documentation).
const FieldRange* FieldRanges(int* count);

}  // namespace gg
