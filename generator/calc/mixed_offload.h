// A mixed set of cards (calc/placement.h FitMixed) with weights kept in system RAM, for a set
// whose memory does not hold the whole model: llama.cpp's --tensor-split with -ngl (whole
// layers) or --n-cpu-moe (the routed experts of some layers). Pure calculation.
//
//   memory   each card keeps its overhead and CUDA context; the fewest layers (or layers'
//            experts, each split ÷ layers or RoutedExpertBytes ÷ layers, as AnswerWithOffload
//            counts them) go to system RAM so that the rest fits Σ free; the rest is split in
//            proportion to each card's free memory (SplitFractions), as without offload.
//   speed    a decode step reads step_ram = layers on CPU × each layer's share of step_bytes
//            (experts: their active share) from RAM and the rest from the cards in the same
//            proportions; the cards and the CPU work one after another, so the step takes
//            Σ_i DecodeSecondsOnCard(card i, its share of the GPU reads) + slope × step_ram ÷
//            ram_gbs, with the slope of the first card's decode line (for one card this is
//            AnswerWithOffload's time exactly). tokens/s = batch ÷ that time.
//   RAM      the offloaded bytes + the host part + the reserve against the machine's or the
//            reader's RAM size (calc/sysram.h).
#pragma once

#include <optional>
#include <vector>

#include "calc/placement.h"
#include "calc/sysram.h"

namespace gg::calc {

struct MixedOffload {
  int layers_on_cpu = 0;      // layers (kLayers) or layers' experts (kExperts) in system RAM
  double ram_bytes = 0;       // held in system RAM
  double step_gpu_bytes = 0;  // read from the cards per decode step, all cards together
  double step_ram_bytes = 0;  // read from system RAM per decode step
  double ram_gbs = 0;         // the bandwidth those are read at (0: no speed)
  RamCheck ram;               // whether the system RAM holds them
};

// The memory and speed of `gpus` (none empty) with `mode` offload; `answer` gets the fractions,
// card_bytes, usable_bytes, fits and tokens_per_s of the set with the layers moved. nullopt
// (and `answer` untouched) when mode is kNone, the set holds the model without offload, or no
// number of layers makes it fit (kExperts: the model has no experts).
std::optional<MixedOffload> AnswerOnMixedWithOffload(
    const std::vector<const Gpu*>& gpus, const LlmModel& model, const MemoryBreakdown& memory,
    double step_bytes, int64_t batch, Offload mode, double ram_gbs, Precision precision,
    const Assumptions& assumptions, MixedAnswer* answer);

// FitMixed's answer with offload: when `fit` does not fit in memory and `mode` is not kNone,
// its answer is replaced by AnswerOnMixedWithOffload at ram_gbs (≤ 0: PlatformRamGbs of
// fit->machine), and the RAM need is checked (CheckSystemRam with RamReserveGb, MachineRamOf
// fit->machine, the reader's reader_ram_gb). nullopt when nothing moved.
std::optional<MixedOffload> OffloadMixed(const Dataset& data, const std::vector<const Gpu*>& gpus,
                                         const LlmModel& model, const MemoryRequest& request,
                                         Offload mode, double ram_gbs, double reader_ram_gb,
                                         const Assumptions& assumptions, MixedFit* fit);

}  // namespace gg::calc
