#include "calc/engines.h"

#include <algorithm>

namespace gg::calc {

namespace {

bool MatchesGpu(const EngineSupport& s, const Gpu& gpu) {
  if (s.vendor != gpu.vendor) return false;
  return std::any_of(s.architectures.begin(), s.architectures.end(), [&](const std::string& a) {
    return !a.empty() && gpu.architecture.compare(0, a.size(), a) == 0;
  });
}

std::string NormalEngine(const std::string& engine) {
  return engine == "ollama" ? "llama.cpp" : engine;
}

}  // namespace

EngineRef ParseEngineRef(std::string_view text) {
  EngineRef r;
  const size_t slash = text.find('/');
  r.engine = std::string(text.substr(0, slash));
  if (slash != std::string_view::npos) r.backend = std::string(text.substr(slash + 1));
  return r;
}

std::string EngineKey(const std::string& engine, const std::string& backend) {
  return backend.empty() ? engine : engine + "/" + backend;
}

const EngineSupport* FindEngineSupport(const Dataset& data, const Gpu& gpu, const EngineRef& ref) {
  const EngineSupport *deflt = nullptr, *running = nullptr, *first = nullptr;
  for (const EngineSupport& s : data.engine_support) {
    if (s.engine != ref.engine || (!ref.backend.empty() && s.backend != ref.backend)) continue;
    if (!MatchesGpu(s, gpu)) continue;
    if (first == nullptr) first = &s;
    if (running == nullptr && s.level != "none") running = &s;
    if (deflt == nullptr && s.default_backend) deflt = &s;
  }
  if (ref.backend.empty() && deflt != nullptr) return deflt;
  return running != nullptr ? running : first;
}

std::string RunEngineKey(const Dataset& data, const Gpu& gpu, const ValidationCase& c) {
  const std::string engine = NormalEngine(c.engine);
  if (!c.backend.empty()) return EngineKey(engine, c.backend);
  const EngineSupport* s = FindEngineSupport(data, gpu, {engine, ""});
  return EngineKey(engine, s != nullptr && s->default_backend ? s->backend : "");
}

bool IsReferenceRun(const Dataset& data, const Gpu& gpu, const ValidationCase& c) {
  if (NormalEngine(c.engine) != "llama.cpp") return false;
  if (c.backend.empty()) return true;
  const EngineSupport* s = FindEngineSupport(data, gpu, {"llama.cpp", ""});
  return s != nullptr && s->default_backend && s->backend == c.backend;
}

double EngineDecodeFactor(const Assumptions& a, const std::string& key) {
  auto it = a.engine_factors.find(key);
  return it != a.engine_factors.end() && it->second.decode_runs >= 2 ? it->second.decode : 1.0;
}

double EnginePrefillFactor(const Assumptions& a, const std::string& key) {
  auto it = a.engine_factors.find(key);
  return it != a.engine_factors.end() && it->second.prefill_runs >= 2 ? it->second.prefill : 1.0;
}

EngineOnGpu EngineOn(const Dataset& data, const Assumptions& a, const Gpu& gpu,
                     const EngineRef& ref) {
  EngineOnGpu e;
  e.support = FindEngineSupport(data, gpu, ref);
  e.key = EngineKey(ref.engine, e.support != nullptr ? e.support->backend : ref.backend);
  e.level = e.support != nullptr ? e.support->level : "unknown";
  e.runs = e.support != nullptr && e.support->level != "none";
  const EngineSupport* deflt = FindEngineSupport(data, gpu, {"llama.cpp", ""});
  e.reference = ref.engine == "llama.cpp" &&
                (deflt == nullptr || !deflt->default_backend || e.support == deflt);
  if (!e.reference) {
    auto it = a.engine_factors.find(e.key);
    if (it != a.engine_factors.end()) {
      if (it->second.decode_runs >= 2) e.decode_factor = it->second.decode;
      if (it->second.prefill_runs >= 2) e.prefill_factor = it->second.prefill;
    }
  }
  return e;
}

}  // namespace gg::calc
