// Parameters of a decoder-only transformer, counted tensor by tensor from its shape as a
// Hugging Face config.json describes it (hf_config.h reads the config into an HfShape).
// Counted: the token embedding, the output layer unless tied, per layer the attention
// (grouped-query, DeepSeek's multi-head latent attention, or Qwen3-Next's Gated DeltaNet
// linear attention), its biases, QK norms and gpt-oss's sinks, the MLP (dense, or the router,
// routed and shared experts of a mixture of experts), the norms, and the final norm. Not
// counted: multi-token-prediction heads and vision towers (llama.cpp loads neither with the
// text model); hf_config.cc says so in its notices.
//
// Pure arithmetic in doubles (exact below 2^53, far above any model).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "model/model.h"

namespace gg::calcapi {

struct MlaShape {
  int64_t q_lora_rank = 0;  // 0: a plain q projection
  int64_t kv_lora_rank = 0;
  int64_t qk_nope_head_dim = 0;
  int64_t qk_rope_head_dim = 0;
  int64_t v_head_dim = 0;
  // DeepSeek Sparse Attention's lightning indexer (deepseek_v32); 0 heads: none.
  int64_t index_heads = 0;
  int64_t index_head_dim = 0;
};

// Gated DeltaNet (Qwen3-Next linear_attention layers).
struct DeltaNetShape {
  int64_t key_heads = 0, value_heads = 0, key_head_dim = 0, value_head_dim = 0, conv_kernel = 0;
};

struct ExpertShape {
  int64_t total = 0;   // routed experts
  int64_t active = 0;  // routed experts per token
  int64_t width = 0;   // intermediate size of one routed expert
  int64_t shared = 0;  // shared experts (every token)
  int64_t shared_width = 0;
  bool shared_gate = false;  // a sigmoid gate (hidden → 1) on the shared expert (Qwen3-Next)
  bool router_bias = false;  // a bias per expert on the router (gpt-oss; DeepSeek's correction)
  bool expert_bias = false;  // biases inside each expert (gpt-oss)
};

struct HfShape {
  int64_t layers = 0, hidden = 0, heads = 0, kv_heads = 0, head_dim = 0, vocab = 0;
  bool tied = false;
  bool qkv_bias = false;    // biases on q, k and v (Qwen2; gpt-oss with o_bias)
  bool o_bias = false;      // a bias on the output projection (gpt-oss)
  bool qk_norm = false;     // RMSNorm over q and k per head (Qwen3, Gemma 3, Qwen3-Next)
  bool gated_q = false;     // q projection twice as wide, half of it a gate (Qwen3-Next)
  bool sinks = false;       // one learned sink logit per head (gpt-oss)
  int norms_per_layer = 2;  // RMSNorms of hidden size per layer (Gemma 3: 4)
  std::optional<MlaShape> mla;
  std::optional<DeltaNetShape> delta_net;  // the layers of kind kRecurrent
  int64_t dense_width = 0;                 // intermediate size of the dense MLP layers
  std::optional<ExpertShape> experts;
  std::vector<bool> moe_layer;        // per layer: a mixture of experts (else a dense MLP)
  std::vector<LayerKind> layer_kind;  // per layer (kRecurrent: delta_net)
};

struct ParamCount {
  double total = 0;
  double active = 0;  // per token: routed experts at `active` of `total`
};

ParamCount CountParams(const HfShape& s);

}  // namespace gg::calcapi
