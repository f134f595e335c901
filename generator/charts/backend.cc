#include "charts/backend.h"

#include "base/source_identity.h"

namespace gg::charts {
namespace {

// Each overload by its own name, so that the table needs no casts.
template <typename Spec, typename Out>
constexpr Out (*RenderOf())(const Spec&, const Style&) {
  return static_cast<Out (*)(const Spec&, const Style&)>(&Render);
}

const Backend kBackend = {
    kBackendAbi,
    &SourceIdentity,  // the module's own copy (base is linked into it)
    &PrepareFonts,
    RenderOf<CumulativeCostSpec, Rendered<CumulativeCostLayout>>(),
    RenderOf<DateLinesSpec, Rendered<DateLinesLayout>>(),
    RenderOf<FitMatrixSpec, Rendered<FitMatrixLayout>>(),
    RenderOf<FlowchartSpec, Rendered<FlowchartLayout>>(),
    RenderOf<GroupedBarsSpec, Rendered<GroupedBarsLayout>>(),
    RenderOf<ScatterSpec, Rendered<ScatterLayout>>(),
    RenderOf<StackedBarsSpec, Rendered<StackedBarsLayout>>(),
};

}  // namespace
}  // namespace gg::charts

extern "C" __attribute__((visibility("default"))) const gg::charts::Backend*
gpuguide_charts_backend() {
  return &gg::charts::kBackend;
}
