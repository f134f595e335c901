// Cross-file checks over the loaded data: every id one file names must exist in the file
// that defines it (prices -> gpus, benchmarks -> gpus, cloud -> gpus, assumptions ->
// baseline GPU and reference offer, flowchart -> its own nodes and the UI strings). Each
// problem is reported at the referring entry with a did-you-mean; nothing is changed.
#pragma once

#include "base/diagnostics.h"
#include "i18n/ui_strings.h"
#include "model/model.h"

namespace gg {

void ValidateDataset(const Dataset& data, Diagnostics* diags);

// Flowchart node texts and answer labels must be UI strings of the default language.
void ValidateFlowchartStrings(const Dataset& data, const UiStrings& strings, Diagnostics* diags);

}  // namespace gg
