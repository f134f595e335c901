// Every calculation result the pages share, computed once per build from the data by the
// pure functions of calc/, then read by all page renders and languages. Rankings, fits and
// recommendations are cheap and computed by the directives that show them.
#pragma once

#include <string>

#include "base/diagnostics.h"
#include "calc/assumptions.h"
#include "calc/performance.h"
#include "calc/prices.h"
#include "model/model.h"

namespace gg {

struct Computed {
  std::string data_date;  // newest price observation
  calc::Assumptions assumptions;
  calc::PerformanceTable perf;
  calc::CurrentPrices prices;  // current price per (GPU, condition) still on sale
};

// Runs the calculations; reports problems the data makes impossible (a missing assumption,
// a baseline GPU without performance) as errors.
Computed ComputeAll(const Dataset& data, Diagnostics* diags);

}  // namespace gg
