// Inline references for LLMs: `gpu:vram` (memory a model needs), `gpu:fit` (the cheapest
// configuration that holds it), `gpu:params` (its parameter count), `gpu:tokens` (decode speed
// on a card).
#include <algorithm>

#include "base/text.h"
#include "calc/fit.h"
#include "calc/memory.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

std::string Fit(const Args& a, const PageContext& ctx) {
  calc::MemoryRequest req = ParseMemoryRequest(a, false);
  if (!a.ok()) return {};
  const LlmModel& m = *a.ModelOf("model");
  auto fit = calc::FitModel(*ctx.data, m, req, ctx.computed->prices, ctx.computed->assumptions, {});
  if (!fit.cheapest) {
    a.Fail("no priced configuration holds model '" + m.id + "'");
    return {};
  }
  const Gpu& g = *ctx.data->FindGpu(fit.cheapest->gpu);
  std::string label =
      fit.cheapest->count == 1
          ? GpuLink(g, ctx)
          : HtmlEscape(ctx.fmt->Number(fit.cheapest->count, 0)) + "\u00A0×\u00A0" + GpuLink(g, ctx);
  std::string note = PriceHtml(*fit.cheapest->price_usd, *fit.cheapest->unit_price, ctx);
  if (fit.cheapest->precision_substituted)  // e.g. FP8 asked for, card without FP8
    note +=
        ", " + HtmlEscape(ctx.TF("unit.runs_as",
                                 {{"precision", calc::PrecisionName(fit.cheapest->precision)}}));
  return label + " (" + note + ")";
}

std::string Tokens(const Args& a, const PageContext& ctx) {
  calc::MemoryRequest req = ParseMemoryRequest(a, false);
  if (!a.ok()) return {};
  const LlmModel& m = *a.ModelOf("model");
  const Gpu& g = *a.GpuOf("gpu");
  const auto& as = ctx.computed->assumptions;
  // The GPU pages' speeds are at 8,192 tokens (or the model's maximum): the same default
  // here, so that one question has one answer on every page.
  if (!req.context) req.context = std::min<int64_t>(8192, m.max_context);
  auto answer = calc::AnswerOnGpu(g, m, req, as, 64);
  if (!answer || !answer->tokens_per_s) {
    a.Fail("model '" + m.id + "' does not fit on any practical number of " + g.id);
    return {};
  }
  const int n = answer->count;
  const double tps = *answer->tokens_per_s;
  // Only the number: the sentence around it names the unit in its own words.
  std::string v = ctx.fmt->Number(tps, tps < 10 ? 1 : 0);
  if (n > 1) v += " " + ctx.TF("unit.on_n_cards", {{"n", ctx.fmt->Number(n, 0)}});
  return AnswerHtml(TokensQuestion(m.id, g.id, req, n), tps, HtmlEscape(v));
}

}  // namespace

DirectiveSpec VramDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("vram", [](const Args& a, const PageContext& ctx) {
    calc::MemoryRequest req = ParseMemoryRequest(a, false);
    if (!a.ok()) return std::string();
    const LlmModel& m = *a.ModelOf("model");
    auto mem = calc::EstimateMemory(m, req, ctx.computed->assumptions);
    return AnswerHtml(VramQuestion(m.id, req), mem.total_bytes,
                      HtmlEscape(ctx.fmt->Gigabytes(mem.total_bytes)));
  });
  d.args = MemoryArgs();
  d.reads = {"data:assumptions"};
  return d;
}

DirectiveSpec FitDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("fit", Fit);
  d.args = MemoryArgs();
  d.reads = {"data:gpus", "computed:current-prices", "data:assumptions"};
  return d;
}

DirectiveSpec ParamsDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("params", [](const Args& a, const PageContext& ctx) {
    const LlmModel& m = *a.ModelOf("model");
    double b = a.Yes("active") ? m.active_params_b : m.params_b;
    return HtmlEscape(BillionParams(b, ctx));
  });
  d.args = {Arg::Id("model", ArgType::kModel).Required(),
            Arg::Choice("active", {"true", "false"}).Default("false")};
  return d;
}

DirectiveSpec TokensDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("tokens", Tokens);
  d.args = MemoryArgs({Arg::Id("gpu", ArgType::kGpu).Required()});
  d.reads = {"data:assumptions"};
  return d;
}

}  // namespace gg
