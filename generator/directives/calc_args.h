// Arguments shared by the LLM directives and references: model, precision, context, batch,
// KV precision, mode. Parsed into a calc::MemoryRequest with errors at the call's location.
#pragma once

#include <string>
#include <vector>

#include <optional>

#include "calc/cost.h"
#include "calc/memory.h"
#include "calc/ranking.h"
#include "directives/directive.h"

namespace gg {

// The arguments ParseMemoryRequest reads: model=, precision=, context=, batch=, kv=, mode=,
// checkpointing=. `extra` are appended.
std::vector<ArgSpec> MemoryArgs(std::vector<ArgSpec> extra = {});
// The memory request from validated MemoryArgs: precision= is required for inference (reported
// through args), bf16 otherwise; context= defaults to 4096 when need_context.
calc::MemoryRequest ParseMemoryRequest(const Args& args, bool need_context);
// Localised "1 card" / "N cards" label for a configuration.
std::string CardsLabel(int count, const std::string& gpu_name, const PageContext& ctx);
// A parameter count in billions, in the page's language ("70.6 B", « 70,6 milliards »,
// « 1,8 milliard »: French takes the singular below 2), with as many fraction digits as the
// models table shows (two below 10 B, one above: "3.35 B", "30.5 B"), so a count written in
// prose and the same count in a table read alike.
std::string BillionParams(double billions, const PageContext& ctx);
// The workload's name in the page's language ("16-bit training").
std::string WorkloadName(Workload w, const PageContext& ctx);
// Localised "1.23×".
std::string Times(double value, const PageContext& ctx);
// "—", or the price with a "used" tag when the cheapest card is used.
std::string PriceCell(const std::optional<calc::BasisCost>& cost, const PageContext& ctx);
// "8k tokens" / "8,192 tokens" in the page's language.
std::string ContextLabel(int64_t tokens, const PageContext& ctx);

// A desktop built around one card, as the own-vs-cloud comparisons price it: the card at its
// cheapest current price plus the rest of the system, drawing the card's and the system's
// power. Reports through args and returns nullopt when the card has no current price.
struct OwnedDesktop {
  double cost_usd = 0;
  double watts = 0;
};
std::optional<OwnedDesktop> DesktopWith(const Gpu& gpu, const Args& args, const PageContext& ctx);

// Keeps the entries that have a performance per dollar, best first (stable for ties).
void SortByValue(std::vector<calc::RankEntry>* entries);

}  // namespace gg
