// Every calculation result the pages show, computed once per build from the data (pure
// calc functions), then shared read-only by all page renders and languages.
#pragma once

#include <string>

#include "base/diagnostics.h"
#include "model/model.h"

namespace gg {

struct Computed {
  std::string data_date;  // newest price observation
};

// Runs the calculations; reports problems the data makes impossible (a missing assumption,
// a baseline GPU with no performance) as errors.
Computed ComputeAll(const Dataset& data, Diagnostics* diags);

}  // namespace gg
