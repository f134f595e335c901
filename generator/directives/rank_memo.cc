#include "directives/rank_memo.h"

#include "base/content_cache.h"
#include "directives/computed.h"
#include "directives/page_context.h"

namespace gg {
namespace {

std::string KeyOf(const calc::RankOptions& o) {
  KeyWriter w;
  w.Int(static_cast<int64_t>(o.workload)).Int(static_cast<int64_t>(o.basis)).Int(o.count);
  w.Int(static_cast<int64_t>(o.conditions.size()));
  for (auto c : o.conditions) w.Int(static_cast<int64_t>(c));
  w.Int(static_cast<int64_t>(o.segments.size()));
  for (auto s : o.segments) w.Int(static_cast<int64_t>(s));
  w.Bool(o.max_cost_usd.has_value()).Num(o.max_cost_usd.value_or(0));
  return w.text();
}

std::vector<calc::RankEntry> Compute(const calc::RankOptions& options, const PageContext& ctx) {
  return calc::Rank(*ctx.data, ctx.computed->perf, ctx.computed->prices, ctx.computed->assumptions,
                    options);
}

}  // namespace

std::shared_ptr<const std::vector<calc::RankEntry>> RankMemo::Get(const calc::RankOptions& options,
                                                                  const PageContext& ctx) {
  const std::string key = KeyOf(options);
  if (auto kept = kept_.Find(key)) return kept;
  return kept_.Keep(key, Compute(options, ctx));
}

std::vector<calc::RankEntry> RankOf(const PageContext& ctx, const calc::RankOptions& options) {
  if (ctx.ranks) return *ctx.ranks->Get(options, ctx);
  return Compute(options, ctx);
}

}  // namespace gg
