// Whether a configuration that keeps weights in system RAM (calc/placement.h offload) has the
// RAM to hold them. Pure calculation over the assumptions of data/assumptions.json:
// `ram_gb_<machine>` (the usual fitting of a machine kind), `ram_max_gb_<machine>` (the most
// its board takes; <machine> is the machines.json id with '-' as '_': ram_max_gb_server_hgx_8)
// and `ram_reserve_gb`; the reader may give the RAM of their own machine instead.
//
//   need       the offloaded weights (OffloadAnswer::ram_bytes) + the part llama.cpp always
//              keeps in system RAM (MemoryBreakdown::host_bytes: an untied input embedding
//              table) + the reserve for the operating system and the engine's process
//              (ram_reserve_gb × 10^9).
//   have       RAM is sold in binary sizes: a "64 GB" kit holds 64 GiB, so a size of N GB
//              holds N × 2^30 bytes (as UsableGpuBytes counts a card's memory).
//   verdict    the reader's size decides when given (fits or too_small); otherwise the
//              machine's: within its usual fitting (ram_gb) fits, above it but within the most
//              its board takes (ram_max_gb) needs a larger fitting, above that no machine of
//              that kind holds the configuration. A machine with neither figure (the reader's
//              own machine, calc/custom_machine.h; data without them) leaves the need
//              unchecked unless the reader gives a size.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/model.h"

namespace gg::calc {

enum class RamVerdict {
  kUnchecked,     // no size to compare with
  kFits,          // within the reader's size, or the machine's usual one
  kAboveTypical,  // more than the machine's usual fitting, within its maximum: buy more RAM
  kTooSmall,      // more than the reader's size: not possible on their machine
  kAboveMax,      // more than the machine's board takes: not possible in that kind of machine
};
const char* RamVerdictId(RamVerdict v);  // "unchecked", "fits", "above_typical", "too_small",
                                         // "above_max"
std::vector<std::string> RamVerdictIds();

// Whether the configuration can be built at all: every verdict but kTooSmall and kAboveMax.
bool RamPossible(RamVerdict v);

struct RamCheck {
  double offloaded_bytes = 0;  // weights in system RAM
  double host_bytes = 0;       // kept in system RAM by the engine regardless
  double reserve_bytes = 0;    // operating system and engine process
  double need_bytes = 0;       // the sum of the three
  double need_gb = 0;  // need_bytes ÷ 2^30: the smallest RAM size, in sold GB, that holds it
  std::optional<double> reader_gb;   // the reader's RAM size, when given
  std::optional<double> typical_gb;  // the machine's usual fitting (ram_gb_<machine>)
  std::optional<double> max_gb;      // the most its board takes (ram_max_gb_<machine>)
  RamVerdict verdict = RamVerdict::kUnchecked;
};

// The assumption ram_reserve_gb of data/assumptions.json; 0 when the data has none.
double RamReserveGb(const Dataset& data);

// The RAM sizes of a machine kind, GB as sold: its usual fitting and the most its board takes
// (the assumptions ram_gb_<id> and ram_max_gb_<id>); 0 when the data has none.
struct MachineRam {
  double typical_gb = 0;
  double max_gb = 0;
};
MachineRam MachineRamOf(const Dataset& data, const std::string& machine_id);

// The bytes a RAM size of `gb` (as sold) holds: gb × 2^30.
double RamSizeBytes(double gb);

// The check for `offloaded_bytes` + `host_bytes` + reserve_gb × 10^9 against the reader's
// `reader_gb` (> 0: given; otherwise the machine decides), or the machine's sizes (0 =
// unknown). Negative byte counts count as 0.
RamCheck CheckSystemRam(double offloaded_bytes, double host_bytes, double reserve_gb,
                        const MachineRam& machine, double reader_gb);

}  // namespace gg::calc
