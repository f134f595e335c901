// The cards that hold an image or video generation run (calc/media.h): which GPUs of the data
// have room for its peak, at what current price and how fast, cheapest first. One rule for
// the calculator page, `gpuguide calc media` and the tests.
//
// One card per run: ComfyUI and diffusers run a pipeline on one GPU (they do not split a
// denoiser's layers across cards), so a card holds the run when its peak phase plus the CUDA
// context fits the card's usable memory: memory_gb × 10⁹ (a system: usable_memory_gb) less the
// assumption gpu_ram_headroom_fraction, the rule of the guide's image and video fit tables
// (calc/media_fit.h). A unified-memory system (calc/systems.h) keeps the offloaded weights in
// the same memory, so it must hold peak + host_bytes + context.
// With a machine (data/machines.json; the calculator's default is "desktop"), a card that one
// of it cannot take (calc/power.h CheckBuild with 1 card: form factor, PSU, circuit, cables)
// is left out with its limit; a system is a machine of its own and is never checked.
// Sorted: priced cards first, by price, then by time (faster first), then id.
// Pure: no I/O, threads, exceptions or locale; built for WebAssembly as well.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "calc/assumptions.h"
#include "calc/media.h"
#include "calc/power.h"
#include "calc/prices.h"
#include "model/model.h"

namespace gg::calc {

// Bytes the run needs on g: peak + CUDA context, plus host_bytes on a unified-memory system.
double MediaNeededBytes(const Gpu& g, const MediaEstimate& e, const Assumptions& a);
// Bytes of g the run may use: ModelMemoryGb × 2^30 × (1 − gpu_ram_headroom_fraction), the rule
// of the LLM answers (fit.h UsableGpuBytes: a card sold as "24 GB" holds 24 GiB).
double MediaUsableBytes(const Gpu& g, const Assumptions& a);
// Whether g holds the run: a peak was computed and MediaNeededBytes ≤ MediaUsableBytes.
bool MediaFitsOn(const Gpu& g, const MediaEstimate& e, const Assumptions& a);

struct MediaCard {
  std::string gpu;
  Segment segment = Segment::kConsumer;
  double usable_bytes = 0;            // MediaUsableBytes
  double needed_bytes = 0;            // MediaNeededBytes
  std::optional<CurrentPrice> price;  // cheapest current price in the allowed conditions
  MediaSpeed speed;
};

struct MediaCardsResult {
  std::vector<MediaCard> cards;                                // hold the run, sorted
  std::vector<std::string> not_fitting;                        // too little memory, by id
  std::vector<std::pair<std::string, BuildLimit>> by_machine;  // room, but not in the machine
};

// conditions: the allowed price conditions (empty: any); machine: nullptr checks none.
MediaCardsResult MediaCards(const Dataset& data, const MediaPipeline& p, const MediaRequest& r,
                            const MediaEstimate& e, const MediaConstants& k,
                            const CurrentPrices& prices, const Assumptions& a,
                            const Machine* machine, const std::vector<Condition>& conditions);

}  // namespace gg::calc
