#include "calc/cost.h"

#include <algorithm>
#include <cmath>

#include "calc/systems.h"

namespace gg::calc {

double EnergyKwhPerYear(double watts, double utilisation) {
  return watts * utilisation * kHoursPerYear / 1000.0;
}

double ElectricityUsdPerYear(double watts, double utilisation, double usd_per_kwh) {
  return EnergyKwhPerYear(watts, utilisation) * usd_per_kwh;
}

OwnershipCost CostOfOwnership(const Gpu& gpu, double unit_price_usd, int count,
                              const Assumptions& a) {
  const double n = static_cast<double>(MaxUnits(gpu, count));
  const bool server = gpu.segment == Segment::kDatacenter;
  const bool whole = IsSystem(gpu);  // priced and powered as a whole machine
  OwnershipCost c;
  c.gpus_usd = n * unit_price_usd;
  c.system_usd = whole ? 0 : server ? n * a.server_cost_per_gpu_usd : a.desktop_system_cost_usd;
  c.watts = n * gpu.tdp_w + (whole    ? 0
                             : server ? n * a.server_system_watts_per_gpu
                                      : a.desktop_system_watts);
  c.electricity_usd_per_year =
      ElectricityUsdPerYear(c.watts, a.utilisation, a.electricity_usd_per_kwh);
  c.years = a.ownership_years;
  c.total_usd = c.gpus_usd + c.system_usd + c.years * c.electricity_usd_per_year;
  return c;
}

std::optional<Desktop> DesktopWith(const Gpu& gpu, const CurrentPrices& prices,
                                   const std::vector<Condition>& allowed, const Assumptions& a) {
  auto price = CheapestCurrentPrice(prices, gpu.id, allowed);
  if (!price) return std::nullopt;
  // A unified-memory system is the whole machine: nothing is added to its price or power.
  if (IsSystem(gpu)) return Desktop{price->usd, gpu.tdp_w, *price};
  return Desktop{price->usd + a.desktop_system_cost_usd, gpu.tdp_w + a.desktop_system_watts,
                 *price};
}

std::optional<double> BreakEvenDays(double desktop_cost_usd, double desktop_watts,
                                    double cloud_usd_per_hour, double utilisation,
                                    double usd_per_kwh) {
  for (double v : {desktop_cost_usd, desktop_watts, cloud_usd_per_hour, utilisation, usd_per_kwh})
    if (!std::isfinite(v) || v < 0) return std::nullopt;
  const double cloud_per_day = cloud_usd_per_hour * (kHoursPerYear / kDaysPerYear) * utilisation;
  const double power_per_day =
      ElectricityUsdPerYear(desktop_watts, utilisation, usd_per_kwh) / kDaysPerYear;
  const double saving_per_day = cloud_per_day - power_per_day;
  if (!(saving_per_day > 0)) return std::nullopt;
  return desktop_cost_usd / saving_per_day;
}

const char* CostBasisId(CostBasis b) {
  switch (b) {
    case CostBasis::kNone:
      return "none";
    case CostBasis::kGpu:
      return "gpu";
    case CostBasis::kOwnership:
      return "ownership";
  }
  return "";
}

std::optional<CostBasis> ParseCostBasis(std::string_view id) {
  for (CostBasis b : {CostBasis::kNone, CostBasis::kGpu, CostBasis::kOwnership})
    if (id == CostBasisId(b)) return b;
  return std::nullopt;
}

std::optional<BasisCost> CostOnBasis(const Gpu& gpu, CostBasis basis, int count,
                                     const CurrentPrices& prices,
                                     const std::vector<Condition>& allowed,
                                     const Assumptions& assumptions) {
  if (basis == CostBasis::kNone) return std::nullopt;
  auto price = CheapestCurrentPrice(prices, gpu.id, allowed);
  if (!price) return std::nullopt;
  BasisCost c;
  c.price = *price;
  c.usd = basis == CostBasis::kGpu ? static_cast<double>(MaxUnits(gpu, count)) * price->usd
                                   : CostOfOwnership(gpu, price->usd, count, assumptions).total_usd;
  return c;
}

}  // namespace gg::calc
