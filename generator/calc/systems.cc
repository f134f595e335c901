#include "calc/systems.h"

#include <algorithm>

namespace gg::calc {

bool IsSystem(const Gpu& gpu) {
  return gpu.form_factor == "system";
}

double ModelMemoryGb(const Gpu& gpu) {
  return IsSystem(gpu) && gpu.usable_memory_gb ? *gpu.usable_memory_gb : gpu.memory_gb;
}

int MaxUnits(const Gpu& gpu, int max_units) {
  return IsSystem(gpu) ? 1 : std::max(max_units, 1);
}

bool RankedFor(const Gpu& gpu, Workload w) {
  return !(IsSystem(gpu) && w == Workload::kTraining16 && gpu.vendor != "nvidia");
}

}  // namespace gg::calc
