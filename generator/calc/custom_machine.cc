#include "calc/custom_machine.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <set>

namespace gg::calc {

namespace {

// A figure as typed: whole numbers without a point (120), others as written (13.5).
std::string Figure(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e9) return std::to_string(static_cast<int64_t>(v));
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

}  // namespace

std::string CircuitId(const Circuit& c) {
  return Figure(c.volts) + "v-" + Figure(c.amps) + "a" + (c.phases == 3 ? "-3ph" : "");
}

std::vector<const Circuit*> NamedCircuits(const Dataset& data) {
  std::vector<const Circuit*> out;
  std::set<std::string> seen;
  for (const Machine& m : data.machines)
    for (const Circuit& c : m.circuits)
      if (seen.insert(CircuitId(c)).second) out.push_back(&c);
  return out;
}

std::vector<std::string> CircuitIds(const Dataset& data) {
  std::vector<std::string> ids;
  for (const Circuit* c : NamedCircuits(data)) ids.push_back(CircuitId(*c));
  return ids;
}

const Circuit* FindCircuit(const Dataset& data, const std::string& id) {
  for (const Circuit* c : NamedCircuits(data))
    if (CircuitId(*c) == id) return c;
  return nullptr;
}

std::optional<Machine> MakeCustomMachine(const Dataset& data, const CustomMachineSpec& spec) {
  const Machine* base = data.FindMachine(spec.base);
  if (base == nullptr) return std::nullopt;
  Machine m = *base;
  m.id = kCustomMachineId;
  if (spec.slots) m.max_gpus = *spec.slots;
  if (spec.psu_w) m.psu_sizes_w = {*spec.psu_w};
  if (spec.circuit) {
    const Circuit* c = FindCircuit(data, *spec.circuit);
    if (c == nullptr) return std::nullopt;
    m.circuits = {*c};
  }
  return m;
}

}  // namespace gg::calc
