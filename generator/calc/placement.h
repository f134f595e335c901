// Where the cards of a fit answer go, and what a build the reader can make does. Pure
// calculation over data/machines.json (calc/power.h checks one build), shared by every fit
// answer (calc/fit.h), the calculator and `gpuguide calc`, so no answer names a configuration
// its machine cannot hold:
//
//   machine    the reader names one (desktop, workstation, server-pcie-4, server-hgx-8, or a
//              custom Machine); by default a consumer or workstation card goes into a desktop,
//              a data-centre PCIe card into server-pcie-4 and an SXM/OAM module into
//              server-hgx-8. A unified-memory system (calc/systems.h) is its own machine: it
//              never goes into another one, and it is offered beside desktops and workstations,
//              not beside servers.
//   placement  n cards fit a machine when CheckBuild passes (form factor, slots, PSU, circuit,
//              cables); more cards than one machine takes only as whole baseboards of modules
//              (several HGX/OAM nodes).
//   mixed      cards of different kinds in one machine: the layers are split in proportion to
//              each card's free memory (llama.cpp --tensor-split), and a token passes through
//              the cards one after another, so decode takes the sum of the per-card times.
//   offload    weights kept in system RAM (llama.cpp -ngl for whole layers, --n-cpu-moe for the
//              routed experts only): a step reads its GPU bytes at the GPU's bandwidth and its
//              RAM bytes at the platform's (PlatformRamGbs) or the reader's figure, through
//              the same calibrated decode line.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "calc/assumptions.h"
#include "calc/memory.h"
#include "calc/power.h"
#include "calc/prices.h"
#include "model/model.h"

namespace gg::calc {

// ------------------------------------------------------------------ machines

// The machine ids a reader may name, in the order the calculator lists them.
const std::vector<std::string>& MachineIds();

// The machine a card goes into when the reader names none: "" for a unified-memory system (its
// own machine), "desktop" for consumer and workstation cards, "server-hgx-8" for SXM/OAM
// modules, "server-pcie-4" for data-centre PCIe cards.
std::string DefaultMachineId(const Gpu& gpu);

// The machine id for a card and what the reader asked: "" → DefaultMachineId; "server" (the
// single server kind of earlier editions, kept so old links and scripts work) →
// "server-hgx-8" for modules, "server-pcie-4" otherwise; anything else as given.
std::string ResolveMachineId(const std::string& asked, const Gpu& gpu);

// Whether the card is offered at all when the reader asked for `asked`: a system only beside
// desktops, workstations and custom machines (asked "" counts as a desktop), every card
// otherwise (the machine's checks then decide).
bool OfferedIn(const std::string& asked, const Gpu& gpu);

// The machine of data.machines a card goes into (ResolveMachineId); nullptr for a unified-memory
// system and when the data has no such machine (then nothing is checked).
const Machine* MachineFor(const Dataset& data, const Gpu& gpu, const std::string& asked);

// The peak system-RAM bandwidth of a machine's platform, GB/s: the assumption
// ram_gbs_desktop, ram_gbs_workstation or ram_gbs_server (both server kinds); 0 when the data
// has none (a unified-memory system, a custom machine: the reader gives it).
double PlatformRamGbs(const Dataset& data, const std::string& machine_id);

// Several machines of one kind holding `count` cards between them: one when count ≤ max_gpus;
// count ÷ max_gpus whole baseboards when the cards are modules (form factor sxm/oam) and count
// is a multiple of max_gpus; 0 (no placement) otherwise.
int MachinesFor(const Gpu& gpu, int count, const Machine& machine);

struct Placement {
  std::string machine;  // machines.json id ("" = custom)
  int machines = 1;     // MachinesFor
  Build build;          // one machine's build (count ÷ machines cards)
  bool Fits() const { return machines > 0 && build.limit == BuildLimit::kFits; }
};

// `count` cards of `gpu` in machines of kind `machine`: MachinesFor, then CheckBuild on one
// machine's share (a count that no number of machines holds reports BuildLimit::kSlots).
Placement Place(const Gpu& gpu, int count, const Machine& machine);

// The counts of candidates (ascending) that Place fits, in order.
std::vector<int> PlaceableCounts(const Gpu& gpu, const std::vector<int>& candidates,
                                 const Machine& machine);

// ------------------------------------------------------------------ mixed cards

// A mixed set of cards in one machine: one CheckBuild over the sum of their board powers and
// connectors is not in power.h, so the checks are made here in the same order: form factor
// (each card), slots (Σ ceil(width) ≤ expansion_slots, count ≤ max_gpus), PSU (Σ tdp + host),
// circuit, cables (each card's connectors, summed). Build.gpus is the number of cards.
Build CheckMixedBuild(const std::vector<const Gpu*>& gpus, const Machine& machine);

// Shares of the split bytes: free_i ÷ Σ free (free below 0 counts as 0); all 0 when Σ free ≤ 0.
std::vector<double> SplitFractions(const std::vector<double>& free_bytes);

// Warnings a mixed set carries, as ids (UI strings mixed.warning.<id>): "pcie_lanes" (a desktop
// or workstation with more than two cards feeds some from x4 or chipset slots: the split's
// activations cross them), "no_p2p" (cards of different kinds do not share memory peer to peer:
// every hand-over goes through the host), "vendors" (NVIDIA beside AMD or Intel: one build of
// the engine per vendor, so llama.cpp's Vulkan backend or RPC, not CUDA or ROCm alone).
std::vector<std::string> MixedWarnings(const std::vector<const Gpu*>& gpus, const Machine& machine);

struct MixedAnswer {
  std::vector<double> fractions;     // SplitFractions of the free bytes
  std::vector<double> card_bytes;    // bytes each card holds (its share + overhead + context)
  std::vector<double> usable_bytes;  // UsableGpuBytes of each card
  bool fits = false;                 // every card_bytes ≤ usable_bytes (Σ split ≤ Σ free)
  std::optional<double>
      tokens_per_s;  // inference: 1 ÷ Σ_i 1 ÷ DecodeTokensPerSecond(card i, its share)
};

// Bytes are in `memory` (EstimateMemory at the format all the cards run); free_i = usable_i −
// overhead − CUDA context. Decode bytes per step `step_bytes` (DecodeBytesPerStep) are read in
// the same shares; 0 or less: no speed.
MixedAnswer AnswerOnMixed(const std::vector<const Gpu*>& gpus, const LlmModel& model,
                          const MemoryBreakdown& memory, double step_bytes, int64_t batch,
                          const Assumptions& assumptions);

// ------------------------------------------------------------------ offload

enum class Offload { kNone, kLayers, kExperts };
const char* OffloadId(Offload o);  // "none", "layers", "experts"
std::optional<Offload> ParseOffload(const std::string& id);
std::vector<std::string> OffloadIds();

struct OffloadAnswer {
  bool fits = false;          // the GPU part fits (experts: the model is MoE)
  int layers_on_cpu = 0;      // layers (kLayers) or layers' experts (kExperts) in system RAM
  double gpu_bytes = 0;       // held on each of the `count` cards
  double ram_bytes = 0;       // held in system RAM
  double step_gpu_bytes = 0;  // read from GPU memory per decode step
  double step_ram_bytes = 0;  // read from system RAM per decode step
  std::optional<double> tokens_per_s;  // inference
};

// `count` cards of `gpu` with the smallest number of layers (kLayers: whole layers, weights and
// KV; kExperts: the routed experts of a layer) moved to system RAM so that each card holds
// PerGpuBytes of the rest within UsableGpuBytes. Layers count as equal (split ÷ layers each;
// experts: RoutedExpertBytes ÷ layers). A decode step reads step_bytes × (layers on CPU ÷
// layers) from RAM (kExperts: the active share of those experts), the rest from the card, and
// takes slope × (gpu ÷ bandwidth + ram ÷ ram_gbs) + fixed: DecodeTokensPerSecond on the card
// with the bandwidth those two reads average to. kNone: no layer moves. ram_gbs ≤ 0: no speed.
OffloadAnswer AnswerWithOffload(const Gpu& gpu, int count, const LlmModel& model,
                                const MemoryBreakdown& memory, double step_bytes, int64_t batch,
                                Offload mode, double ram_gbs, Precision precision,
                                const Assumptions& assumptions);

// ------------------------------------------------------------------ answers

// A mixed set's answer to a request. The weights and KV cache take the format every card of the
// set runs (RunnablePrecision applied card by card: one FP8-less card makes it Q8_0 for all).
struct MixedFit {
  std::vector<std::string> gpus;  // ids, as given
  std::string machine;            // the machine checked ("" = none in the data)
  Build build;                    // CheckMixedBuild
  Precision precision = Precision::kBf16;
  bool precision_substituted = false;
  MemoryBreakdown memory;
  MixedAnswer answer;
  std::vector<std::string> warnings;  // MixedWarnings
  std::optional<double> price_usd;  // Σ cheapest allowed price of each card; nullopt if one lacks
  bool price_estimated = false;     // one of them is an estimate
};

// The machine a mixed set goes into when the reader names none: the largest default of its
// cards (desktop < server-pcie-4 < server-hgx-8).
std::string DefaultMixedMachineId(const std::vector<const Gpu*>& gpus);

// `gpus` (none a unified-memory system) in `asked` (ResolveMachineId of the first card when
// "server"; DefaultMixedMachineId when ""), for an inference request.
MixedFit FitMixed(const Dataset& data, const std::vector<const Gpu*>& gpus, const LlmModel& model,
                  const MemoryRequest& request, const CurrentPrices& prices,
                  const std::vector<Condition>& conditions, const std::string& asked,
                  const Assumptions& assumptions);

// The answer of `count` cards of `gpu` with weights offloaded (AnswerWithOffload) at the
// request's format on the card, in machine `machine` (nullptr: not checked); nullopt when the
// machine does not hold that many cards or the GPU part does not fit.
struct OffloadFit {
  int count = 1;
  std::string machine;
  std::optional<Build> build;
  Precision precision = Precision::kBf16;
  MemoryBreakdown memory;
  OffloadAnswer offload;
};
std::optional<OffloadFit> FitWithOffload(const Gpu& gpu, int count, const LlmModel& model,
                                         const MemoryRequest& request, Offload mode, double ram_gbs,
                                         const Machine* machine, const Assumptions& assumptions);

// The largest model of data.models (by total parameters, then id) that `count` cards of `gpu`
// run at min_tps or more: the request's format and context (capped at each model's maximum),
// entirely in GPU memory or with `mode` offload at ram_gbs; nullptr when none does.
// `accept`, when given, is a further condition: it is asked only about a model that runs fast
// enough and is larger than the best so far, so the last model it accepts is the answer
// (LargestModelInRam, calc/fit_ram.h, records the system-RAM check of that model).
struct LargestModel {
  const LlmModel* model = nullptr;
  double tokens_per_s = 0;
  int layers_on_cpu = 0;
};
LargestModel LargestModelAtSpeed(const Dataset& data, const Gpu& gpu, int count,
                                 const MemoryRequest& request, Offload mode, double ram_gbs,
                                 double min_tps, const Machine* machine,
                                 const Assumptions& assumptions,
                                 const std::function<bool(const OffloadFit&)>& accept = {});

}  // namespace gg::calc
