#include "calc/sysram.h"

#include <algorithm>

namespace gg::calc {

const char* RamVerdictId(RamVerdict v) {
  switch (v) {
    case RamVerdict::kUnchecked:
      return "unchecked";
    case RamVerdict::kFits:
      return "fits";
    case RamVerdict::kAboveTypical:
      return "above_typical";
    case RamVerdict::kTooSmall:
      return "too_small";
    case RamVerdict::kAboveMax:
      return "above_max";
  }
  return "unchecked";
}

std::vector<std::string> RamVerdictIds() {
  return {"unchecked", "fits", "above_typical", "too_small", "above_max"};
}

bool RamPossible(RamVerdict v) {
  return v != RamVerdict::kTooSmall && v != RamVerdict::kAboveMax;
}

double RamReserveGb(const Dataset& data) {
  const Assumption* a = data.FindAssumption("ram_reserve_gb");
  return a != nullptr && !a->is_text && a->number > 0 ? a->number : 0;
}

MachineRam MachineRamOf(const Dataset& data, const std::string& machine_id) {
  std::string key = machine_id;
  for (char& c : key)
    if (c == '-') c = '_';
  auto number = [&](const std::string& id) {
    const Assumption* a = data.FindAssumption(id);
    return a != nullptr && !a->is_text && a->number > 0 ? a->number : 0.0;
  };
  MachineRam r;
  if (key.empty()) return r;
  r.typical_gb = number("ram_gb_" + key);
  r.max_gb = number("ram_max_gb_" + key);
  return r;
}

double RamSizeBytes(double gb) {
  return gb * 1073741824.0;
}

RamCheck CheckSystemRam(double offloaded_bytes, double host_bytes, double reserve_gb,
                        const MachineRam& machine, double reader_gb) {
  RamCheck r;
  r.offloaded_bytes = std::max(offloaded_bytes, 0.0);
  r.host_bytes = std::max(host_bytes, 0.0);
  r.reserve_bytes = std::max(reserve_gb, 0.0) * 1e9;
  r.need_bytes = r.offloaded_bytes + r.host_bytes + r.reserve_bytes;
  r.need_gb = r.need_bytes / RamSizeBytes(1);
  if (machine.typical_gb > 0) r.typical_gb = machine.typical_gb;
  if (machine.max_gb > 0) r.max_gb = machine.max_gb;
  if (reader_gb > 0) {
    r.reader_gb = reader_gb;
    r.verdict = r.need_bytes <= RamSizeBytes(reader_gb) ? RamVerdict::kFits : RamVerdict::kTooSmall;
    return r;
  }
  if (r.max_gb && r.need_bytes > RamSizeBytes(*r.max_gb))
    r.verdict = RamVerdict::kAboveMax;
  else if (r.typical_gb)
    r.verdict =
        r.need_bytes <= RamSizeBytes(*r.typical_gb) ? RamVerdict::kFits : RamVerdict::kAboveTypical;
  else if (r.max_gb)
    r.verdict = RamVerdict::kFits;  // within the maximum, no usual size to compare with
  return r;
}

}  // namespace gg::calc
