// A fit answer (calc/fit.h FitModel) held against the system RAM its offloaded configurations
// need (calc/sysram.h): a configuration whose RAM need exceeds the reader's size or its
// machine's maximum is not offered. Pure calculation; FitModel itself is unchanged, so every
// answer without offload is the same.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "calc/fit.h"
#include "calc/sysram.h"

namespace gg::calc {

struct RamFit {
  std::map<std::string, RamCheck> ram;  // by GPU id: every offloaded configuration kept
  std::vector<std::string> ram_short;   // GPU ids (sorted) left out for want of RAM
};

// For each configuration of `fit` with offload: CheckSystemRam of its RAM bytes and host
// bytes, RamReserveGb, its machine's sizes (MachineRamOf) and the reader's `reader_gb` (≤ 0:
// none). The configurations RamPossible refuses are removed from fit->configs, cheapest and
// cheapest_by_segment (recomputed in FitModel's order: the first priced configuration, the
// first of each segment).
RamFit HoldInSystemRam(const Dataset& data, double reader_gb, FitResult* fit);

// LargestModelAtSpeed (calc/placement.h) without the models whose offloaded weights the system
// RAM cannot hold: a model with layers in RAM counts only when RamPossible(CheckSystemRam of its
// RAM and host bytes, RamReserveGb, MachineRamOf the machine, reader_gb). `ram` is that check
// for the model found (nullopt when none is found or nothing of it is in RAM).
struct LargestInRam {
  LargestModel best;
  std::optional<RamCheck> ram;
};
LargestInRam LargestModelInRam(const Dataset& data, const Gpu& gpu, int count,
                               const MemoryRequest& request, Offload mode, double ram_gbs,
                               double min_tps, const Machine* machine, double reader_gb,
                               const Assumptions& assumptions);

}  // namespace gg::calc
