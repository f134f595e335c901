#include "review/consequences.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "calc/cost.h"
#include "calc/fit.h"
#include "calc/memory.h"
#include "calc/ranking.h"
#include "calc/recommend.h"

namespace gg {
namespace {

std::string GpuName(const Snapshot& s, const std::string& id) {
  const Gpu* g = s.data.FindGpu(id);
  return g ? g->name : id;
}

std::string NameIn(const Snapshot& a, const Snapshot& b, const std::string& id) {
  if (id.empty()) return "";
  const Gpu* g = b.data.FindGpu(id);
  if (!g) g = a.data.FindGpu(id);
  return g ? g->name : id;
}

// ---- prices ----
void ComparePrices(const Snapshot& a, const Snapshot& b, Report* r) {
  std::set<std::pair<std::string, Condition>> keys;
  for (const auto& [k, p] : a.computed.prices) keys.insert(k);
  for (const auto& [k, p] : b.computed.prices) keys.insert(k);
  for (const auto& k : keys) {
    auto x = a.computed.prices.find(k), y = b.computed.prices.find(k);
    bool hx = x != a.computed.prices.end(), hy = y != b.computed.prices.end();
    // Only moves of the price itself: another observation that leaves the median where it
    // was is listed with the records, not here.
    if (hx && hy && x->second.usd == y->second.usd && x->second.basis == y->second.basis) continue;
    PriceMove m;
    m.gpu = k.first;
    m.gpu_name = NameIn(a, b, k.first);
    m.condition = ConditionId(k.second);
    if (hx) {
      m.before = x->second.usd;
      m.count_before = x->second.count;
      m.newest_before = x->second.newest_date;
      m.basis_before = calc::PriceBasisId(x->second.basis);
    }
    if (hy) {
      m.after = y->second.usd;
      m.count_after = y->second.count;
      m.newest_after = y->second.newest_date;
      m.basis_after = calc::PriceBasisId(y->second.basis);
    }
    std::string prefix = m.gpu + " ";
    for (const auto& rc : r->records) {
      if (rc.kind != "price" || rc.key.compare(0, prefix.size(), prefix) != 0) continue;
      // key: gpu date condition region
      if (rc.key.find(" " + m.condition + " ") == std::string::npos) continue;
      m.causes.push_back(rc.change + " " + rc.key);
    }
    r->prices.push_back(std::move(m));
  }
}

// ---- ranks ----
using RankLists = std::map<std::string, std::vector<std::string>>;  // list -> GPU ids

RankLists Ranks(const Snapshot& s) {
  RankLists out;
  for (Workload w : kAllWorkloads) {
    for (calc::CostBasis basis :
         {calc::CostBasis::kNone, calc::CostBasis::kGpu, calc::CostBasis::kOwnership}) {
      calc::RankOptions o;
      o.workload = w;
      o.basis = basis;
      auto entries =
          calc::Rank(s.data, s.computed.perf, s.computed.prices, s.computed.assumptions, o);
      std::string name =
          std::string(WorkloadId(w)) + " · " +
          (basis == calc::CostBasis::kNone ? "speed"
                                           : std::string(calc::CostBasisId(basis)) + " value");
      auto& list = out[name];
      for (const auto& e : entries) list.push_back(e.gpu);
    }
  }
  return out;
}

// Reports a GPU when its order relative to the GPUs ranked on both sides changed, or when it
// entered or left the list; a new card at the top does not make every other card "move".
void CompareRanks(const Snapshot& a, const Snapshot& b, Report* r) {
  RankLists ra = Ranks(a), rb = Ranks(b);
  for (const auto& [list, before] : ra) {
    const auto& after = rb[list];
    std::map<std::string, int> pos_a, pos_b;
    for (size_t i = 0; i < before.size(); ++i) pos_a[before[i]] = static_cast<int>(i) + 1;
    for (size_t i = 0; i < after.size(); ++i) pos_b[after[i]] = static_cast<int>(i) + 1;
    std::vector<std::string> common_a, common_b;
    for (const auto& g : before)
      if (pos_b.count(g)) common_a.push_back(g);
    for (const auto& g : after)
      if (pos_a.count(g)) common_b.push_back(g);
    std::map<std::string, int> rel_a, rel_b;
    for (size_t i = 0; i < common_a.size(); ++i) rel_a[common_a[i]] = static_cast<int>(i);
    for (size_t i = 0; i < common_b.size(); ++i) rel_b[common_b[i]] = static_cast<int>(i);
    std::vector<RankMove> moves;
    std::set<std::string> all;
    for (const auto& g : before) all.insert(g);
    for (const auto& g : after) all.insert(g);
    for (const auto& g : all) {
      bool ia = pos_a.count(g), ib = pos_b.count(g);
      if (ia && ib && rel_a[g] == rel_b[g]) continue;
      RankMove m;
      m.list = list;
      m.gpu = g;
      m.gpu_name = NameIn(a, b, g);
      if (ia) m.before = pos_a[g];
      if (ib) m.after = pos_b[g];
      moves.push_back(std::move(m));
    }
    std::sort(moves.begin(), moves.end(), [](const RankMove& x, const RankMove& y) {
      return std::make_pair(x.after.value_or(1 << 30), x.gpu) <
             std::make_pair(y.after.value_or(1 << 30), y.gpu);
    });
    for (auto& m : moves) r->ranks.push_back(std::move(m));
  }
}

// ---- picks ----
struct PickFact {
  std::string gpu;
  std::string reason;
};

// ": 2,750 W, needs a 3,438 W PSU" for an excluded build.
std::string BuildText(const std::optional<calc::Build>& b) {
  if (!b) return "";
  return ": " + FormatNumber(b->system_w, 0) + " W, needs a " + FormatNumber(b->psu_needed_w, 0) +
         " W PSU";
}

std::string ReasonText(const Snapshot& s, const calc::Pick& p, const calc::Constraints& c) {
  std::string next = p.next_faster.empty() ? "" : GpuName(s, p.next_faster);
  std::string value;
  if (p.perf_per_kusd && p.cost)
    value = FormatNumber(*p.perf_per_kusd, 2) + " perf per $1,000 at " + FormatUsd(p.cost->usd);
  std::string why;
  switch (p.reason) {
    case calc::Reason::kSpeed:
      why = "no allowed GPU is faster";
      break;
    case calc::Reason::kValue:
      why = "the next faster, " + next + ", gives less performance per dollar";
      break;
    case calc::Reason::kRunnerUp:
      why = "the next faster, " + next + ", ranks above it on value";
      break;
    case calc::Reason::kMemory:
      why = "the next faster, " + next + ", has less than " + FormatNumber(c.min_memory_gb, 0) +
            " GB";
      break;
    case calc::Reason::kBudget:
      why = "the next faster, " + next + ", costs more than the budget" +
            (c.max_budget_usd ? " of " + FormatUsd(*c.max_budget_usd) : std::string());
      break;
    case calc::Reason::kCondition:
      why = "the next faster, " + next + ", has no price in the allowed conditions";
      break;
    case calc::Reason::kSegment:
      why = "the next faster, " + next + ", is outside the allowed segments";
      break;
    case calc::Reason::kVendor:
      why = "the next faster, " + next + ", is from a vendor left out";
      break;
    case calc::Reason::kNoPrice:
      why = "the next faster, " + next + ", has no current price";
      break;
    case calc::Reason::kFormFactor:
    case calc::Reason::kSlots:
    case calc::Reason::kPsu:
    case calc::Reason::kCircuit:
    case calc::Reason::kConnectors:
      why = "the next faster, " + next + ", does not fit the " + c.machine + " (" +
            calc::ReasonId(p.reason) + BuildText(p.next_faster_build) + ")";
      break;
    case calc::Reason::kSingleUnit:
      why = "the next faster, " + next + ", is a whole system that is not multiplied";
      break;
  }
  if (p.build)
    why += "; " + FormatNumber(p.build->system_w, 0) + " W, " +
           (p.build->psu_w ? FormatNumber(*p.build->psu_w, 0) + " W PSU" : "no PSU");
  return value.empty() ? why : value + "; " + why;
}

std::map<std::string, PickFact> Picks(const Snapshot& s) {
  std::map<std::string, PickFact> out;
  auto add = [&](const std::string& subject, const calc::Constraints& c,
                 const std::vector<std::pair<std::string, int>>& roles) {
    auto rec =
        calc::Recommend(s.data, s.computed.perf, s.computed.prices, s.computed.assumptions, c);
    for (const auto& [role, rank] : roles) {
      auto p = calc::NthPick(rec, rank);
      out[subject + "\t" + role] = p ? PickFact{p->gpu, ReasonText(s, *p, c)} : PickFact{};
    }
  };
  for (const auto& p : s.data.personas)
    add("persona " + p.id, calc::ConstraintsFromPersona(p), {{"pick", 1}, {"runner-up", 2}});
  if (s.data.flowchart)
    for (const auto& n : s.data.flowchart->nodes)
      if (n.query)
        add("flowchart leaf " + n.id, calc::ConstraintsFromQuery(*n.query),
            {{"leaf", n.query->rank}});
  return out;
}

void ComparePicks(const Snapshot& a, const Snapshot& b, Report* r) {
  auto pa = Picks(a), pb = Picks(b);
  std::set<std::string> keys;
  for (const auto& [k, v] : pa) keys.insert(k);
  for (const auto& [k, v] : pb) keys.insert(k);
  for (const auto& k : keys) {
    PickFact x = pa.count(k) ? pa[k] : PickFact{}, y = pb.count(k) ? pb[k] : PickFact{};
    if (x.gpu == y.gpu) continue;
    PickChange c;
    size_t tab = k.find('\t');
    c.subject = k.substr(0, tab);
    c.role = k.substr(tab + 1);
    // By the name a reader knows: "persona “LLM hobbyist”".
    std::string name;
    for (const Snapshot* s : {&b, &a})
      if (auto it = s->names.find(c.subject); it != s->names.end() && name.empty())
        name = it->second;
    c.subject_name =
        name.empty() ? c.subject : c.subject.substr(0, c.subject.rfind(' ')) + " “" + name + "”";
    c.before = x.gpu;
    c.after = y.gpu;
    c.before_name = NameIn(a, b, x.gpu);
    c.after_name = NameIn(a, b, y.gpu);
    c.reason = y.gpu.empty() ? "no GPU meets the constraints" : y.reason;
    r->picks.push_back(std::move(c));
  }
}

// ---- numeric answers ----
struct Answer {
  std::string text;
  std::string subject_name;      // the subject with names for ids
  std::optional<double> number;  // compared against the threshold
  std::string identity;          // a change here is always reported (GPU × count)
};
using Answers = std::map<std::pair<std::string, std::string>, Answer>;  // (subject, quantity)

Answers NumericAnswers(const Snapshot& s) {
  Answers out;
  const auto& as = s.computed.assumptions;
  for (const auto& m : s.data.models) {
    for (calc::Precision prec :
         {calc::Precision::kBf16, calc::Precision::kFp8, calc::Precision::kQ4_K_M}) {
      calc::MemoryRequest req;
      req.precision = prec;
      req.kv_precision =
          prec == calc::Precision::kBf16 ? calc::Precision::kBf16 : calc::Precision::kFp8;
      req.context = 8192;
      auto fit = calc::FitModel(s.data, m, req, s.computed.prices, as, {});
      std::string subject = m.id + " inference " + calc::PrecisionId(prec) + ", 8,192 tokens";
      std::string named = m.name + " inference " + calc::PrecisionId(prec) + ", 8,192 tokens";
      double gb = calc::ToGB(fit.memory.total_bytes);
      out[{subject, "VRAM"}] = {FormatNumber(gb, 1) + " GB", named, gb, ""};
      if (fit.cheapest) {
        const auto& c = *fit.cheapest;
        std::string id = std::to_string(c.count) + " × " + GpuName(s, c.gpu);
        out[{subject, "cheapest fit"}] = {id + " at " + FormatUsd(c.price_usd.value_or(0)), named,
                                          c.price_usd, id};
        if (c.tokens_per_s)
          out[{subject, "tok/s of cheapest fit"}] = {FormatNumber(*c.tokens_per_s, 1) + " tok/s",
                                                     named, c.tokens_per_s, id};
      } else {
        out[{subject, "cheapest fit"}] = {"none", named, std::nullopt, "none"};
      }
    }
  }
  for (const auto& o : s.data.cloud) {
    const Gpu* g = s.data.FindGpu(o.gpu);
    if (!g) continue;
    auto price = calc::CheapestCurrentPrice(s.computed.prices, g->id, {});
    if (!price) continue;
    bool server = g->segment == Segment::kDatacenter;
    double cost = price->usd + (server ? as.server_cost_per_gpu_usd : as.desktop_system_cost_usd);
    double watts = g->tdp_w + (server ? as.server_system_watts_per_gpu : as.desktop_system_watts);
    auto days = calc::BreakEvenDays(cost, watts, o.usd_per_gpu_hour, as.utilisation,
                                    as.electricity_usd_per_kwh);
    std::string subject = "buy " + g->name + " vs rent " + o.id;
    std::string named = "buy " + g->name + " vs rent from " + o.provider + " (" + o.pricing + ")";
    out[{subject, "break-even"}] = days ? Answer{FormatNumber(*days, 0) + " days", named, days, ""}
                                        : Answer{"never", named, {}, "never"};
  }
  return out;
}

void CompareAnswers(const Snapshot& a, const Snapshot& b, const ReviewThresholds& t, Report* r) {
  Answers x = NumericAnswers(a), y = NumericAnswers(b);
  std::set<std::pair<std::string, std::string>> keys;
  for (const auto& [k, v] : x) keys.insert(k);
  for (const auto& [k, v] : y) keys.insert(k);
  for (const auto& k : keys) {
    auto p = x.find(k), q = y.find(k);
    AnswerChange c;
    c.subject = k.first;
    c.quantity = k.second;
    if (p == x.end() || q == y.end()) {
      // A model or offer added or removed: the record section says so.
      continue;
    }
    if (p->second.text == q->second.text) continue;
    bool identity_changed = p->second.identity != q->second.identity;
    if (p->second.number && q->second.number && *p->second.number != 0) {
      c.relative = (*q->second.number - *p->second.number) / *p->second.number;
      bool small = std::fabs(*c.relative) < t.relative;
      if (k.second == "break-even" &&
          std::fabs(*q->second.number - *p->second.number) < t.breakeven_days)
        small = true;
      if (small && !identity_changed) continue;
    }
    c.before = p->second.text;
    c.after = q->second.text;
    c.subject_name = q->second.subject_name;
    r->answers.push_back(std::move(c));
  }
}

}  // namespace

std::string FormatNumber(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  std::string s = buf;
  size_t dot = s.find('.');
  size_t int_end = dot == std::string::npos ? s.size() : dot;
  size_t start = s[0] == '-' ? 1 : 0;
  for (size_t i = int_end; i > start + 3; i -= 3) s.insert(i - 3, ",");
  return s;
}

std::string FormatUsd(double usd) {
  if (usd < 0) return "-" + FormatUsd(-usd);
  return "$" + FormatNumber(usd, usd < 100 && usd != std::floor(usd) ? 2 : 0);
}

void CompareConsequences(const Snapshot& before, const Snapshot& after,
                         const ReviewThresholds& thresholds, Report* report) {
  ComparePrices(before, after, report);
  CompareRanks(before, after, report);
  ComparePicks(before, after, report);
  CompareAnswers(before, after, thresholds, report);
}

}  // namespace gg
