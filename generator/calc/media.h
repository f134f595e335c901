// Image and video generation: the memory a pipeline (data/genmodels.json) needs on the GPU in
// each phase of a run, the system RAM its offload mode needs, and the time a card takes.
// Pure: no I/O, threads, exceptions or locale; built for WebAssembly as well.
//
// A run has three phases, one after the other:
//   text_encoding  the text encoders turn the prompt into embeddings (one encoder at a time);
//   denoising      the denoiser runs `steps` times (twice per step with classifier-free
//                  guidance), on latent tokens;
//   vae_decode     the VAE turns the latents into pixels.
// The peak is the largest phase. What a phase holds is the weights resident on the GPU in
// that phase (set by the offload mode) plus that phase's activations:
//   none        every component stays on the GPU for the whole run;
//   phases      the text encoders leave the GPU once the prompt is encoded (ComfyUI when
//               memory is short, a script that encodes and then deletes its encoders); the
//               denoiser and the VAE load after encoding and stay;
//   model       diffusers' enable_model_cpu_offload: only the component running is on the
//               GPU (one denoiser expert of Wan 2.2 A14B at a time);
//   sequential  diffusers' enable_sequential_cpu_offload: weights stream in block by block,
//               so the GPU holds one block (the component's weights ÷ its layers; a VAE whole).
// Weights: parameters × bits per weight ÷ 8; the denoiser in the requested format, the text
// encoders in theirs, the VAE in vae_precision. Weights not on the GPU in a phase are in system
// RAM (mode none: nothing is).
//
// Activations (inference frees them block by block, so the peak is one block's working set):
//   tokens      latent frames ⌈(frames − 1) ÷ temporal⌉ + 1 (a video; an image has 1), latent
//               size ⌈width ÷ spatial⌉ × ⌈height ÷ spatial⌉; image tokens = ⌈latent frames ÷
//               patch_t⌉ × ⌈latent w ÷ patch⌉ × ⌈latent h ÷ patch⌉; attention tokens add the
//               text tokens of a joint-attention (mmdit) denoiser;
//   block       batch × tokens × (activation_hidden_values × hidden + activation_ffn_values ×
//               ffn) × 2 bytes (BF16), text encoders alike over their own tokens;
//   attention   without a memory-efficient kernel, + batch × heads × tokens² ×
//               attention_score_copies × 2 bytes; with one, nothing more;
//   VAE decode  output pixels decoded at once × decoder_channels ÷ patch² ×
//               vae_decode_values_per_channel × 2 bytes (4 with vae_precision fp32); pixels at
//               once = batch × frames at once (an image 1; a video decode_latent_frames ×
//               temporal, or every frame) × width × height, or, tiled, × at most vae_tile_px²
//               per frame. (A VAE whose last layer unfolds patch × patch pixels per position,
//               LTX-Video and Wan 2.2, works on patch² fewer positions at full resolution.)
// Classifier-free guidance runs its two passes one after the other (as ComfyUI does when
// memory is short, and diffusers for Wan and Qwen-Image), so it doubles the time, not the
// activations.
//
// Speed: FLOPs per step ÷ (the card's dense FP16/BF16 tensor throughput × denoise_efficiency,
// or denoise_efficiency_hopper on Hopper cards, which reach a smaller share of their peak, or
// denoise_efficiency_unet for a U-Net denoiser on any card: its convolutions and group norms on
// 320 to 1,280 channels reach a smaller share than a transformer's large matrix products).
// Every weight format computes in BF16 (ComfyUI and diffusers upcast FP8, GGUF and NVFP4 weights
// unless told otherwise), so only memory depends on the precision. FLOPs per pass =
// 2 × parameters × (image + joint text tokens) + 4 × layers × attention tokens² × hidden; a
// U-Net's are 2 × reference_tmacs scaled by pixels. Offloading adds the time to move weights
// at offload_gbs: every step's weights (sequential), each component once (model). Text encoding
// and VAE decoding time are not counted.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/diagnostics.h"
#include "model/model.h"

namespace gg::calc {

enum class MediaOffload { kNone, kPhases, kModel, kSequential };
const char* MediaOffloadId(MediaOffload m);  // "none", "phases", "model", "sequential"
std::optional<MediaOffload> ParseMediaOffload(const std::string& s);
const std::vector<std::string>& MediaOffloadIds();

// Weight formats a denoiser or text encoder may be run in: bf16 fp16 fp8 q8_0 q5_k q4_k nvfp4
// nf4 (bitsandbytes 4-bit, as diffusers' PipelineQuantizationConfig loads it).
const std::vector<std::string>& MediaPrecisionIds();

// The constants of data/genmodels.json "constants", by id.
struct MediaConstants {
  double bits_q8_0 = 0;
  double bits_q5_k = 0;
  double bits_q4_k = 0;
  double bits_nvfp4 = 0;
  double bits_nf4 = 0;
  double activation_hidden_values = 0;
  double activation_ffn_values = 0;
  double attention_score_copies = 0;
  double vae_decode_values_per_channel = 0;
  double vae_tile_px = 0;
  double offload_gbs = 0;
  double denoise_efficiency = 0;         // a transformer denoiser on every card but Hopper
  double denoise_efficiency_hopper = 0;  // a transformer denoiser, tensor_cores "hopper"
  double denoise_efficiency_unet = 0;    // a U-Net denoiser (architecture "unet"), any card
};

// Fills every field from data.media_constants. A missing id (with "did you mean" over the ids
// present that no field uses) or a value ≤ 0 is reported at data/genmodels.json; the field
// then stays 0 and callers must stop on diags->HasErrors().
MediaConstants ResolveMediaConstants(const Dataset& data, Diagnostics* diags);

// Bits per weight of a format (fp32 32, bf16/fp16 16, fp8 8, the others from k); 0 for an
// unknown id.
double MediaBitsPerWeight(const std::string& precision, const MediaConstants& k);

struct MediaRequest {
  std::string precision = "bf16";          // the denoiser's weights
  std::string encoder_precision = "bf16";  // the text encoders' weights
  std::string vae_precision = "bf16";      // the VAE\'s weights and decode: bf16 or fp32
  int width = 1024;
  int height = 1024;
  int frames = 1;  // output frames (a video); 1 for an image
  int batch = 1;
  int steps = 1;
  MediaOffload offload = MediaOffload::kNone;
  bool tiled_vae = false;
  bool efficient_attention = true;
};

struct MediaTokens {
  int latent_frames = 1;
  int latent_width = 0;
  int latent_height = 0;
  double image_tokens = 0;      // per sample
  double attention_tokens = 0;  // per sample: image tokens + joint text tokens
};

struct MediaPhase {
  std::string id;               // text_encoding | denoising | vae_decode
  double weights_bytes = 0;     // weights on the GPU during the phase
  double activation_bytes = 0;  // the phase's working set, attention included
  double attention_bytes = 0;   // of which tokens × tokens score matrices
  double total_bytes = 0;       // weights + activations
  double host_bytes = 0;        // weights in system RAM during the phase
};

struct MediaEstimate {
  MediaTokens tokens;
  std::vector<MediaPhase> phases;  // text_encoding, denoising, vae_decode
  double weights_bytes = 0;        // every component (every expert) in its format
  double peak_bytes = 0;           // the largest phase total
  std::string peak_phase;          // its id (the first of equals)
  double host_bytes = 0;           // the most system RAM any phase needs for weights
  int passes = 1;                  // denoiser passes per step (2 with guidance)
  double flops_per_step = 0;       // every pass of one step, the whole batch
};

// `p` must have a denoiser and a VAE and `r` hold formats of MediaPrecisionIds() (the loader
// and the request checks ensure both); otherwise the figures are 0.
MediaEstimate EstimateMedia(const MediaPipeline& p, const MediaRequest& r, const MediaConstants& k);

struct MediaSpeed {
  double peak_tflops = 0;       // the card's dense FP16/BF16 tensor throughput
  double efficiency = 0;        // the share of it reached (denoise_efficiency[_hopper|_unet])
  double seconds_per_step = 0;  // every pass of one step
  double denoise_seconds = 0;   // steps × seconds_per_step
  double offload_seconds = 0;   // moving weights between system RAM and the GPU
  double total_seconds = 0;     // denoise + offload
  // A video: total_seconds ÷ the clip's length (frames ÷ fps); 0 for an image.
  double seconds_per_video_second = 0;
};

// The share of the peak a denoiser reaches comes from one of three fitted constants: its class.
enum class MediaEfficiencyClass { kTransformer, kTransformerHopper, kUnet };
MediaEfficiencyClass MediaEfficiencyClassOf(const MediaPipeline& p, const Gpu& g);
double MediaEfficiency(MediaEfficiencyClass c, const MediaConstants& k);

MediaSpeed EstimateMediaSpeed(const MediaPipeline& p, const MediaRequest& r, const MediaEstimate& e,
                              const Gpu& g, const MediaConstants& k);

}  // namespace gg::calc
