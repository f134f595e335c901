// calc/media.h: peak memory per phase and offload mode, system RAM, FLOPs and time, on a toy
// pipeline with round shapes so every figure is hand arithmetic (written next to each case).
#include <catch2/catch.hpp>

#include <string>

#include "calc/media.h"
#include "calc/media_fit.h"
#include "calc/media_validation.h"
#include "data/load_dataset.h"

using namespace gg;
using gg::calc::MediaOffload;

namespace {

MediaComponent Encoder(double params_b, int layers, int hidden, int heads, int ffn, int tokens) {
  MediaComponent c;
  c.role = "text_encoder";
  c.params_b = params_b;
  c.native_precision = "bf16";
  c.layers = layers;
  c.hidden_size = hidden;
  c.attention_heads = heads;
  c.ffn_size = ffn;
  c.tokens = tokens;
  return c;
}

// Two encoders (2.0 GB and 1.0 GB in BF16), a 2B joint-attention denoiser (4.0 GB), a 0.2B
// VAE (0.4 GB in BF16, the default vae_precision): 7.4 GB of weights.
MediaPipeline ToyImage() {
  MediaPipeline p;
  p.id = "toy-image";
  p.kind = "image";
  p.cfg = true;
  p.default_steps = 10;
  p.components.push_back(Encoder(1.0, 10, 1000, 10, 4000, 100));
  p.components.push_back(Encoder(0.5, 5, 500, 5, 2000, 50));
  MediaComponent d;
  d.role = "denoiser";
  d.params_b = 2.0;
  d.native_precision = "bf16";
  d.layers = 20;
  d.hidden_size = 1000;
  d.attention_heads = 10;
  d.ffn_size = 4000;
  d.architecture = "mmdit";
  d.patch_size = 2;
  d.text_tokens = 100;
  p.components.push_back(d);
  MediaComponent v;
  v.role = "vae";
  v.params_b = 0.2;
  v.native_precision = "fp32";  // as published; it runs in vae_precision
  v.latent_channels = 16;
  v.spatial_compression = 8;
  v.decoder_channels = 100;
  p.components.push_back(v);
  return p;
}

calc::MediaConstants Constants() {
  calc::MediaConstants k;
  k.bits_q8_0 = 8.5;
  k.bits_q5_k = 5.5;
  k.bits_q4_k = 4.5;
  k.bits_nvfp4 = 4.5;
  k.bits_nf4 = 4.5;
  k.activation_hidden_values = 6;
  k.activation_ffn_values = 2;
  k.attention_score_copies = 2;
  k.vae_decode_values_per_channel = 10;
  k.vae_tile_px = 512;
  k.offload_gbs = 10;
  k.denoise_efficiency = 0.5;
  k.denoise_efficiency_hopper = 0.25;
  k.denoise_efficiency_unet = 0.2;
  return k;
}

calc::MediaRequest Square1024(MediaOffload mode = MediaOffload::kNone) {
  calc::MediaRequest r;
  r.width = 1024;
  r.height = 1024;
  r.steps = 10;
  r.offload = mode;
  return r;
}

const calc::MediaPhase& Phase(const calc::MediaEstimate& e, const std::string& id) {
  for (const auto& p : e.phases)
    if (p.id == id) return p;
  FAIL("no phase " << id);
  return e.phases.front();
}

}  // namespace

TEST_CASE("media: tokens of an image", "[calc][media]") {
  const calc::MediaEstimate e = calc::EstimateMedia(ToyImage(), Square1024(), Constants());
  // 1024 / 8 = 128 latent pixels a side; patch 2: 64 x 64 = 4096; + 100 joint text tokens.
  CHECK(e.tokens.latent_frames == 1);
  CHECK(e.tokens.latent_width == 128);
  CHECK(e.tokens.image_tokens == 4096);
  CHECK(e.tokens.attention_tokens == 4196);
  // 1000 x 1000: latent 125 (ceil), 63 tokens a side (ceil of 62.5).
  calc::MediaRequest r = Square1024();
  r.width = r.height = 1000;
  CHECK(calc::EstimateMedia(ToyImage(), r, Constants()).tokens.image_tokens == 63 * 63);
}

TEST_CASE("media: every phase in every offload mode", "[calc][media]") {
  // Activations (BF16, 2 bytes): text encoding = the larger encoder's block, 100 tokens x
  // (6 x 1000 + 2 x 4000) x 2 = 2.8 MB (the other: 50 x 7000 x 2 = 0.7 MB); denoising =
  // 4196 x 14000 x 2 = 117.488 MB; VAE decode = 1024 x 1024 pixels x 100 channels x 10 x 2 =
  // 2,097.152 MB.
  struct Case {
    MediaOffload mode;
    double te_w, den_w, dec_w;  // weights on the GPU per phase, GB
    double host;                // most system RAM for weights, GB
    double peak;                // GB
    const char* peak_phase;
  };
  const Case cases[] = {
      // none: 2 + 1 + 4 + 0.4 = 7.4 GB in every phase; peak 7.4 + 2.097152.
      {MediaOffload::kNone, 7.4, 7.4, 7.4, 0, 9.497152, "vae_decode"},
      // phases: encoders 3.0 while encoding; denoiser + VAE 4.4 after. RAM: 7.4 - 3.0.
      {MediaOffload::kPhases, 3.0, 4.4, 4.4, 4.4, 6.497152, "vae_decode"},
      // model: the larger encoder (2.0), the denoiser (4.0), the VAE (0.4). RAM: 7.4 - 0.4.
      {MediaOffload::kModel, 2.0, 4.0, 0.4, 7.0, 4.117488, "denoising"},
      // sequential: one block: 2.0 / 10 = 0.2 = 1.0 / 5; 4.0 / 20 = 0.2; the VAE whole (0.4).
      // RAM: 7.4 - 0.2. Peak: the VAE phase, 0.4 + 2.097152.
      {MediaOffload::kSequential, 0.2, 0.2, 0.4, 7.2, 2.497152, "vae_decode"},
  };
  for (const Case& c : cases) {
    INFO(calc::MediaOffloadId(c.mode));
    const calc::MediaEstimate e = calc::EstimateMedia(ToyImage(), Square1024(c.mode), Constants());
    CHECK(e.weights_bytes == Approx(7.4e9));
    CHECK(Phase(e, "text_encoding").weights_bytes == Approx(c.te_w * 1e9));
    CHECK(Phase(e, "denoising").weights_bytes == Approx(c.den_w * 1e9));
    CHECK(Phase(e, "vae_decode").weights_bytes == Approx(c.dec_w * 1e9));
    CHECK(Phase(e, "text_encoding").activation_bytes == Approx(2.8e6));
    CHECK(Phase(e, "denoising").activation_bytes == Approx(117.488e6));
    CHECK(Phase(e, "vae_decode").activation_bytes == Approx(2097.152e6));
    CHECK(Phase(e, "text_encoding").total_bytes == Approx(c.te_w * 1e9 + 2.8e6));
    CHECK(e.host_bytes == Approx(c.host * 1e9).margin(1));
    CHECK(e.peak_bytes == Approx(c.peak * 1e9));
    CHECK(e.peak_phase == c.peak_phase);
  }
}

TEST_CASE("media: attention without a memory-efficient kernel", "[calc][media]") {
  calc::MediaRequest r = Square1024();
  r.efficient_attention = false;
  const calc::MediaEstimate e = calc::EstimateMedia(ToyImage(), r, Constants());
  // 10 heads x 4196^2 x 2 copies x 2 bytes = 704,256,640 B on top of the block's 117,488,000.
  CHECK(Phase(e, "denoising").attention_bytes == Approx(704256640));
  CHECK(Phase(e, "denoising").activation_bytes == Approx(704256640 + 117488000));
  // Encoders: 10 x 100^2 x 4 = 400,000 (+ 2.8 MB); the small one 5 x 50^2 x 4 = 50,000.
  CHECK(Phase(e, "text_encoding").activation_bytes == Approx(3.2e6));
  // Batch 2 doubles every activation.
  r.batch = 2;
  CHECK(Phase(calc::EstimateMedia(ToyImage(), r, Constants()), "denoising").activation_bytes ==
        Approx(2.0 * (704256640 + 117488000)));
}

TEST_CASE("media: tiled VAE decode", "[calc][media]") {
  calc::MediaRequest r = Square1024();
  r.tiled_vae = true;
  // 512 x 512 pixels at a time: 512^2 x 100 x 10 x 2 = 524,288,000.
  CHECK(Phase(calc::EstimateMedia(ToyImage(), r, Constants()), "vae_decode").activation_bytes ==
        Approx(524288000));
  // An image smaller than a tile decodes whole: 256^2 x 2000 = 131,072,000.
  r.width = r.height = 256;
  CHECK(Phase(calc::EstimateMedia(ToyImage(), r, Constants()), "vae_decode").activation_bytes ==
        Approx(131072000));
}

TEST_CASE("media: a VAE in float32, and one that unfolds patches", "[calc][media]") {
  calc::MediaRequest r = Square1024(MediaOffload::kModel);
  r.vae_precision = "fp32";
  const calc::MediaEstimate e = calc::EstimateMedia(ToyImage(), r, Constants());
  // 0.2B x 4 bytes; the decode at 4 bytes a value: 1024^2 x 100 x 10 x 4.
  CHECK(Phase(e, "vae_decode").weights_bytes == Approx(0.8e9));
  CHECK(Phase(e, "vae_decode").activation_bytes == Approx(4194304000.0));
  // A last layer unfolding 4 x 4 pixels: 100 channels / 16 per full-resolution pixel.
  MediaPipeline p = ToyImage();
  p.components[3].vae_patch = 4;
  CHECK(Phase(calc::EstimateMedia(p, Square1024(), Constants()), "vae_decode").activation_bytes ==
        Approx(2097152000.0 / 16));
  r.vae_precision = "fp16";  // not a VAE precision the calculation knows
  CHECK(calc::EstimateMedia(ToyImage(), r, Constants()).peak_bytes == 0);
}

TEST_CASE("media: the denoiser's and the encoders' weight formats", "[calc][media]") {
  struct Case {
    const char* precision;
    double denoiser_gb;  // 2B parameters
  };
  const Case cases[] = {{"bf16", 4.0},   {"fp16", 4.0},   {"fp8", 2.0},     {"q8_0", 2.125},
                        {"q5_k", 1.375}, {"q4_k", 1.125}, {"nvfp4", 1.125}, {"nf4", 1.125}};
  for (const Case& c : cases) {
    INFO(c.precision);
    calc::MediaRequest r = Square1024(MediaOffload::kModel);
    r.precision = c.precision;
    CHECK(Phase(calc::EstimateMedia(ToyImage(), r, Constants()), "denoising").weights_bytes ==
          Approx(c.denoiser_gb * 1e9));
  }
  // Encoders in Q8_0: 1.0B x 8.5 / 8 = 1.0625 GB for the larger one (model offload).
  calc::MediaRequest r = Square1024(MediaOffload::kModel);
  r.encoder_precision = "q8_0";
  CHECK(Phase(calc::EstimateMedia(ToyImage(), r, Constants()), "text_encoding").weights_bytes ==
        Approx(1.0625e9));
  // An unknown format gives nothing rather than a wrong figure.
  r.precision = "int3";
  CHECK(calc::EstimateMedia(ToyImage(), r, Constants()).peak_bytes == 0);
  CHECK(calc::MediaBitsPerWeight("fp32", Constants()) == 32);
}

TEST_CASE("media: FLOPs per step and time on a card", "[calc][media]") {
  const MediaPipeline p = ToyImage();
  calc::MediaRequest r = Square1024();
  const calc::MediaEstimate e = calc::EstimateMedia(p, r, Constants());
  // Per pass: 2 x 2e9 x 4196 + 4 x 20 layers x 4196^2 x 1000 = 1.6784e13 + 1.40851328e12;
  // guidance: 2 passes.
  CHECK(e.passes == 2);
  CHECK(e.flops_per_step == Approx(2 * (1.6784e13 + 1.40851328e12)));
  Gpu g;
  g.id = "toy-gpu";
  g.fp16_tflops = 100;
  // 3.638502656e13 / (100e12 x 0.5) = 0.7277005312 s per step; 10 steps.
  calc::MediaSpeed s = calc::EstimateMediaSpeed(p, r, e, g, Constants());
  CHECK(s.seconds_per_step == Approx(0.7277005312));
  CHECK(s.denoise_seconds == Approx(7.277005312));
  CHECK(s.offload_seconds == 0);
  CHECK(s.seconds_per_video_second == 0);
  // Model offload moves every weight once: 7.4 GB / 10 GB/s.
  r.offload = MediaOffload::kModel;
  s = calc::EstimateMediaSpeed(p, r, calc::EstimateMedia(p, r, Constants()), g, Constants());
  CHECK(s.offload_seconds == Approx(0.74));
  CHECK(s.total_seconds == Approx(8.017005312));
  // Sequential streams the denoiser for each pass of each step (10 x 2 x 4 GB) and the rest
  // (3.4 GB) once: 83.4 GB / 10 GB/s.
  r.offload = MediaOffload::kSequential;
  s = calc::EstimateMediaSpeed(p, r, calc::EstimateMedia(p, r, Constants()), g, Constants());
  CHECK(s.offload_seconds == Approx(8.34));
  // A Hopper card reaches its own share of the peak: 0.25 instead of 0.5, twice the time.
  g.tensor_cores = "hopper";
  r.offload = MediaOffload::kNone;
  s = calc::EstimateMediaSpeed(p, r, e, g, Constants());
  CHECK(s.efficiency == 0.25);
  CHECK(s.seconds_per_step == Approx(2 * 0.7277005312));
}

TEST_CASE("media: a video pipeline with two denoiser experts", "[calc][media]") {
  MediaPipeline p = ToyImage();
  p.kind = "video";
  p.fps = 16;
  p.cfg = false;
  MediaComponent& d = p.components[2];
  d.architecture = "dit";
  d.text_tokens = 0;
  d.experts = 2;
  MediaComponent& v = p.components[3];
  v.temporal_compression = 4;
  v.decode_latent_frames = 1;
  calc::MediaRequest r;
  r.width = 832;
  r.height = 480;
  r.frames = 81;
  r.steps = 10;
  calc::MediaEstimate e = calc::EstimateMedia(p, r, Constants());
  // (81 - 1) / 4 + 1 = 21 latent frames; 104 x 60 latent, 52 x 30 tokens: 21 x 1560 = 32,760.
  CHECK(e.tokens.latent_frames == 21);
  CHECK(e.tokens.image_tokens == 32760);
  CHECK(e.tokens.attention_tokens == 32760);
  // Both experts count: 2 + 1 + 2 x 4 + 0.4 = 11.4 GB.
  CHECK(e.weights_bytes == Approx(11.4e9));
  // One latent frame (4 frames) decoded at once: 4 x 832 x 480 x 100 x 10 x 2.
  CHECK(Phase(e, "vae_decode").activation_bytes == Approx(3194880000.0));
  // Model offload holds one expert while denoising: 4 GB + 32760 x 14000 x 2.
  r.offload = MediaOffload::kModel;
  e = calc::EstimateMedia(p, r, Constants());
  CHECK(Phase(e, "denoising").weights_bytes == Approx(4e9));
  CHECK(Phase(e, "denoising").total_bytes == Approx(4e9 + 32760.0 * 14000 * 2));
  // Time per second of video: 81 frames at 16 fps = 5.0625 s of clip. One pass per step:
  // 2 x 2e9 x 32760 + 4 x 20 x 32760^2 x 1000 = 1.3104e14 + 8.5857408e13.
  Gpu g;
  g.fp16_tflops = 100;
  r.offload = MediaOffload::kNone;
  e = calc::EstimateMedia(p, r, Constants());
  CHECK(e.flops_per_step == Approx(1.3104e14 + 8.5857408e13));
  const calc::MediaSpeed s = calc::EstimateMediaSpeed(p, r, e, g, Constants());
  CHECK(s.seconds_per_video_second == Approx(s.total_seconds / 5.0625));
  // A whole-clip VAE (decode_latent_frames 0) decodes all 81 frames at once.
  p.components[3].decode_latent_frames = 0;
  CHECK(Phase(calc::EstimateMedia(p, r, Constants()), "vae_decode").activation_bytes ==
        Approx(81.0 * 832 * 480 * 100 * 10 * 2));
}

TEST_CASE("media: a U-Net's FLOPs scale with pixels from its reference", "[calc][media]") {
  MediaPipeline p = ToyImage();
  MediaComponent& d = p.components[2];
  d.architecture = "unet";
  d.text_tokens = 0;
  d.reference_tmacs = 3;
  d.reference_pixels = 1048576;
  calc::MediaRequest r = Square1024();
  // 2 x 3e12 MACs per pass at 1024^2, two passes.
  CHECK(calc::EstimateMedia(p, r, Constants()).flops_per_step == Approx(1.2e13));
  r.width = r.height = 512;
  CHECK(calc::EstimateMedia(p, r, Constants()).flops_per_step == Approx(3e12));
  // A U-Net reaches its own share of the peak on every card, Hopper or not: 3e12 / (100e12 x 0.2)
  // = 0.15 s per step at 512^2.
  const calc::MediaEstimate e = calc::EstimateMedia(p, r, Constants());
  Gpu g;
  g.fp16_tflops = 100;
  for (const char* cores : {"ampere", "hopper"}) {
    g.tensor_cores = cores;
    const calc::MediaSpeed s = calc::EstimateMediaSpeed(p, r, e, g, Constants());
    CHECK(s.efficiency == 0.2);
    CHECK(s.seconds_per_step == Approx(0.15));
  }
}

TEST_CASE("media: constants come from genmodels.json, each one required", "[calc][media]") {
  Dataset ds;
  Diagnostics d;
  LoadDataFile("data/genmodels.json",
               "{\"constants\": [{\"id\": \"bits_q8_O\", \"value\": 8.5, \"unit\": \"bits\", "
               "\"source\": \"s\", \"as_of\": \"2026-01-01\"}], \"pipelines\": []}",
               &ds, &d);
  REQUIRE_FALSE(d.HasErrors());
  calc::ResolveMediaConstants(ds, &d);
  const std::string text = d.Render();
  CHECK(text.find("missing media constant 'bits_q8_0'; did you mean 'bits_q8_O'?") !=
        std::string::npos);
  CHECK(text.find("missing media constant 'denoise_efficiency'") != std::string::npos);
  CHECK(calc::ParseMediaOffload("model") == MediaOffload::kModel);
  CHECK_FALSE(calc::ParseMediaOffload("cpu").has_value());
}

// calc/media_fit.h: the lightest rung of the offload ladder that fits a card. The toy's peaks
// per rung (from the phase table above; a tiled decode holds 512 x 512 x 100 x 10 x 2 =
// 524.288 MB): none 9.497152 GB; phases 6.497152; phases + tiled max(3.0028, 4.517488,
// 4.924288) = 4.924288; model 4.117488 (denoising) with or without tiles; sequential + tiled
// max(0.2028, 0.317488, 0.924288) = 0.924288. Needed = peak + 0.5 GB of CUDA context; usable =
// memory x (1 - 0.1).
TEST_CASE("media fit: the lightest offload mode that fits, for every rung", "[calc][media]") {
  struct Case {
    double memory_gb;
    bool fits;
    MediaOffload mode;
    bool tiled;
    double needed_gb;
  };
  const Case cases[] = {
      // usable = memory_gb × 2^30 × 0.9 (a card sold as "12 GB" holds 12 GiB), in 10^9 bytes:
      {12, true, MediaOffload::kNone, false, 9.997152},       // usable 11.596
      {8, true, MediaOffload::kPhases, false, 6.997152},      // usable 7.731
      {6.1, true, MediaOffload::kPhases, true, 5.424288},     // usable 5.895
      {5.5, true, MediaOffload::kModel, false, 4.617488},     // usable 5.315 < 5.424288
      {4, true, MediaOffload::kSequential, true, 1.424288},   // usable 3.865 < 4.617488
      {1, false, MediaOffload::kSequential, true, 1.424288},  // usable 0.966: nothing fits
  };
  for (const Case& c : cases) {
    INFO(c.memory_gb << " GB");
    Gpu g;
    g.id = "toy-gpu";
    g.memory_gb = c.memory_gb;
    g.fp16_tflops = 100;
    const calc::MediaFit f =
        calc::FitMediaOnGpu(ToyImage(), Square1024(), g, Constants(), 0.5, 0.1);
    CHECK(f.fits == c.fits);
    CHECK(f.mode.offload == c.mode);
    CHECK(f.mode.tiled_vae == c.tiled);
    CHECK(f.usable_bytes == Approx(c.memory_gb * 1073741824.0 * 0.9));
    CHECK(f.needed_bytes == Approx(c.needed_gb * 1e9));
    // The time is that of the rung found (none: 7.277005312 s; model: + 7.4 GB / 10 GB/s).
    if (c.mode == MediaOffload::kNone) CHECK(f.speed.total_seconds == Approx(7.277005312));
    if (c.mode == MediaOffload::kModel) CHECK(f.speed.total_seconds == Approx(8.017005312));
    if (!c.fits) CHECK(f.speed.total_seconds == 0);
    // Sequential on the 4 GB card (usable 4 × 2^30 × 0.9 = 3,865,470,566.4 B) keeps
    // 3.8654705664 - 1.424288 = 2.4411825664 GB of the 4 GB denoiser and streams the rest:
    // 8.34 s of transfers less 10 steps x 2 passes x 2.4411825664 GB / 10 GB/s = 4.8823651328 s.
    if (c.fits && c.mode == MediaOffload::kSequential) {
      CHECK(f.kept_bytes == Approx(2.4411825664e9));
      CHECK(f.speed.offload_seconds == Approx(8.34 - 4.8823651328));
      CHECK(f.speed.total_seconds == Approx(7.277005312 + 8.34 - 4.8823651328));
    }
  }
  // A unified-memory system counts the memory a model may use: 16 GB, of which 8 usable.
  Gpu sys;
  sys.form_factor = "system";
  sys.memory_gb = 16;
  sys.usable_memory_gb = 8.0;
  sys.fp16_tflops = 100;
  CHECK(calc::FitMediaOnGpu(ToyImage(), Square1024(), sys, Constants(), 0.5, 0.1).mode.offload ==
        MediaOffload::kPhases);
  // The ladder is the documented one, six rungs from none to sequential + tiled.
  REQUIRE(calc::MediaModeLadder().size() == 6);
  CHECK(calc::MediaModeLadder().front().offload == MediaOffload::kNone);
  CHECK(calc::MediaModeLadder().back().offload == MediaOffload::kSequential);
  CHECK(calc::MediaModeLadder().back().tiled_vae);
}

TEST_CASE("media fit: clip frames and the guide's standard request", "[calc][media]") {
  MediaPipeline video = ToyImage();
  video.kind = "video";
  video.fps = 16;
  video.components[3].temporal_compression = 4;
  // 16 x 5 = 80, a multiple of 4, + 1.
  CHECK(calc::MediaClipFrames(video, 5) == 81);
  // 24 x 5 = 120 (multiple of 4) + 1.
  video.fps = 24;
  CHECK(calc::MediaClipFrames(video, 5) == 121);
  // 25 x 5 = 125, up to 128 with compression 8, + 1.
  video.fps = 25;
  video.components[3].temporal_compression = 8;
  CHECK(calc::MediaClipFrames(video, 5) == 129);
  CHECK(calc::MediaClipFrames(ToyImage(), 5) == 1);

  calc::MediaRequest r = calc::StandardMediaRequest(ToyImage(), "bf16");
  CHECK(r.width == 1024);
  CHECK(r.height == 1024);
  CHECK(r.frames == 1);
  CHECK(r.steps == 10);  // the pipeline's default
  CHECK(r.encoder_precision == "bf16");
  CHECK(calc::StandardMediaRequest(ToyImage(), "fp8").encoder_precision == "fp8");
  CHECK(calc::StandardMediaRequest(ToyImage(), "q4_k").encoder_precision == "fp8");
  r = calc::StandardMediaRequest(video, "fp8");
  CHECK(r.width == 1280);
  CHECK(r.height == 720);
  CHECK(r.frames == 129);
}

// calc/media_validation.h on two cases whose figures are the toy's hand-computed ones.
TEST_CASE("media validation: errors, median and worst per kind", "[calc][media]") {
  Dataset ds;
  ds.media.push_back(ToyImage());
  Gpu g;
  g.id = "toy-gpu";
  g.memory_gb = 24;
  g.fp16_tflops = 100;
  ds.gpus.push_back(g);
  auto add = [&](const std::string& id, const std::string& kind, const std::string& offload,
                 double measured, const std::string& unit) {
    MediaCase c;
    c.id = id;
    c.kind = kind;
    c.pipeline = "toy-image";
    c.gpu = kind == "peak_memory" ? "" : "toy-gpu";
    c.precision = "bf16";
    c.width = c.height = 1024;
    c.steps = 10;
    c.offload = offload;
    c.measured = measured;
    c.unit = unit;
    ds.media_validation.push_back(c);
  };
  add("mem-gb", "peak_memory", "none", 9.497152 / 1.09, "GB");             // computed 9 % high
  add("mem-gib", "peak_memory", "phases", 6.497152 / 1.073741824, "GiB");  // exact
  add("speed", "total_seconds", "model", 8.017005312 / 0.8, "s");          // 20 % low
  add("unknown", "total_seconds", "none", 1, "s");
  ds.media_validation.back().gpu = "no-such-gpu";  // skipped
  const calc::MediaValidation v = calc::ValidateMedia(ds, Constants());
  REQUIRE(v.memory.cases.size() == 2);
  REQUIRE(v.speed.cases.size() == 1);
  CHECK(v.memory.cases[0].error == Approx(0.09));
  CHECK(v.memory.cases[1].measured == Approx(6.497152));
  CHECK(v.memory.cases[1].error == Approx(0).margin(1e-9));
  CHECK(v.memory.median_abs_error == Approx(0.045));
  CHECK(v.memory.worst_abs_error == Approx(0.09));
  CHECK(v.memory.within_10 == 2);
  CHECK(v.speed.cases[0].computed == Approx(8.017005312));
  CHECK(v.speed.cases[0].error == Approx(-0.2));
  CHECK(v.speed.within_10 == 0);
}

TEST_CASE("media validation: leave-one-source-out refits each class without the case's source",
          "[calc][media]") {
  Dataset ds;
  ds.media.push_back(ToyImage());
  Gpu g;
  g.id = "toy-gpu";
  g.fp16_tflops = 100;
  ds.gpus.push_back(g);
  g.id = "toy-hopper";
  g.tensor_cores = "hopper";
  ds.gpus.push_back(g);
  // At efficiency 1 the toy pipeline denoises 10 steps in 3.638502656 s (no offload), so a run
  // measured at 3.638502656 / x seconds reached a share x of the peak.
  auto add = [&](const std::string& id, const std::string& gpu, double share,
                 const std::string& source) {
    MediaCase c;
    c.id = id;
    c.kind = "total_seconds";
    c.pipeline = "toy-image";
    c.gpu = gpu;
    c.precision = "bf16";
    c.width = c.height = 1024;
    c.steps = 10;
    c.offload = "none";
    c.measured = 3.638502656 / share;
    c.unit = "s";
    c.prov.source = source;
    ds.media_validation.push_back(c);
  };
  add("a1", "toy-gpu", 0.5, "https://a.example/post (table 1)");
  add("a2", "toy-gpu", 0.4, "https://a.example/post (table 2, another commit)");
  add("b1", "toy-gpu", 0.8, "https://b.example/readme");
  add("c1", "toy-hopper", 0.3, "https://c.example/");  // alone in its class: not checked
  const calc::MediaValidation v = calc::ValidateMedia(ds, Constants());
  REQUIRE(v.speed.cases.size() == 4);
  // a1 and a2 are computed at b1's 0.8: 0.5 / 0.8 - 1 = -0.375 and 0.4 / 0.8 - 1 = -0.5; b1 at
  // the median of a1 and a2, 0.45: 0.8 / 0.45 - 1 = 0.777…; the median |error| is 0.5.
  CHECK(v.speed.loso_cases == 3);
  CHECK(v.speed.loso_median_abs_error == Approx(0.5));
  CHECK(v.memory.loso_cases == 0);
}
