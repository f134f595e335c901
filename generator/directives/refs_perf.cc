// Inline references to the performance model: `gpu:perf` (a card's relative speed), `gpu:top`
// (the n-th card of a ranking), `gpu:calib` (the model's leave-one-out error).
#include "base/text.h"
#include "calc/enums.h"
#include "calc/ranking.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "directives/rank_memo.h"

namespace gg {

DirectiveSpec PerfDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("perf", [](const Args& a, const PageContext& ctx) {
    const std::string& id = a.Text("gpu");
    Workload w = a.WorkloadOf();
    auto v = ctx.computed->perf.Get(id, w);
    if (!v) {
      a.Fail("GPU '" + id + "' has no performance value for " + WorkloadId(w));
      return std::string();
    }
    return HtmlEscape(Times(v->relative, ctx));
  });
  d.args = {Arg::Id("gpu", ArgType::kGpu).Required(), Arg::Workload().Required()};
  d.reads = {"computed:perf"};
  return d;
}

DirectiveSpec TopDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("top", [](const Args& a, const PageContext& ctx) {
    calc::RankOptions opt;
    opt.workload = a.WorkloadOf();
    opt.basis = *calc::ParseCostBasis(a.Text("cost"));
    opt.segments = a.SegmentFilter();
    int n = a.Int("n");
    auto ranked = RankOf(ctx, opt);
    if (static_cast<int>(ranked.size()) < n) {
      a.Fail("the ranking has only " + std::to_string(ranked.size()) + " entries");
      return std::string();
    }
    return GpuLink(*ctx.data->FindGpu(ranked[static_cast<size_t>(n - 1)].gpu), ctx);
  });
  d.args = {Arg::Workload().Required(),
            Arg::Choice("cost", calc::CostBases().Ids())
                .Default(calc::CostBases().Id(calc::CostBasis::kNone)),
            Arg::Integer("n", 1, 100).Default("1"), Arg::Segment()};
  d.reads = {"data:gpus", "computed:perf", "computed:current-prices", "data:assumptions"};
  return d;
}

DirectiveSpec CalibDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("calib", [](const Args& a, const PageContext& ctx) {
    Workload w = a.WorkloadOf();
    const auto* wp = ctx.computed->perf.For(w);
    if (!wp || wp->models.empty()) {
      a.Fail(std::string("no performance model could be fitted for ") + WorkloadId(w));
      return std::string();
    }
    return HtmlEscape(ctx.fmt->Percent(wp->models.front().loo_mape, 0));
  });
  d.args = {Arg::Workload().Required()};
  d.reads = {"computed:perf"};
  return d;
}

}  // namespace gg
