// `gpuguide calc validation`: the decode and prefill model against the published runs of
// data/validation.json. Prints the fitted lines (per platform and pooled), the engine factors,
// the median |error|, median signed error (bias) and worst error per kind and hardware class,
// the five worst cases, and the same medians under leave-one-source-out (each source's cases
// predicted by the model refitted without them; calc/calibration.h).
#pragma once

#include <ostream>

#include "model/model.h"

namespace gg {

// 0, or 1 when the data's assumptions are unusable (their diagnostics on err).
int RunCalcValidation(const Dataset& data, bool json, std::ostream& out, std::ostream& err);

}  // namespace gg
