#include "data/load_dataset.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <set>

#include "base/suggest.h"
#include "base/text.h"
#include "data/json_doc.h"
#include "data/load_engines.h"
#include "data/load_gates.h"
#include "data/load_machines.h"
#include "data/load_media.h"
#include "data/load_regions.h"
#include "data/object_reader.h"
#include "data/price_fields.h"

namespace gg {
namespace {

const std::vector<std::string> kSegments = {"consumer", "workstation", "datacenter"};
const std::vector<std::string> kWorkloads = {"inference8", "inference16", "training16"};
const std::vector<std::string> kConditions = {"new", "used"};
const std::vector<std::string> kTensorCores = {"none",   "volta",     "turing", "ampere", "ada",
                                               "hopper", "blackwell", "rdna3",  "rdna4",  "cdna2",
                                               "cdna3",  "cdna4",     "xe2"};

bool IsId(const std::string& id) {
  if (id.empty()) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.')) return false;
  // An id names pages and files (gpus/<id>/): "." or ".." would name a folder above.
  return id.front() != '-' && id.back() != '-' && id.front() != '.' &&
         id.find("..") == std::string::npos;
}

// Reads "id", checks its form and uniqueness within the file.
std::string ReadId(ObjectReader& r, std::set<std::string>* seen, Diagnostics* diags) {
  std::string id = r.String("id");
  if (id.empty()) return id;
  if (!IsId(id)) {
    diags->Error(r.FieldLoc("id"),
                 "id '" + id +
                     "' must be lowercase letters, digits, '.' and '-', neither starting with "
                     "'.' nor holding '..' (ids name folders of the site)");
  }
  if (!seen->insert(id).second) diags->Error(r.FieldLoc("id"), "duplicate id '" + id + "'");
  return id;
}

// A unified-memory system states the memory a model may use (usable_memory_gb, at most
// memory_gb); a card does not (all of its memory is the GPU's).
void ReadUsableMemory(ObjectReader& r, Gpu* g, Diagnostics* diags) {
  const bool system = g->form_factor == "system";
  if (!r.Has("usable_memory_gb")) {
    if (system)
      diags->Error(r.FieldLoc("form_factor"),
                   "a system must state 'usable_memory_gb' (the memory its GPU may hold)",
                   "add \"usable_memory_gb\": the share of memory_gb the platform's rule allows");
    return;
  }
  g->usable_memory_gb = r.Positive("usable_memory_gb");
  if (!system) {
    diags->Error(r.FieldLoc("usable_memory_gb"),
                 "'usable_memory_gb' is for systems (form_factor \"system\"); a card's memory "
                 "is all usable",
                 "remove it, or set \"form_factor\": \"system\"");
  } else if (*g->usable_memory_gb > g->memory_gb) {
    char total[32];
    std::snprintf(total, sizeof total, "%g", g->memory_gb);
    diags->Error(r.FieldLoc("usable_memory_gb"),
                 std::string("'usable_memory_gb' exceeds 'memory_gb' (") + total + ")");
  }
}

// fp4_tflops (optional; absent = null): native FP4 comes with FP8, runs at least as fast, and
// exists only on the matrix-unit generations that have it (Blackwell NVFP4/MXFP4, CDNA 4 MXFP4).
void ReadFp4(ObjectReader& r, Gpu* g, Diagnostics* diags) {
  if (!r.Has("fp4_tflops")) return;
  g->fp4_tflops = r.NullableNumber("fp4_tflops", true);
  if (!g->fp4_tflops) return;
  if (g->tensor_cores != "blackwell" && g->tensor_cores != "cdna4")
    diags->Error(r.FieldLoc("fp4_tflops"),
                 "fp4_tflops is set but tensor_cores '" + g->tensor_cores +
                     "' has no FP4 matrix units (only 'blackwell' and 'cdna4' do)",
                 "use null");
  else if (!g->fp8_tflops || *g->fp4_tflops < *g->fp8_tflops)
    diags->Error(r.FieldLoc("fp4_tflops"),
                 "fp4_tflops must be at least fp8_tflops (FP4 units run FP8 too, never faster)");
}

// availability (optional): the regions a region-only SKU is sold in, each once.
void ReadAvailability(ObjectReader& r, Gpu* g, Diagnostics* diags) {
  if (!r.Has("availability")) return;
  g->availability = r.StringList("availability", {"US", "EU", "CN"});
  std::vector<std::string> sorted = g->availability;
  std::sort(sorted.begin(), sorted.end());
  if (g->availability.empty())
    diags->Error(r.FieldLoc("availability"),
                 "availability lists no region; remove it for a card sold everywhere");
  else if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    diags->Error(r.FieldLoc("availability"), "availability names a region twice");
}

void LoadGpus(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const auto* arr = TopLevelArray(doc, "gpus", diags);
  if (!arr) return;
  std::set<std::string> seen;
  for (size_t i = 0; i < arr->size(); ++i) {
    ObjectReader r(doc, "/gpus/" + std::to_string(i), "GPU", diags);
    if (!r.ok()) continue;
    Gpu g;
    g.loc = r.loc();
    g.id = ReadId(r, &seen, diags);
    g.name = r.String("name");
    g.vendor = r.Enum("vendor", {"nvidia", "amd", "intel", "apple"});
    g.architecture = r.String("architecture");
    g.launch_date = r.Date("launch_date");
    g.segment = ParseSegment(r.Enum("segment", kSegments)).value_or(Segment::kConsumer);
    g.memory_gb = r.Positive("memory_gb");
    g.memory_type = r.String("memory_type");
    g.bandwidth_gbs = r.Positive("bandwidth_gbs");
    g.l2_mb = r.Positive("l2_mb");
    g.tensor_cores = r.Enum("tensor_cores", kTensorCores);
    g.fp16_tflops = r.Positive("fp16_tflops");
    g.fp8_tflops = r.NullableNumber("fp8_tflops");
    ReadFp4(r, &g, diags);
    g.int8_tops = r.NullableNumber("int8_tops");
    g.tdp_w = r.Positive("tdp_w");
    g.slots = r.NonNegative("slots");
    if (r.Has("power_connectors")) {
      g.power_connectors = r.StringList("power_connectors", PowerConnectorKinds());
      g.power_connectors_source = r.String("power_connectors_source");
    } else {
      r.Touch("power_connectors");
      g.power_connectors_source = r.OptString("power_connectors_source").value_or("");
    }
    g.nvlink_gbs = r.NonNegative("nvlink_gbs");
    g.pcie_gen = r.Integer("pcie_gen", 1);
    g.form_factor = r.Enum("form_factor", {"pcie", "sxm", "oam", "system"});
    g.launch_price_usd = r.NullableNumber("launch_price_usd");
    ReadUsableMemory(r, &g, diags);
    ReadAvailability(r, &g, diags);
    g.cooling = r.Enum("cooling", {"open_air", "flow_through", "blower", "passive"}, false);
    g.cooling_source = r.OptString("cooling_source").value_or("");
    if (!g.cooling.empty() && g.cooling_source.empty())
      diags->Error(r.FieldLoc("cooling"), "GPU '" + g.id + "': 'cooling' needs a 'cooling_source'");
    g.prov = r.ReadProvenance();
    if (!g.id.empty()) out->gpus.push_back(std::move(g));
  }
}

void LoadBenchmarks(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const auto* arr = TopLevelArray(doc, "benchmarks", diags);
  if (!arr) return;
  for (size_t i = 0; i < arr->size(); ++i) {
    ObjectReader r(doc, "/benchmarks/" + std::to_string(i), "benchmark", diags);
    if (!r.ok()) continue;
    Benchmark b;
    b.loc = r.loc();
    b.gpu = r.String("gpu");
    b.gpu_loc = r.FieldLoc("gpu");
    b.reference = r.String("reference");
    b.reference_loc = r.FieldLoc("reference");
    b.workload = ParseWorkload(r.Enum("workload", kWorkloads)).value_or(Workload::kTraining16);
    b.speedup = r.Positive("speedup");
    b.method = r.String("method");
    b.prov = r.ReadProvenance();
    if (b.gpu == b.reference && !b.gpu.empty())
      diags->Error(r.FieldLoc("reference"), "a benchmark compares two different GPUs");
    out->benchmarks.push_back(std::move(b));
  }
}

// An estimated price (a card's or a cloud offer's) names how it was made; a sourced one has
// no method.
std::string ReadEstimateMethod(ObjectReader& r, bool estimated, Diagnostics* diags) {
  if (estimated) {
    if (!r.Has("estimate_method")) {
      diags->Error(r.FieldLoc("estimated"), "an estimated price must name its 'estimate_method'",
                   "add \"estimate_method\": one of the methods listed in data/README.md");
      return {};
    }
    return r.Enum("estimate_method", EstimateMethodIds());
  }
  if (r.Has("estimate_method")) {
    r.Touch("estimate_method");
    diags->Error(r.FieldLoc("estimate_method"),
                 "'estimate_method' is set on a price that is not estimated",
                 "add \"estimated\": true, or remove the method if the price is sourced");
  }
  return {};
}

void LoadPrices(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const auto* arr = TopLevelArray(doc, "observations", diags);
  if (!arr) return;
  for (size_t i = 0; i < arr->size(); ++i) {
    ObjectReader r(doc, "/observations/" + std::to_string(i), "price observation", diags);
    if (!r.ok()) continue;
    PriceObservation p;
    p.loc = r.loc();
    p.gpu = r.String("gpu");
    p.gpu_loc = r.FieldLoc("gpu");
    p.date = r.Date("date");
    p.condition = ParseCondition(r.Enum("condition", kConditions)).value_or(Condition::kNew);
    p.region = r.String("region");
    p.region_loc = r.FieldLoc("region");
    // The currency must be its region's; validate/ checks it against regions.json too.
    p.currency = r.Enum("currency", {"USD", "EUR", "CNY"});
    p.currency_loc = r.FieldLoc("currency");
    p.price = r.Positive("price");
    const std::string kind = r.Enum("kind", PriceKindIds());
    p.kind = ParsePriceKind(kind).value_or(PriceKind::kEstimate);
    p.prov.source = r.String("source");
    p.url = r.OptString("url").value_or("");
    p.prov.as_of = p.date;
    p.prov.estimated = p.kind == PriceKind::kEstimate;
    p.prov.note = r.OptString("note").value_or("");
    if (r.Has("estimate_method"))
      p.estimate_method = r.Enum("estimate_method", EstimateMethodIds());
    p.evidence_url = r.OptString("evidence_url").value_or("");
    if (r.Has("evidence_date")) p.evidence_date = r.Date("evidence_date");
    p.evidence_loc = r.Has("evidence_url") ? r.FieldLoc("evidence_url") : p.loc;
    if (r.Has("estimated")) {
      r.Touch("estimated");
      diags->Error(r.FieldLoc("estimated"), "'estimated' is replaced by 'kind' in prices.json",
                   "write \"kind\": \"estimate\" with estimate_method, evidence_url and "
                   "evidence_date, or the kind of price that was seen (data/README.md)");
    }
    // An invalid kind was reported by Enum; the kind-specific checks would only repeat it, as
    // "no estimate_method" would repeat an unknown method.
    if (!kind.empty())
      for (const FieldProblem& f : CheckPriceObservation(p)) {
        if (f.field == "estimate_method" && r.Has(f.field) && p.estimate_method.empty()) continue;
        diags->Error(r.Has(f.field) ? r.FieldLoc(f.field) : r.FieldLoc("kind"), f.message, f.hint);
      }
    // Without a usable kind the observation would count as whatever the default says.
    if (!kind.empty()) out->prices.push_back(std::move(p));
  }
}

void LoadCloud(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const auto* arr = TopLevelArray(doc, "offers", diags);
  if (!arr) return;
  std::set<std::string> seen;
  for (size_t i = 0; i < arr->size(); ++i) {
    ObjectReader r(doc, "/offers/" + std::to_string(i), "cloud offer", diags);
    if (!r.ok()) continue;
    CloudOffer c;
    c.loc = r.loc();
    c.id = ReadId(r, &seen, diags);
    c.provider = r.String("provider");
    c.gpu = r.String("gpu");
    c.gpu_loc = r.FieldLoc("gpu");
    c.pricing = r.Enum("pricing", {"on_demand", "spot", "reserved_1y"});
    c.usd_per_gpu_hour = r.Positive("usd_per_gpu_hour");
    c.gpus_per_instance = r.Integer("gpus_per_instance", 1);
    c.region = r.String("region");
    c.date = r.Date("date");
    c.prov.source = r.String("source");
    c.prov.as_of = c.date;
    c.prov.estimated = r.Bool("estimated", false);
    c.prov.note = r.OptString("note").value_or("");
    c.estimate_method = ReadEstimateMethod(r, c.prov.estimated, diags);
    if (!c.id.empty()) out->cloud.push_back(std::move(c));
  }
}

// layer_pattern / window / recurrent_state: each field is required exactly when the pattern
// has layers that use it, so a pattern and its parameters cannot drift apart.
void ReadLayerPattern(const JsonDoc& doc, const std::string& ptr, ObjectReader& r, LlmModel* m,
                      Diagnostics* diags) {
  const std::vector<std::string> kinds = {"full", "sliding", "chunked", "recurrent", "none"};
  if (r.Has("layer_pattern")) {
    for (const auto& k : r.StringList("layer_pattern", kinds))
      m->layer_pattern.push_back(
          static_cast<LayerKind>(std::find(kinds.begin(), kinds.end(), k) - kinds.begin()));
    if (m->layer_pattern.empty() || static_cast<int>(m->layer_pattern.size()) > m->layers)
      diags->Error(r.FieldLoc("layer_pattern"),
                   "layer_pattern of model '" + m->id + "' must have between 1 and " +
                       std::to_string(m->layers) + " entries (it repeats from layer 0)");
  }
  auto has = [&](LayerKind k) {
    return std::find(m->layer_pattern.begin(), m->layer_pattern.end(), k) != m->layer_pattern.end();
  };
  bool windowed = has(LayerKind::kSliding) || has(LayerKind::kChunked);
  if (r.Has("window")) {
    m->window = r.Integer("window", 1);
    if (!windowed)
      diags->Error(r.FieldLoc("window"), "window is set but layer_pattern of model '" + m->id +
                                             "' has no sliding or chunked layers");
  } else if (windowed) {
    diags->Error(r.FieldLoc("layer_pattern"),
                 "model '" + m->id + "' has sliding or chunked layers but no 'window'");
  }
  if (r.Has("recurrent_state")) {
    r.Touch("recurrent_state");
    ObjectReader st(doc, ptr + "/recurrent_state", "recurrent_state", diags);
    RecurrentState x;
    x.recurrent_values = st.Integer("recurrent_values", 1);
    x.conv_values = st.Integer("conv_values", 0);
    m->recurrent_state = x;
    if (!has(LayerKind::kRecurrent))
      diags->Error(r.FieldLoc("recurrent_state"),
                   "recurrent_state is set but layer_pattern of "
                   "model '" +
                       m->id + "' has no recurrent layers");
  } else if (has(LayerKind::kRecurrent)) {
    diags->Error(r.FieldLoc("layer_pattern"),
                 "model '" + m->id + "' has recurrent layers but no 'recurrent_state'");
  }
}

// The KV-cache fields that describe layers beyond their kind: kv_shared_layers (Gemma 4 E2B,
// E4B), per_layer_embeddings (their per-layer token tables) and compressed_attention
// (DeepSeek-V4). Each is optional; contradictions with the rest of the model are located errors.
void ReadLayerSharing(const JsonDoc& doc, const std::string& ptr, ObjectReader& r, LlmModel* m,
                      Diagnostics* diags) {
  if (r.Has("kv_shared_layers")) {
    m->kv_shared_layers = r.Integer("kv_shared_layers", 1);
    if (m->kv_shared_layers >= m->layers) {
      diags->Error(r.FieldLoc("kv_shared_layers"),
                   "kv_shared_layers of model '" + m->id + "' must be below its " +
                       std::to_string(m->layers) +
                       " layers: a shared layer reuses the cache of an "
                       "earlier layer that keeps its own");
    } else {
      // A shared layer reuses the last earlier layer of its kind, which must exist and own a
      // cache (transformers' Gemma4TextAttention: kv_shared_layer_index).
      const int first_shared = m->layers - m->kv_shared_layers;
      for (int layer = first_shared; layer < m->layers; ++layer) {
        const LayerKind kind = m->KindOfLayer(layer);
        bool donor = false;
        for (int earlier = 0; earlier < first_shared && !donor; ++earlier)
          donor = m->KindOfLayer(earlier) == kind;
        const bool attention =
            kind == LayerKind::kFull || kind == LayerKind::kSliding || kind == LayerKind::kChunked;
        if (!attention || !donor) {
          diags->Error(
              r.FieldLoc("kv_shared_layers"),
              "layer " + std::to_string(layer) + " of model '" + m->id + "' is among the last " +
                  std::to_string(m->kv_shared_layers) +
                  " that share an earlier layer's KV cache, but " +
                  (attention ? "no layer before " + std::to_string(first_shared) + " has its kind"
                             : std::string("it keeps no KV cache (recurrent or none)")),
              "kv_shared_layers is config.json's num_kv_shared_layers");
          break;
        }
      }
    }
  }
  if (r.Has("per_layer_embeddings")) {
    r.Touch("per_layer_embeddings");
    ObjectReader e(doc, ptr + "/per_layer_embeddings", "per_layer_embeddings", diags);
    PerLayerEmbeddings x;
    x.vocab_size = e.Integer("vocab_size", 1);
    x.hidden_size = e.Integer("hidden_size", 1);
    m->per_layer_embeddings = x;
    const double table = static_cast<double>(x.vocab_size) * x.hidden_size * m->layers;
    if (table >= m->params_b * 1e9) {
      char billions[32];
      std::snprintf(billions, sizeof billions, "%.2f", table / 1e9);
      diags->Error(e.FieldLoc("vocab_size"),
                   "per_layer_embeddings of model '" + m->id + "' hold " + billions +
                       "B parameters (vocab_size x hidden_size x layers), not fewer than its "
                       "params_b",
                   "params_b counts the per-layer tables as well");
    }
  }
  if (r.Has("compressed_attention")) {
    r.Touch("compressed_attention");
    const std::string cptr = ptr + "/compressed_attention";
    ObjectReader e(doc, cptr, "compressed_attention", diags);
    CompressedAttention x;
    x.window = e.Integer("window", 1);
    x.indexer_ratio = e.Integer("indexer_ratio", 1);
    x.indexer_head_dim = e.Integer("indexer_head_dim", 1);
    e.Touch("ratios");
    const nlohmann::json* ratios =
        e.Has("ratios") ? &doc.root.at(nlohmann::json::json_pointer(cptr + "/ratios")) : nullptr;
    if (ratios == nullptr || !ratios->is_array()) {
      diags->Error(ratios == nullptr ? e.loc() : e.FieldLoc("ratios"),
                   "compressed_attention of model '" + m->id +
                       "' needs 'ratios', one whole number per layer",
                   "copy config.json's compress_ratios");
    } else {
      for (size_t k = 0; k < ratios->size(); ++k) {
        const auto& v = (*ratios)[k];
        if (v.is_number_integer() && v.get<double>() >= 0 && v.get<double>() <= 1048576)
          x.ratios.push_back(v.get<int>());
        else
          diags->Error(doc.LocOf(cptr + "/ratios/" + std::to_string(k)),
                       "a compress ratio is a whole number of tokens per compressed entry, 0 to "
                       "1048576 (0: the layer keeps its window only)");
      }
      if (static_cast<int>(ratios->size()) < m->layers)
        diags->Error(e.FieldLoc("ratios"),
                     "compressed_attention ratios of model '" + m->id + "' cover " +
                         std::to_string(ratios->size()) + " layers of " + std::to_string(m->layers),
                     "one ratio per layer from layer 0 (entries past the last layer are the "
                     "multi-token-prediction layers')");
    }
    m->compressed_attention = x;
    if (m->mla || m->global_attention || m->dsa_indexer || !m->layer_pattern.empty() ||
        m->kv_shared_layers > 0)
      diags->Error(r.FieldLoc("compressed_attention"),
                   "compressed_attention describes every layer's cache of model '" + m->id +
                       "', which must then have no mla, dsa_indexer, global_attention, "
                       "layer_pattern or kv_shared_layers");
    else if (m->kv_heads != 1)
      diags->Error(r.FieldLoc("compressed_attention"),
                   "compressed_attention caches one vector per entry that keys and values share, "
                   "but model '" +
                       m->id + "' has " + std::to_string(m->kv_heads) + " KV heads",
                   "DeepSeek-V4's config.json has num_key_value_heads 1");
  }
}

void LoadModels(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const auto* arr = TopLevelArray(doc, "models", diags);
  if (!arr) return;
  std::set<std::string> seen;
  for (size_t i = 0; i < arr->size(); ++i) {
    std::string ptr = "/models/" + std::to_string(i);
    ObjectReader r(doc, ptr, "model", diags);
    if (!r.ok()) continue;
    LlmModel m;
    m.loc = r.loc();
    m.id = ReadId(r, &seen, diags);
    m.name = r.String("name");
    m.family = r.String("family");
    m.release_date = r.Date("release_date");
    m.params_b = r.Positive("params_b");
    m.active_params_b = r.Positive("active_params_b");
    m.layers = r.Integer("layers", 1);
    m.hidden_size = r.Integer("hidden_size", 1);
    m.intermediate_size = r.Integer("intermediate_size", 1);
    m.attention_heads = r.Integer("attention_heads", 1);
    m.kv_heads = r.Integer("kv_heads", 1);
    m.head_dim = r.Integer("head_dim", 1);
    m.vocab_size = r.Integer("vocab_size", 1);
    m.max_context = r.Integer("max_context", 1);
    if (r.Has("experts") &&
        !doc.root.at(nlohmann::json::json_pointer(ptr + "/experts")).is_null()) {
      r.Touch("experts");
      ObjectReader e(doc, ptr + "/experts", "experts", diags);
      MoeExperts x;
      x.total = e.Integer("total", 1);
      x.active = e.Integer("active", 1);
      if (x.active > x.total)
        diags->Error(e.FieldLoc("active"), "active experts exceed the total number of experts");
      m.experts = x;
    } else {
      r.Touch("experts");
      if (!r.Has("experts"))
        diags->Error(r.loc(), "missing field 'experts' in model '" + m.id + "'",
                     "use null for a dense model");
    }
    if (r.Has("mla") && !doc.root.at(nlohmann::json::json_pointer(ptr + "/mla")).is_null()) {
      r.Touch("mla");
      ObjectReader e(doc, ptr + "/mla", "mla", diags);
      MlaDims x;
      x.kv_lora_rank = e.Integer("kv_lora_rank", 1);
      x.qk_rope_head_dim = e.Integer("qk_rope_head_dim", 1);
      m.mla = x;
    } else {
      r.Touch("mla");
      if (!r.Has("mla"))
        diags->Error(r.loc(), "missing field 'mla' in model '" + m.id + "'",
                     "use null for models without multi-head latent attention");
    }
    ReadLayerPattern(doc, ptr, r, &m, diags);
    if (r.Has("dsa_indexer")) {
      r.Touch("dsa_indexer");
      ObjectReader e(doc, ptr + "/dsa_indexer", "dsa_indexer", diags);
      DsaIndexer x;
      x.head_dim = e.Integer("head_dim", 1);
      x.heads = e.Integer("heads", 1);
      x.topk = e.Integer("topk", 1);
      m.dsa_indexer = x;
      if (!m.mla)
        diags->Error(r.FieldLoc("dsa_indexer"),
                     "dsa_indexer describes DeepSeek Sparse Attention over multi-head latent "
                     "attention, but model '" +
                         m.id + "' has no 'mla'");
    }
    if (r.Has("global_attention")) {
      r.Touch("global_attention");
      ObjectReader e(doc, ptr + "/global_attention", "global_attention", diags);
      GlobalAttention x;
      x.kv_heads = e.Integer("kv_heads", 1);
      x.head_dim = e.Integer("head_dim", 1);
      m.global_attention = x;
      if (x.kv_heads > m.attention_heads || (x.kv_heads > 0 && m.attention_heads % x.kv_heads != 0))
        diags->Error(
            e.FieldLoc("kv_heads"),
            "global_attention kv_heads must divide attention_heads in model '" + m.id + "'");
      auto has = [&](LayerKind k) {
        return std::find(m.layer_pattern.begin(), m.layer_pattern.end(), k) !=
               m.layer_pattern.end();
      };
      if (m.mla)
        diags->Error(r.FieldLoc("global_attention"),
                     "global_attention gives the full layers their own KV heads, but model '" +
                         m.id + "' caches a multi-head latent ('mla')");
      else if (!has(LayerKind::kFull) || !(has(LayerKind::kSliding) || has(LayerKind::kChunked)))
        diags->Error(r.FieldLoc("global_attention"),
                     "global_attention describes the full layers of a model that also has "
                     "sliding or chunked layers, but layer_pattern of model '" +
                         m.id + "' does not have both",
                     "without sliding layers, give the full layers' geometry in kv_heads and "
                     "head_dim");
    }
    ReadLayerSharing(doc, ptr, r, &m, diags);
    if (r.Has("expert_hidden_size")) {
      m.expert_hidden_size = r.Integer("expert_hidden_size", 1);
      if (!m.experts)
        diags->Error(r.FieldLoc("expert_hidden_size"),
                     "expert_hidden_size is the width routed experts work in, but model '" + m.id +
                         "' has no experts");
    }
    const std::vector<std::string> native = {"fp32",  "bf16",  "fp16", "fp8",
                                             "mxfp4", "nvfp4", "int4"};
    m.native_precision = r.Enum("native_precision", native);
    if (r.Has("native_other_precision")) {
      m.native_other_precision = r.Enum("native_other_precision", native);
      if (!m.experts)
        diags->Error(r.FieldLoc("native_other_precision"),
                     "native_other_precision splits a MoE model's experts from the rest, but "
                     "model '" +
                         m.id + "' has no experts");
    }
    if (r.Has("native_scale_block")) {
      m.native_scale_block = r.Integer("native_scale_block", 1);
      if (m.native_precision != "fp8" && m.native_precision != "int4")
        diags->Error(r.FieldLoc("native_scale_block"),
                     "native_scale_block describes FP8 block scales or INT4 group scales, but "
                     "model '" +
                         m.id + "' is published in " + m.native_precision);
    }
    m.tied_embeddings = r.Bool("tied_embeddings", false);
    m.prov = r.ReadProvenance();
    if (m.active_params_b > m.params_b)
      diags->Error(r.FieldLoc("active_params_b"),
                   "active parameters exceed total parameters in model '" + m.id + "'");
    if (m.kv_heads > m.attention_heads || (m.kv_heads > 0 && m.attention_heads % m.kv_heads != 0))
      diags->Error(r.FieldLoc("kv_heads"),
                   "kv_heads must divide attention_heads in model '" + m.id + "'");
    if (!m.id.empty()) out->models.push_back(std::move(m));
  }
}

void LoadAssumptions(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const auto* arr = TopLevelArray(doc, "assumptions", diags);
  if (!arr) return;
  std::set<std::string> seen;
  for (size_t i = 0; i < arr->size(); ++i) {
    std::string ptr = "/assumptions/" + std::to_string(i);
    ObjectReader r(doc, ptr, "assumption", diags);
    if (!r.ok()) continue;
    Assumption a;
    a.loc = r.loc();
    a.id = r.String("id");
    if (!a.id.empty() && !seen.insert(a.id).second)
      diags->Error(r.FieldLoc("id"), "duplicate id '" + a.id + "'");
    r.Touch("value");
    a.value_loc = r.FieldLoc("value");
    if (!r.Has("value")) {
      diags->Error(r.loc(), "missing field 'value' in assumption '" + a.id + "'");
    } else {
      const auto& v = doc.root.at(nlohmann::json::json_pointer(ptr + "/value"));
      if (v.is_number()) {
        a.number = v.get<double>();
      } else if (v.is_string()) {
        a.text = v.get<std::string>();
        a.is_text = true;
      } else {
        diags->Error(r.FieldLoc("value"), "field 'value' must be a number or a string");
      }
    }
    a.unit = r.String("unit", false);
    a.prov = r.ReadProvenance();
    if (!a.id.empty()) out->assumptions.push_back(std::move(a));
  }
}

void LoadPersonas(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const auto* arr = TopLevelArray(doc, "personas", diags);
  if (!arr) return;
  std::set<std::string> seen;
  for (size_t i = 0; i < arr->size(); ++i) {
    ObjectReader r(doc, "/personas/" + std::to_string(i), "persona", diags);
    if (!r.ok()) continue;
    Persona p;
    p.loc = r.loc();
    p.id = ReadId(r, &seen, diags);
    p.workload = ParseWorkload(r.Enum("workload", kWorkloads)).value_or(Workload::kInference16);
    p.cost = r.Enum("cost", {"gpu", "ownership"});
    p.min_memory_gb = r.NonNegative("min_memory_gb");
    p.max_budget_usd = r.NullableNumber("max_budget_usd");
    for (const auto& c : r.StringList("conditions", kConditions))
      p.conditions.push_back(*ParseCondition(c));
    for (const auto& s : r.StringList("segments", kSegments))
      p.segments.push_back(*ParseSegment(s));
    p.count = r.Integer("count", 1);
    if (r.Has("vendors"))
      p.vendors = r.StringList("vendors", {"nvidia", "amd", "intel", "apple"});
    else
      r.Touch("vendors");
    if (r.Has("machine")) {
      p.machine = r.String("machine");
      p.machine_loc = r.FieldLoc("machine");
    }
    p.machines = r.Has("machines") ? r.Integer("machines", 1) : 1;
    p.min_total_memory_gb = r.Has("min_total_memory_gb") ? r.NonNegative("min_total_memory_gb") : 0;
    if (p.machines > 1 && p.count % p.machines != 0)
      diags->Error(r.FieldLoc("machines"), "persona '" + p.id + "': " + std::to_string(p.count) +
                                               " GPUs do not split evenly over " +
                                               std::to_string(p.machines) + " machines");
    if (r.Has("task"))
      p.task = r.Enum("task", TaskIds());
    else
      r.Touch("task");
    p.note = r.OptString("note").value_or("");
    if (p.conditions.empty()) diags->Error(r.FieldLoc("conditions"), "persona allows no condition");
    if (p.segments.empty()) diags->Error(r.FieldLoc("segments"), "persona allows no segment");
    if (!p.id.empty()) out->personas.push_back(std::move(p));
  }
}

FlowQuery ReadFlowQuery(const JsonDoc& doc, const std::string& ptr, Diagnostics* diags) {
  ObjectReader q(doc, ptr, "flowchart query", diags);
  FlowQuery f;
  f.workload = ParseWorkload(q.Enum("workload", kWorkloads)).value_or(Workload::kInference16);
  f.cost = q.Enum("cost", {"none", "gpu", "ownership"});
  f.min_memory_gb = q.NonNegative("min_memory_gb");
  f.max_budget_usd = q.NullableNumber("max_budget_usd");
  for (const auto& c : q.StringList("conditions", kConditions))
    f.conditions.push_back(*ParseCondition(c));
  for (const auto& s : q.StringList("segments", kSegments)) f.segments.push_back(*ParseSegment(s));
  f.count = q.Integer("count", 1);
  if (q.Has("vendors"))
    f.vendors = q.StringList("vendors", {"nvidia", "amd", "intel", "apple"});
  else
    q.Touch("vendors");
  if (q.Has("machine")) {
    f.machine = q.String("machine");
    f.machine_loc = q.FieldLoc("machine");
  }
  f.rank = q.Integer("rank", 1);
  if (q.Has("task"))
    f.task = q.Enum("task", TaskIds());
  else
    q.Touch("task");
  return f;
}

void LoadFlowchart(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  ObjectReader top(doc, "", "flowchart", diags);
  if (!top.ok()) return;
  Flowchart fc;
  fc.loc = {doc.file, 1, 1};
  fc.root = top.String("root");
  top.Touch("nodes");
  if (!doc.root.contains("nodes") || !doc.root["nodes"].is_array()) {
    diags->Error(top.loc(), "the flowchart needs a list 'nodes'");
    return;
  }
  std::set<std::string> seen;
  const auto& nodes = doc.root["nodes"];
  for (size_t i = 0; i < nodes.size(); ++i) {
    std::string ptr = "/nodes/" + std::to_string(i);
    ObjectReader r(doc, ptr, "flowchart node", diags);
    if (!r.ok()) continue;
    FlowNode n;
    n.loc = r.loc();
    n.id = ReadId(r, &seen, diags);
    n.kind = r.Enum("kind", {"question", "leaf", "text"});
    n.text_key = r.String("text");
    r.Touch("answers");
    if (r.Has("answers")) {
      const auto& answers = doc.root.at(nlohmann::json::json_pointer(ptr + "/answers"));
      if (!answers.is_array()) {
        diags->Error(r.FieldLoc("answers"), "'answers' must be a list");
      } else {
        for (size_t j = 0; j < answers.size(); ++j) {
          ObjectReader a(doc, ptr + "/answers/" + std::to_string(j), "answer", diags);
          FlowNode::Answer ans;
          ans.label_key = a.String("label");
          ans.next = a.String("next");
          n.answers.push_back(ans);
        }
      }
    }
    r.Touch("query");
    if (r.Has("query")) n.query = ReadFlowQuery(doc, ptr + "/query", diags);
    // The pricing of the cloud offers the leaf compares with (a cloud offer's `pricing`).
    n.cloud = r.Enum("cloud", {"on_demand", "spot", "reserved_1y"}, false);
    if (n.kind == "question" && n.answers.empty())
      diags->Error(n.loc, "question '" + n.id + "' has no answers");
    if (n.kind == "leaf" && !n.query)
      diags->Error(n.loc, "leaf '" + n.id + "' has no query", "a leaf names a query, not a GPU");
    fc.nodes.push_back(std::move(n));
  }
  out->flowchart = std::move(fc);
}

// A string field that may be null (read as empty); its location is kept for cross-file checks.
std::string NullableId(const JsonDoc& doc, const std::string& ptr, ObjectReader& r,
                       const std::string& key, SourceLoc* loc) {
  *loc = r.FieldLoc(key);
  if (r.Has(key) && doc.root.at(nlohmann::json::json_pointer(ptr + "/" + key)).is_null()) {
    r.Touch(key);
    return "";
  }
  return r.String(key);
}

void LoadValidation(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const auto* arr = TopLevelArray(doc, "cases", diags);
  if (!arr) return;
  std::set<std::string> seen;
  for (size_t i = 0; i < arr->size(); ++i) {
    std::string ptr = "/cases/" + std::to_string(i);
    ObjectReader r(doc, ptr, "validation case", diags);
    if (!r.ok()) continue;
    ValidationCase c;
    c.loc = r.loc();
    c.id = ReadId(r, &seen, diags);
    c.kind = r.Enum("kind", {"weights", "kv_cache", "compute_buffer", "context_overhead", "total",
                             "fits", "decode", "prefill"});
    c.model = NullableId(doc, ptr, r, "model", &c.model_loc);
    c.gpu = NullableId(doc, ptr, r, "gpu", &c.gpu_loc);
    c.gpu_count = r.Integer("gpu_count", 1);
    c.engine = r.Enum("engine", {"llama.cpp", "ik_llama.cpp", "ollama", "vllm", "sglang", "mlx",
                                 "pytorch", "pycuda"});
    c.engine_version = r.OptString("engine_version").value_or("");
    c.backend = r.OptString("backend").value_or("");
    if (r.Has("bits_per_weight")) c.bits_per_weight = r.Positive("bits_per_weight");
    c.not_fitted = r.OptString("not_fitted").value_or("");
    c.weights_format = r.OptString("weights_format").value_or("");
    c.kv_format = r.OptString("kv_format").value_or("");
    if (r.Has("context")) c.context = r.Integer("context", 1);
    if (r.Has("batch")) c.batch = r.Integer("batch", 1);
    if (r.Has("ubatch")) c.ubatch = r.Integer("ubatch", 1);
    if (r.Has("layer_kind"))
      c.layer_kind = r.Enum("layer_kind", {"full", "sliding", "chunked", "recurrent", "none"});
    if (r.Has("flash_attention")) c.flash_attention = r.Bool("flash_attention", false);
    if (r.Has("prompt_tokens")) c.prompt_tokens = r.Integer("prompt_tokens", 0);
    if (r.Has("generated_tokens")) c.generated_tokens = r.Integer("generated_tokens", 1);
    bool fits = c.kind == "fits";
    if (fits) {
      c.outcome = r.Enum("outcome", {"runs", "out_of_memory"});
    } else {
      c.measured = r.Positive("measured");
      c.unit = r.Enum("unit", {"GiB", "MiB", "GB", "MB", "tok/s", "tokens"});
    }
    for (const char* key : {"measured", "unit"})
      if (fits && r.Has(key)) {
        r.Touch(key);
        diags->Error(r.FieldLoc(key),
                     "a 'fits' case records an outcome, not '" + std::string(key) + "'");
      }
    if (!fits && r.Has("outcome")) {
      r.Touch("outcome");
      diags->Error(r.FieldLoc("outcome"), "'outcome' belongs to 'fits' cases only");
    }
    if (c.model.empty() && c.kind != "context_overhead")
      diags->Error(c.model_loc, "validation case '" + c.id + "' needs a model");
    c.quote = r.String("quote");
    c.prov = r.ReadProvenance("date");
    if (!c.id.empty()) out->validation.push_back(std::move(c));
  }
}

}  // namespace

// "en", "zh-Hans", "pt-BR": a 2–3 letter language subtag, then subtags of 1–8 letters/digits.
bool IsLanguageTag(const std::string& code) {
  size_t dash = code.find('-');
  std::string first = code.substr(0, dash);
  if (first.size() < 2 || first.size() > 3) return false;
  for (char c : first)
    if (!std::isalpha(static_cast<unsigned char>(c))) return false;
  while (dash != std::string::npos) {
    size_t next = code.find('-', dash + 1);
    std::string sub =
        code.substr(dash + 1, next == std::string::npos ? std::string::npos : next - dash - 1);
    if (sub.empty() || sub.size() > 8) return false;
    for (char c : sub)
      if (!std::isalnum(static_cast<unsigned char>(c))) return false;
    dash = next;
  }
  return true;
}

bool IsPlainAbsoluteUrl(const std::string& url) {
  if (url.rfind("https://", 0) != 0 && url.rfind("http://", 0) != 0) return false;
  for (char c : url) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u == 0x7F || c == '"' || c == '\'' || c == '<' || c == '>' || c == '\\')
      return false;
  }
  return true;
}

void LoadSiteConfig(const std::string& file, const std::string& text, SiteConfig* out,
                    Diagnostics* diags) {
  JsonDoc doc;
  if (!ParseJsonDoc(file, text, &doc, diags)) return;
  ObjectReader r(doc, "", "site configuration", diags);
  if (!r.ok()) return;
  out->loc = {file, 1, 1};
  out->title = r.String("title");
  out->base_url = r.String("base_url");
  if (!out->base_url.empty() && out->base_url.back() != '/')
    diags->Error(r.FieldLoc("base_url"), "base_url must end with '/'");
  if (!out->base_url.empty() && !IsPlainAbsoluteUrl(out->base_url))
    diags->Error(r.FieldLoc("base_url"),
                 "base_url must be an http:// or https:// URL without spaces, quotes or '<>'",
                 "such as https://example.org/guide/");
  out->issues_url = r.OptString("issues_url").value_or("");
  if (!out->issues_url.empty() && !IsPlainAbsoluteUrl(out->issues_url))
    diags->Error(r.FieldLoc("issues_url"),
                 "issues_url must be an http:// or https:// URL without spaces, quotes or '<>'",
                 "such as https://github.com/owner/repo/issues/new");
  out->data_license = r.OptString("data_license").value_or("");
  out->data_license_url = r.OptString("data_license_url").value_or("");
  if (!out->data_license_url.empty() && !IsPlainAbsoluteUrl(out->data_license_url))
    diags->Error(
        r.FieldLoc("data_license_url"),
        "data_license_url must be an http:// or https:// URL without spaces, quotes or '<>'");
  out->default_language = r.String("default_language");
  r.Touch("languages");
  if (!doc.root.contains("languages") || !doc.root["languages"].is_array()) {
    diags->Error(r.loc(), "missing list 'languages'");
    return;
  }
  std::set<std::string> seen;
  for (size_t i = 0; i < doc.root["languages"].size(); ++i) {
    ObjectReader l(doc, "/languages/" + std::to_string(i), "language", diags);
    Language lang;
    lang.code = l.String("code");
    if (!lang.code.empty() && !IsLanguageTag(lang.code)) {
      diags->Error(l.FieldLoc("code"),
                   "language code '" + lang.code + "' is not a BCP 47 language tag",
                   "such as 'en', 'fr' or 'zh-Hans'");
    }
    lang.name = l.String("name");
    lang.locale = l.String("locale");
    lang.order = l.Integer("order", 0);
    if (l.Has("region")) {
      lang.region = l.String("region");
      lang.region_loc = l.FieldLoc("region");
    }
    // A bad code never reaches a path, a URL or the markup.
    if (lang.code.empty() || !IsLanguageTag(lang.code)) continue;
    if (!seen.insert(lang.code).second)
      diags->Error(l.FieldLoc("code"), "duplicate language '" + lang.code + "'");
    out->languages.push_back(lang);
  }
  std::stable_sort(out->languages.begin(), out->languages.end(),
                   [](const Language& a, const Language& b) { return a.order < b.order; });
  std::vector<std::string> codes;
  for (const auto& l : out->languages) codes.push_back(l.code);
  if (!out->default_language.empty() && !seen.count(out->default_language))
    diags->Error(r.FieldLoc("default_language"),
                 "default language '" + out->default_language + "' is not among the languages",
                 DidYouMean(out->default_language, codes));
}

void LoadDataFile(const std::string& file, const std::string& text, Dataset* out,
                  Diagnostics* diags) {
  JsonDoc doc;
  if (!ParseJsonDoc(file, text, &doc, diags)) {
    out->unreadable.push_back(file);
    return;
  }
  LoadParsedDataFile(doc, out, diags);
}

void LoadParsedDataFile(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const std::string& file = doc.file;
  std::string name = file.substr(file.rfind('/') + 1);
  if (name == "gpus.json")
    LoadGpus(doc, out, diags);
  else if (name == "benchmarks.json")
    LoadBenchmarks(doc, out, diags);
  else if (name == "prices.json")
    LoadPrices(doc, out, diags);
  else if (name == "cloud.json")
    LoadCloud(doc, out, diags);
  else if (name == "models.json")
    LoadModels(doc, out, diags);
  else if (name == "assumptions.json")
    LoadAssumptions(doc, out, diags);
  else if (name == "personas.json")
    LoadPersonas(doc, out, diags);
  else if (name == "flowchart.json")
    LoadFlowchart(doc, out, diags);
  else if (name == "machines.json")
    LoadMachines(doc, out, diags);
  else if (name == "engines.json")
    LoadEngines(doc, out, diags);
  else if (name == "regions.json")
    LoadRegions(doc, out, diags);
  else if (name == "validation.json")
    LoadValidation(doc, out, diags);
  else if (name == "genmodels.json")
    LoadGenModels(doc, out, diags);
  else if (name == "genvalidation.json")
    LoadGenValidation(doc, out, diags);
  else if (name == "gates.json")
    LoadGates(doc, out, diags);
}

}  // namespace gg
