// Registration functions, one per family of directives. StandardDirectives() calls them all.
#pragma once

#include "directives/registry.h"

namespace gg {

void RegisterLiteralRefs(DirectiveRegistry* r);  // gpu:usd, gpu:gb, gpu:num, gpu:pct
void RegisterDataRefs(DirectiveRegistry* r);  // gpu:name, spec, price, count, data-date, assumption
void RegisterCalcRefs(
    DirectiveRegistry* r);  // gpu:perf, top, pick, vram, fit, params, tokens, breakeven, calib
void RegisterTables(DirectiveRegistry* r);      // gpu-rank, gpu-value, gpu-specs, gpu-tco, …
void RegisterLlmTables(DirectiveRegistry* r);   // gpu-models, gpu-vram, gpu-training, gpu-fit
void RegisterGpuProfile(DirectiveRegistry* r);  // gpu-profile (the GPU pages)
void RegisterCharts(DirectiveRegistry* r);      // gpu-chart
void RegisterFlowchart(DirectiveRegistry* r);   // gpu-flowchart

}  // namespace gg
