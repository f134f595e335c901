// Data changes as records: each data file's entries are matched by their key (id, or for
// price observations gpu + date + condition + region) and compared field by field.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "review/report.h"

namespace gg {

// Compares the data files of two snapshots ("data/x.json" -> text). A file that is not valid
// JSON on one side contributes no records (its errors are in the diagnostics). Sorted by
// file, then key.
std::vector<RecordChange> DiffRecords(const std::map<std::string, std::string>& before,
                                      const std::map<std::string, std::string>& after);

}  // namespace gg
