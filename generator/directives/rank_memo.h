// The rankings of one build, each computed once: a GPU page asks for eight rankings of every
// card (speed and value for each workload) and many pages show the same ranking, all of the
// same data, performance table, prices and assumptions — those of the build — so a ranking
// depends only on its calc::RankOptions.
//
// Thread safety: Get may be called concurrently (base/build_memo.h).
#pragma once

#include <memory>
#include <vector>

#include "base/build_memo.h"
#include "calc/ranking.h"

namespace gg {

struct PageContext;

class RankMemo {
 public:
  // calc::Rank(data, perf, prices, assumptions, options), computed on the first request.
  std::shared_ptr<const std::vector<calc::RankEntry>> Get(const calc::RankOptions& options,
                                                          const PageContext& ctx);

 private:
  BuildMemo<std::vector<calc::RankEntry>> kept_;
};

// The ranking for `options` of the page's build: from ctx.ranks when the page has one, else
// computed (tests that build a PageContext by hand).
std::vector<calc::RankEntry> RankOf(const PageContext& ctx, const calc::RankOptions& options);

}  // namespace gg
