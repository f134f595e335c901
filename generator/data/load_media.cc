#include "data/load_media.h"

#include <set>
#include <string>
#include <vector>

#include "base/suggest.h"
#include "data/object_reader.h"

namespace gg {
namespace {

using Json = nlohmann::json;

const std::vector<std::string> kRoles = {"text_encoder", "denoiser", "vae"};
const std::vector<std::string> kNative = {"fp32", "bf16", "fp16", "fp8"};
const std::vector<std::string> kArchitectures = {"mmdit", "dit", "unet"};

bool IsMediaId(const std::string& id) {
  if (id.empty() || id.front() == '-' || id.back() == '-') return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.')) return false;
  return true;
}

// The constants section: {id, value (a number), unit, source, as_of, estimated, note}.
void ReadConstants(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const Json& arr = doc.root.at("constants");
  if (!arr.is_array()) {
    diags->Error(doc.LocOf("/constants"), "'constants' must be a list");
    return;
  }
  std::set<std::string> seen;
  for (size_t i = 0; i < arr.size(); ++i) {
    ObjectReader r(doc, "/constants/" + std::to_string(i), "media constant", diags);
    if (!r.ok()) continue;
    Assumption a;
    a.loc = r.loc();
    a.id = r.String("id");
    if (!a.id.empty() && !seen.insert(a.id).second)
      diags->Error(r.FieldLoc("id"), "duplicate id '" + a.id + "'");
    a.value_loc = r.FieldLoc("value");
    a.number = r.Number("value");
    a.unit = r.String("unit");
    a.prov = r.ReadProvenance();
    if (!a.id.empty()) out->media_constants.push_back(std::move(a));
  }
}

// Reads the fields of one role; a field of another role is left unread, so the reader
// reports it as unknown (with a did-you-mean over the fields that were read).
void ReadComponent(ObjectReader& r, const MediaPipeline& p, MediaComponent* c, Diagnostics* diags) {
  c->loc = r.loc();
  c->role = r.Enum("role", kRoles);
  c->name = r.String("name");
  c->params_b = r.Positive("params_b");
  c->native_precision = r.Enum("native_precision", kNative);
  if (c->role == "text_encoder" || c->role == "denoiser") {
    c->layers = r.Integer("layers", 1);
    c->hidden_size = r.Integer("hidden_size", 1);
    c->attention_heads = r.Integer("attention_heads", 1);
    c->ffn_size = r.Integer("ffn_size", 1);
    if (c->attention_heads > 0 && c->hidden_size % c->attention_heads != 0)
      diags->Error(r.FieldLoc("attention_heads"),
                   "attention_heads must divide hidden_size in pipeline '" + p.id + "'");
  }
  if (c->role == "text_encoder") c->tokens = r.Integer("tokens", 1);
  if (c->role == "denoiser") {
    c->architecture = r.Enum("architecture", kArchitectures);
    c->patch_size = r.Integer("patch_size", 1);
    c->patch_size_t = r.Has("patch_size_t") ? r.Integer("patch_size_t", 1) : 1;
    c->text_tokens = r.Integer("text_tokens", 0);
    c->experts = r.Has("experts") ? r.Integer("experts", 1) : 1;
    if (c->architecture == "unet") {
      c->reference_tmacs = r.Positive("reference_tmacs");
      c->reference_pixels = r.Positive("reference_pixels");
    }
    if (c->architecture == "dit" && c->text_tokens != 0)
      diags->Error(r.FieldLoc("text_tokens"),
                   "a cross-attention denoiser ('dit') keeps its text tokens out of the "
                   "attention over image tokens: text_tokens must be 0",
                   "use \"architecture\": \"mmdit\" for joint attention");
  }
  if (c->role == "vae") {
    c->latent_channels = r.Integer("latent_channels", 1);
    c->spatial_compression = r.Integer("spatial_compression", 1);
    c->temporal_compression =
        r.Has("temporal_compression") ? r.Integer("temporal_compression", 1) : 1;
    c->decoder_channels = r.Integer("decoder_channels", 1);
    c->vae_patch = r.Has("patch_size") ? r.Integer("patch_size", 1) : 1;
    c->decode_latent_frames =
        r.Has("decode_latent_frames") ? r.Integer("decode_latent_frames", 1) : 0;
  }
  c->prov = r.ReadProvenance();
}

void ReadPipelines(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const Json& arr = doc.root.at("pipelines");
  if (!arr.is_array()) {
    diags->Error(doc.LocOf("/pipelines"), "'pipelines' must be a list");
    return;
  }
  std::set<std::string> seen;
  for (size_t i = 0; i < arr.size(); ++i) {
    const std::string ptr = "/pipelines/" + std::to_string(i);
    ObjectReader r(doc, ptr, "pipeline", diags);
    if (!r.ok()) continue;
    MediaPipeline p;
    p.loc = r.loc();
    p.id = r.String("id");
    if (!p.id.empty() && !IsMediaId(p.id))
      diags->Error(r.FieldLoc("id"),
                   "id '" + p.id + "' must be lowercase letters, digits, '.' and '-'");
    if (!p.id.empty() && !seen.insert(p.id).second)
      diags->Error(r.FieldLoc("id"), "duplicate id '" + p.id + "'");
    p.name = r.String("name");
    p.kind = r.Enum("kind", {"image", "video"});
    p.release_date = r.Date("release_date");
    p.cfg = r.Bool("cfg", false);
    if (!r.Has("cfg"))
      diags->Error(r.loc(), "missing field 'cfg' in pipeline '" + p.id + "'",
                   "true when each step runs the denoiser twice (classifier-free guidance)");
    p.default_steps = r.Integer("default_steps", 1);
    p.default_width = r.Integer("default_width", 8);
    p.default_height = r.Integer("default_height", 8);
    if (p.kind == "video") {
      p.default_frames = r.Integer("default_frames", 1);
      p.fps = r.Integer("fps", 1);
    }
    r.Touch("components");
    if (!r.Has("components") || !doc.root.at(Json::json_pointer(ptr + "/components")).is_array()) {
      diags->Error(r.Has("components") ? r.FieldLoc("components") : r.loc(),
                   "pipeline '" + p.id + "' needs a list 'components'");
    } else {
      const size_t n = doc.root.at(Json::json_pointer(ptr + "/components")).size();
      for (size_t k = 0; k < n; ++k) {
        ObjectReader c(doc, ptr + "/components/" + std::to_string(k), "component", diags);
        if (!c.ok()) continue;
        MediaComponent m;
        ReadComponent(c, p, &m, diags);
        p.components.push_back(std::move(m));
      }
      int denoisers = 0, vaes = 0;
      for (const auto& m : p.components) {
        denoisers += m.role == "denoiser";
        vaes += m.role == "vae";
      }
      if (denoisers != 1 || vaes != 1)
        diags->Error(r.FieldLoc("components"),
                     "pipeline '" + p.id + "' needs exactly one denoiser and one VAE (has " +
                         std::to_string(denoisers) + " and " + std::to_string(vaes) + ")");
      const MediaComponent* vae = p.Find("vae");
      if (vae && p.kind == "image" && vae->temporal_compression != 1)
        diags->Error(vae->loc,
                     "an image pipeline's VAE compresses no frames: "
                     "temporal_compression must be 1");
    }
    p.prov = r.ReadProvenance();
    if (!p.id.empty()) out->media.push_back(std::move(p));
  }
}

}  // namespace

void LoadGenModels(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  ObjectReader root(doc, "", "genmodels file", diags);
  if (!root.ok()) return;
  root.Touch("constants");
  root.Touch("pipelines");
  if (!root.Has("pipelines")) {
    diags->Error({doc.file, 1, 1}, "missing top-level list 'pipelines'");
  } else {
    ReadPipelines(doc, out, diags);
  }
  if (!root.Has("constants"))
    diags->Error({doc.file, 1, 1}, "missing top-level list 'constants'");
  else
    ReadConstants(doc, out, diags);
}

void LoadGenValidation(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const auto* arr = TopLevelArray(doc, "cases", diags);
  if (!arr) return;
  std::set<std::string> seen;
  for (size_t i = 0; i < arr->size(); ++i) {
    ObjectReader r(doc, "/cases/" + std::to_string(i), "media case", diags);
    if (!r.ok()) continue;
    MediaCase c;
    c.loc = r.loc();
    c.id = r.String("id");
    if (!c.id.empty() && !IsMediaId(c.id))
      diags->Error(r.FieldLoc("id"),
                   "id '" + c.id + "' must be lowercase letters, digits, '.' and '-'");
    if (!c.id.empty() && !seen.insert(c.id).second)
      diags->Error(r.FieldLoc("id"), "duplicate id '" + c.id + "'");
    c.kind = r.Enum("kind", {"peak_memory", "step_seconds", "total_seconds"});
    c.pipeline_loc = r.FieldLoc("pipeline");
    c.pipeline = r.String("pipeline");
    if (r.Has("gpu")) {
      c.gpu_loc = r.FieldLoc("gpu");
      c.gpu = r.String("gpu");
    } else if (c.kind != "peak_memory") {
      diags->Error(r.loc(), "a speed case needs the 'gpu' it ran on");
    }
    c.engine = r.Enum("engine", {"diffusers", "comfyui", "official", "xdit"});
    const std::vector<std::string> formats = {"bf16", "fp16", "fp8",   "q8_0",
                                              "q5_k", "q4_k", "nvfp4", "nf4"};
    c.precision = r.Enum("precision", formats);
    if (r.Has("encoder_precision")) c.encoder_precision = r.Enum("encoder_precision", formats);
    if (r.Has("vae_precision")) c.vae_precision = r.Enum("vae_precision", {"bf16", "fp32"});
    c.width = r.Integer("width", 8);
    c.height = r.Integer("height", 8);
    c.frames = r.Has("frames") ? r.Integer("frames", 1) : 1;
    c.batch = r.Has("batch") ? r.Integer("batch", 1) : 1;
    c.steps = r.Has("steps") ? r.Integer("steps", 1) : 0;
    c.offload = r.Enum("offload", {"none", "phases", "model", "sequential"});
    c.tiled_vae = r.Bool("tiled_vae", false);
    if (r.Has("phases")) {
      c.phases = r.StringList("phases", {"text_encoding", "denoising", "vae_decode"});
      if (c.kind != "peak_memory")
        diags->Error(r.FieldLoc("phases"), "'phases' narrows a peak-memory case only");
    }
    c.measured = r.Positive("measured");
    c.unit = r.Enum("unit", {"GiB", "GB", "s/it", "it/s", "s"});
    if (c.kind == "peak_memory" && c.unit != "GiB" && c.unit != "GB")
      diags->Error(r.FieldLoc("unit"), "a peak-memory case is in GiB or GB");
    if (c.kind == "step_seconds" && c.unit != "s/it" && c.unit != "it/s")
      diags->Error(r.FieldLoc("unit"), "a per-step speed case is in s/it or it/s");
    if (c.kind == "total_seconds" && c.unit != "s")
      diags->Error(r.FieldLoc("unit"), "a whole-run time is in s");
    c.quote = r.String("quote");
    c.prov = r.ReadProvenance("date");
    if (!c.id.empty()) out->media_validation.push_back(std::move(c));
  }
}

}  // namespace gg
