// The model: plain structs for everything the data files and content hold. No parsing, no
// I/O, no computation: loaders fill these, calc reads them, renderers display them. Each
// entry keeps the SourceLoc of its definition so later checks can point at it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/diagnostics.h"

namespace gg {

// Provenance shared by every data entry.
struct Provenance {
  std::string source;
  std::string as_of;  // ISO date
  bool estimated = false;
  std::string note;
};

enum class Segment { kConsumer, kWorkstation, kDatacenter };
enum class Workload { kInference8, kInference16, kTraining16 };
enum class Condition { kNew, kUsed };

const char* SegmentId(Segment s);      // "consumer" …
const char* WorkloadId(Workload w);    // "inference8" …
const char* ConditionId(Condition c);  // "new" / "used"
std::optional<Segment> ParseSegment(const std::string& s);
std::optional<Workload> ParseWorkload(const std::string& s);
std::optional<Condition> ParseCondition(const std::string& s);
inline constexpr Workload kAllWorkloads[] = {Workload::kInference8, Workload::kInference16,
                                             Workload::kTraining16};

struct Gpu {
  SourceLoc loc;
  std::string id;
  std::string name;
  std::string vendor;        // nvidia | amd | intel | apple
  std::string architecture;  // "Ada Lovelace"
  std::string launch_date;   // ISO date
  Segment segment = Segment::kConsumer;
  double memory_gb = 0;
  std::string memory_type;
  double bandwidth_gbs = 0;
  double l2_mb = 0;
  std::string tensor_cores;  // none | volta | turing | ampere | ada | hopper | blackwell | rdna3 |
                             // rdna4 | cdna2 | cdna3 | cdna4 | xe2
  double fp16_tflops = 0;
  std::optional<double> fp8_tflops;
  // Dense FP4 matrix throughput (NVFP4 / MXFP4 Tensor or Matrix Cores); nullopt without
  // native FP4 (gpus.json fp4_tflops null or absent).
  std::optional<double> fp4_tflops;
  std::optional<double> int8_tops;
  double tdp_w = 0;
  double slots = 0;
  // Auxiliary power connectors of the reference / Founders Edition board, as on the card
  // ("6-pin", "8-pin", "8-pin EPS", "12-pin", "12VHPWR", "12V-2x6"); empty: slot- or
  // baseboard-powered (SXM/OAM modules); nullopt: not recorded (cables not checked).
  std::optional<std::vector<std::string>> power_connectors;
  std::string power_connectors_source;
  double nvlink_gbs = 0;
  int pcie_gen = 0;
  std::string form_factor;  // pcie | sxm | oam | system (a unified-memory machine, priced whole)
  std::optional<double> launch_price_usd;
  // Systems only: the share of memory_gb the GPU may hold for a model under the platform's
  // default or vendor-supported rule (macOS wired limit, Strix Halo GPU allocation, DGX OS).
  std::optional<double> usable_memory_gb;
  // Regions the card is sold in ("US", "EU", "CN"), for region-only SKUs such as the
  // China-market RTX 5090D; empty = sold everywhere.
  std::vector<std::string> availability;
  // The cooler of the reference / Founders Edition board (gpus.json `cooling`): "open_air"
  // (axial fans), "flow_through", "blower" (exhausts out of the case) or "passive" (the
  // chassis fans cool it: data-centre cards and SXM/OAM modules); "" = not recorded.
  std::string cooling;
  std::string cooling_source;  // where the cooler is stated (required with `cooling`)
  Provenance prov;
};

struct Benchmark {
  SourceLoc loc;
  SourceLoc gpu_loc, reference_loc;  // of the two ids, for cross-file errors
  std::string gpu;
  std::string reference;
  Workload workload = Workload::kTraining16;
  double speedup = 0;
  std::string method;
  Provenance prov;
};

// A field added here must also be hashed by ComputedValues (directives/computed_values.cc),
// or pages reading data:prices/<gpu> would not see it change.
// What a price observation is (prices.json `kind`): a new card offered in stock by a shop, a
// completed sale of a used card, a vendor list / launch price, a vendor or reseller quote, or
// an estimate nobody observed. The first three market kinds and the list price are sourced.
enum class PriceKind { kListing, kSold, kMsrp, kQuote, kEstimate };
const char* PriceKindId(PriceKind k);  // "listing" …
std::optional<PriceKind> ParsePriceKind(const std::string& s);
const std::vector<std::string>& PriceKindIds();  // listing, sold, msrp, quote, estimate
// A market price: what a shop, a buyer or a reseller actually asked or paid.
inline bool IsMarketKind(PriceKind k) {
  return k == PriceKind::kListing || k == PriceKind::kSold || k == PriceKind::kQuote;
}

// The regions a price may be observed in and the currency each is priced in: US → USD
// (before sales tax), EU → EUR (including VAT), CN → CNY (including VAT). "" for an unknown
// region.
const std::vector<std::string>& PriceRegionIds();
std::string RegionCurrency(const std::string& region);

struct PriceObservation {
  SourceLoc loc;
  SourceLoc gpu_loc;
  std::string gpu;
  std::string date;
  Condition condition = Condition::kNew;
  std::string region;
  std::string currency;
  SourceLoc region_loc, currency_loc;
  double price = 0;
  PriceKind kind = PriceKind::kListing;
  std::string url;  // optional web address of the page the price was seen on
  Provenance prov;  // prov.as_of == date; prov.estimated == (kind == kEstimate)
  // How an estimated price was made (one of EstimateMethodIds()); empty when sourced.
  std::string estimate_method;
  // Estimates only: the evidence the estimate rests on (a web address, or a reference to an
  // observation `prices.json#GPU/CONDITION/REGION/DATE` or a card `gpus.json#GPU`) and the
  // date of that evidence, from which the estimate's staleness is measured.
  std::string evidence_url;
  std::string evidence_date;
  SourceLoc evidence_loc;
};

// The methods an estimated price may name (prices.json `estimate_method`), in the order the
// methodology lists them: launch_price, list_price, carried_forward, interpolated,
// extrapolated, depreciation, market_reports, source_estimate, source_adjusted, judgement.
const std::vector<std::string>& EstimateMethodIds();

struct CloudOffer {
  SourceLoc loc;
  SourceLoc gpu_loc;
  std::string id;
  std::string provider;
  std::string gpu;
  std::string pricing;  // on_demand | spot | reserved_1y
  double usd_per_gpu_hour = 0;
  int gpus_per_instance = 1;
  std::string region;
  std::string date;
  Provenance prov;
  // How an estimated price was made (one of EstimateMethodIds(), as for card prices); empty
  // when the price was seen on `date`.
  std::string estimate_method;
};

struct MoeExperts {
  int total = 0;
  int active = 0;
};

struct MlaDims {
  int kv_lora_rank = 0;
  int qk_rope_head_dim = 0;
};

// What one layer keeps per sequence while generating (models.json `layer_pattern`, read from
// config.json's layer_types / sliding_window_pattern / hybrid_override_pattern).
enum class LayerKind {
  kFull,       // KV cache for every token in the context
  kSliding,    // KV cache for the last `window` tokens (Gemma, gpt-oss)
  kChunked,    // attends within `window`-token chunks, so keeps at most `window` (Llama 4)
  kRecurrent,  // linear attention / state space: a fixed-size state, no KV cache
  kNone,       // no sequence mixing at all (MLP-only blocks of Nemotron-H)
};

// DeepSeek Sparse Attention's lightning indexer (DeepSeek-V3.2, models.json `dsa_indexer`):
// besides its KV cache, every attention layer keeps one indexer key of head_dim values per
// cached token, which the indexer scores to pick the topk tokens the layer attends to.
struct DsaIndexer {
  int head_dim = 0;  // config index_head_dim: values cached per layer and token
  int heads = 0;     // config index_n_heads (query heads; nothing cached per head)
  int topk = 0;      // config index_topk: tokens each query attends to
};

// The KV geometry of the `full` layers when it differs from the other attention layers'
// (models.json `global_attention`; Gemma 4: config.json num_global_key_value_heads and
// global_head_dim, with attention_k_eq_v). The sliding layers keep the model's kv_heads and
// head_dim.
struct GlobalAttention {
  int kv_heads = 0;
  int head_dim = 0;
};

// Per-layer embeddings (models.json `per_layer_embeddings`; Gemma 4 E2B and E4B: config.json
// vocab_size_per_layer_input and hidden_size_per_layer_input): besides the input embedding,
// each token has a vector of hidden_size values per decoder layer, looked up in one table of
// vocab_size × layers × hidden_size parameters. The table counts in params_b (it is loaded)
// but not in active_params_b (a lookup, no matrix product).
struct PerLayerEmbeddings {
  int vocab_size = 0;
  int hidden_size = 0;
};

// DeepSeek-V4's compressed attention (models.json `compressed_attention`, config.json
// sliding_window, compress_ratios, index_head_dim): every layer keeps its last `window`
// tokens plus one compressed entry per ratios[layer] tokens (ratio 0: the window only), each
// entry one vector of head_dim values that keys and values share; the layers whose ratio is
// indexer_ratio also keep one indexer key of indexer_head_dim values per compressed entry.
struct CompressedAttention {
  int window = 0;
  std::vector<int> ratios;  // one per layer from layer 0; entries past `layers` are not layers
  int indexer_ratio = 0;
  int indexer_head_dim = 0;
};

// Fixed per-sequence state of one recurrent layer, in values (bytes depend on the engine's
// state precision): the recurrent matrix and the short-convolution window.
struct RecurrentState {
  int recurrent_values = 0;
  int conv_values = 0;
};

struct LlmModel {
  SourceLoc loc;
  std::string id;
  std::string name;
  std::string family;
  std::string release_date;
  double params_b = 0;
  double active_params_b = 0;
  int layers = 0;
  int hidden_size = 0;
  int intermediate_size = 0;
  int attention_heads = 0;
  int kv_heads = 0;
  int head_dim = 0;
  int vocab_size = 0;
  int max_context = 0;
  std::optional<MoeExperts> experts;
  std::optional<MlaDims> mla;
  // Per-layer kinds, repeated from layer 0 and cut at `layers`; empty = every layer full.
  std::vector<LayerKind> layer_pattern;
  int window = 0;  // tokens; set exactly when the pattern has sliding or chunked layers
  std::optional<RecurrentState> recurrent_state;  // set exactly when it has recurrent layers
  std::optional<DsaIndexer> dsa_indexer;          // DeepSeek Sparse Attention; MLA models only
  // KV geometry of the full layers when not kv_heads x head_dim (Gemma 4); sliding layers
  // keep kv_heads x head_dim. Set only with full and sliding or chunked layers, never with MLA.
  std::optional<GlobalAttention> global_attention;
  // The last kv_shared_layers layers compute no keys and values of their own: each reuses the
  // cache of the last earlier layer of its kind (config.json num_kv_shared_layers; Gemma 4 E2B,
  // E4B), so only the first layers - kv_shared_layers own a KV cache. 0 = every layer does.
  int kv_shared_layers = 0;
  std::optional<PerLayerEmbeddings> per_layer_embeddings;
  std::optional<CompressedAttention> compressed_attention;  // DeepSeek-V4; set only without mla
  // Width the routed experts read and write when it is not hidden_size (config.json
  // routed_expert_hidden_size: Kimi K3's experts work in a narrower latent); 0 = hidden_size.
  int expert_hidden_size = 0;
  std::string native_precision;
  // Precision of the weights outside the routed experts when native_precision covers the
  // experts only (gpt-oss: MXFP4 experts, BF16 rest); empty = native_precision throughout.
  std::string native_other_precision;
  int native_scale_block = 0;  // FP8 with one scale per N x N block; 0 = per-tensor scales
  // The output layer reuses the input embedding table (config.json tie_word_embeddings).
  bool tied_embeddings = false;
  Provenance prov;

  LayerKind KindOfLayer(int layer) const {
    return layer_pattern.empty() ? LayerKind::kFull : layer_pattern[layer % layer_pattern.size()];
  }
  // Whether the layer keeps a KV cache of its own rather than reusing an earlier layer's.
  bool OwnsKvCache(int layer) const { return layer < layers - kv_shared_layers; }
};

// A named constant; value is a number or (for ids such as baseline_gpu) a string.
struct Assumption {
  SourceLoc loc;
  SourceLoc value_loc;
  std::string id;
  double number = 0;
  std::string text;  // set instead of number for string values
  bool is_text = false;
  std::string unit;
  Provenance prov;
};

struct Persona {
  SourceLoc loc;
  std::string id;
  Workload workload = Workload::kInference16;
  std::string cost;  // gpu | ownership
  double min_memory_gb = 0;
  std::optional<double> max_budget_usd;
  std::vector<Condition> conditions;
  std::vector<Segment> segments;
  int count = 1;  // the most GPUs bought ("up to N"); calc/recommend chooses how many
  std::vector<std::string> vendors;  // allowed vendors; empty = any
  std::string machine;               // machines.json id the GPUs go into; "" = not checked
  SourceLoc machine_loc;
  int machines = 1;  // machines the GPUs are spread over (a cluster)
  // Memory the GPUs must hold together (a model split across them), 0 = none: a build of
  // n cards qualifies when n × usable memory reaches it.
  double min_total_memory_gb = 0;
  // What the cards are for beyond the workload: "" (language models, general compute) or
  // "media" (image and video generation); gates limited to a task (FeatureGate::tasks) apply.
  std::string task{};
  std::string note;
};

// A feature gate (data/gates.json): GPUs that lack a feature a workload needs are left out
// of every recommendation (personas and flowchart) for that workload. A GPU passes when its
// `field` ("vendor", "tensor_cores" or "cooling") is one of `allowed`.
struct FeatureGate {
  SourceLoc loc;
  std::string id;
  std::vector<Workload> workloads;    // the gate applies to these; empty = all
  int min_gpus_per_machine = 1;       // … to builds with at least this many GPUs in one machine
  std::vector<std::string> machines;  // … to builds in these machines (machines.json); empty = any
  std::vector<std::string> tasks{};   // … to personas and queries of these tasks; empty = any
  std::string field;
  std::vector<std::string> allowed;
  Provenance prov;
};

// One electrical circuit a machine may be plugged into.
struct Circuit {
  std::string region;  // "North America", "Europe", "data centre"
  double volts = 0;
  double amps = 0;                 // breaker rating
  int phases = 1;                  // 1 or 3 (line-to-line volts)
  double continuous_fraction = 1;  // share of the rating allowed for a continuous load
};

// The machine a persona's GPUs go into: its circuit, power supplies, slots and what fits.
struct Machine {
  SourceLoc loc;
  std::string id;                             // its name is the UI string machine.<id>.name
  std::vector<Circuit> circuits;              // the machine must run on every one of them
  std::vector<double> psu_sizes_w;            // PSU capacities on offer (a server: its PSU set)
  double psu_load_fraction = 0.8;             // highest sustained load planned on a PSU, 0..1
  double psu_efficiency = 0.9;                // DC out ÷ AC in at that load
  std::map<std::string, int> psu_connectors;  // GPU cables of the largest PSU, by kind
  int expansion_slots = 0;                    // slot positions for GPUs (PCIe cards)
  int max_gpus = 0;                           // GPUs the board or baseboard takes
  std::vector<std::string> form_factors;      // pcie | sxm | oam
  double host_w = 0;                          // CPU, board, memory, drives, fans at full load
  Provenance prov;
};

// An inference engine with one of its GPU back ends (data/engines.json): "llama.cpp" with
// "cuda", "rocm", "vulkan", "sycl" or "metal"; "vllm" with "cuda", "rocm" or "xpu"; "mlx" with
// "metal". Which cards it runs on is said by EngineSupport rows.
struct Engine {
  SourceLoc loc;
  std::string id;  // "llama.cpp"
  std::string name;
  std::vector<std::string> backends;  // "cuda", …
  Provenance prov;
};

// How well one engine and back end runs on the GPUs of one vendor whose `architecture` starts
// with one of `architectures` ("Blackwell" covers "Blackwell (GB10)" and "Blackwell Ultra").
struct EngineSupport {
  SourceLoc loc;
  std::string engine;   // Engine id
  std::string backend;  // one of its backends
  std::string vendor;   // nvidia | amd | intel | apple
  std::vector<std::string> architectures;
  std::string level;  // official | community | experimental | none
  // The back end `engine` means on these cards when none is named (llama.cpp: CUDA on NVIDIA).
  bool default_backend = false;
  Provenance prov;
};

// A flowchart node: a question with answers leading to further nodes, or a leaf whose GPU
// is a query over the recommendation engine (never a GPU name).
struct FlowQuery {
  Workload workload = Workload::kInference16;
  std::string cost = "gpu";
  double min_memory_gb = 0;
  std::optional<double> max_budget_usd;
  std::vector<Condition> conditions;
  std::vector<Segment> segments;
  int count = 1;
  std::vector<std::string> vendors;  // allowed vendors; empty = any
  std::string machine;               // machines.json id; "" = not checked
  SourceLoc machine_loc;
  int rank = 1;        // 1 = best pick, 2 = runner-up ("cheaper?" chains walk down)
  std::string task{};  // as Persona::task
};

struct FlowNode {
  SourceLoc loc;
  std::string id;
  std::string kind;      // question | leaf | text
  std::string text_key;  // UI-string key of the question or leaf label
  struct Answer {
    std::string label_key;
    std::string next;  // node id
  };
  std::vector<Answer> answers;
  std::optional<FlowQuery> query;  // leaves with a GPU
  std::string cloud;  // leaves that compare with the cloud: "" or a pricing (on_demand…)
};

struct Flowchart {
  SourceLoc loc;
  std::string root;
  std::vector<FlowNode> nodes;
};

struct Language {
  std::string code;    // "en", "zh-Hans", "fr"
  std::string name;    // "English", "简体中文", "Français"
  std::string locale;  // ICU locale: "en_US", "zh_Hans_CN", "fr_FR"
  int order = 0;
  std::string region;  // regions.json id of its readers ("US"); "" when there is no regions.json
  SourceLoc region_loc;
};

struct SiteConfig {
  SourceLoc loc;
  std::string title;
  std::string base_url;          // ends with '/'
  std::string issues_url;        // where readers report an error; "" = no "Report an error" link
  std::string data_license;      // licence of the published data ("CC BY 4.0"); "" = none stated
  std::string data_license_url;  // its text; "" = none
  std::string default_language;
  std::vector<Language> languages;  // sorted by order
};

// One published measurement the calculator is checked against (data/validation.json): what an
// engine printed or a publisher stated, with the configuration needed to recompute it.
struct ValidationCase {
  SourceLoc loc;
  std::string id;
  std::string kind;   // weights | kv_cache | compute_buffer | context_overhead | total | fits |
                      // decode | prefill
  std::string model;  // models.json id; empty only for context_overhead
  SourceLoc model_loc;
  std::string gpu;  // gpus.json id; empty when the figure does not depend on the card
  SourceLoc gpu_loc;
  int gpu_count = 1;
  std::string engine;
  std::string engine_version;
  std::string backend;  // the engine's GPU back end (engines.json); empty = the card's default
  std::string weights_format;
  // A format the calculator has no id for (GGUF Q3_K_M, Unsloth's *_K_XL, MLX 4-bit): its
  // average bits per weight, from the file size the run printed; 0 = weights_format is an id.
  double bits_per_weight = 0;
  // Why the case is listed but not fitted (a driver or engine build known to be broken for
  // it); empty = fitted.
  std::string not_fitted;
  std::string kv_format;
  int context = 0;  // tokens allocated per sequence; 0 = not stated
  int batch = 1;
  int ubatch = 0;  // 0 = not stated
  // kv_cache only: the figure covers the layers of this kind alone (llama.cpp prints the
  // sliding-window cache on a line of its own); empty = every layer.
  std::string layer_kind;
  std::optional<bool> flash_attention;  // unset = not stated
  int prompt_tokens = -1;               // decode only; -1 = not stated
  int generated_tokens = -1;            // decode only; -1 = not stated
  std::optional<double> measured;       // unset for kind fits
  std::string unit;                     // GiB | MiB | GB | MB | tok/s | tokens
  std::string outcome;                  // fits only: runs | out_of_memory
  std::string quote;
  Provenance prov;  // source, date (as_of), note
};

// A market the guide prices cards in (data/regions.json): its currency, whether its shop
// prices include tax, its household electricity price and the circuit its households have.
struct Region {
  SourceLoc loc;
  std::string id;             // "US", "EU", "CN"
  std::string currency;       // ISO 4217: "USD", "EUR", "CNY"
  bool tax_included = false;  // shop prices include VAT (EU, CN); US prices are before sales tax
  double tax_rate = 0;        // the VAT rate included when tax_included, else 0
  std::string tax_source;
  double electricity_per_kwh = 0;  // household price in `currency`, taxes included
  std::string electricity_date;    // the date of the evidence
  std::string electricity_source;
  bool electricity_estimated = false;
  std::string electricity_note;
  std::string circuit;  // the household circuit: a machines.json circuit `region` label
  SourceLoc circuit_loc;
};

// A dated reference exchange rate: 1 `from` = rate `to`.
struct FxRate {
  SourceLoc loc;
  std::string from, to;  // ISO 4217
  double rate = 0;
  std::string date, source;
  bool derived = false;  // computed from other published rates (the note says how)
  std::string note;
};

// One part of an image / video / audio generation pipeline (data/genmodels.json): a text
// encoder, the denoiser (the diffusion transformer or U-Net run once per step) or the VAE that
// turns latents into pixels. The shape fields a role does not use stay 0.
struct MediaComponent {
  SourceLoc loc;
  std::string role;  // text_encoder | denoiser | vae
  std::string name;
  double params_b = 0;
  std::string native_precision;  // fp32 | bf16 | fp16 | fp8
  // Transformer shape (text encoders and denoisers).
  int layers = 0;
  int hidden_size = 0;
  int attention_heads = 0;
  int ffn_size = 0;  // width of the feed-forward layer
  // Text encoders: tokens the pipeline encodes (its max_sequence_length).
  int tokens = 0;
  // Denoisers.
  std::string architecture;  // mmdit (text joins the image tokens) | dit (cross-attention) | unet
  int patch_size = 0;        // latent pixels per token side
  int patch_size_t = 1;      // latent frames per token
  int text_tokens = 0;       // text tokens in the joint attention (mmdit); 0 for cross-attention
  int experts = 1;  // denoisers loaded as separate models, one used per step (Wan 2.2 A14B)
  // U-Net only: multiply-accumulates of one forward pass at reference_pixels output pixels.
  double reference_tmacs = 0;
  double reference_pixels = 0;
  // VAEs.
  int latent_channels = 0;
  int spatial_compression = 0;
  int temporal_compression = 1;
  int decoder_channels = 0;      // channels of the decoder's first (full-resolution) block
  int vae_patch = 1;             // output pixels per side its last layer unfolds (LTX 4, Wan 2.2 2)
  int decode_latent_frames = 0;  // latent frames decoded at once; 0 = the whole clip
  Provenance prov;
};

struct MediaPipeline {
  SourceLoc loc;
  std::string id;
  std::string name;
  std::string kind;  // image | video
  std::string release_date;
  bool cfg = false;  // classifier-free guidance: two denoiser passes per step
  int default_steps = 0;
  int default_width = 0;
  int default_height = 0;
  int default_frames = 1;
  int fps = 0;  // video: frames per second of the published model
  std::vector<MediaComponent> components;
  Provenance prov;

  // The first component with this role, or nullptr.
  const MediaComponent* Find(const std::string& role) const;
};

// A published measurement of a media pipeline (data/genvalidation.json): a peak-memory figure
// or a denoising speed, with the configuration needed to recompute it.
struct MediaCase {
  SourceLoc loc;
  std::string id;
  std::string kind;  // peak_memory | step_seconds | total_seconds
  std::string pipeline;
  SourceLoc pipeline_loc;
  std::string gpu;  // gpus.json id; empty for peak_memory cases measured on a card not listed
  SourceLoc gpu_loc;
  std::string engine;  // diffusers | comfyui | official
  std::string precision;
  std::string encoder_precision;  // empty = bf16
  std::string vae_precision;      // empty = bf16
  int width = 0;
  int height = 0;
  int frames = 1;
  int batch = 1;
  int steps = 0;        // speed cases: denoising steps of the run; 0 = the pipeline's default
  std::string offload;  // none | phases | model | sequential
  bool tiled_vae = false;
  // peak_memory: the phases the figure covers (the others ran elsewhere, e.g. a text encoder
  // on the CPU); empty = all three.
  std::vector<std::string> phases;
  double measured = 0;
  std::string unit;  // GiB | GB | s/it | it/s | s
  std::string quote;
  Provenance prov;
};

// All the data files, loaded.
struct Dataset {
  SiteConfig site;
  std::vector<Gpu> gpus;
  std::vector<Benchmark> benchmarks;
  std::vector<PriceObservation> prices;
  std::vector<CloudOffer> cloud;
  std::vector<LlmModel> models;
  std::vector<Assumption> assumptions;
  std::vector<Persona> personas;
  std::vector<Machine> machines;   // optional file
  std::vector<FeatureGate> gates;  // optional file
  std::vector<Engine> engines;     // engines.json (optional file)
  std::vector<EngineSupport> engine_support;
  // regions.json (optional file): the regions, the one whose prices a region without its own
  // converts (reference_region), and the FX reference rates used to convert.
  std::vector<Region> regions;
  std::string reference_region;
  SourceLoc reference_region_loc;
  std::vector<FxRate> fx_rates;
  std::optional<Flowchart> flowchart;
  std::vector<ValidationCase> validation;   // optional file
  std::vector<Assumption> media_constants;  // genmodels.json "constants" (optional file)
  std::vector<MediaPipeline> media;         // genmodels.json "pipelines"
  std::vector<MediaCase> media_validation;  // genvalidation.json (optional file)
  // Data files that could not be read or parsed at all. Checks and pages that depend on
  // them are skipped, so that one broken file is reported once, not at every reference.
  std::vector<std::string> unreadable;
  // Each data file's text as read ("data/gpus.json" → text), site.json excepted: the open
  // data published with the site is exactly what the build computed from.
  std::map<std::string, std::string> texts;

  const Gpu* FindGpu(const std::string& id) const;
  const LlmModel* FindModel(const std::string& id) const;
  const CloudOffer* FindOffer(const std::string& id) const;
  const Persona* FindPersona(const std::string& id) const;
  const Machine* FindMachine(const std::string& id) const;
  const Assumption* FindAssumption(const std::string& id) const;
  const Region* FindRegion(const std::string& id) const;
  const MediaPipeline* FindPipeline(const std::string& id) const;
};

}  // namespace gg
