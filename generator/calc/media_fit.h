// Which offload mode a card needs to run an image or video pipeline (data/genmodels.json), and
// how long it then takes: the fit tables of the guide's image and video chapter, its speed
// chart and each GPU page's "what it runs". Pure: no I/O, threads, exceptions or locale; built
// for WebAssembly as well.
//
// A card holds a request when the peak of calc/media (the largest phase) plus the CUDA
// context fits in its memory less the headroom, the rule calc/fit applies to LLMs:
//   peak_bytes + cuda_context_gb × 10⁹ ≤ memory × (1 − gpu_ram_headroom_fraction)
// (memory: ModelMemoryGb × 2^30, usable_memory_gb where the data gives it, a unified-memory
// machine's share for the GPU, memory_gb otherwise; a card sold as "24 GB" holds 24 GiB).
//
// The modes are tried from the lightest to the heaviest, the order a user reaches for them
// when memory runs out (ComfyUI does the first and the tiled decode by itself):
//   none → phases → phases + tiled VAE → model → model + tiled VAE → sequential + tiled VAE.
// The first that fits is the answer; none fits → fits = false.
//
// Sequential offload keeps on the GPU what fits of the denoiser and streams only the rest at
// every pass (ComfyUI's partial loading, accelerate's device_map under a max_memory budget): of
// the memory left once the rung's peak and the CUDA context are counted, as much of one
// denoiser copy as fits stays resident, and the time saves its transfers:
//   kept = min(denoiser, usable − needed); offload_seconds −= steps × passes × kept ÷ offload_gbs
// (calc/media's EstimateMediaSpeed streams the whole denoiser at every pass).
#pragma once

#include <string>
#include <vector>

#include "calc/media.h"
#include "model/model.h"

namespace gg::calc {

// One rung of the ladder above.
struct MediaMode {
  MediaOffload offload = MediaOffload::kNone;
  bool tiled_vae = false;
};
const std::vector<MediaMode>& MediaModeLadder();

struct MediaFit {
  bool fits = false;
  MediaMode mode;           // the lightest that fits (the last rung when none does)
  MediaEstimate estimate;   // in that mode
  MediaSpeed speed;         // on that card, in that mode
  double usable_bytes = 0;  // memory × (1 − headroom)
  double needed_bytes = 0;  // peak + CUDA context
  double kept_bytes = 0;    // sequential offload: denoiser weights that stay on the GPU
};

// The lightest rung of MediaModeLadder() on which `r` (its offload and tiled_vae ignored) fits
// on `g`.
MediaFit FitMediaOnGpu(const MediaPipeline& p, const MediaRequest& r, const Gpu& g,
                       const MediaConstants& k, double cuda_context_gb,
                       double gpu_ram_headroom_fraction);

// Output frames of a clip of `seconds` at the pipeline's fps, as its VAE accepts them: the
// frame count rounded up to a multiple of the temporal compression, plus the first frame
// (Wan at 16 fps, 5 s: 80 → 81; LTX-Video at 25 fps, compression 8: 125 → 128 → 129). An image
// pipeline, or a video without fps: 1.
int MediaClipFrames(const MediaPipeline& p, double seconds);

// The sizes of the guide's standard requests.
inline constexpr int kMediaImageSide = 1024;
inline constexpr int kMediaVideoWidth = 1280;
inline constexpr int kMediaVideoHeight = 720;
inline constexpr double kMediaVideoSeconds = 5;

// The guide's standard request of a pipeline at `precision`: an image at 1024 × 1024, a video
// at 1280 × 720 for 5 s (MediaClipFrames), the pipeline's default steps, batch 1; text encoders
// in bf16 when the denoiser is, else in fp8 (how ComfyUI users pair them: the fp8 T5-XXL and
// UMT5 files ship beside the fp8 and GGUF checkpoints).
MediaRequest StandardMediaRequest(const MediaPipeline& p, const std::string& precision);

}  // namespace gg::calc
