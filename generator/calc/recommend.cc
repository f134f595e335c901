#include "calc/recommend.h"

#include <algorithm>

#include "calc/gates.h"
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
  int count = 1;
  std::optional<BasisCost> cost;
  std::optional<double> value;  // build perf per 1,000 USD
  double build_perf = 0;        // perf × count (training) or perf (inference)
  std::vector<Failure> failures;
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

bool Training(Workload w) {
  return w == Workload::kTraining16;
}

// Whether a ranks above b: higher value, then faster build, then id.
bool RanksAbove(const Candidate& a, const Candidate& b) {
  if (a.value && b.value && *a.value != *b.value) return *a.value > *b.value;
  if (a.build_perf != b.build_perf) return a.build_perf > b.build_perf;
  return a.gpu->id < b.gpu->id;
}

// Whether a card meets the profile's own definition: its memory, segment and vendor.
bool Wanted(const Candidate& c) {
  for (const Failure& f : c.failures)
    if (f.reason == Reason::kMemory || f.reason == Reason::kSegment || f.reason == Reason::kVendor)
      return false;
  return true;
}

// Why the rank-1 pick p is there (Pick's comment).
void Explain(const Candidate& p, const std::vector<Candidate>& all, Pick* pick) {
  const Candidate* blocker = nullptr;
  auto better_blocker = [](const Candidate& a, const Candidate* b) {
    if (b == nullptr) return true;
    const bool a_single = a.failures.size() == 1, b_single = b->failures.size() == 1;
    if (a_single != b_single) return a_single;
    // A card outside the profile's own definition (too little memory, another segment or
    // vendor) explains less than one the profile wanted but could not have.
    const bool a_wanted = Wanted(a), b_wanted = Wanted(*b);
    if (a_wanted != b_wanted) return a_wanted;
    if (a.value.has_value() != b->value.has_value()) return a.value.has_value();
    return RanksAbove(a, *b);
  };
  for (const Candidate& c : all) {
    if (c.failures.empty()) continue;
    // Under a cost basis only a priced card can be said to rank above; by speed alone, a
    // faster one.
    const bool above = p.value ? c.value && *c.value > *p.value : c.build_perf > p.build_perf;
    if (above && better_blocker(c, blocker)) blocker = &c;
  }
  if (blocker != nullptr) {
    pick->reason = blocker->failures.front().reason;
    pick->gate = blocker->failures.front().gate;
    pick->next_faster = blocker->gpu->id;
    pick->next_faster_count = blocker->count;
    pick->next_faster_build = blocker->build;
    return;
  }
  const Candidate* next = nullptr;  // the slowest eligible card faster than p
  for (const Candidate& c : all) {
    if (!c.failures.empty() || !(c.perf.relative > p.perf.relative)) continue;
    if (next == nullptr || c.perf.relative < next->perf.relative ||
        (c.perf.relative == next->perf.relative && c.gpu->id < next->gpu->id))
      next = &c;
  }
  if (next == nullptr) {
    pick->reason = Reason::kSpeed;
    return;
  }
  pick->reason = Reason::kValue;
  pick->next_faster = next->gpu->id;
  pick->next_faster_count = next->count;
  pick->next_faster_build = next->build;
}

}  // namespace

Constraints ConstraintsFromPersona(const Persona& p) {
  Constraints c{p.workload, BasisOf(p.cost), p.min_memory_gb, p.max_budget_usd, p.conditions,
                p.segments, p.count,         p.vendors,       p.machine,        p.machines};
  c.min_total_memory_gb = p.min_total_memory_gb;
  c.task = p.task;
  return c;
}

Constraints ConstraintsFromQuery(const FlowQuery& q) {
  Constraints c{q.workload, BasisOf(q.cost), q.min_memory_gb, q.max_budget_usd, q.conditions,
                q.segments, q.count,         q.vendors,       q.machine,        1};
  c.task = q.task;
  return c;
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
    case Reason::kGate:
      return "gate";
  }
  return "";
}

Recommendation Recommend(const Dataset& data, const PerformanceTable& performance,
                         const CurrentPrices& prices, const Assumptions& assumptions,
                         const Constraints& k) {
  const bool need_price = k.cost != CostBasis::kNone || k.max_budget_usd.has_value();
  const CostBasis basis = k.cost == CostBasis::kNone ? CostBasis::kGpu : k.cost;
  const Machine* machine = k.machine.empty() ? nullptr : data.FindMachine(k.machine);
  const int step = std::max(k.machines, 1);
  const int most = std::max(std::max(k.count, 1) / step, 1) * step;
  const bool training = Training(k.workload);

  // The checks of n cards of g, every failure in the documented order.
  auto check = [&](const Gpu& g, const PerfValue& perf, int n) {
    Candidate c;
    c.gpu = &g;
    c.perf = perf;
    c.count = n;
    c.build_perf = training ? perf.relative * n : perf.relative;
    const int per_machine = n / step;
    if (!Allowed(k.segments, g.segment)) c.failures.push_back({Reason::kSegment, ""});
    if (!k.vendors.empty() &&
        std::find(k.vendors.begin(), k.vendors.end(), g.vendor) == k.vendors.end())
      c.failures.push_back({Reason::kVendor, ""});
    for (const FeatureGate* gate :
         FailedGates(data.gates, g, k.workload, IsSystem(g) ? 1 : per_machine,
                     IsSystem(g) ? std::string() : k.machine, k.task))
      c.failures.push_back({Reason::kGate, gate->id});
    if (n > 1 && MaxUnits(g, n) < n) c.failures.push_back({Reason::kSingleUnit, ""});
    if (ModelMemoryGb(g) < k.min_memory_gb || ModelMemoryGb(g) * n < k.min_total_memory_gb)
      c.failures.push_back({Reason::kMemory, ""});
    if (machine != nullptr && !IsSystem(g)) {  // a system is a machine of its own
      c.build = CheckBuild(g, per_machine, *machine);
      if (c.build->limit != BuildLimit::kFits) c.failures.push_back({ReasonOf(c.build->limit), ""});
    }
    // Always looked up (shown with the pick, and to tell which excluded card would have
    // ranked above it); required unless kNone without a budget.
    c.cost = CostOnBasis(g, basis, n, prices, k.conditions, assumptions);
    if (need_price && !c.cost) {
      c.failures.push_back(
          {CheapestCurrentPrice(prices, g.id, {}) ? Reason::kCondition : Reason::kNoPrice, ""});
    } else if (c.cost) {
      // The budget is what the buyer spends on the cards; running costs are ranked, not
      // capped.
      if (need_price && k.max_budget_usd && c.cost->price.usd * n > *k.max_budget_usd)
        c.failures.push_back({Reason::kBudget, ""});
      if (k.cost != CostBasis::kNone && c.cost->usd > 0)
        c.value = c.build_perf / c.cost->usd * 1000.0;
    }
    return c;
  };

  std::vector<Candidate> all;
  for (const Gpu& g : data.gpus) {
    auto perf = performance.Get(g.id, k.workload);
    if (!perf) continue;
    // The fewest cards that hold the memory; the natural count is that (inference) or the
    // most (training); counts from it towards the other end are tried until one passes.
    int fewest = step;
    while (fewest < most && ModelMemoryGb(g) * fewest < k.min_total_memory_gb) fewest += step;
    std::optional<Candidate> natural;
    std::optional<Candidate> chosen;
    for (int i = 0; i <= (most - fewest) / step; ++i) {
      const int n = training ? most - i * step : fewest + i * step;
      Candidate c = check(g, *perf, n);
      const bool ok = c.failures.empty() && (k.cost == CostBasis::kNone || c.value);
      if (!natural) natural = c;
      if (ok) {
        chosen = std::move(c);
        break;
      }
    }
    all.push_back(chosen ? std::move(*chosen) : std::move(*natural));
  }

  std::vector<const Candidate*> eligible;
  Recommendation r;
  for (const Candidate& c : all) {
    if (!c.failures.empty())
      r.excluded.push_back({c.gpu->id, c.perf.relative, c.count, c.failures.front().reason,
                            c.failures.front().gate, c.failures, c.build});
    else if (k.cost == CostBasis::kNone || c.value)
      eligible.push_back(&c);
  }
  std::sort(eligible.begin(), eligible.end(),
            [](const Candidate* a, const Candidate* b) { return RanksAbove(*a, *b); });
  std::sort(r.excluded.begin(), r.excluded.end(), [](const Exclusion& a, const Exclusion& b) {
    return a.perf != b.perf ? a.perf > b.perf : a.gpu < b.gpu;
  });

  const Candidate* fastest = nullptr;
  for (const Candidate* c : eligible) {
    Pick p;
    p.rank = static_cast<int>(r.picks.size()) + 1;
    p.gpu = c->gpu->id;
    p.count = c->count;
    p.perf = c->perf;
    p.cost = c->cost;
    p.perf_per_kusd = c->value;
    p.build = c->build;
    if (p.rank == 1)
      Explain(*c, all, &p);
    else
      p.reason = Reason::kRunnerUp;
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
