// The pieces of ModelFromHfConfig (hf_config.h) shared by its files: the limits a config's
// sizes must keep, the families it reads, Fields (one object of the config read field by
// field, each problem and notice recorded), and its last steps (hf_finish.cc): the window,
// the published precision, and the LlmModel with its counted parameters. Internal to calcapi.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "calcapi/hf_config.h"
#include "calcapi/hf_params.h"

namespace gg::calcapi::hf {

// The limits of data/models.json (data/README.md "Limits every file obeys"), so that a pasted
// config can describe nothing the data could not.
inline constexpr int64_t kMaxLayers = 10000;
inline constexpr int64_t kMaxHidden = 1048576;
inline constexpr int64_t kMaxWidth = 4194304;
inline constexpr int64_t kMaxHeads = 65536;
inline constexpr int64_t kMaxVocab = 100000000;
inline constexpr int64_t kMaxContext = 1000000000;
inline constexpr int64_t kMaxExperts = 65536;
inline constexpr int64_t kMaxRank = 1048576;
inline constexpr double kMaxParams = 1e14;  // params_b at most 100,000

enum class Kind {
  kLlama,
  kMistral,
  kMixtral,
  kQwen2,
  kQwen3,
  kQwen3Moe,
  kGemma3,
  kDeepseekV3,
  kGptOss,
  kQwen3Next
};

struct Family {
  const char* architecture;
  const char* model_type;
  const char* config_class;  // whose defaults apply to absent fields
  Kind kind;
  bool nested_text = false;  // the text model's fields are under text_config
};

// The families ModelFromHfConfig reads, in the order of SupportedArchitectures().
extern const Family kFamilies[12];

// A value as a message shows it, cut at 40 characters.
std::string Shown(const Json& v);

// Reads the fields of one object of the config (the top level, or text_config), recording
// problems and notices in the HfModel. A field at fault reads as 0 (or its fallback), so the
// arithmetic that follows stays harmless until the problems are reported.
class Fields {
 public:
  Fields(const Json& obj, std::string prefix, const Family& family, HfModel* out)
      : obj_(obj), prefix_(std::move(prefix)), family_(family), out_(out) {}

  std::string Path(const char* name) const { return prefix_ + name; }
  const Json* Get(const char* name) const {
    auto it = obj_.find(name);
    return it == obj_.end() || it->is_null() ? nullptr : &*it;
  }
  void Problem(const char* name, const std::string& message) {
    out_->problems.push_back({Path(name), Path(name) + " " + message});
  }
  void Notice(const std::string& text) { out_->notices.push_back(text); }
  void Defaulted(const char* name, const std::string& value) {
    Notice(Path(name) + " is absent: " + family_.config_class + "'s default " + value + " is used");
  }

  // A whole number in [lo, hi]; absent: `fallback` (with a notice) or a problem naming the
  // field (with "did you mean" among the keys no family reads).
  int64_t Count(const char* name, int64_t hi, std::optional<int64_t> fallback = std::nullopt,
                int64_t lo = 1);
  bool Flag(const char* name, bool fallback);  // true or false; absent: fallback
  std::optional<std::string> Text(const char* name);

  const Family& family() const { return family_; }

 private:
  const Json& obj_;
  std::string prefix_;
  const Family& family_;
  HfModel* out_;
};

// The window of sliding (sliding_window) and chunked (attention_chunk_size) layers.
void ReadWindow(Fields& f, const HfShape& s, LlmModel* m);
// The format the weights are published in (torch_dtype, quantization_config).
void ReadPrecision(const Json& top, Fields& f, const HfShape& s, LlmModel* m);
// The LlmModel the calculator reads, from the shape and its parameter count; a problem when
// the count is beyond the data's limits.
void FillModel(const HfShape& s, HfModel* out);

}  // namespace gg::calcapi::hf
