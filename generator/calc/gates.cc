#include "calc/gates.h"

#include <algorithm>

namespace gg::calc {

std::string GateFieldValue(const Gpu& gpu, const std::string& field) {
  if (field == "vendor") return gpu.vendor;
  if (field == "tensor_cores") return gpu.tensor_cores;
  if (field == "cooling") return gpu.cooling;
  return {};
}

bool GateApplies(const FeatureGate& gate, Workload workload, int gpus_per_machine,
                 const std::string& machine, const std::string& task) {
  if (!gate.tasks.empty() &&
      std::find(gate.tasks.begin(), gate.tasks.end(), task) == gate.tasks.end())
    return false;
  if (!gate.workloads.empty() &&
      std::find(gate.workloads.begin(), gate.workloads.end(), workload) == gate.workloads.end())
    return false;
  if (!gate.machines.empty() &&
      std::find(gate.machines.begin(), gate.machines.end(), machine) == gate.machines.end())
    return false;
  return gpus_per_machine >= gate.min_gpus_per_machine;
}

bool PassesGate(const FeatureGate& gate, const Gpu& gpu) {
  const std::string v = GateFieldValue(gpu, gate.field);
  return !v.empty() && std::find(gate.allowed.begin(), gate.allowed.end(), v) != gate.allowed.end();
}

std::vector<const FeatureGate*> FailedGates(const std::vector<FeatureGate>& gates, const Gpu& gpu,
                                            Workload workload, int gpus_per_machine,
                                            const std::string& machine, const std::string& task) {
  std::vector<const FeatureGate*> failed;
  for (const FeatureGate& g : gates)
    if (GateApplies(g, workload, gpus_per_machine, machine, task) && !PassesGate(g, gpu))
      failed.push_back(&g);
  return failed;
}

}  // namespace gg::calc
