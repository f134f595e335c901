// The charts module as a table of functions, for executables that load it on demand.
//
// Painting needs Cairo, Pango, fontconfig and ~30 shared libraries that cost a third of
// gpuguide's start-up (dynamic linking) although most incremental builds paint nothing: their
// charts come from the cache. So gpuguide does not link this module; it is built a second
// time as gpuguide-charts.so, which exports only gpuguide_charts_backend(), and
// charts/loader/load_charts.cc defines the functions below in gpuguide by calling through this
// table, loading the module next to the executable on first use. Everything else (the
// siblings, the tests) links the module itself.
//
// The table and the module are built from the same sources in the same build. The module
// carries the identity of those sources (base/source_identity.h): gpuguide refuses a module
// whose identity is not its own (one left over from another build, or rebuilt alone), so a
// drawing in the cache, which is keyed on that identity, is always this code's.
#pragma once

#include <string>
#include <string_view>

#include "charts/charts.h"

namespace gg::charts {

inline constexpr int kBackendAbi = 2;

struct Backend {
  int abi = kBackendAbi;
  std::string_view (*source_identity)();  // SourceIdentity() of the module's sources
  void (*prepare_fonts)();
  Rendered<CumulativeCostLayout> (*cumulative_cost)(const CumulativeCostSpec&, const Style&);
  Rendered<DateLinesLayout> (*date_lines)(const DateLinesSpec&, const Style&);
  Rendered<FitMatrixLayout> (*fit_matrix)(const FitMatrixSpec&, const Style&);
  Rendered<FlowchartLayout> (*flowchart)(const FlowchartSpec&, const Style&);
  Rendered<GroupedBarsLayout> (*grouped_bars)(const GroupedBarsSpec&, const Style&);
  Rendered<ScatterLayout> (*scatter)(const ScatterSpec&, const Style&);
  Rendered<StackedBarsLayout> (*stacked_bars)(const StackedBarsSpec&, const Style&);
};

}  // namespace gg::charts

// The module's one exported symbol (C linkage: no mangling to agree on).
extern "C" const gg::charts::Backend* gpuguide_charts_backend();
