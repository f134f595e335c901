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

LargestInRam LargestModelInRam(const Dataset& data, const Gpu& gpu, int count,
                               const MemoryRequest& request, Offload mode, double ram_gbs,
                               double min_tps, const Machine* machine, double reader_gb,
                               const Assumptions& a) {
  LargestInRam r;
  const double reserve_gb = RamReserveGb(data);
  const MachineRam sizes = MachineRamOf(data, machine != nullptr ? machine->id : "");
  // The last model accepted is the answer, so its check is the one kept.
  auto in_ram = [&](const OffloadFit& fit) {
    std::optional<RamCheck> check;
    if (fit.offload.layers_on_cpu > 0) {
      check = CheckSystemRam(fit.offload.ram_bytes, fit.memory.host_bytes, reserve_gb, sizes,
                             reader_gb);
      if (!RamPossible(check->verdict)) return false;
    }
    r.ram = check;
    return true;
  };
  r.best =
      LargestModelAtSpeed(data, gpu, count, request, mode, ram_gbs, min_tps, machine, a, in_ram);
  return r;
}

}  // namespace gg::calc
