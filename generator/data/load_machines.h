// Loads data/machines.json (the machines a persona's GPUs go into) and the connector kinds a
// GPU or a power supply names. Per-file checks only; the persona → machine references are
// checked by validate/.
#pragma once

#include <string>
#include <vector>

#include "base/diagnostics.h"
#include "data/json_doc.h"
#include "model/model.h"

namespace gg {

// "6-pin", "8-pin", "8-pin EPS", "12-pin", "12VHPWR", "12V-2x6".
const std::vector<std::string>& PowerConnectorKinds();

void LoadMachines(const JsonDoc& doc, Dataset* out, Diagnostics* diags);

}  // namespace gg
