// Loads data/gates.json: the feature gates every recommendation applies (model.h
// FeatureGate). Per-file checks only: each gate's field is one the engine can test, and each
// allowed value is a value that field takes in gpus.json.
#pragma once

#include <string>
#include <vector>

#include "base/diagnostics.h"
#include "data/json_doc.h"
#include "model/model.h"

namespace gg {

// The tasks a persona, a flowchart query or a gate may name: "media" (image and video
// generation). No task is the default (language models, general compute).
const std::vector<std::string>& TaskIds();

// The GPU fields a gate may test: "vendor", "tensor_cores", "cooling".
const std::vector<std::string>& GateFields();

void LoadGates(const JsonDoc& doc, Dataset* out, Diagnostics* diags);

}  // namespace gg
