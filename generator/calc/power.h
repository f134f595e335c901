// Power, slots and connectors of a build: n GPUs of one kind in one machine. Pure
// calculation: what the build draws, the PSU it needs, and the first limit of the machine it
// exceeds, so a recommendation never names a build its machine cannot hold.
#pragma once

#include <optional>
#include <string>

#include "model/model.h"

namespace gg::calc {

// Continuous watts a circuit may carry: volts × amps × (√3 for three phases) × its
// continuous fraction (North America: NEC 80 % rule, 120 V × 15 A × 0.8 = 1,440 W).
double CircuitContinuousW(const Circuit& c);
// The lowest of the machine's circuits (it must run on each); 0 without circuits.
double MachineWallLimitW(const Machine& m);
// GPUs of that slot width the machine takes: expansion slots ÷ width rounded up, at most
// max_gpus; modules (width 0) count against max_gpus only.
int MaxGpusBySlots(const Machine& m, double slot_width);

// 8-pin PCIe cables a card's 16-pin (12VHPWR / 12V-2x6) or 12-pin connector takes through
// the adapter in its box: (board power − 75 W from the slot) ÷ 150 W per 8-pin, rounded up.
int EightPinCablesFor(const Gpu& g);

enum class BuildLimit {
  kFits,
  kFormFactor,  // the machine takes no GPU of this form factor
  kSlots,       // more GPUs than its slots (by width) or its board take
  kPsu,         // the PSU needed is larger than any it offers
  kCircuit,     // the wall draw exceeds the circuit's continuous rating
  kConnectors,  // its largest PSU lacks the GPU power cables (native or through adapters);
                // a GPU without recorded connectors is not checked
};
const char* BuildLimitId(BuildLimit l);  // "fits", "form_factor", "slots", "psu", …

struct Build {
  int gpus = 0;                          // in one machine
  double gpu_w = 0;                      // gpus × board power
  double host_w = 0;                     // the machine's allowance for the rest
  double system_w = 0;                   // gpu_w + host_w, DC
  double wall_w = 0;                     // system_w ÷ PSU efficiency, AC
  double psu_needed_w = 0;               // system_w ÷ PSU load fraction
  std::optional<double> psu_w;           // smallest PSU on offer ≥ psu_needed_w
  double wall_limit_w = 0;               // MachineWallLimitW
  int max_gpus = 0;                      // MaxGpusBySlots for this card
  BuildLimit limit = BuildLimit::kFits;  // first failed check, in the order of the enum
};

// `gpus` GPUs of g in machine m.
Build CheckBuild(const Gpu& g, int gpus, const Machine& m);

}  // namespace gg::calc
