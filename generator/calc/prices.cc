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

bool Usable(const PriceObservation& o) {
  return o.currency == "USD" && o.price > 0;
}

// The rule, on the usable observations of one (gpu, condition).
std::optional<CurrentPrice> FromGroup(const std::vector<Dated>& group, int window_days) {
  if (group.empty()) return std::nullopt;
  int64_t newest = group.front().day;
  for (const Dated& d : group) newest = std::max(newest, d.day);
  const int64_t oldest = newest - std::max(window_days, 0);
  std::vector<double> in_window;
  CurrentPrice p;
  for (const Dated& d : group) {
    if (d.day < oldest) continue;
    in_window.push_back(d.obs->price);
    if (!d.obs->prov.estimated) continue;
    p.estimated = true;
    if (!d.obs->estimate_method.empty()) p.methods.push_back(d.obs->estimate_method);
  }
  std::sort(p.methods.begin(), p.methods.end());
  p.methods.erase(std::unique(p.methods.begin(), p.methods.end()), p.methods.end());
  std::sort(in_window.begin(), in_window.end());
  const size_t n = in_window.size();
  p.gpu = group.front().obs->gpu;
  p.condition = group.front().obs->condition;
  p.usd = n % 2 == 1 ? in_window[n / 2] : (in_window[n / 2 - 1] + in_window[n / 2]) / 2;
  p.count = static_cast<int>(n);
  for (const Dated& d : group)
    if (d.day == newest) p.newest_date = d.obs->date;
  return p;
}

}  // namespace

std::optional<CurrentPrice> CurrentPriceFor(const std::vector<PriceObservation>& observations,
                                            const std::string& gpu, Condition condition,
                                            int window_days) {
  std::vector<Dated> group;
  for (const PriceObservation& o : observations) {
    if (o.gpu != gpu || o.condition != condition || !Usable(o)) continue;
    if (auto day = ParseIsoDate(o.date)) group.push_back({*day, &o});
  }
  return FromGroup(group, window_days);
}

CurrentPrices ComputeCurrentPrices(const std::vector<PriceObservation>& observations,
                                   int window_days, int max_age_days, int stale_days,
                                   const std::string& currency) {
  std::map<std::pair<std::string, Condition>, std::vector<Dated>> groups;
  for (const PriceObservation& o : observations) {
    if (o.currency != currency || !(o.price > 0)) continue;
    if (auto day = ParseIsoDate(o.date)) groups[{o.gpu, o.condition}].push_back({*day, &o});
  }
  int64_t data_newest = INT64_MIN;
  for (const auto& [key, group] : groups)
    for (const Dated& d : group) data_newest = std::max(data_newest, d.day);
  CurrentPrices out;
  for (const auto& [key, group] : groups) {
    auto p = FromGroup(group, window_days);
    if (!p) continue;
    // A card last seen new years ago is not for sale new today, however cheap it was then.
    const int64_t newest = *ParseIsoDate(p->newest_date);
    if (max_age_days > 0 && newest < data_newest - max_age_days) continue;
    p->stale = stale_days > 0 && newest < data_newest - stale_days;
    out.emplace(key, std::move(*p));
  }
  return out;
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
    if (Usable(o) && ParseIsoDate(o.date) && o.date > newest) newest = o.date;
  return newest;
}

std::string NewestSourcedDate(const std::vector<PriceObservation>& observations) {
  std::string newest;
  for (const PriceObservation& o : observations)
    if (!o.prov.estimated && Usable(o) && ParseIsoDate(o.date) && o.date > newest) newest = o.date;
  return newest;
}

int EstimatedCount(const CurrentPrices& prices) {
  int n = 0;
  for (const auto& [key, p] : prices) n += p.estimated ? 1 : 0;
  return n;
}

}  // namespace gg::calc
