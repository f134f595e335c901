// Inline references to data values that need no calculation beyond lookup.
#include <algorithm>

#include "base/suggest.h"
#include "base/text.h"
#include "directives/computed.h"
#include "directives/html.h"
#include "directives/standard.h"

namespace gg {

void RegisterDataRefs(DirectiveRegistry* r) {
  r->AddInline("name", {"gpu"}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
    Args a(c, ctx.diags);
    std::string id = a.GpuId("gpu", *ctx.data);
    if (!a.ok()) return {};
    return GpuLink(*ctx.data->FindGpu(id), ctx);
  });
  r->AddInline("spec", {"gpu", "field"},
               [](const DirectiveCall& c, PageContext& ctx) -> std::string {
                 Args a(c, ctx.diags);
                 std::string id = a.GpuId("gpu", *ctx.data);
                 std::string field = a.Choice("field", SpecFieldIds());
                 if (!a.ok()) return {};
                 return HtmlEscape(FormatSpec(*ctx.data->FindGpu(id), field, ctx));
               });
  r->AddInline("count", {"of"}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
    Args a(c, ctx.diags);
    std::string of = a.Choice("of", {"gpus", "models", "prices", "offers", "benchmarks"});
    if (!a.ok()) return {};
    size_t n = of == "gpus"     ? ctx.data->gpus.size()
               : of == "models" ? ctx.data->models.size()
               : of == "prices" ? ctx.data->prices.size()
               : of == "offers" ? ctx.data->cloud.size()
                                : ctx.data->benchmarks.size();
    return HtmlEscape(ctx.fmt->Number(static_cast<double>(n), 0));
  });
  r->AddInline("data-date", {}, [](const DirectiveCall&, PageContext& ctx) -> std::string {
    return HtmlEscape(ctx.fmt->Date(ctx.computed->data_date));
  });
  r->AddInline("assumption", {"id"}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
    Args a(c, ctx.diags);
    std::string id = a.Required("id");
    if (!a.ok()) return {};
    const Assumption* as = ctx.data->FindAssumption(id);
    if (!as) {
      std::vector<std::string> ids;
      for (const auto& x : ctx.data->assumptions) ids.push_back(x.id);
      a.Fail("unknown assumption '" + id + "'", DidYouMean(id, ids));
      return {};
    }
    return HtmlEscape(FormatAssumption(*as, ctx));
  });
}

}  // namespace gg
