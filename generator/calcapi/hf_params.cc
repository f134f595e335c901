#include "calcapi/hf_params.h"

namespace gg::calcapi {

namespace {

double D(int64_t n) {
  return static_cast<double>(n);
}

double Attention(const HfShape& s) {
  const double h = D(s.hidden), heads = D(s.heads);
  if (s.mla) {
    const MlaShape& m = *s.mla;
    const double q_lora = D(m.q_lora_rank), kv_lora = D(m.kv_lora_rank);
    const double rope = D(m.qk_rope_head_dim), nope = D(m.qk_nope_head_dim), v = D(m.v_head_dim);
    const double q = m.q_lora_rank > 0 ? h * q_lora + q_lora + q_lora * heads * (nope + rope)
                                       : h * heads * (nope + rope);
    const double kv = h * (kv_lora + rope) + kv_lora + kv_lora * heads * (nope + v);
    // The indexer (DeepSeek-V3.2 inference/model.py): wq_b from the query latent, wk, the
    // LayerNorm on its key (weight and bias) and weights_proj (one weight per indexer head).
    const double ih = D(m.index_heads), id = D(m.index_head_dim);
    const double indexer = ih > 0 ? q_lora * ih * id + h * id + 2 * id + h * ih : 0;
    return q + kv + heads * v * h + indexer;
  }
  const double q_out = heads * D(s.head_dim), kv_out = D(s.kv_heads) * D(s.head_dim);
  const double gate = s.gated_q ? 2 : 1;
  double p = h * q_out * gate + 2 * h * kv_out + q_out * h;
  if (s.qkv_bias) p += q_out * gate + 2 * kv_out;
  if (s.o_bias) p += h;
  if (s.qk_norm) p += 2 * D(s.head_dim);
  if (s.sinks) p += heads;
  return p;
}

double DeltaNet(const HfShape& s) {
  const DeltaNetShape& d = *s.delta_net;
  const double h = D(s.hidden), value_heads = D(d.value_heads);
  const double key = D(d.key_heads) * D(d.key_head_dim);
  const double value = value_heads * D(d.value_head_dim);
  return h * (2 * key + 2 * value)               // in_proj_qkvz
         + h * 2 * value_heads                   // in_proj_ba
         + (2 * key + value) * D(d.conv_kernel)  // depthwise conv1d
         + 2 * value_heads                       // dt_bias, A_log
         + D(d.value_head_dim)                   // gated RMSNorm
         + value * h;                            // out_proj
}

// One expert's (gate, up, down) projections, with gpt-oss's biases.
double Expert(const HfShape& s, int64_t width, bool bias) {
  const double p = 3 * D(s.hidden) * D(width);
  return bias ? p + 2 * D(width) + D(s.hidden) : p;
}

}  // namespace

ParamCount CountParams(const HfShape& s) {
  ParamCount c;
  const double h = D(s.hidden);
  c.total = c.active = D(s.vocab) * h * (s.tied ? 1 : 2) + h;  // embeddings + the final norm
  for (size_t layer = 0; layer < static_cast<size_t>(s.layers); ++layer) {
    const bool linear =
        layer < s.layer_kind.size() && s.layer_kind[layer] == LayerKind::kRecurrent && s.delta_net;
    double shared = (linear ? DeltaNet(s) : Attention(s)) + s.norms_per_layer * h;
    double routed_total = 0, routed_active = 0;
    if (s.experts && layer < s.moe_layer.size() && s.moe_layer[layer]) {
      const ExpertShape& e = *s.experts;
      shared += h * D(e.total) + (e.router_bias ? D(e.total) : 0);
      shared += D(e.shared) * Expert(s, e.shared_width, false) + (e.shared_gate ? h : 0);
      const double one = Expert(s, e.width, e.expert_bias);
      routed_total = one * D(e.total);
      routed_active = one * D(e.active);
    } else {
      shared += Expert(s, s.dense_width, false);
    }
    c.total += shared + routed_total;
    c.active += shared + routed_active;
  }
  return c;
}

}  // namespace gg::calcapi
