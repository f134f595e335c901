#include "calc/regions.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "calc/dates.h"

namespace gg::calc {

namespace {

// The rate of one table entry from → to, directly or inverted.
std::optional<double> Direct(const std::vector<FxRate>& rates, const std::string& from,
                             const std::string& to) {
  for (const FxRate& r : rates) {
    if (!(r.rate > 0) || !std::isfinite(r.rate)) continue;
    if (r.from == from && r.to == to) return r.rate;
    if (r.from == to && r.to == from) return 1 / r.rate;
  }
  return std::nullopt;
}

}  // namespace

std::optional<double> FxRateBetween(const std::vector<FxRate>& rates, const std::string& from,
                                    const std::string& to) {
  if (from == to) return 1.0;
  if (auto d = Direct(rates, from, to)) return d;
  std::set<std::string> via;
  for (const FxRate& r : rates) {
    via.insert(r.from);
    via.insert(r.to);
  }
  for (const std::string& x : via) {  // sorted: the same path every time
    if (x == from || x == to) continue;
    auto a = Direct(rates, from, x), b = Direct(rates, x, to);
    if (a && b) return *a * *b;
  }
  return std::nullopt;
}

std::optional<double> PriceFactor(const Region& from, const Region& to,
                                  const std::vector<FxRate>& rates) {
  auto fx = FxRateBetween(rates, from.currency, to.currency);
  if (!fx) return std::nullopt;
  return *fx * (1 + to.tax_rate) / (1 + from.tax_rate);
}

bool AvailableIn(const Gpu& gpu, const std::string& region) {
  return gpu.availability.empty() || std::find(gpu.availability.begin(), gpu.availability.end(),
                                               region) != gpu.availability.end();
}

double RoundSignificant(double value, int digits) {
  if (value == 0 || !std::isfinite(value)) return value;
  digits = std::max(digits, 1);
  const double magnitude = std::floor(std::log10(std::fabs(value)));
  const double unit = std::pow(10.0, magnitude - (digits - 1));
  return std::round(value / unit) * unit;
}

CurrentPrices RegionalCurrentPrices(const std::vector<PriceObservation>& observations,
                                    const std::vector<Gpu>& gpus, const Region& region,
                                    const Assumptions& assumptions,
                                    const CurrentPrices* reference_prices, double factor) {
  const PriceRules rules{assumptions.price_window_days, assumptions.price_max_age_days,
                         assumptions.price_stale_days};
  CurrentPrices prices =
      CurrentPricesIn(observations, region.id, rules, NewestObservationDate(observations));
  std::set<std::string> sold;
  for (const Gpu& g : gpus)
    if (AvailableIn(g, region.id)) sold.insert(g.id);
  for (auto it = prices.begin(); it != prices.end();)
    it = sold.count(it->first.first) ? std::next(it) : prices.erase(it);
  if (reference_prices == nullptr) return prices;
  for (const auto& [key, p] : *reference_prices) {
    if (!sold.count(key.first) || prices.count(key)) continue;
    CurrentPrice c = p;
    c.region = region.id;
    c.currency = region.currency;
    c.usd = p.usd * factor;
    c.basis = PriceBasis::kEstimate;
    c.estimated = true;
    c.newest_sourced_date.clear();  // nothing seen in this region
    c.methods.push_back(kConvertedMethod);
    std::sort(c.methods.begin(), c.methods.end());
    c.methods.erase(std::unique(c.methods.begin(), c.methods.end()), c.methods.end());
    prices.emplace(key, std::move(c));
  }
  return prices;
}

Assumptions RegionalAssumptions(const Assumptions& assumptions, const Region& region,
                                double factor) {
  Assumptions a = assumptions;
  a.electricity_usd_per_kwh = region.electricity_per_kwh;
  a.desktop_system_cost_usd *= factor;
  a.server_cost_per_gpu_usd *= factor;
  return a;
}

Dataset RegionalDataset(const Dataset& data, const Region& region, double factor,
                        double cloud_factor) {
  Dataset d = data;
  for (CloudOffer& o : d.cloud) o.usd_per_gpu_hour *= cloud_factor;
  auto budget = [&](std::optional<double>& b) {
    if (b && factor != 1) b = RoundSignificant(*b * factor, 2);  // the reference's stay exact
  };
  for (Persona& p : d.personas) budget(p.max_budget_usd);
  if (d.flowchart)
    for (FlowNode& n : d.flowchart->nodes)
      if (n.query) budget(n.query->max_budget_usd);
  std::set<std::string> household;
  for (const Region& r : data.regions) household.insert(r.circuit);
  for (Machine& m : d.machines) {
    std::vector<Circuit> kept;
    bool has_own = false;
    for (const Circuit& c : m.circuits) {
      if (c.region == region.circuit) has_own = true;
      if (c.region == region.circuit || !household.count(c.region)) kept.push_back(c);
    }
    if (has_own) m.circuits = std::move(kept);
  }
  return d;
}

std::optional<RegionalView> ViewOfRegion(const Dataset& data, const Assumptions& assumptions,
                                         const std::string& region_id) {
  const Region* region = data.FindRegion(region_id);
  const Region* reference = data.FindRegion(data.reference_region);
  if (region == nullptr || reference == nullptr) return std::nullopt;
  auto factor = PriceFactor(*reference, *region, data.fx_rates);
  auto usd = FxRateBetween(data.fx_rates, "USD", region->currency);
  if (!factor || !usd) return std::nullopt;
  RegionalView v;
  v.factor = *factor;
  v.cloud_factor = *usd * (1 + region->tax_rate);
  v.converts_cloud = region->currency != "USD";
  v.assumptions = RegionalAssumptions(assumptions, *region, v.factor);
  if (region == reference) {
    v.prices = RegionalCurrentPrices(data.prices, data.gpus, *region, v.assumptions, nullptr, 1);
  } else {
    const CurrentPrices ref =
        RegionalCurrentPrices(data.prices, data.gpus, *reference, assumptions, nullptr, 1);
    v.prices =
        RegionalCurrentPrices(data.prices, data.gpus, *region, v.assumptions, &ref, v.factor);
  }
  v.data = RegionalDataset(data, *region, v.factor, v.cloud_factor);
  return v;
}

}  // namespace gg::calc
