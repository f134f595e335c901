// Arguments shared by the LLM directives and references: model, precision, context, batch,
// KV precision, mode. Parsed into a calc::MemoryRequest with errors at the call's location.
#pragma once

#include <string>
#include <vector>

#include "calc/memory.h"
#include "directives/registry.h"

namespace gg {

// The parameter names ParseMemoryRequest reads (for registration).
std::vector<std::string> MemoryParams();
// Reads precision= (required unless mode is full/qlora), context=, batch=, kv=, mode=,
// checkpointing=yes. Reports through args.
calc::MemoryRequest ParseMemoryRequest(Args& args, bool need_context);
// Parses one precision id with a did-you-mean.
bool ParsePrecisionArg(Args& args, const std::string& id, calc::Precision* out);
// Localised "1 card" / "N cards" label for a configuration.
std::string CardsLabel(int count, const std::string& gpu_name, const PageContext& ctx);
// Localised "1.23×".
std::string Times(double value, const PageContext& ctx);
// Cost basis from cost=none|gpu|ownership.
std::string CostBasisArg(Args& args, const std::string& fallback);

}  // namespace gg
