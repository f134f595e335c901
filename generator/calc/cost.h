// Money: electricity, cost of ownership, cloud break-even, and the cost of a GPU on a cost
// basis (what perf-per-dollar divides by).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "calc/assumptions.h"
#include "calc/prices.h"
#include "model/model.h"

namespace gg::calc {

inline constexpr double kHoursPerYear = 8760;  // 365 × 24
inline constexpr double kDaysPerYear = 365;

// Energy drawn in a year by a machine drawing `watts` while working, working a fraction
// `utilisation` of the hours: watts × utilisation × 8760 / 1000 kWh. No checks: negative
// inputs give negative energy.
double EnergyKwhPerYear(double watts, double utilisation);

// EnergyKwhPerYear × usd_per_kwh. Guide example (2020): (350 W + 100 W) at 15 % and
// 0.12 $/kWh → 591 kWh ≈ 71 $/year.
double ElectricityUsdPerYear(double watts, double utilisation, double usd_per_kwh);

struct OwnershipCost {
  double gpus_usd = 0;    // count × unit price
  double system_usd = 0;  // the rest of the machine(s)
  double watts = 0;       // count × tdp_w + system watts
  double electricity_usd_per_year = 0;
  double years = 0;
  double total_usd = 0;  // gpus_usd + system_usd + years × electricity_usd_per_year
};

// Cost of owning `count` GPUs for assumptions.ownership_years. Consumer and workstation
// cards go in one desktop: system = desktop_system_cost_usd and desktop_system_watts once,
// whatever the count. Data-centre cards go in servers: system = count ×
// server_cost_per_gpu_usd and count × server_system_watts_per_gpu. A unified-memory system
// (calc/systems.h) is the whole machine: count 1, no system cost on top, its own tdp_w as the
// machine's power. Electricity at
// assumptions.utilisation and electricity_usd_per_kwh. count < 1 is treated as 1.
OwnershipCost CostOfOwnership(const Gpu& gpu, double unit_price_usd, int count,
                              const Assumptions& assumptions);

// A desktop built around one card, as the own-vs-cloud comparisons price it: the card at its
// cheapest current price among the allowed conditions (empty = any) plus the rest of the
// system (desktop_system_cost_usd), drawing the card's tdp_w plus desktop_system_watts.
// nullopt when the card has no such price.
struct Desktop {
  double cost_usd = 0;
  double watts = 0;
  CurrentPrice price;  // the card's price used
};
std::optional<Desktop> DesktopWith(const Gpu& gpu, const CurrentPrices& prices,
                                   const std::vector<Condition>& allowed,
                                   const Assumptions& assumptions);

// Days of use after which buying a desktop costs less than renting:
//   desktop_cost ÷ (cloud_usd_per_hour × 24 × utilisation − daily electricity cost),
// daily electricity = ElectricityUsdPerYear(desktop_watts, utilisation, usd_per_kwh) / 365.
// nullopt when an input is negative or not finite, or when a day of cloud costs no more
// than a day of the desktop's electricity (owning never catches up).
std::optional<double> BreakEvenDays(double desktop_cost_usd, double desktop_watts,
                                    double cloud_usd_per_hour, double utilisation,
                                    double usd_per_kwh);

// What perf-per-dollar divides by.
enum class CostBasis {
  kNone,       // no cost: rank by performance alone
  kGpu,        // the cards: count × current price
  kOwnership,  // CostOfOwnership(...).total_usd
};
const char* CostBasisId(CostBasis b);  // "none" | "gpu" | "ownership"
std::optional<CostBasis> ParseCostBasis(std::string_view id);

struct BasisCost {
  double usd = 0;      // total on the basis for `count` cards
  CurrentPrice price;  // the unit price used (cheapest allowed condition)
};

// The cost of `count` cards of gpu on the basis, using its cheapest current price among the
// allowed conditions (empty = any). nullopt for kNone or when the GPU has no such price.
std::optional<BasisCost> CostOnBasis(const Gpu& gpu, CostBasis basis, int count,
                                     const CurrentPrices& prices,
                                     const std::vector<Condition>& allowed,
                                     const Assumptions& assumptions);

}  // namespace gg::calc
