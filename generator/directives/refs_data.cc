// Inline references to data values that need no calculation beyond lookup: `gpu:name`,
// `gpu:spec`, `gpu:count`, `gpu:data-date`, `gpu:assumption`.
#include "base/text.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {

DirectiveSpec NameDirective() {
  DirectiveSpec d = DirectiveSpec::Inline(
      "name", [](const Args& a, const PageContext& ctx) { return GpuLink(*a.GpuOf("gpu"), ctx); });
  d.args = {Arg::Id("gpu", ArgType::kGpu).Required()};
  return d;
}

DirectiveSpec SpecDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("spec", [](const Args& a, const PageContext& ctx) {
    return HtmlEscape(FormatSpec(*a.GpuOf("gpu"), a.Text("field"), ctx));
  });
  d.args = {Arg::Id("gpu", ArgType::kGpu).Required(),
            Arg::Choice("field", SpecFieldIds()).Required()};
  return d;
}

DirectiveSpec CountDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("count", [](const Args& a, const PageContext& ctx) {
    const std::string& of = a.Text("of");
    ctx.Read("count:" + of);  // the number only: a price edit leaves the page as it is
    size_t n = of == "gpus"     ? ctx.data->gpus.size()
               : of == "models" ? ctx.data->models.size()
               : of == "prices" ? ctx.data->prices.size()
               : of == "offers" ? ctx.data->cloud.size()
                                : ctx.data->benchmarks.size();
    return HtmlEscape(ctx.fmt->Number(static_cast<double>(n), 0));
  });
  d.args = {Arg::Choice("of", {"gpus", "models", "prices", "offers", "benchmarks"}).Required()};
  return d;
}

DirectiveSpec DataDateDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("data-date", [](const Args&, const PageContext& ctx) {
    return HtmlEscape(ctx.fmt->Date(ctx.computed->data_date));
  });
  d.reads = {"computed:prices-date"};  // the date alone, not the counts beside it
  return d;
}

DirectiveSpec AssumptionDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("assumption", [](const Args& a, const PageContext& ctx) {
    return HtmlEscape(FormatAssumption(*ctx.data->FindAssumption(a.Text("id")), ctx));
  });
  d.args = {Arg::Id("id", ArgType::kAssumption).Required()};
  return d;
}

}  // namespace gg
