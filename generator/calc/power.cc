#include "calc/power.h"

#include <algorithm>
#include <cmath>

namespace gg::calc {

namespace {

bool Has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

int Available(const Machine& m, const std::string& kind) {
  auto it = m.psu_connectors.find(kind);
  return it == m.psu_connectors.end() ? 0 : it->second;
}

// Whether the largest PSU has the cables for `gpus` cards: 16-pin sockets are fed by native
// 12V-2x6 cables first, then by 8-pin cables through the card's adapter; 6-pin and 8-pin
// sockets take 8-pin (6+2) cables; 8-pin EPS sockets take EPS cables, or two 8-pin.
bool ConnectorsSuffice(const Gpu& g, int gpus, const Machine& m) {
  if (!g.power_connectors) return true;  // not recorded: validate warns
  int need16 = 0, need8 = 0, need_eps = 0;
  for (const std::string& c : *g.power_connectors) {
    if (c == "12VHPWR" || c == "12V-2x6")
      ++need16;
    else if (c == "12-pin")
      need8 += EightPinCablesFor(g);
    else if (c == "8-pin EPS")
      ++need_eps;
    else
      ++need8;
  }
  need16 *= gpus;
  need8 *= gpus;
  need_eps *= gpus;
  const int native16 = Available(m, "12V-2x6") + Available(m, "12VHPWR");
  const int adapted16 = std::max(need16 - native16, 0);
  need8 += adapted16 * EightPinCablesFor(g);
  // An EPS socket without an EPS cable takes two 8-pin PCIe through the card's adapter.
  need8 += 2 * std::max(need_eps - Available(m, "8-pin EPS"), 0);
  return need8 <= Available(m, "8-pin");
}

}  // namespace

double CircuitContinuousW(const Circuit& c) {
  const double phase_factor = c.phases == 3 ? std::sqrt(3.0) : 1.0;
  return c.volts * c.amps * phase_factor * c.continuous_fraction;
}

double MachineWallLimitW(const Machine& m) {
  double limit = 0;
  for (const Circuit& c : m.circuits) {
    const double w = CircuitContinuousW(c);
    if (limit == 0 || w < limit) limit = w;
  }
  return limit;
}

int MaxGpusBySlots(const Machine& m, double slot_width) {
  if (slot_width <= 0) return m.max_gpus;
  const int per_card = static_cast<int>(std::ceil(slot_width - 1e-9));
  return std::min(m.expansion_slots / per_card, m.max_gpus);
}

int EightPinCablesFor(const Gpu& g) {
  return std::max(1, static_cast<int>(std::ceil((g.tdp_w - 75.0) / 150.0 - 1e-9)));
}

const char* BuildLimitId(BuildLimit l) {
  switch (l) {
    case BuildLimit::kFits:
      return "fits";
    case BuildLimit::kFormFactor:
      return "form_factor";
    case BuildLimit::kSlots:
      return "slots";
    case BuildLimit::kPsu:
      return "psu";
    case BuildLimit::kCircuit:
      return "circuit";
    case BuildLimit::kConnectors:
      return "connectors";
  }
  return "";
}

Build CheckBuild(const Gpu& g, int gpus, const Machine& m) {
  Build b;
  b.gpus = std::max(gpus, 1);
  b.gpu_w = g.tdp_w * b.gpus;
  b.host_w = m.host_w;
  b.system_w = b.gpu_w + b.host_w;
  b.wall_w = m.psu_efficiency > 0 ? b.system_w / m.psu_efficiency : b.system_w;
  b.psu_needed_w = m.psu_load_fraction > 0 ? b.system_w / m.psu_load_fraction : b.system_w;
  for (double size : m.psu_sizes_w)
    if (size >= b.psu_needed_w && (!b.psu_w || size < *b.psu_w)) b.psu_w = size;
  b.wall_limit_w = MachineWallLimitW(m);
  b.max_gpus = MaxGpusBySlots(m, g.form_factor == "pcie" ? g.slots : 0);
  if (!Has(m.form_factors, g.form_factor))
    b.limit = BuildLimit::kFormFactor;
  else if (b.gpus > b.max_gpus)
    b.limit = BuildLimit::kSlots;
  else if (!b.psu_w)
    b.limit = BuildLimit::kPsu;
  else if (b.wall_limit_w > 0 && b.wall_w > b.wall_limit_w)
    b.limit = BuildLimit::kCircuit;
  else if (!ConnectorsSuffice(g, b.gpus, m))
    b.limit = BuildLimit::kConnectors;
  return b;
}

}  // namespace gg::calc
