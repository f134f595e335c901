#include "data/field_ranges.h"

#include <cstring>
#include <iterator>

namespace gg {
namespace {

// Bounds leave room for hardware and models a few generations beyond today's (a 2 TB GPU, a
// 100-trillion-parameter model) while catching unit mistakes by orders of magnitude.
constexpr FieldRange kRanges[] = {
    {"GPU", "memory_gb", 0.5, 4096},
    {"GPU", "bandwidth_gbs", 10, 100000},
    {"GPU", "l2_mb", 0.1, 4096},
    {"GPU", "fp16_tflops", 0.1, 100000},
    {"GPU", "fp8_tflops", 0.1, 200000},
    {"GPU", "fp4_tflops", 0.1, 400000},
    {"GPU", "int8_tops", 0.1, 200000},
    {"GPU", "tdp_w", 5, 10000},
    {"GPU", "slots", 0, 6},
    {"GPU", "nvlink_gbs", 0, 100000},
    {"GPU", "pcie_gen", 1, 9},
    {"GPU", "launch_price_usd", 10, 10000000},
    {"GPU", "usable_memory_gb", 0.5, 4096},
    {"benchmark", "speedup", 0.001, 1000},
    {"price observation", "price", 1, 10000000},
    {"region", "tax_rate", 0, 0.5},
    {"region", "electricity_per_kwh", 0.001, 100},
    {"FX rate", "rate", 0.000001, 1000000},
    {"cloud offer", "usd_per_gpu_hour", 0.001, 1000},
    {"cloud offer", "gpus_per_instance", 1, 1024},
    {"model", "params_b", 0.001, 100000},
    {"model", "active_params_b", 0.001, 100000},
    {"model", "layers", 1, 10000},
    {"model", "hidden_size", 1, 1048576},
    {"model", "intermediate_size", 1, 4194304},
    {"model", "attention_heads", 1, 65536},
    {"model", "kv_heads", 1, 65536},
    {"model", "head_dim", 1, 65536},
    {"model", "vocab_size", 1, 100000000},
    {"model", "max_context", 1, 1000000000},
    {"experts", "total", 1, 65536},
    {"experts", "active", 1, 65536},
    {"mla", "kv_lora_rank", 1, 1048576},
    {"mla", "qk_rope_head_dim", 1, 65536},
    {"dsa_indexer", "head_dim", 1, 65536},
    {"dsa_indexer", "heads", 1, 65536},
    {"dsa_indexer", "topk", 1, 1000000000},
    {"global_attention", "kv_heads", 1, 65536},
    {"global_attention", "head_dim", 1, 65536},
    {"model", "kv_shared_layers", 1, 10000},
    {"model", "expert_hidden_size", 1, 1048576},
    {"per_layer_embeddings", "vocab_size", 1, 100000000},
    {"per_layer_embeddings", "hidden_size", 1, 65536},
    {"compressed_attention", "window", 1, 1000000000},
    {"compressed_attention", "indexer_ratio", 1, 1048576},
    {"compressed_attention", "indexer_head_dim", 1, 65536},
    {"persona", "min_memory_gb", 0, 100000},
    {"persona", "max_budget_usd", 1, 1000000000},
    {"persona", "count", 1, 1024},
    {"flowchart query", "min_memory_gb", 0, 100000},
    {"flowchart query", "max_budget_usd", 1, 1000000000},
    {"flowchart query", "count", 1, 1024},
    {"flowchart query", "rank", 1, 1024},
    {"language", "order", 0, 1000000},
    {"machine", "psu_load_fraction", 0.1, 1},
    {"machine", "psu_efficiency", 0.5, 1},
    {"machine", "expansion_slots", 0, 64},
    {"machine", "max_gpus", 1, 1024},
    {"machine", "host_w", 0, 100000},
    {"circuit", "volts", 12, 1000},
    {"circuit", "amps", 1, 10000},
    {"circuit", "phases", 1, 3},
    {"circuit", "continuous_fraction", 0.1, 1},
    {"PSU connectors", "6-pin", 0, 64},
    {"PSU connectors", "8-pin", 0, 64},
    {"PSU connectors", "8-pin EPS", 0, 64},
    {"PSU connectors", "12-pin", 0, 64},
    {"PSU connectors", "12VHPWR", 0, 64},
    {"PSU connectors", "12V-2x6", 0, 64},
    {"persona", "machines", 1, 1024},
    {"persona", "min_total_memory_gb", 0, 1000000},
    {"gate", "min_gpus_per_machine", 1, 1024},
    {"pipeline", "default_steps", 1, 1000},
    {"pipeline", "default_width", 8, 16384},
    {"pipeline", "default_height", 8, 16384},
    {"pipeline", "default_frames", 1, 10000},
    {"pipeline", "fps", 1, 240},
    {"component", "params_b", 0.0001, 10000},
    {"component", "layers", 1, 10000},
    {"component", "hidden_size", 1, 1048576},
    {"component", "attention_heads", 1, 65536},
    {"component", "ffn_size", 1, 4194304},
    {"component", "tokens", 1, 65536},
    {"component", "patch_size", 1, 64},
    {"component", "patch_size_t", 1, 64},
    {"component", "text_tokens", 0, 65536},
    {"component", "experts", 1, 64},
    {"component", "reference_tmacs", 0.001, 1000000},
    {"component", "reference_pixels", 1, 1000000000},
    {"component", "latent_channels", 1, 4096},
    {"component", "spatial_compression", 1, 256},
    {"component", "temporal_compression", 1, 64},
    {"component", "decoder_channels", 1, 65536},
    {"component", "decode_latent_frames", 1, 10000},
    {"media constant", "value", 0, 1000000},
    {"media case", "width", 8, 16384},
    {"media case", "height", 8, 16384},
    {"media case", "frames", 1, 10000},
    {"media case", "batch", 1, 1024},
    {"media case", "steps", 1, 1000},
    {"media case", "measured", 0.0001, 100000},
    {"validation case", "bits_per_weight", 1, 32},
};

}  // namespace

const FieldRange* FindFieldRange(const std::string& what, const std::string& key) {
  for (const auto& r : kRanges)
    if (what == r.what && key == r.key) return &r;
  return nullptr;
}

const FieldRange* FieldRanges(int* count) {
  *count = static_cast<int>(std::size(kRanges));
  return kRanges;
}

}  // namespace gg
