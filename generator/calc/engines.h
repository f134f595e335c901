// Which inference engines run on a card, how well, and how fast relative to the reference
// engine the speed model is fitted on (data/engines.json; the factors are fitted in
// calibration.h). The reference is llama.cpp on the card's default back end (CUDA on NVIDIA,
// Metal on Apple; engines.json marks it "default": true): DecodeTokensPerSecond and
// PrefillTokensPerSecond (fit.h) predict it, and another engine or back end multiplies them by
// its factor when at least two published runs fitted one.
//
// Pure: no I/O.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "calc/assumptions.h"
#include "model/model.h"

namespace gg::calc {

// An engine as the reader names it: "llama.cpp" (its default back end on the card) or
// "llama.cpp/vulkan". Empty engine = the reference.
struct EngineRef {
  std::string engine;
  std::string backend;
};
// Splits at the first '/'; "" gives an empty ref.
EngineRef ParseEngineRef(std::string_view text);

// "llama.cpp/cuda"; the engine alone when backend is empty.
std::string EngineKey(const std::string& engine, const std::string& backend);

// The engines.json row saying how `ref` runs on `gpu`: among the rows of ref.engine (and
// ref.backend when given) whose vendor is the card's and one of whose architectures begins
// the card's `architecture`, the default one when no back end is named, else the first whose
// level is not "none", else the first. nullptr when no row matches (nothing published).
const EngineSupport* FindEngineSupport(const Dataset& data, const Gpu& gpu, const EngineRef& ref);

// The key a published run was measured with: "ollama" counts as "llama.cpp" (it runs
// llama.cpp), the back end is the run's, or the card's default for that engine when the run
// names none (then "" if engines.json has no default row for the card).
std::string RunEngineKey(const Dataset& data, const Gpu& gpu, const ValidationCase& c);

// Whether a run measures the reference: llama.cpp (or ollama) on the card's default back end,
// or with no back end named.
bool IsReferenceRun(const Dataset& data, const Gpu& gpu, const ValidationCase& c);

// The factor of a key for decode / prefill: the fitted one when it has ≥ 2 runs, else 1.
double EngineDecodeFactor(const Assumptions& a, const std::string& key);
double EnginePrefillFactor(const Assumptions& a, const std::string& key);

// What the calculator says about an engine on one card.
struct EngineOnGpu {
  std::string key;    // "llama.cpp/cuda"; the engine alone when no row names a back end
  std::string level;  // official | community | experimental | none | unknown (no row)
  bool runs = false;  // level is official, community or experimental
  // The fitted factors, when ≥ 2 runs fitted them and the key is not the reference; otherwise
  // nullopt (the reference's speed is given, and the answer says no runs measured it).
  std::optional<double> decode_factor;
  std::optional<double> prefill_factor;
  bool reference = false;  // the key is the card's reference (llama.cpp on its default back end)
  const EngineSupport* support = nullptr;
};
EngineOnGpu EngineOn(const Dataset& data, const Assumptions& a, const Gpu& gpu,
                     const EngineRef& ref);

}  // namespace gg::calc
