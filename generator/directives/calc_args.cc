#include "directives/calc_args.h"

#include <algorithm>

#include "base/text.h"
#include "calc/systems.h"
#include "directives/computed.h"
#include "directives/html.h"
#include "model/enums.h"

namespace gg {

std::vector<ArgSpec> MemoryArgs(std::vector<ArgSpec> extra) {
  std::vector<ArgSpec> args = {
      Arg::Id("model", ArgType::kModel).Required(),
      Arg::Precision("precision"),
      Arg::Integer("context", 1, 10'000'000),
      Arg::Integer("batch", 1, 4096),
      Arg::Precision("kv"),
      Arg::Choice("mode", {"inference", "full", "lora", "qlora"}).Default("inference"),
      Arg::YesNo("checkpointing").Default("no")};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

calc::MemoryRequest ParseMemoryRequest(const Args& args, bool need_context) {
  calc::MemoryRequest req;
  req.mode = *calc::ParseMemoryMode(args.Text("mode"));
  if (args.Has("precision"))
    req.precision = *calc::ParsePrecision(args.Text("precision"));
  else if (req.mode == calc::MemoryMode::kInference)
    args.Fail("'" + args.spec().ShownName() + "' needs precision=…");
  else
    req.precision = calc::Precision::kBf16;
  if (args.Has("kv")) req.kv_precision = *calc::ParsePrecision(args.Text("kv"));
  if (need_context || args.Has("context")) req.context = args.Int("context", 4096);
  if (args.Has("batch")) req.batch = args.Int("batch", 1);
  // A context beyond what the model was trained for is an error, not a silent extrapolation.
  if (req.context && args.Has("model"))
    if (const LlmModel* m = args.ModelOf("model"); m && *req.context > m->max_context)
      args.Fail("context " + std::to_string(*req.context) + " exceeds the maximum context of '" +
                m->id + "' (" + std::to_string(m->max_context) + " tokens)");
  req.gradient_checkpointing = args.Yes("checkpointing");
  return req;
}

std::string CardsLabel(int count, const std::string& gpu_name, const PageContext& ctx) {
  if (count == 1) return gpu_name;
  return ctx.fmt->Number(count, 0) + "\u00A0×\u00A0" + gpu_name;
}

std::string BillionParams(double billions, const PageContext& ctx) {
  const int frac = billions < 10 ? 2 : 1;
  return ctx.TF(billions < 2 ? "unit.billion_params_lt2" : "unit.billion_params",
                {{"v", ctx.fmt->Number(billions, frac)}});
}

std::string WorkloadName(Workload w, const PageContext& ctx) {
  return ctx.T(Workloads().UiKey(w));
}

std::string Times(double value, const PageContext& ctx) {
  return ctx.fmt->Number(value, 2, 2) + "×";
}

std::optional<OwnedDesktop> DesktopWith(const Gpu& gpu, const Args& args, const PageContext& ctx) {
  auto desktop = calc::DesktopWith(gpu, ctx.computed->prices, {}, ctx.computed->assumptions);
  if (!desktop) {
    args.Fail("GPU '" + gpu.id + "' has no current price");
    return std::nullopt;
  }
  return OwnedDesktop{desktop->cost_usd, desktop->watts};
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

std::string PriceCell(const std::optional<calc::BasisCost>& cost, const PageContext& ctx) {
  if (!cost) return "—";
  std::string s = PriceHtml(cost->usd, cost->price, ctx);
  if (cost->price.condition == Condition::kUsed)
    s += " <span class=\"tag\">" + HtmlEscape(ctx.T(Conditions().UiKey(Condition::kUsed))) +
         "</span>";
  return s;
}

std::string ContextLabel(int64_t tokens, const PageContext& ctx) {
  if (tokens >= 1024 && tokens % 1024 == 0)
    return ctx.TF("unit.k_tokens", {{"v", ctx.fmt->Number(static_cast<double>(tokens / 1024), 0)}});
  return ctx.TF("unit.tokens", {{"v", ctx.fmt->Number(static_cast<double>(tokens), 0)}});
}

}  // namespace gg
