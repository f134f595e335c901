// A Hugging Face config.json (the object, as pasted by a reader or read from a file) → the
// model shape the calculator works with (LlmModel), with its parameters counted from the
// shape (hf_params.h), for the families the guide's data holds:
//
//   LlamaForCausalLM, MistralForCausalLM, MixtralForCausalLM, Qwen2ForCausalLM,
//   Qwen3ForCausalLM, Qwen3MoeForCausalLM, Gemma3ForCausalLM, Gemma3ForConditionalGeneration
//   (the text model under text_config), DeepseekV3ForCausalLM (MLA), GptOssForCausalLM
//   (MXFP4 experts), Qwen3NextForCausalLM (Gated DeltaNet + full attention hybrid),
//   Gemma2ForCausalLM (sliding and full layers alternating), Phi3ForCausalLM, PhiMoEForCausalLM
//   (LayerNorms with biases), DeepseekV2ForCausalLM (MLA), Qwen2MoeForCausalLM (gated shared
//   expert), CohereForCausalLM (one LayerNorm, parallel attention and MLP), Olmo2ForCausalLM and
//   Olmo3ForCausalLM (norms over the whole q and k; OLMo 3 with sliding layers),
//   NemotronHForCausalLM (hybrid_override_pattern: Mamba-2, attention, MLP and MoE blocks).
//
// The architecture is config.architectures[0] (or, without it, model_type). Fields a family's
// config class defaults (Gemma 3's vocab_size, sliding_window_pattern, …) take that default,
// and a notice says so; a missing required field, a value of the wrong type or out of range,
// an unknown architecture or a layer kind the calculator cannot represent is a problem naming
// the field ("num_hidden_layers must be a positive integer, got \"32\""), never a guess. What
// is read but not counted (a multi-token-prediction layer, a vision tower) is a notice.
//
// Pure: no I/O, no exceptions (compiled into calc.wasm); every problem of a config at once.
#pragma once

#include <string>
#include <vector>

#include "calcapi/calc_api.h"
#include "calcapi/json_text.h"
#include "model/model.h"

namespace gg::calcapi {

struct ConfigProblem {
  std::string field;  // the JSON path of the field at fault ("text_config.hidden_size"); "" = none
  std::string message;
  // What a page says in its reader's language (calcapi/README.md): missing, invalid (detail
  // "got"), too_large ("max", "got"), unknown_architecture ("name"), no_architecture,
  // not_object, too_big (more than the calculator takes), shape (sizes that do not fit
  // together, a layer kind or block it cannot represent).
  std::string code = "shape";
  Json detail = Json::object();
};

struct HfModel {
  LlmModel model;            // id and name: the architecture; params_b and active_params_b counted
  std::string architecture;  // "LlamaForCausalLM"
  double params = 0;         // counted parameters
  double active_params = 0;  // per token
  std::vector<std::string> notices;
  std::vector<ConfigProblem> problems;  // empty: `model` is usable
};

HfModel ModelFromHfConfig(const Json& config);

// The problem code of a config text that is not JSON: "too_deep" (nested deeper than
// kMaxJsonTextDepth) or "invalid_json".
std::string JsonTextErrorCode(const JsonTextError& error);

// The architectures ModelFromHfConfig reads, in the order above.
std::vector<std::string> SupportedArchitectures();

// {"architecture", "params", "active_params", "layers", "max_context", "notices"}: what an
// answer to a request with "config" says about the model it read.
Json ConfigSummary(const HfModel& m);

}  // namespace gg::calcapi
