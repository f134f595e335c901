#include "directives/computed.h"

namespace gg {

Computed ComputeAll(const Dataset& data, Diagnostics* /*diags*/) {
  Computed c;
  for (const auto& p : data.prices)
    if (p.date > c.data_date) c.data_date = p.date;
  return c;
}

}  // namespace gg
