// The flowchart's leaves are queries, not GPU names: a price change must move a leaf.
#include <catch2/catch.hpp>

#include <regex>

#include "calc/recommend.h"
#include "data/load_dataset.h"
#include "directives/computed.h"
#include "directives/registry.h"
#include "i18n/format.h"
#include "i18n/ui_strings.h"

using namespace gg;

namespace {

// The GPU links of the flowchart's text version, in order ("rtx-4090", …).
std::vector<std::string> LeafGpus(const Dataset& data, const UiStrings& strings) {
  Diagnostics diags;
  Computed computed = ComputeAll(data, &diags);
  Formatter fmt("en_US");
  PageOutputs outputs;
  PageContext ctx;
  ctx.data = &data;
  ctx.computed = &computed;
  ctx.strings = &strings;
  ctx.lang = &data.site.languages.front();
  ctx.fmt = &fmt;
  ctx.to_root = "../../";
  ctx.out = &outputs;
  ctx.preview_image = true;
  ctx.diags = &diags;
  DirectiveCall call;
  call.name = "gpu-flowchart";
  std::string html = StandardDirectives().RunBlock(call, ctx);
  INFO(diags.Render());
  REQUIRE_FALSE(diags.HasErrors());
  std::string text = html.substr(html.find("<nav class=\"flow\""));
  std::vector<std::string> gpus;
  std::regex link("gpus/([a-z0-9.-]+)/\"");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), link); it != std::sregex_iterator();
       ++it)
    gpus.push_back((*it)[1]);
  return gpus;
}

}  // namespace

TEST_CASE("a price change moves the flowchart leaf that depends on it", "[directives][flowchart]") {
  Diagnostics diags;
  Dataset data = LoadDataset(GG_SOURCE_DIR, &diags);
  REQUIRE_FALSE(diags.HasErrors());
  UiStrings strings;
  strings.Load(GG_SOURCE_DIR, data.site, &diags);
  REQUIRE(data.flowchart);
  std::vector<std::string> before = LeafGpus(data, strings);
  REQUIRE(before.size() >= 10);

  // The first leaf with a budget that has a pick today (a budget leaf may have none when no card
  // is priced under it: the flowchart then says so).
  const FlowNode* leaf = nullptr;
  std::string picked;
  {
    Diagnostics d;
    Computed c = ComputeAll(data, &d);
    for (const auto& n : data.flowchart->nodes) {
      if (leaf || !n.query || !n.query->max_budget_usd) continue;
      auto rec = calc::Recommend(data, c.perf, c.prices, c.assumptions,
                                 calc::ConstraintsFromQuery(*n.query));
      if (rec.picks.empty()) continue;
      leaf = &n;
      picked = rec.picks[0].gpu;
    }
  }
  REQUIRE(leaf);
  INFO("leaf " << leaf->id);
  // Raise every price of the GPU that leaf shows today above the leaf's budget.
  for (auto& p : data.prices)
    if (p.gpu == picked) p.price = *leaf->query->max_budget_usd * 2;
  std::vector<std::string> after = LeafGpus(data, strings);

  INFO("leaf pick before: " << picked);
  CHECK(std::find(before.begin(), before.end(), picked) != before.end());
  CHECK(before != after);
  // The repriced card is no longer the pick of any budget-capped consumer leaf.
  Diagnostics d;
  Computed c = ComputeAll(data, &d);
  auto rec = calc::Recommend(data, c.perf, c.prices, c.assumptions,
                             calc::ConstraintsFromQuery(*leaf->query));
  // No card may be left (24 GB with BF16 under the budget is one card today): then the leaf
  // says so instead of naming one.
  CHECK((rec.picks.empty() || rec.picks[0].gpu != picked));
}
