#include "directives/standard.h"

namespace gg {

const DirectiveRegistry& StandardDirectives() {
  static const DirectiveRegistry registry = [] {
    DirectiveRegistry r;
    RegisterLiteralRefs(&r);
    RegisterDataRefs(&r);
    RegisterCalcRefs(&r);
    RegisterTables(&r);
    RegisterLlmTables(&r);
    RegisterGpuProfile(&r);
    RegisterCharts(&r);
    RegisterFlowchart(&r);
    return r;
  }();
  return registry;
}

}  // namespace gg
