// Feature gates (data/gates.json, model.h FeatureGate): a GPU that lacks a feature its
// workload or task needs — CUDA and BF16 for training, FlashAttention-capable Tensor Cores, BF16
// for image and video generation, a blower or passive cooler when three or more cards share one
// box or any card goes into a rack server — is left out of a recommendation. The methodology page
// states the gates from the same data (directives/gpu_gates.cc), so the rule a reader reads is the
// rule applied here.
//
// Pure (compiled for the browser too).
#pragma once

#include <string>
#include <vector>

#include "model/model.h"

namespace gg::calc {

// The value a gate's field has for this GPU: its vendor, tensor_cores or cooling ("" when
// the cooling is not recorded, which no gate allows).
std::string GateFieldValue(const Gpu& gpu, const std::string& field);

// Whether the gate applies to a build of `gpus_per_machine` GPUs in one machine for the
// workload (its workloads, empty = all; at least min_gpus_per_machine GPUs; its machines, empty =
// any; its tasks, empty = any). `machine` is the build's machine id, "" when the build names none:
// a gate limited to some machines then does not apply (the build is not known to go into one).
// `task` is the persona's or query's task (model.h Persona::task), "" for none: a gate limited to
// some tasks applies only to recommendations made for one of them.
bool GateApplies(const FeatureGate& gate, Workload workload, int gpus_per_machine,
                 const std::string& machine = "", const std::string& task = "");

// Whether the GPU's field value is one of the gate's allowed values.
bool PassesGate(const FeatureGate& gate, const Gpu& gpu);

// The gates that apply to the build and that the GPU fails, in data order.
std::vector<const FeatureGate*> FailedGates(const std::vector<FeatureGate>& gates, const Gpu& gpu,
                                            Workload workload, int gpus_per_machine,
                                            const std::string& machine = "",
                                            const std::string& task = "");

}  // namespace gg::calc
