#include "directives/chart_helpers.h"
#include "directives/rank_memo.h"

#include <map>
#include <set>

#include "calc/prices.h"
#include "calc/systems.h"
#include "directives/computed.h"

namespace gg {

charts::NumberFormat Num(const PageContext& ctx, int frac) {
  const Formatter* f = ctx.fmt;
  return [f, frac](double v) { return f->Number(v, frac); };
}

charts::NumberFormat Money(const PageContext& ctx) {
  const Formatter* f = ctx.fmt;
  return [f](double v) { return f->Money(v); };
}

std::vector<calc::RankEntry> Ranked(const PageContext& ctx, Workload w, calc::CostBasis basis,
                                    const std::vector<Segment>& segs) {
  calc::RankOptions o;
  o.workload = w;
  o.basis = basis;
  o.segments = segs;
  return RankOf(ctx, o);
}

// Columns: for each distinct memory size among priced cards, the cheapest card of that size
// (a unified-memory system by the memory a model may use, calc/systems.h).
std::vector<const Gpu*> RepresentativeCards(const PageContext& ctx, double max_gb) {
  std::map<double, std::pair<double, const Gpu*>> best;
  for (const auto& g : ctx.data->gpus) {
    const double gb = calc::ModelMemoryGb(g);  // a system: the memory a model may use
    if (gb > max_gb) continue;
    auto p = calc::CheapestCurrentPrice(ctx.computed->prices, g.id, {});
    if (!p) continue;
    auto it = best.find(gb);
    if (it == best.end() || p->usd < it->second.first) best[gb] = {p->usd, &g};
  }
  std::vector<const Gpu*> out;
  for (const auto& [gb, v] : best) out.push_back(v.second);
  return out;
}

std::string ShortGpuName(std::string_view name) {
  static const std::set<std::string, std::less<>> kDropped = {
      "NVIDIA", "GeForce",     "AMD",     "Radeon",     "Instinct", "Tesla",
      "Intel",  "Workstation", "Edition", "Generation", "GB"};
  std::vector<std::string_view> words;
  for (size_t i = 0; i < name.size();) {
    size_t end = name.find(' ', i);
    if (end == std::string_view::npos) end = name.size();
    if (end > i) words.push_back(name.substr(i, end - i));
    i = end + 1;
  }
  auto is_number = [](std::string_view w) {
    return !w.empty() && w.find_first_not_of("0123456789.") == std::string_view::npos;
  };
  std::string out;
  int depth = 0;
  for (size_t k = 0; k < words.size(); ++k) {
    std::string_view w = words[k];
    const bool opens = w.front() == '(', closes = w.back() == ')';
    if (opens) ++depth;
    const bool skip =
        depth > 0 || kDropped.count(w) > 0 ||
        (is_number(w) && k + 1 < words.size() && words[k + 1] == "GB") ||
        (w.size() > 2 && w.substr(w.size() - 2) == "GB" && is_number(w.substr(0, w.size() - 2)));
    if (closes && depth > 0) --depth;
    if (skip) continue;
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out.empty() ? std::string(name) : out;
}

std::vector<std::string> ShortGpuLabels(const std::vector<std::string>& names,
                                        const std::vector<std::string>& memory) {
  std::vector<std::string> out;
  std::map<std::string, int> seen;
  for (size_t i = 0; i < names.size(); ++i) {
    out.push_back(ShortGpuName(names[i]) + " · " + (i < memory.size() ? memory[i] : ""));
    ++seen[out.back()];
  }
  for (size_t i = 0; i < names.size(); ++i) {
    if (seen[out[i]] > 1) out[i] = names[i] + " · " + (i < memory.size() ? memory[i] : "");
  }
  return out;
}

}  // namespace gg
