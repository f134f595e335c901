// Loads data/engines.json: the inference engines, their GPU back ends, and on which vendors'
// architectures each back end runs, how well, with a dated source. Per-file checks only (a
// support row's backend must be one its engine lists; one default back end per engine and
// architecture); whether every GPU is covered is checked by validate/.
#pragma once

#include "base/diagnostics.h"
#include "data/json_doc.h"
#include "model/model.h"

namespace gg {

// official | community | experimental | none
const std::vector<std::string>& EngineSupportLevels();

void LoadEngines(const JsonDoc& doc, Dataset* out, Diagnostics* diags);

}  // namespace gg
