// Loads data/genmodels.json (image and video generation pipelines: their text encoders,
// denoiser and VAE, and the constants of the media calculation) and data/genvalidation.json
// (published peak-memory and speed measurements of those pipelines). Per-file checks only:
// unknown fields and values, ranges, roles each pipeline must have; the GPU and pipeline ids
// a measurement names are checked by validate/.
#pragma once

#include "base/diagnostics.h"
#include "data/json_doc.h"
#include "model/model.h"

namespace gg {

void LoadGenModels(const JsonDoc& doc, Dataset* out, Diagnostics* diags);
void LoadGenValidation(const JsonDoc& doc, Dataset* out, Diagnostics* diags);

}  // namespace gg
