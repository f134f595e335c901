// gpu-calculator-rent [gpu=ID] [offer=ID]: the "Own or rent" form of the calculator page:
// the reader's desktop (price, watts) or a desktop around a card of the data, against a
// cloud offer of data/cloud.json or a price typed in, at the reader's utilisation and
// electricity price → the break-even (calcapi `breakeven`) and the cost over time, drawn by
// assets/calc-rent.js. The typed-in fields start at the figures of the chosen card and offer
// (from the data): by default the baseline card and the reference cloud offer of the
// assumptions. Hidden until the script runs (calc_form.h).
#include <algorithm>

#include "base/text.h"
#include "calc/cost.h"
#include "calc/systems.h"
#include "directives/calc_form.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

using namespace calcform;  // NOLINT: the form's vocabulary

const std::vector<std::string> kScriptStrings = {"calc.failed",
                                                 "calc.error",
                                                 "calc.url.reset",
                                                 "calc.invalid.whole",
                                                 "calc.invalid.range",
                                                 "calc.invalid.min",
                                                 "calc.internal",
                                                 "calc.rent.summary",
                                                 "calc.rent.summary.never",
                                                 "calc.rent.caption",
                                                 "calc.rent.col.item",
                                                 "calc.rent.col.usd",
                                                 "calc.rent.row.desktop",
                                                 "calc.rent.row.electricity",
                                                 "calc.rent.row.cloud",
                                                 "calc.rent.chart",
                                                 "calc.rent.line.own",
                                                 "calc.rent.line.rent",
                                                 "calc.rent.axis.years",
                                                 "calc.rent.breakeven",
                                                 "price.estimated",
                                                 "price.converted_text"};

std::string Render(const Args& a, const PageContext& ctx) {
  if (!CalculatorAvailable(ctx, "calc-rent.js")) return "";
  const auto& as = ctx.computed->assumptions;
  std::vector<const Gpu*> gpus;
  for (const auto& g : ctx.data->gpus)
    if (calc::DesktopWith(g, ctx.computed->prices, {}, as)) gpus.push_back(&g);
  std::stable_sort(gpus.begin(), gpus.end(),
                   [](const Gpu* x, const Gpu* y) { return x->name < y->name; });
  const std::string gpu_id = a.Has("gpu") ? a.Text("gpu") : as.baseline_gpu;
  const std::string offer_id = a.Has("offer") ? a.Text("offer") : as.cloud_reference_offer;
  const Gpu* chosen = ctx.data->FindGpu(gpu_id);
  std::string desktops = Option("custom", ctx.T("calc.rent.custom_desktop"), false);
  for (const Gpu* g : gpus)
    // A unified-memory system is a whole machine, never "a desktop with" one.
    desktops += Option(
        g->id,
        ctx.TF(calc::IsSystem(*g) ? "calc.rent.system" : "calc.rent.around", {{"gpu", g->name}}),
        g == chosen);
  auto desktop = chosen ? calc::DesktopWith(*chosen, ctx.computed->prices, {}, as) : std::nullopt;
  if (!desktop) {
    a.Fail("GPU '" + gpu_id + "' has no current price");
    return "";
  }
  std::vector<const CloudOffer*> offers;
  for (const auto& o : ctx.data->cloud) offers.push_back(&o);
  std::stable_sort(offers.begin(), offers.end(), [](const CloudOffer* x, const CloudOffer* y) {
    return std::make_pair(x->usd_per_gpu_hour, x->id) < std::make_pair(y->usd_per_gpu_hour, y->id);
  });
  std::string clouds = Option("custom", ctx.T("calc.rent.custom_offer"), false);
  double per_hour = 0;
  for (const CloudOffer* o : offers) {
    const Gpu* g = ctx.data->FindGpu(o->gpu);
    const std::string label = o->provider + " · " + (g ? g->name : o->gpu) + " · " +
                              ctx.T("pricing." + o->pricing) + " · " +
                              // An option holds text only: the estimate's mark is the "≈" itself.
                              (o->prov.estimated ? "≈ " : "") +
                              ctx.fmt->Money(o->usd_per_gpu_hour, true) + ConvertedText(ctx);
    if (o->id == offer_id) per_hour = o->usd_per_gpu_hour;
    clouds += Option(o->id, label, o->id == offer_id);
  }

  std::string h = OpenTool(ctx, "rent", "calc-rent.js");
  h += "<form class=\"calc-form\" novalidate>\n<fieldset>\n<legend>" +
       HtmlEscape(ctx.T("calc.rent.legend.desktop")) + "</legend>\n";
  h += RegionField(ctx, "r-region");
  h += Field("r-desktop", ctx.T("calc.rent.field.desktop"), Select("r-desktop", desktops));
  h += Field("r-cost", ctx.T("calc.rent.field.cost"),
             DecimalInput("r-cost", ShortestNumber(desktop->cost_usd)));
  h += Field("r-watts", ctx.T("calc.rent.field.watts"),
             DecimalInput("r-watts", ShortestNumber(desktop->watts)));
  h += "</fieldset>\n<fieldset>\n<legend>" + HtmlEscape(ctx.T("calc.rent.legend.cloud")) +
       "</legend>\n";
  h += Field("r-offer", ctx.T("calc.rent.field.offer"), Select("r-offer", clouds));
  h += Field("r-per-hour", ctx.T("calc.rent.field.per_hour"),
             DecimalInput("r-per-hour", ShortestNumber(per_hour)));
  h += Field("r-utilisation", ctx.T("calc.field.utilisation"),
             DecimalInput("r-utilisation", PercentText(as.utilisation), "100"));
  h += Field("r-electricity", ctx.T("calc.field.electricity"),
             DecimalInput("r-electricity", ShortestNumber(as.electricity_usd_per_kwh)));
  h += "</fieldset>\n<p><button type=\"submit\">" + HtmlEscape(ctx.T("calc.rent.submit")) +
       "</button></p>\n</form>\n";
  return h + CloseTool(ctx, kScriptStrings);
}

}  // namespace

DirectiveSpec GpuCalculatorRentDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-calculator-rent", Render);
  d.args = {Arg::Id("gpu", ArgType::kGpu), Arg::Id("offer", ArgType::kOffer)};
  d.reads = {"data:gpus", "data:cloud", "computed:current-prices", "data:assumptions"};
  return d;
}

}  // namespace gg
