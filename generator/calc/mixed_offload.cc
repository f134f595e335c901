#include "calc/mixed_offload.h"

#include <algorithm>
#include <cmath>

#include "calc/fit.h"

namespace gg::calc {

std::optional<MixedOffload> AnswerOnMixedWithOffload(const std::vector<const Gpu*>& gpus,
                                                     const LlmModel& model,
                                                     const MemoryBreakdown& memory,
                                                     double step_bytes, int64_t batch, Offload mode,
                                                     double ram_gbs, Precision precision,
                                                     const Assumptions& a, MixedAnswer* answer) {
  if (gpus.empty() || mode == Offload::kNone) return std::nullopt;
  const int layers = std::max(model.layers, 1);
  const double per_card_fixed = memory.overhead_bytes + a.cuda_context_gb * 1e9;
  std::vector<double> usable, free;
  double room = 0;
  for (const Gpu* g : gpus) {
    usable.push_back(UsableGpuBytes(*g, a));
    free.push_back(usable.back() - per_card_fixed);
    room += std::max(free.back(), 0.0);
  }
  const double excess = memory.SplitBytes() - room;
  if (!(excess > 0)) return std::nullopt;  // the set holds it without offload
  // Bytes one layer moves to RAM, and the share of a step's reads that goes with it.
  double layer_bytes = 0, layer_step_bytes = 0;
  if (mode == Offload::kLayers) {
    layer_bytes = memory.SplitBytes() / layers;
    layer_step_bytes = step_bytes / layers;
  } else {
    if (!model.experts) return std::nullopt;
    layer_bytes = RoutedExpertBytes(model, precision, a) / layers;
    layer_step_bytes = layer_bytes * model.experts->active / std::max(model.experts->total, 1);
  }
  if (!(layer_bytes > 0)) return std::nullopt;
  MixedOffload r;
  r.layers_on_cpu = static_cast<int>(std::ceil(excess / layer_bytes - 1e-9));
  if (r.layers_on_cpu > layers) return std::nullopt;
  r.ram_bytes = r.layers_on_cpu * layer_bytes;
  r.step_ram_bytes = std::min(r.layers_on_cpu * layer_step_bytes, std::max(step_bytes, 0.0));
  r.step_gpu_bytes = std::max(step_bytes - r.step_ram_bytes, 0.0);
  r.ram_gbs = ram_gbs;

  MixedAnswer m;
  m.usable_bytes = usable;
  m.fractions = SplitFractions(free);
  m.fits = true;
  const double on_cards = memory.SplitBytes() - r.ram_bytes;
  for (size_t i = 0; i < gpus.size(); ++i) {
    m.card_bytes.push_back(on_cards * m.fractions[i] + per_card_fixed);
    if (m.card_bytes[i] > m.usable_bytes[i] * (1 + 1e-12)) m.fits = false;
  }
  if (m.fits && step_bytes > 0 && (ram_gbs > 0 || !(r.step_ram_bytes > 0))) {
    double seconds = 0;
    bool speed = true;
    for (size_t i = 0; i < gpus.size(); ++i) {
      if (m.fractions[i] <= 0) continue;
      const double s = DecodeSecondsOnCard(*gpus[i], model, r.step_gpu_bytes * m.fractions[i], a);
      if (!(s > 0) && r.step_gpu_bytes > 0) speed = false;
      seconds += s;
    }
    if (r.step_ram_bytes > 0)
      seconds += DecodeLineFor(*gpus.front(), model, a).slope * r.step_ram_bytes / (ram_gbs * 1e9);
    if (speed && seconds > 0)
      m.tokens_per_s = static_cast<double>(std::max<int64_t>(batch, 1)) / seconds;
  }
  *answer = std::move(m);
  return r;
}

std::optional<MixedOffload> OffloadMixed(const Dataset& data, const std::vector<const Gpu*>& gpus,
                                         const LlmModel& model, const MemoryRequest& request,
                                         Offload mode, double ram_gbs, double reader_ram_gb,
                                         const Assumptions& a, MixedFit* fit) {
  if (mode == Offload::kNone || fit->answer.fits) return std::nullopt;
  MemoryRequest runs = request;
  runs.mode = MemoryMode::kInference;
  runs.precision = fit->precision;
  for (const Gpu* g : gpus) runs.kv_precision = RunnablePrecision(*g, runs.kv_precision);
  const double gbs = ram_gbs > 0 ? ram_gbs : PlatformRamGbs(data, fit->machine);
  auto r = AnswerOnMixedWithOffload(gpus, model, fit->memory,
                                    DecodeBytesPerStep(model, runs, fit->memory, a),
                                    fit->memory.batch, mode, gbs, fit->precision, a, &fit->answer);
  if (!r) return std::nullopt;
  r->ram = CheckSystemRam(r->ram_bytes, fit->memory.host_bytes, RamReserveGb(data),
                          MachineRamOf(data, fit->machine), reader_ram_gb);
  return r;
}

}  // namespace gg::calc
