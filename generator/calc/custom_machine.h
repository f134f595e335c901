// A machine the reader types instead of naming one of data/machines.json: their own PCIe
// slots, PSU and household circuit. Pure calculation over data/machines.json; every fit
// answer then checks the cards against it exactly as against a machine of the data
// (calc/placement.h Place, calc/power.h CheckBuild).
//
//   base      the machine of the data it starts from (default "desktop"): its slot positions
//             (card widths), cables, PSU load fraction and efficiency, host allowance and RAM
//             sizes stay; the reader's figures replace the rest.
//   slots     cards the board takes (max_gpus).
//   psu_w     the reader's PSU, the only size on offer.
//   circuit   one circuit of the data by its id (CircuitId: volts, breaker amps and phases,
//             "120v-15a", "415v-32a-3ph"), the only one checked; absent: the base's circuits,
//             every one of them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/model.h"

namespace gg::calc {

// The id a custom machine carries in answers.
inline constexpr const char* kCustomMachineId = "custom";

// Limits of what a reader may type: 1-16 cards, 100-20,000 W.
inline constexpr int kMaxCustomSlots = 16;
inline constexpr double kMinCustomPsuW = 100;
inline constexpr double kMaxCustomPsuW = 20000;

struct CustomMachineSpec {
  std::string base = "desktop";
  std::optional<int> slots;
  std::optional<double> psu_w;
  std::optional<std::string> circuit;
};

// The id a reader types for a circuit: "<volts>v-<amps>a", with "-3ph" for three phases
// ("120v-15a", "230v-16a", "415v-32a-3ph").
std::string CircuitId(const Circuit& circuit);

// The circuits of data.machines, each id once (its first occurrence), in the order of the data.
std::vector<const Circuit*> NamedCircuits(const Dataset& data);
std::vector<std::string> CircuitIds(const Dataset& data);
const Circuit* FindCircuit(const Dataset& data, const std::string& id);

// The machine of `spec` (id kCustomMachineId); nullopt when its base is not a machine of the
// data or its circuit is not a named circuit. The figures are taken as given: the caller checks
// their ranges (slots 1..kMaxCustomSlots, psu_w kMinCustomPsuW..kMaxCustomPsuW).
std::optional<Machine> MakeCustomMachine(const Dataset& data, const CustomMachineSpec& spec);

}  // namespace gg::calc
