// TEMPORARY: registrations not written yet.
#include "directives/standard.h"
namespace gg {




void RegisterFlowchart(DirectiveRegistry*) {}
}
