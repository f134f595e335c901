// The charts module's functions in gpuguide, which does not link the module (charts/backend.h):
// each call goes through the table of gpuguide-charts.so, loaded from the executable's folder
// on the first call. A module that cannot be loaded, or from another build, ends the process
// with exit code 2 and the path it tried: rendering runs before anything is committed, so the
// output folder is left as it was.
#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <string>

#include "base/source_identity.h"
#include "charts/backend.h"

namespace gg::charts {
namespace {

[[noreturn]] void Fail(const std::string& path, const std::string& why) {
  std::fprintf(stderr,
               "gpuguide: error: cannot load the chart renderer %s (%s); it is built next to "
               "gpuguide (cmake --build build)\n",
               path.c_str(), why.c_str());
  std::fflush(stderr);
  std::_Exit(2);
}

// gpuguide-charts.so in the executable's folder.
std::string ModulePath() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return (ec ? std::filesystem::path("gpuguide-charts.so")
             : self.parent_path() / "gpuguide-charts.so")
      .string();
}

const Backend& Loaded() {
  static const Backend* backend = nullptr;
  static std::once_flag once;
  std::call_once(once, [] {
    const std::string path = ModulePath();
    void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!module) {
      const char* why = dlerror();
      Fail(path, why ? why : "dlopen failed");
    }
    using Entry = const Backend* (*)();
    auto entry = reinterpret_cast<Entry>(dlsym(module, "gpuguide_charts_backend"));
    if (!entry) Fail(path, "no gpuguide_charts_backend in it");
    backend = entry();
    if (!backend || backend->abi != kBackendAbi) Fail(path, "it is from another build");
    // Built from other sources than gpuguide (rebuilt alone, or left over): its drawings
    // would be kept in the cache under gpuguide's identity (base/source_identity.h).
    if (backend->source_identity() != SourceIdentity())
      Fail(path, "it is from another build: its sources' identity is " +
                     std::string(backend->source_identity()).substr(0, 12) + ", gpuguide's " +
                     std::string(SourceIdentity()).substr(0, 12));
  });
  return *backend;
}

}  // namespace

void PrepareFonts() {
  Loaded().prepare_fonts();
}
Rendered<CumulativeCostLayout> Render(const CumulativeCostSpec& spec, const Style& style) {
  return Loaded().cumulative_cost(spec, style);
}
Rendered<DateLinesLayout> Render(const DateLinesSpec& spec, const Style& style) {
  return Loaded().date_lines(spec, style);
}
Rendered<FitMatrixLayout> Render(const FitMatrixSpec& spec, const Style& style) {
  return Loaded().fit_matrix(spec, style);
}
Rendered<FlowchartLayout> Render(const FlowchartSpec& spec, const Style& style) {
  return Loaded().flowchart(spec, style);
}
Rendered<GroupedBarsLayout> Render(const GroupedBarsSpec& spec, const Style& style) {
  return Loaded().grouped_bars(spec, style);
}
Rendered<ScatterLayout> Render(const ScatterSpec& spec, const Style& style) {
  return Loaded().scatter(spec, style);
}
Rendered<StackedBarsLayout> Render(const StackedBarsSpec& spec, const Style& style) {
  return Loaded().stacked_bars(spec, style);
}

}  // namespace gg::charts
