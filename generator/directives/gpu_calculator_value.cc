// gpu-calculator-value [workload=W] [cost=gpu|ownership|none]: the "Value" form of the
// calculator page: workload, cost basis (the card, or the cost of ownership with the
// reader's electricity price, utilisation and years), new or used, segment and budget → the
// GPUs ranked by performance per 1,000 USD (calcapi `rank`), as a table and a bar list,
// drawn by assets/calc-value.js. The ownership fields start at the guide's assumptions and
// carry them in data-default: a field left at its default is not sent, so the default form
// gives the guide's own ranking. Hidden until the script runs (calc_form.h).
#include <nlohmann/json.hpp>

#include "base/text.h"
#include "calc/enums.h"
#include "directives/calc_form.h"
#include "directives/computed.h"
#include "directives/directive.h"

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
                                                 "calc.value.caption",
                                                 "calc.value.summary",
                                                 "calc.value.summary.speed",
                                                 "calc.value.summary.none",
                                                 "calc.value.chart",
                                                 "calc.value.pareto",
                                                 "price.estimated",
                                                 "chart.estimated",
                                                 "col.rank",
                                                 "col.gpu",
                                                 "col.relative_perf_short",
                                                 "col.cost_gpu",
                                                 "col.cost_ownership",
                                                 "col.condition",
                                                 "col.perf_per_kusd",
                                                 "condition.new",
                                                 "condition.used",
                                                 "basis.gpu",
                                                 "basis.none",
                                                 "basis.ownership"};

std::string WithDefault(const std::string& input, const std::string& value) {
  // <input …> → <input … data-default="value">
  return input.substr(0, input.rfind('>')) + Attr("data-default", value) + ">\n";
}

std::string Render(const Args& a, const PageContext& ctx) {
  if (!CalculatorAvailable(ctx, "calc-value.js")) return "";
  const auto& as = ctx.computed->assumptions;
  std::string workloads;
  for (Workload w : Workloads().Values())
    workloads += Option(Workloads().Id(w), ctx.T(Workloads().UiKey(w)),
                        Workloads().Id(w) == a.Text("workload"));
  std::string bases;
  for (const char* b : {"gpu", "ownership", "none"})
    bases += Option(b, ctx.T(std::string("basis.") + b), b == a.Text("cost"));
  std::string conditions = Option("any", ctx.T("calc.value.any_condition"), true);
  for (Condition c : Conditions().Values())
    conditions += Option(Conditions().Id(c), ctx.T(Conditions().UiKey(c)), false);
  std::string segments = Option("all", ctx.T("calc.value.all_segments"), true);
  for (Segment s : Segments().Values())
    segments += Option(Segments().Id(s), ctx.T(Segments().UiKey(s)), false);
  const std::string kwh = ShortestNumber(as.electricity_usd_per_kwh);
  const std::string percent = PercentText(as.utilisation);
  const std::string years = ShortestNumber(as.ownership_years);

  std::string h = OpenTool(ctx, "value", "calc-value.js");
  h += "<form class=\"calc-form\" novalidate>\n<fieldset>\n<legend>" +
       HtmlEscape(ctx.T("calc.value.legend")) + "</legend>\n";
  h += RegionField(ctx, "v-region");
  h += Field("v-workload", ctx.T("calc.value.field.workload"), Select("v-workload", workloads));
  h += Field("v-cost", ctx.T("calc.value.field.cost"), Select("v-cost", bases));
  h += Field("v-condition", ctx.T("col.condition"), Select("v-condition", conditions));
  h += Field("v-segment", ctx.T("col.segment"), Select("v-segment", segments));
  h += Field("v-budget", ctx.T("calc.value.field.budget"), DecimalInput("v-budget", ""));
  h += "</fieldset>\n<fieldset class=\"calc-ownership\">\n<legend>" +
       HtmlEscape(ctx.T("calc.value.legend.ownership")) + "</legend>\n";
  h += Field("v-electricity", ctx.T("calc.field.electricity"),
             WithDefault(DecimalInput("v-electricity", kwh), kwh));
  h += Field("v-utilisation", ctx.T("calc.field.utilisation"),
             WithDefault(DecimalInput("v-utilisation", percent, "100"), percent));
  h += Field("v-years", ctx.T("calc.value.field.years"),
             WithDefault(DecimalInput("v-years", years, "100"), years));
  h += "</fieldset>\n<p><button type=\"submit\">" + HtmlEscape(ctx.T("calc.value.submit")) +
       "</button></p>\n</form>\n";
  // The GPUs' names for the results (the data bundle holds them too, but parsing it in the
  // page costs more than these few kilobytes).
  nlohmann::json names = nlohmann::json::object();
  for (const Gpu& g : ctx.data->gpus) names[g.id] = g.name;
  h += JsonScript("calc-names",
                  names.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  return h + CloseTool(ctx, kScriptStrings);
}

}  // namespace

DirectiveSpec GpuCalculatorValueDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-calculator-value", Render);
  d.args = {Arg::Workload().Default("training16"),
            Arg::Choice("cost", {"gpu", "ownership", "none"}).Default("gpu")};
  d.reads = {"data:assumptions"};
  return d;
}

}  // namespace gg
