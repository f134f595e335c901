// Parameters of a decoder-only transformer, counted tensor by tensor from its shape as a
// Hugging Face config.json describes it (hf_config.h reads the config into an HfShape).
// Counted: the token embedding, the output layer unless tied, per layer the attention
// (grouped-query, DeepSeek's multi-head latent attention, Qwen3-Next's Gated DeltaNet linear
// attention, or Nemotron-H's Mamba-2 blocks), its biases, QK norms (per head, or over the whole
// projection as OLMo 2's) and gpt-oss's sinks, the MLP (dense, gated or not, or the router,
// routed and shared experts of a mixture of experts), the norms (LayerNorms with their biases
// for PhiMoE), the final norm and an output bias. Not
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

// Mamba-2 mixer (Nemotron-H's M blocks): in_proj to z, x, B, C and dt, a depthwise conv1d over
// x, B and C, dt_bias, A_log, D, a gated RMSNorm of the inner width, out_proj.
struct Mamba2Shape {
  int64_t heads = 0, head_dim = 0, state = 0, groups = 0, conv_kernel = 0;
  bool conv_bias = true;   // use_conv_bias
  bool proj_bias = false;  // mamba_proj_bias: biases on in_proj and out_proj
  int64_t Inner() const { return heads * head_dim; }
  int64_t ConvWidth() const { return Inner() + 2 * groups * state; }
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
  bool qkv_bias = false;       // biases on q, k and v (Qwen2; gpt-oss with o_bias)
  bool o_bias = false;         // a bias on the output projection (gpt-oss)
  bool qk_norm = false;        // RMSNorm over q and k per head (Qwen3, Gemma 3, Qwen3-Next)
  bool qk_norm_whole = false;  // a norm over the whole q and k projections (OLMo 2, Cohere)
  bool norm_bias = false;      // LayerNorms with a bias (PhiMoE): 2 × hidden per norm
  bool lm_head_bias = false;   // a bias on the output layer (PhiMoE)
  int mlp_matrices = 3;        // gate, up, down; 2 for an ungated MLP (Nemotron-H: up, down)
  bool gated_q = false;        // q projection twice as wide, half of it a gate (Qwen3-Next)
  bool sinks = false;          // one learned sink logit per head (gpt-oss)
  int norms_per_layer = 2;     // RMSNorms of hidden size per layer (Gemma 3: 4)
  std::optional<MlaShape> mla;
  std::optional<DeltaNetShape> delta_net;  // the layers of kind kRecurrent
  // Nemotron-H: each layer is one block, a Mamba-2 mixer (kRecurrent), attention (kFull) or an
  // MLP / mixture of experts (kNone), each with one norm.
  std::optional<Mamba2Shape> mamba;
  int64_t dense_width = 0;  // intermediate size of the dense MLP layers
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
