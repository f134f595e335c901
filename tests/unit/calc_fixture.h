// A small, self-contained Dataset for the calc tests: real GPU specs (vendor data sheets),
// real model shapes (config.json of each model), and made-up but plausible prices and
// benchmark ratios except where a test cites a published figure. The tests never read
// data/*.json, which others edit.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "calc/assumptions.h"
#include "model/model.h"

namespace gg::calc_test {

// The assumptions used by the tests, typed. Values follow guide-facts.md where it gives one
// (0.12 $/kWh and 15 % from the 2020 cloud example; 16 B/param mixed-precision Adam as
// 2 + 2 + 12; GGUF Q4_K_M 4.85 bits, Q8_0 8.5, GPTQ 4.13).
inline calc::Assumptions TestAssumptions() {
  calc::Assumptions a;
  a.baseline_gpu = "rtx-4090";
  a.electricity_usd_per_kwh = 0.12;
  a.utilisation = 0.15;
  a.ownership_years = 5;
  a.desktop_system_cost_usd = 1500;
  a.desktop_system_watts = 100;
  a.server_cost_per_gpu_usd = 5000;
  a.server_system_watts_per_gpu = 250;
  a.cloud_reference_offer = "aws-p3-v100-on-demand";
  a.price_window_days = 30;
  a.price_max_age_days = 365;
  a.price_stale_days = 120;
  a.cuda_context_gb = 0.35;
  a.decode_bandwidth_efficiency = 0.8;
  a.gpus_per_node = 8;
  a.max_desktop_gpus = 4;
  a.gpu_ram_headroom_fraction = 0.05;
  a.llm_ubatch_tokens = 512;
  a.decode_dense.slope = a.decode_moe.slope = 1 / 0.8;  // CalibrateDecode's fallback
  a.weight_bytes_mixed = 2;
  a.gradient_bytes = 2;
  a.optimizer_bytes_per_param = 12;
  a.lora_rank = 16;
  a.training_sequence_length = 2048;
  a.training_micro_batch = 1;
  a.bits_q8_0 = 8.5;
  a.bits_q6_k = 6.56;
  a.bits_q5_k_m = 5.69;
  a.bits_q4_k_m = 4.85;
  a.bits_gptq4 = 4.13;
  a.bits_awq4 = 4.25;
  a.bits_nf4 = 4.127;
  return a;
}

inline Assumption NumberEntry(const std::string& id, double v, int line) {
  Assumption a;
  a.loc = {"data/assumptions.json", line, 5};
  a.id = id;
  a.number = v;
  return a;
}

inline Assumption TextEntry(const std::string& id, const std::string& v, int line) {
  Assumption a = NumberEntry(id, 0, line);
  a.text = v;
  a.is_text = true;
  return a;
}

// TestAssumptions() as the entries of data/assumptions.json, one per line from line 3.
inline std::vector<Assumption> TestAssumptionEntries() {
  const calc::Assumptions t = TestAssumptions();
  int line = 3;
  std::vector<Assumption> v;
  auto num = [&](const char* id, double x) { v.push_back(NumberEntry(id, x, line++)); };
  v.push_back(TextEntry("baseline_gpu", t.baseline_gpu, line++));
  num("electricity_usd_per_kwh", t.electricity_usd_per_kwh);
  num("utilisation", t.utilisation);
  num("ownership_years", t.ownership_years);
  num("desktop_system_cost_usd", t.desktop_system_cost_usd);
  num("desktop_system_watts", t.desktop_system_watts);
  num("server_cost_per_gpu_usd", t.server_cost_per_gpu_usd);
  num("server_system_watts_per_gpu", t.server_system_watts_per_gpu);
  v.push_back(TextEntry("cloud_reference_offer", t.cloud_reference_offer, line++));
  num("price_window_days", t.price_window_days);
  num("price_max_age_days", t.price_max_age_days);
  num("price_stale_days", t.price_stale_days);
  num("cuda_context_gb", t.cuda_context_gb);
  num("decode_bandwidth_efficiency", t.decode_bandwidth_efficiency);
  num("gpus_per_node", t.gpus_per_node);
  num("max_desktop_gpus", t.max_desktop_gpus);
  num("gpu_ram_headroom_fraction", t.gpu_ram_headroom_fraction);
  num("llm_ubatch_tokens", t.llm_ubatch_tokens);
  num("weight_bytes_mixed", t.weight_bytes_mixed);
  num("gradient_bytes", t.gradient_bytes);
  num("optimizer_bytes_per_param", t.optimizer_bytes_per_param);
  num("lora_rank", t.lora_rank);
  num("training_sequence_length", t.training_sequence_length);
  num("training_micro_batch", t.training_micro_batch);
  num("bits_q8_0", t.bits_q8_0);
  num("bits_q6_k", t.bits_q6_k);
  num("bits_q5_k_m", t.bits_q5_k_m);
  num("bits_q4_k_m", t.bits_q4_k_m);
  num("bits_gptq4", t.bits_gptq4);
  num("bits_awq4", t.bits_awq4);
  num("bits_nf4", t.bits_nf4);
  return v;
}

inline Gpu MakeGpu(const std::string& id, Segment segment, double memory_gb, double bandwidth_gbs,
                   double l2_mb, const std::string& tensor_cores, double fp16_tflops,
                   std::optional<double> fp8_tflops, double tdp_w) {
  Gpu g;
  g.loc = {"data/gpus.json", 1, 1};
  g.id = id;
  g.name = id;
  g.vendor = "nvidia";
  g.segment = segment;
  g.memory_gb = memory_gb;
  g.bandwidth_gbs = bandwidth_gbs;
  g.l2_mb = l2_mb;
  g.tensor_cores = tensor_cores;
  g.fp16_tflops = fp16_tflops;
  g.fp8_tflops = fp8_tflops;
  g.tdp_w = tdp_w;
  return g;
}

// Specs from the vendors' data sheets: dense FP16 Tensor throughput with FP32 accumulate,
// dense FP8 where native, dense FP4 on the RTX 5090 (3,352 AI TOPS, sparse FP4, ÷ 2).
inline std::vector<Gpu> TestGpus() {
  const auto C = Segment::kConsumer, W = Segment::kWorkstation, D = Segment::kDatacenter;
  const std::nullopt_t none = std::nullopt;
  Gpu rtx5090 = MakeGpu("rtx-5090", C, 32, 1792, 96, "blackwell", 209.5, 419, 575);
  rtx5090.fp4_tflops = 1676;
  return {
      MakeGpu("a100-40gb", D, 40, 1555, 40, "ampere", 312, none, 400),
      MakeGpu("h100-sxm", D, 80, 3350, 50, "hopper", 989, 1979, 700),
      MakeGpu("l40s", D, 48, 864, 96, "ada", 362, 733, 350),
      MakeGpu("rtx-2080-ti", C, 11, 616, 5.5, "turing", 53.8, none, 250),
      MakeGpu("rtx-3060", C, 12, 360, 3, "ampere", 25.5, none, 170),
      MakeGpu("rtx-3080", C, 10, 760, 5, "ampere", 59.5, none, 320),
      MakeGpu("rtx-3090", C, 24, 936, 6, "ampere", 71, none, 350),
      MakeGpu("rtx-4070-ti", C, 12, 504, 48, "ada", 80.2, 160.4, 285),
      MakeGpu("rtx-4090", C, 24, 1008, 72, "ada", 165.2, 330.3, 450),
      rtx5090,
      MakeGpu("rtx-6000-ada", W, 48, 960, 96, "ada", 364.2, 728.5, 300),
      MakeGpu("rtx-a6000", W, 48, 768, 6, "ampere", 154.8, none, 300),
      MakeGpu("v100", D, 32, 900, 6, "volta", 125, none, 300),
  };
}

inline Benchmark MakeBenchmark(const std::string& gpu, const std::string& reference, Workload w,
                               double speedup) {
  Benchmark b;
  b.loc = {"data/benchmarks.json", 1, 1};
  b.gpu = gpu;
  b.reference = reference;
  b.workload = w;
  b.speedup = speedup;
  return b;
}

// Ratios: A100/V100 1.70 (12-layer Transformer, NVIDIA figures as de-biased in the 2020
// guide) and RTX 4090 / H100 SXM 0.33 for 8-bit inference (2023 guide); the rest plausible.
inline std::vector<Benchmark> TestBenchmarks() {
  const auto T = Workload::kTraining16, I16 = Workload::kInference16, I8 = Workload::kInference8;
  return {
      MakeBenchmark("a100-40gb", "v100", T, 1.70),
      MakeBenchmark("a100-40gb", "rtx-3090", T, 1.81),
      MakeBenchmark("h100-sxm", "a100-40gb", T, 2.0),
      MakeBenchmark("rtx-3090", "rtx-4090", T, 0.58),
      MakeBenchmark("rtx-3080", "rtx-3090", T, 0.81),
      MakeBenchmark("rtx-2080-ti", "v100", T, 0.62),
      MakeBenchmark("rtx-a6000", "rtx-3090", T, 0.97),
      MakeBenchmark("rtx-6000-ada", "rtx-4090", T, 0.98),
      MakeBenchmark("rtx-4070-ti", "rtx-4090", T, 0.45),
      MakeBenchmark("rtx-3060", "rtx-3080", T, 0.47),
      MakeBenchmark("rtx-3090", "rtx-4090", I16, 0.62),
      MakeBenchmark("h100-sxm", "rtx-4090", I16, 2.6),
      MakeBenchmark("rtx-4070-ti", "rtx-4090", I16, 0.52),
      MakeBenchmark("rtx-4090", "h100-sxm", I8, 0.33),
  };
}

inline PriceObservation MakePrice(const std::string& gpu, const std::string& date, Condition c,
                                  double usd, const std::string& currency = "USD") {
  PriceObservation p;
  p.loc = {"data/prices.json", 1, 1};
  p.gpu = gpu;
  p.date = date;
  p.condition = c;
  p.region = "US";
  p.currency = currency;
  p.price = usd;
  return p;
}

inline std::vector<PriceObservation> TestPrices() {
  const auto N = Condition::kNew, U = Condition::kUsed;
  return {
      // rtx-4090 new: the 2026-10-01 price is outside the 30-day window before 2026-11-10.
      MakePrice("rtx-4090", "2026-10-01", N, 1999),
      MakePrice("rtx-4090", "2026-10-20", N, 1899),
      MakePrice("rtx-4090", "2026-11-10", N, 1799),
      MakePrice("rtx-4090", "2026-11-01", U, 1500),
      MakePrice("rtx-3090", "2026-11-01", U, 800),
      MakePrice("rtx-3080", "2026-11-01", U, 450),
      MakePrice("rtx-3060", "2026-11-01", N, 300),
      MakePrice("rtx-3060", "2026-11-01", U, 220),
      MakePrice("rtx-4070-ti", "2026-11-01", N, 750),
      MakePrice("rtx-5090", "2026-11-01", N, 2600),
      MakePrice("rtx-2080-ti", "2026-11-01", U, 300),
      MakePrice("rtx-a6000", "2026-11-01", N, 4650),
      MakePrice("rtx-a6000", "2026-11-01", U, 3200),
      MakePrice("rtx-6000-ada", "2026-11-01", N, 6800),
      MakePrice("v100", "2026-11-01", U, 600),
      MakePrice("a100-40gb", "2026-11-01", U, 6000),
      MakePrice("h100-sxm", "2026-11-01", N, 28000),
      MakePrice("l40s", "2026-11-01", N, 8000),
      // Unusable: another currency, an impossible date.
      MakePrice("rtx-3090", "2026-11-12", N, 500, "EUR"),
      MakePrice("rtx-3090", "2026-02-30", N, 1),
  };
}

inline LlmModel MakeModel(const std::string& id, double params_b, double active_b, int layers,
                          int hidden, int intermediate, int heads, int kv_heads, int head_dim,
                          int vocab = 0, int max_context = 131072) {
  LlmModel m;
  m.loc = {"data/models.json", 1, 1};
  m.id = id;
  m.name = id;
  m.params_b = params_b;
  m.active_params_b = active_b;
  m.layers = layers;
  m.hidden_size = hidden;
  m.intermediate_size = intermediate;
  m.attention_heads = heads;
  m.kv_heads = kv_heads;
  m.head_dim = head_dim;
  m.vocab_size = vocab;
  m.max_context = max_context;
  m.native_precision = "bf16";
  return m;
}

// Shapes from each model's config.json on Hugging Face.
inline std::vector<LlmModel> TestModels() {
  using K = LayerKind;
  LlmModel deepseek = MakeModel("deepseek-v3", 671, 37, 61, 7168, 2048, 128, 128, 128, 129280);
  deepseek.experts = MoeExperts{256, 8};
  deepseek.mla = MlaDims{512, 64};
  deepseek.native_precision = "fp8";
  deepseek.native_scale_block = 128;
  // Gemma 3: 5 sliding-window layers (1,024 tokens) to 1 global, tied embeddings.
  LlmModel gemma = MakeModel("gemma-3-27b", 27.4, 27.4, 62, 5376, 21504, 32, 16, 128, 262208);
  gemma.layer_pattern = {K::kSliding, K::kSliding, K::kSliding, K::kSliding, K::kSliding, K::kFull};
  gemma.window = 1024;
  gemma.tied_embeddings = true;
  // gpt-oss-120b: alternating 128-token window and full layers; MXFP4 experts, BF16 rest.
  LlmModel oss = MakeModel("gpt-oss-120b", 116.83, 5.13, 36, 2880, 2880, 64, 8, 64, 201088);
  oss.experts = MoeExperts{128, 4};
  oss.layer_pattern = {K::kSliding, K::kFull};
  oss.window = 128;
  oss.native_precision = "mxfp4";
  oss.native_other_precision = "bf16";
  // Llama 4 Scout: three chunked (8,192) layers to one global.
  LlmModel scout =
      MakeModel("llama-4-scout", 109, 17, 48, 5120, 8192, 40, 8, 128, 202048, 10485760);
  scout.experts = MoeExperts{16, 1};
  scout.layer_pattern = {K::kChunked, K::kChunked, K::kChunked, K::kFull};
  scout.window = 8192;
  // Qwen3-Next: three Gated DeltaNet layers (fixed state) to one full-attention layer.
  LlmModel next =
      MakeModel("qwen3-next-80b-a3b", 79.67, 3.87, 48, 2048, 512, 16, 2, 256, 151936, 262144);
  next.experts = MoeExperts{512, 10};
  next.layer_pattern = {K::kRecurrent, K::kRecurrent, K::kRecurrent, K::kFull};
  next.recurrent_state = RecurrentState{524288, 24576};
  // DeepSeek-V3.2: DeepSeek-V3's shapes plus the sparse-attention indexer (index_head_dim 128,
  // index_n_heads 64, index_topk 2048).
  LlmModel v32 = deepseek;
  v32.id = v32.name = "deepseek-v3.2";
  v32.dsa_indexer = DsaIndexer{128, 64, 2048};
  return {
      MakeModel("llama-2-7b", 6.74, 6.74, 32, 4096, 11008, 32, 32, 128, 32000, 4096),
      MakeModel("llama-2-13b", 13.0, 13.0, 40, 5120, 13824, 40, 40, 128, 32000, 4096),
      MakeModel("llama-3.1-8b", 8.03, 8.03, 32, 4096, 14336, 32, 8, 128, 128256),
      MakeModel("llama-3.1-70b", 70.6, 70.6, 80, 8192, 28672, 64, 8, 128, 128256),
      deepseek,
      gemma,
      oss,
      scout,
      next,
      v32,
  };
}

inline Dataset TestDataset() {
  Dataset d;
  d.gpus = TestGpus();
  d.benchmarks = TestBenchmarks();
  d.prices = TestPrices();
  d.models = TestModels();
  d.assumptions = TestAssumptionEntries();
  CloudOffer v100;
  v100.loc = {"data/cloud.json", 1, 1};
  v100.id = "aws-p3-v100-on-demand";
  v100.provider = "AWS";
  v100.gpu = "v100";
  v100.pricing = "on_demand";
  v100.usd_per_gpu_hour = 2.14;
  d.cloud.push_back(v100);
  return d;
}

}  // namespace gg::calc_test
