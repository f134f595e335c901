// RendererIdentity where the charts module is linked into the executable (gpuguide-serve,
// gpuguide-review, the tests): the executable's own identity already covers the renderer.
// gpuguide defines it instead in charts/loader/load_charts.cc, and so never links this file.
#include "charts/common.h"

namespace gg::charts {

std::string RendererIdentity() {
  return {};
}

}  // namespace gg::charts
