#include "calc/fit_ram.h"

#include <algorithm>

namespace gg::calc {

RamFit HoldInSystemRam(const Dataset& data, double reader_gb, FitResult* fit) {
  RamFit r;
  const double reserve_gb = RamReserveGb(data);
  std::vector<FitConfig> kept;
  for (FitConfig& c : fit->configs) {
    if (c.offload) {
      const RamCheck check = CheckSystemRam(c.offload->ram_bytes, c.memory.host_bytes, reserve_gb,
                                            MachineRamOf(data, c.machine), reader_gb);
      if (!RamPossible(check.verdict)) {
        r.ram_short.push_back(c.gpu);
        continue;
      }
      r.ram.emplace(c.gpu, check);
    }
    kept.push_back(std::move(c));
  }
  std::sort(r.ram_short.begin(), r.ram_short.end());
  fit->configs = std::move(kept);
  fit->cheapest.reset();
  fit->cheapest_by_segment.clear();
  for (const FitConfig& c : fit->configs) {
    if (!c.price_usd) break;
    if (!fit->cheapest) fit->cheapest = c;
    fit->cheapest_by_segment.emplace(c.segment, c);
  }
  return r;
}

}  // namespace gg::calc
