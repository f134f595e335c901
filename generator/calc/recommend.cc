#include "calc/recommend.h"

#include <algorithm>

#include "calc/systems.h"

namespace gg::calc {

namespace {

template <typename T>
bool Allowed(const std::vector<T>& allowed, T v) {
  return allowed.empty() || std::find(allowed.begin(), allowed.end(), v) != allowed.end();
}

// "none" (rank by speed alone) is allowed in flowchart queries; anything unknown was already
// reported by the loader and counts as the card price.
CostBasis BasisOf(const std::string& cost) {
  return ParseCostBasis(cost).value_or(CostBasis::kGpu);
}

struct Candidate {
  const Gpu* gpu = nullptr;
  PerfValue perf;
  std::optional<BasisCost> cost;
  std::optional<double> value;  // perf per 1,000 USD
  std::optional<Reason> excluded;
  std::optional<Build> build;
};

Reason ReasonOf(BuildLimit l) {
  switch (l) {
    case BuildLimit::kFormFactor:
      return Reason::kFormFactor;
    case BuildLimit::kSlots:
      return Reason::kSlots;
    case BuildLimit::kPsu:
      return Reason::kPsu;
    case BuildLimit::kCircuit:
      return Reason::kCircuit;
    case BuildLimit::kConnectors:
    case BuildLimit::kFits:
      break;
  }
  return Reason::kConnectors;
}

// Reason and next faster card for an eligible candidate p.
void Explain(const Candidate& p, const std::vector<Candidate>& all, Pick* pick) {
  const Candidate* next = nullptr;
  for (const Candidate& c : all) {
    if (!(c.perf.relative > p.perf.relative)) continue;
    if (next == nullptr || c.perf.relative < next->perf.relative ||
        (c.perf.relative == next->perf.relative && c.gpu->id < next->gpu->id))
      next = &c;
  }
  if (next == nullptr) {
    pick->reason = Reason::kSpeed;
    return;
  }
  pick->next_faster = next->gpu->id;
  pick->next_faster_build = next->build;
  if (next->excluded)
    pick->reason = *next->excluded;
  else if (p.value && next->value && *next->value < *p.value)
    pick->reason = Reason::kValue;
  else
    pick->reason = Reason::kRunnerUp;
}

}  // namespace

Constraints ConstraintsFromPersona(const Persona& p) {
  return Constraints{p.workload,   BasisOf(p.cost), p.min_memory_gb, p.max_budget_usd,
                     p.conditions, p.segments,      p.count,         p.vendors,
                     p.machine,    p.machines};
}

Constraints ConstraintsFromQuery(const FlowQuery& q) {
  return Constraints{q.workload,   BasisOf(q.cost), q.min_memory_gb, q.max_budget_usd,
                     q.conditions, q.segments,      q.count,         q.vendors,
                     q.machine,    1};
}

const char* ReasonId(Reason r) {
  switch (r) {
    case Reason::kSpeed:
      return "speed";
    case Reason::kValue:
      return "value";
    case Reason::kRunnerUp:
      return "runner_up";
    case Reason::kMemory:
      return "memory";
    case Reason::kBudget:
      return "budget";
    case Reason::kCondition:
      return "condition";
    case Reason::kSegment:
      return "segment";
    case Reason::kVendor:
      return "vendor";
    case Reason::kNoPrice:
      return "no_price";
    case Reason::kSingleUnit:
      return "single_unit";
    case Reason::kFormFactor:
      return "form_factor";
    case Reason::kSlots:
      return "slots";
    case Reason::kPsu:
      return "psu";
    case Reason::kCircuit:
      return "circuit";
    case Reason::kConnectors:
      return "connectors";
  }
  return "";
}

Recommendation Recommend(const Dataset& data, const PerformanceTable& performance,
                         const CurrentPrices& prices, const Assumptions& assumptions,
                         const Constraints& k) {
  const bool need_price = k.cost != CostBasis::kNone || k.max_budget_usd.has_value();
  const CostBasis basis = k.cost == CostBasis::kNone ? CostBasis::kGpu : k.cost;
  const Machine* machine = k.machine.empty() ? nullptr : data.FindMachine(k.machine);
  const int per_machine = std::max(k.count, 1) / std::max(k.machines, 1);
  std::vector<Candidate> all;
  for (const Gpu& g : data.gpus) {
    auto perf = performance.Get(g.id, k.workload);
    if (!perf) continue;
    Candidate c;
    c.gpu = &g;
    c.perf = *perf;
    if (!Allowed(k.segments, g.segment)) {
      c.excluded = Reason::kSegment;
    } else if (!k.vendors.empty() &&
               std::find(k.vendors.begin(), k.vendors.end(), g.vendor) == k.vendors.end()) {
      c.excluded = Reason::kVendor;
    } else if (k.count > 1 && MaxUnits(g, k.count) < k.count) {
      c.excluded = Reason::kSingleUnit;
    } else if (ModelMemoryGb(g) < k.min_memory_gb) {
      c.excluded = Reason::kMemory;
    } else if (machine != nullptr && !IsSystem(g) &&  // a system is a machine of its own
               (c.build = CheckBuild(g, std::max(per_machine, 1), *machine))->limit !=
                   BuildLimit::kFits) {
      c.excluded = ReasonOf(c.build->limit);
    } else {
      // Always looked up (shown with the pick); required unless kNone without a budget.
      c.cost = CostOnBasis(g, basis, k.count, prices, k.conditions, assumptions);
      if (need_price && !c.cost)
        c.excluded = CheapestCurrentPrice(prices, g.id, {}) ? Reason::kCondition : Reason::kNoPrice;
      // The budget is what the buyer spends on the cards; running costs are ranked, not capped.
      else if (need_price && k.max_budget_usd &&
               c.cost->price.usd * std::max(k.count, 1) > *k.max_budget_usd)
        c.excluded = Reason::kBudget;
      else if (k.cost != CostBasis::kNone && c.cost->usd > 0)
        c.value = perf->relative / c.cost->usd * 1000.0;
    }
    all.push_back(std::move(c));
  }

  std::vector<const Candidate*> eligible;
  Recommendation r;
  for (const Candidate& c : all) {
    if (c.excluded)
      r.excluded.push_back({c.gpu->id, c.perf.relative, *c.excluded, c.build});
    else if (k.cost == CostBasis::kNone || c.value)
      eligible.push_back(&c);
  }
  std::sort(eligible.begin(), eligible.end(), [](const Candidate* a, const Candidate* b) {
    if (a->value && b->value && *a->value != *b->value) return *a->value > *b->value;
    if (a->perf.relative != b->perf.relative) return a->perf.relative > b->perf.relative;
    return a->gpu->id < b->gpu->id;
  });
  std::sort(r.excluded.begin(), r.excluded.end(), [](const Exclusion& a, const Exclusion& b) {
    return a.perf != b.perf ? a.perf > b.perf : a.gpu < b.gpu;
  });

  const Candidate* fastest = nullptr;
  for (const Candidate* c : eligible) {
    Pick p;
    p.rank = static_cast<int>(r.picks.size()) + 1;
    p.gpu = c->gpu->id;
    p.perf = c->perf;
    p.cost = c->cost;
    p.perf_per_kusd = c->value;
    p.build = c->build;
    Explain(*c, all, &p);
    r.picks.push_back(std::move(p));
    if (fastest == nullptr || c->perf.relative > fastest->perf.relative ||
        (c->perf.relative == fastest->perf.relative && c->gpu->id < fastest->gpu->id))
      fastest = c;
  }
  if (fastest != nullptr)
    for (const Pick& p : r.picks)
      if (p.gpu == fastest->gpu->id) r.fastest = p;
  return r;
}

std::optional<Pick> NthPick(const Recommendation& recommendation, int rank) {
  if (rank < 1 || rank > static_cast<int>(recommendation.picks.size())) return std::nullopt;
  return recommendation.picks[static_cast<size_t>(rank - 1)];
}

}  // namespace gg::calc
