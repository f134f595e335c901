// Loads data/regions.json: the regions the guide prices cards in (currency, tax convention,
// household electricity price, household circuit), the reference region whose prices a region
// without its own converts, and the dated FX reference rates. Per-file checks only; the
// references to other files (languages, machines' circuits, prices, availability) are checked
// by validate/.
#pragma once

#include "base/diagnostics.h"
#include "data/json_doc.h"
#include "model/model.h"

namespace gg {

void LoadRegions(const JsonDoc& doc, Dataset* out, Diagnostics* diags);

}  // namespace gg
