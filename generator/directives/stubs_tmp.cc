// TEMPORARY: registrations not written yet.
#include "directives/standard.h"
namespace gg {
void RegisterCalcRefs(DirectiveRegistry*) {}
void RegisterTables(DirectiveRegistry*) {}
void RegisterLlmTables(DirectiveRegistry*) {}
void RegisterGpuProfile(DirectiveRegistry*) {}
void RegisterCharts(DirectiveRegistry*) {}
void RegisterFlowchart(DirectiveRegistry*) {}
}
