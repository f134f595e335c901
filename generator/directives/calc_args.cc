#include "directives/calc_args.h"

#include <algorithm>

#include "base/suggest.h"
#include "directives/computed.h"

namespace gg {

std::vector<std::string> MemoryParams() {
  return {"model", "precision", "context", "batch", "kv", "mode", "checkpointing"};
}

bool ParsePrecisionArg(Args& args, const std::string& id, calc::Precision* out) {
  auto p = calc::ParsePrecision(id);
  if (!p) {
    args.Fail("unknown precision '" + id + "'", DidYouMean(id, calc::PrecisionIds()));
    return false;
  }
  *out = *p;
  return true;
}

calc::MemoryRequest ParseMemoryRequest(Args& args, bool need_context) {
  calc::MemoryRequest req;
  std::string mode = args.Or("mode", "inference");
  auto m = calc::ParseMemoryMode(mode);
  if (!m) {
    args.Fail("unknown mode '" + mode + "'",
              DidYouMean(mode, {"inference", "full", "lora", "qlora"}));
  } else {
    req.mode = *m;
  }
  std::string precision = req.mode == calc::MemoryMode::kInference ? args.Required("precision")
                                                                   : args.Or("precision", "bf16");
  if (!precision.empty()) ParsePrecisionArg(args, precision, &req.precision);
  if (auto kv = args.Get("kv")) ParsePrecisionArg(args, *kv, &req.kv_precision);
  if (need_context || args.Get("context"))
    req.context = args.Integer("context", 4096, 1, 10'000'000);
  if (args.Get("batch")) req.batch = args.Integer("batch", 1, 1, 4096);
  req.gradient_checkpointing = args.Choice("checkpointing", {"yes", "no"}, "no") == "yes";
  return req;
}

std::string CardsLabel(int count, const std::string& gpu_name, const PageContext& ctx) {
  if (count == 1) return gpu_name;
  return ctx.fmt->Number(count, 0) + "\u00A0×\u00A0" + gpu_name;
}

std::string BillionParams(double billions, int frac, const PageContext& ctx) {
  return ctx.TF(billions < 2 ? "unit.billion_params_lt2" : "unit.billion_params",
                {{"v", ctx.fmt->Number(billions, frac)}});
}

std::string WorkloadName(Workload w, const PageContext& ctx) {
  return ctx.T(std::string("workload.") + WorkloadId(w));
}

std::string Times(double value, const PageContext& ctx) {
  return ctx.fmt->Number(value, 2, 2) + "×";
}

std::optional<OwnedDesktop> DesktopWith(const Gpu& gpu, Args& args, const PageContext& ctx) {
  auto price = calc::CheapestCurrentPrice(ctx.computed->prices, gpu.id, {});
  if (!price) {
    args.Fail("GPU '" + gpu.id + "' has no current price");
    return std::nullopt;
  }
  const auto& as = ctx.computed->assumptions;
  return OwnedDesktop{price->usd + as.desktop_system_cost_usd, gpu.tdp_w + as.desktop_system_watts};
}

void SortByValue(std::vector<calc::RankEntry>* entries) {
  entries->erase(std::remove_if(entries->begin(), entries->end(),
                                [](const calc::RankEntry& e) { return !e.perf_per_kusd; }),
                 entries->end());
  std::stable_sort(entries->begin(), entries->end(),
                   [](const calc::RankEntry& x, const calc::RankEntry& y) {
                     return *x.perf_per_kusd > *y.perf_per_kusd;
                   });
}

std::string CostBasisArg(Args& args, const std::string& fallback) {
  return args.Choice("cost", {"none", "gpu", "ownership"}, fallback);
}

}  // namespace gg
