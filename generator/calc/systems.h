// Unified-memory systems (gpus.json form_factor "system": DGX Spark, Strix Halo, Mac Studio)
// next to PCIe cards. A system is one whole machine: its price buys the GPU, the CPU, the
// memory and the box; its memory is shared with the operating system; it cannot be multiplied
// like a card. The rules, one place for every calculation:
//
//   memory   a model may use usable_memory_gb (the platform's default or vendor-supported GPU
//            share: macOS's wired limit, the Strix Halo GPU allocation, DGX OS's unified pool),
//            never memory_gb;
//   count    1: no multi-system configurations (they are networked, not a layer split);
//   cost     on the `gpu` basis a card costs its price and a system its whole price (a card
//            needs a host the buyer may own; a system does not); on the `ownership` basis a
//            card costs card + desktop_system_cost_usd + electricity of card +
//            desktop_system_watts, a system its price + electricity of its own tdp_w (the whole
//            machine's power), so whole machines are compared with whole machines;
//   training a system is ranked for training16 only if it trains with CUDA (vendor nvidia):
//            Apple and Strix Halo machines are inference machines in this guide.
#pragma once

#include "model/model.h"

namespace gg::calc {

bool IsSystem(const Gpu& gpu);  // form_factor == "system"

// GB a model may occupy before headroom: usable_memory_gb for a system, memory_gb for a card.
double ModelMemoryGb(const Gpu& gpu);

// The most units of this GPU one configuration may hold: 1 for a system, else max_units.
int MaxUnits(const Gpu& gpu, int max_units);

// Whether the GPU takes part in a workload's ranking (see "training" above).
bool RankedFor(const Gpu& gpu, Workload w);

}  // namespace gg::calc
