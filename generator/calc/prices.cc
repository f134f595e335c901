#include "calc/prices.h"

#include <algorithm>
#include <cstdint>

#include "calc/dates.h"

namespace gg::calc {

namespace {

struct Dated {
  int64_t day;
  const PriceObservation* obs;
};

bool Usable(const PriceObservation& o, const std::string& region) {
  return o.region == region && o.price > 0 && o.currency == RegionCurrency(region);
}

enum class Tier { kMarket, kMsrp, kEstimate };

Tier TierOf(PriceKind k) {
  if (IsMarketKind(k)) return Tier::kMarket;
  return k == PriceKind::kMsrp ? Tier::kMsrp : Tier::kEstimate;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The rule on the usable observations of one (gpu, condition, region), in file order.
std::optional<CurrentPrice> FromGroup(const std::vector<Dated>& group, const PriceRules& rules,
                                      int64_t as_of) {
  if (group.empty()) return std::nullopt;
  CurrentPrice p;
  p.gpu = group.front().obs->gpu;
  p.condition = group.front().obs->condition;
  p.region = group.front().obs->region;
  p.currency = group.front().obs->currency;
  for (const Dated& d : group)
    if (d.obs->kind != PriceKind::kEstimate && d.obs->date > p.newest_sourced_date)
      p.newest_sourced_date = d.obs->date;
  const int64_t window = std::max(rules.window_days, 0);
  for (Tier tier : {Tier::kMarket, Tier::kMsrp, Tier::kEstimate}) {
    int64_t newest = INT64_MIN;
    for (const Dated& d : group)
      if (TierOf(d.obs->kind) == tier) newest = std::max(newest, d.day);
    if (newest == INT64_MIN) continue;
    if (rules.max_age_days > 0 && newest < as_of - rules.max_age_days) continue;
    if (tier == Tier::kEstimate) {
      // The newest estimate (the last in the file among several of that day).
      const PriceObservation* e = nullptr;
      for (const Dated& d : group)
        if (TierOf(d.obs->kind) == tier && d.day == newest) e = d.obs;
      p.basis = PriceBasis::kEstimate;
      p.estimated = true;
      p.usd = e->price;
      p.count = 1;
      p.newest_date = e->date;
      p.evidence_date = ParseIsoDate(e->evidence_date) ? e->evidence_date : e->date;
      if (!e->estimate_method.empty()) p.methods.push_back(e->estimate_method);
    } else {
      std::vector<double> prices;
      for (const Dated& d : group)
        if (TierOf(d.obs->kind) == tier && d.day >= newest - window) {
          prices.push_back(d.obs->price);
          if (d.day == newest) p.newest_date = d.obs->date;
        }
      p.basis = tier == Tier::kMarket ? PriceBasis::kMarket : PriceBasis::kMsrp;
      p.usd = Median(prices);
      p.count = static_cast<int>(prices.size());
      p.evidence_date = p.newest_date;
    }
    const int64_t evidence = ParseIsoDate(p.evidence_date).value_or(newest);
    p.stale = rules.stale_days > 0 && evidence < as_of - rules.stale_days;
    return p;
  }
  return std::nullopt;
}

std::vector<Dated> GroupOf(const std::vector<PriceObservation>& observations,
                           const std::string& gpu, Condition condition, const std::string& region) {
  std::vector<Dated> group;
  for (const PriceObservation& o : observations) {
    if (o.gpu != gpu || o.condition != condition || !Usable(o, region)) continue;
    if (auto day = ParseIsoDate(o.date)) group.push_back({*day, &o});
  }
  return group;
}

}  // namespace

const char* PriceBasisId(PriceBasis b) {
  switch (b) {
    case PriceBasis::kMarket:
      return "market";
    case PriceBasis::kMsrp:
      return "msrp";
    case PriceBasis::kEstimate:
      return "estimate";
  }
  return "market";
}

std::optional<CurrentPrice> CurrentPriceIn(const std::vector<PriceObservation>& observations,
                                           const std::string& gpu, Condition condition,
                                           const std::string& region, const PriceRules& rules,
                                           const std::string& as_of) {
  auto day = ParseIsoDate(as_of);
  if (!day) return std::nullopt;
  return FromGroup(GroupOf(observations, gpu, condition, region), rules, *day);
}

std::optional<CurrentPrice> CurrentPriceFor(const std::vector<PriceObservation>& observations,
                                            const std::string& gpu, Condition condition,
                                            int window_days) {
  auto group = GroupOf(observations, gpu, condition, "US");
  int64_t newest = INT64_MIN;
  for (const Dated& d : group) newest = std::max(newest, d.day);
  PriceRules rules;
  rules.window_days = window_days;
  return FromGroup(group, rules, newest);
}

CurrentPrices CurrentPricesIn(const std::vector<PriceObservation>& observations,
                              const std::string& region, const PriceRules& rules,
                              const std::string& as_of) {
  CurrentPrices out;
  auto ref = ParseIsoDate(as_of);
  if (!ref) return out;
  std::map<std::pair<std::string, Condition>, std::vector<Dated>> groups;
  for (const PriceObservation& o : observations) {
    if (!Usable(o, region)) continue;
    if (auto day = ParseIsoDate(o.date)) groups[{o.gpu, o.condition}].push_back({*day, &o});
  }
  for (const auto& [key, group] : groups)
    if (auto p = FromGroup(group, rules, *ref)) out.emplace(key, std::move(*p));
  return out;
}

CurrentPrices ComputeCurrentPrices(const std::vector<PriceObservation>& observations,
                                   int window_days, int max_age_days, int stale_days,
                                   const std::string& region) {
  return CurrentPricesIn(observations, region, {window_days, max_age_days, stale_days},
                         NewestObservationDate(observations));
}

std::optional<CurrentPrice> CheapestCurrentPrice(const CurrentPrices& prices,
                                                 const std::string& gpu,
                                                 const std::vector<Condition>& allowed) {
  std::optional<CurrentPrice> best;
  for (Condition c : {Condition::kNew, Condition::kUsed}) {
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), c) == allowed.end()) continue;
    auto it = prices.find({gpu, c});
    if (it == prices.end()) continue;
    if (!best || it->second.usd < best->usd) best = it->second;
  }
  return best;
}

std::string NewestObservationDate(const std::vector<PriceObservation>& observations) {
  std::string newest;
  for (const PriceObservation& o : observations)
    if (o.price > 0 && o.currency == RegionCurrency(o.region) && ParseIsoDate(o.date) &&
        o.date > newest)
      newest = o.date;
  return newest;
}

std::string NewestSourcedDate(const std::vector<PriceObservation>& observations,
                              const std::string& region) {
  std::string newest;
  for (const PriceObservation& o : observations) {
    if (o.kind == PriceKind::kEstimate || o.price <= 0 || !ParseIsoDate(o.date)) continue;
    if (!region.empty() && !Usable(o, region)) continue;
    if (o.date > newest) newest = o.date;
  }
  return newest;
}

int EstimatedCount(const CurrentPrices& prices) {
  int n = 0;
  for (const auto& [key, p] : prices) n += p.estimated ? 1 : 0;
  return n;
}

PricesAsOf SummarisePrices(const std::vector<PriceObservation>& observations,
                           const CurrentPrices& prices, const std::string& region) {
  PricesAsOf s;
  s.region = region;
  s.newest_sourced_date = NewestSourcedDate(observations, region);
  for (const auto& [key, p] : prices) {
    if (p.region != region) continue;
    ++s.total;
    s.sourced += p.estimated ? 0 : 1;
  }
  return s;
}

}  // namespace gg::calc
