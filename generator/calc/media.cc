#include "calc/media.h"

#include <algorithm>
#include <cmath>

#include "base/suggest.h"

namespace gg::calc {
namespace {

constexpr double kActivationBytes = 2;  // BF16

struct ConstantField {
  const char* id;
  double MediaConstants::*field;
};
const ConstantField kFields[] = {
    {"bits_q8_0", &MediaConstants::bits_q8_0},
    {"bits_q5_k", &MediaConstants::bits_q5_k},
    {"bits_q4_k", &MediaConstants::bits_q4_k},
    {"bits_nvfp4", &MediaConstants::bits_nvfp4},
    {"bits_nf4", &MediaConstants::bits_nf4},
    {"activation_hidden_values", &MediaConstants::activation_hidden_values},
    {"activation_ffn_values", &MediaConstants::activation_ffn_values},
    {"attention_score_copies", &MediaConstants::attention_score_copies},
    {"vae_decode_values_per_channel", &MediaConstants::vae_decode_values_per_channel},
    {"vae_tile_px", &MediaConstants::vae_tile_px},
    {"offload_gbs", &MediaConstants::offload_gbs},
    {"denoise_efficiency", &MediaConstants::denoise_efficiency},
    {"denoise_efficiency_hopper", &MediaConstants::denoise_efficiency_hopper},
    {"denoise_efficiency_unet", &MediaConstants::denoise_efficiency_unet},
};

int CeilDiv(int a, int b) {
  return b <= 0 ? 0 : (a + b - 1) / b;
}

double Bytes(const MediaComponent& c, const std::string& precision, const MediaConstants& k) {
  return c.params_b * 1e9 * MediaBitsPerWeight(precision, k) / 8;
}

// The format a component runs in: the denoiser the requested one, text encoders theirs, the
// VAE its own.
const std::string& FormatOf(const MediaComponent& c, const MediaRequest& r) {
  if (c.role == "denoiser") return r.precision;
  if (c.role == "text_encoder") return r.encoder_precision;
  return r.vae_precision;
}

// Weights of one copy (one expert) of c.
double OneCopy(const MediaComponent& c, const MediaRequest& r, const MediaConstants& k) {
  return Bytes(c, FormatOf(c, r), k);
}
double AllCopies(const MediaComponent& c, const MediaRequest& r, const MediaConstants& k) {
  return OneCopy(c, r, k) * (c.role == "denoiser" ? std::max(c.experts, 1) : 1);
}

// A transformer block's working set over `tokens` tokens of one sample, times batch.
void BlockActivations(const MediaComponent& c, double tokens, int batch, bool efficient,
                      const MediaConstants& k, double* total, double* attention) {
  const double block =
      batch * tokens *
      (k.activation_hidden_values * c.hidden_size + k.activation_ffn_values * c.ffn_size) *
      kActivationBytes;
  const double scores = efficient ? 0
                                  : batch * static_cast<double>(c.attention_heads) * tokens *
                                        tokens * k.attention_score_copies * kActivationBytes;
  *total = block + scores;
  *attention = scores;
}

// Weights on the GPU in a phase, by mode.
double Resident(const MediaPipeline& p, const MediaRequest& r, const MediaConstants& k,
                const std::string& phase) {
  double te_all = 0, te_max = 0, te_block = 0;
  for (const auto& c : p.components) {
    if (c.role != "text_encoder") continue;
    const double w = OneCopy(c, r, k);
    te_all += w;
    te_max = std::max(te_max, w);
    te_block = std::max(te_block, w / std::max(c.layers, 1));
  }
  const MediaComponent* d = p.Find("denoiser");
  const MediaComponent* v = p.Find("vae");
  const double den_all = AllCopies(*d, r, k), den_one = OneCopy(*d, r, k);
  const double vae = OneCopy(*v, r, k);
  switch (r.offload) {
    case MediaOffload::kNone:
      return te_all + den_all + vae;
    case MediaOffload::kPhases:
      return phase == "text_encoding" ? te_all : den_all + vae;
    case MediaOffload::kModel:
      return phase == "text_encoding" ? te_max : phase == "denoising" ? den_one : vae;
    case MediaOffload::kSequential:
      return phase == "text_encoding" ? te_block
             : phase == "denoising"   ? den_one / std::max(d->layers, 1)
                                      : vae;
  }
  return 0;
}

}  // namespace

const char* MediaOffloadId(MediaOffload m) {
  switch (m) {
    case MediaOffload::kNone:
      return "none";
    case MediaOffload::kPhases:
      return "phases";
    case MediaOffload::kModel:
      return "model";
    case MediaOffload::kSequential:
      return "sequential";
  }
  return "none";
}

const std::vector<std::string>& MediaOffloadIds() {
  static const std::vector<std::string> ids = {"none", "phases", "model", "sequential"};
  return ids;
}

std::optional<MediaOffload> ParseMediaOffload(const std::string& s) {
  for (MediaOffload m : {MediaOffload::kNone, MediaOffload::kPhases, MediaOffload::kModel,
                         MediaOffload::kSequential})
    if (s == MediaOffloadId(m)) return m;
  return std::nullopt;
}

const std::vector<std::string>& MediaPrecisionIds() {
  static const std::vector<std::string> ids = {"bf16", "fp16", "fp8",   "q8_0",
                                               "q5_k", "q4_k", "nvfp4", "nf4"};
  return ids;
}

double MediaBitsPerWeight(const std::string& precision, const MediaConstants& k) {
  if (precision == "fp32") return 32;
  if (precision == "bf16" || precision == "fp16") return 16;
  if (precision == "fp8") return 8;
  if (precision == "q8_0") return k.bits_q8_0;
  if (precision == "q5_k") return k.bits_q5_k;
  if (precision == "q4_k") return k.bits_q4_k;
  if (precision == "nvfp4") return k.bits_nvfp4;
  if (precision == "nf4") return k.bits_nf4;
  return 0;
}

MediaConstants ResolveMediaConstants(const Dataset& data, Diagnostics* diags) {
  MediaConstants k;
  const SourceLoc file{"data/genmodels.json", 0, 0};
  std::vector<std::string> unused;
  for (const auto& a : data.media_constants) {
    bool used = false;
    for (const auto& f : kFields) used = used || a.id == f.id;
    if (!used) unused.push_back(a.id);
  }
  for (const auto& f : kFields) {
    const Assumption* found = nullptr;
    for (const auto& a : data.media_constants)
      if (a.id == f.id) found = &a;
    if (!found) {
      diags->Error(file, std::string("missing media constant '") + f.id + "'",
                   DidYouMean(f.id, unused));
      continue;
    }
    if (!(found->number > 0)) {
      diags->Error(found->value_loc, std::string("media constant '") + f.id + "' must be > 0");
      continue;
    }
    k.*f.field = found->number;
  }
  return k;
}

MediaEstimate EstimateMedia(const MediaPipeline& p, const MediaRequest& r,
                            const MediaConstants& k) {
  MediaEstimate e;
  const MediaComponent* d = p.Find("denoiser");
  const MediaComponent* v = p.Find("vae");
  if (!d || !v || MediaBitsPerWeight(r.precision, k) <= 0 ||
      MediaBitsPerWeight(r.encoder_precision, k) <= 0 ||
      (r.vae_precision != "bf16" && r.vae_precision != "fp32"))
    return e;
  const int batch = std::max(r.batch, 1);

  // Tokens.
  MediaTokens& t = e.tokens;
  const int frames = p.kind == "video" ? std::max(r.frames, 1) : 1;
  t.latent_frames = p.kind == "video" ? CeilDiv(frames - 1, v->temporal_compression) + 1 : 1;
  t.latent_width = CeilDiv(r.width, v->spatial_compression);
  t.latent_height = CeilDiv(r.height, v->spatial_compression);
  const int patch = std::max(d->patch_size, 1);
  t.image_tokens = static_cast<double>(CeilDiv(t.latent_frames, std::max(d->patch_size_t, 1))) *
                   CeilDiv(t.latent_width, patch) * CeilDiv(t.latent_height, patch);
  t.attention_tokens = t.image_tokens + (d->architecture == "mmdit" ? d->text_tokens : 0);

  // Activations per phase.
  MediaPhase te{"text_encoding"}, den{"denoising"}, dec{"vae_decode"};
  for (const auto& c : p.components) {
    if (c.role != "text_encoder") continue;
    double total = 0, attention = 0;
    BlockActivations(c, c.tokens, batch, r.efficient_attention, k, &total, &attention);
    if (total > te.activation_bytes) {
      te.activation_bytes = total;
      te.attention_bytes = attention;
    }
  }
  BlockActivations(*d, t.attention_tokens, batch, r.efficient_attention, k, &den.activation_bytes,
                   &den.attention_bytes);
  int frames_at_once = 1;
  if (p.kind == "video")
    frames_at_once = v->decode_latent_frames > 0
                         ? std::min(frames, v->decode_latent_frames * v->temporal_compression)
                         : frames;
  double w = r.width, h = r.height;
  if (r.tiled_vae) {
    w = std::min(w, k.vae_tile_px);
    h = std::min(h, k.vae_tile_px);
  }
  const int unfold = std::max(v->vae_patch, 1);
  dec.activation_bytes = batch * static_cast<double>(frames_at_once) * w * h * v->decoder_channels /
                         (unfold * unfold) * k.vae_decode_values_per_channel *
                         (r.vae_precision == "fp32" ? 4 : 2);

  // Weights and totals.
  for (const auto& c : p.components) e.weights_bytes += AllCopies(c, r, k);
  for (MediaPhase* ph : {&te, &den, &dec}) {
    ph->weights_bytes = Resident(p, r, k, ph->id);
    ph->total_bytes = ph->weights_bytes + ph->activation_bytes;
    ph->host_bytes = r.offload == MediaOffload::kNone ? 0 : e.weights_bytes - ph->weights_bytes;
    if (ph->total_bytes > e.peak_bytes) {
      e.peak_bytes = ph->total_bytes;
      e.peak_phase = ph->id;
    }
    e.host_bytes = std::max(e.host_bytes, ph->host_bytes);
    e.phases.push_back(*ph);
  }

  // FLOPs of one step.
  e.passes = p.cfg ? 2 : 1;
  double per_pass = 0;
  if (d->architecture == "unet") {
    per_pass = 2 * d->reference_tmacs * 1e12 * (static_cast<double>(r.width) * r.height) /
               d->reference_pixels;
  } else {
    const double linear_tokens = t.image_tokens + (d->architecture == "mmdit" ? d->text_tokens : 0);
    per_pass = 2 * d->params_b * 1e9 * linear_tokens +
               4.0 * d->layers * t.attention_tokens * t.attention_tokens * d->hidden_size;
  }
  e.flops_per_step = e.passes * batch * per_pass;
  return e;
}

MediaEfficiencyClass MediaEfficiencyClassOf(const MediaPipeline& p, const Gpu& g) {
  const MediaComponent* d = p.Find("denoiser");
  if (d && d->architecture == "unet") return MediaEfficiencyClass::kUnet;
  return g.tensor_cores == "hopper" ? MediaEfficiencyClass::kTransformerHopper
                                    : MediaEfficiencyClass::kTransformer;
}

double MediaEfficiency(MediaEfficiencyClass c, const MediaConstants& k) {
  switch (c) {
    case MediaEfficiencyClass::kTransformer:
      return k.denoise_efficiency;
    case MediaEfficiencyClass::kTransformerHopper:
      return k.denoise_efficiency_hopper;
    case MediaEfficiencyClass::kUnet:
      return k.denoise_efficiency_unet;
  }
  return 0;
}

MediaSpeed EstimateMediaSpeed(const MediaPipeline& p, const MediaRequest& r, const MediaEstimate& e,
                              const Gpu& g, const MediaConstants& k) {
  MediaSpeed s;
  s.peak_tflops = g.fp16_tflops;
  const MediaComponent* d = p.Find("denoiser");
  s.efficiency = MediaEfficiency(MediaEfficiencyClassOf(p, g), k);
  if (s.peak_tflops <= 0 || s.efficiency <= 0 || e.flops_per_step <= 0) return s;
  s.seconds_per_step = e.flops_per_step / (s.peak_tflops * 1e12 * s.efficiency);
  const int steps = std::max(r.steps, 1);
  s.denoise_seconds = steps * s.seconds_per_step;
  const double rate = k.offload_gbs * 1e9;
  if (rate > 0 && d) {
    if (r.offload == MediaOffload::kSequential) {
      // The denoiser streams in for every pass of every step; the rest once.
      const double den = OneCopy(*d, r, k);
      s.offload_seconds =
          (static_cast<double>(steps) * e.passes * den + e.weights_bytes - AllCopies(*d, r, k)) /
          rate;
    } else if (r.offload == MediaOffload::kModel) {
      s.offload_seconds = e.weights_bytes / rate;
    }
  }
  s.total_seconds = s.denoise_seconds + s.offload_seconds;
  if (p.kind == "video" && p.fps > 0 && r.frames > 0)
    s.seconds_per_video_second = s.total_seconds / (static_cast<double>(r.frames) / p.fps);
  return s;
}

}  // namespace gg::calc
