#include "calc/media_cards.h"

#include <algorithm>

#include "calc/fit.h"
#include "calc/systems.h"

namespace gg::calc {

double MediaNeededBytes(const Gpu& g, const MediaEstimate& e, const Assumptions& a) {
  return e.peak_bytes + a.cuda_context_gb * 1e9 + (IsSystem(g) ? e.host_bytes : 0.0);
}

double MediaUsableBytes(const Gpu& g, const Assumptions& a) {
  return UsableGpuBytes(g, a);  // the LLM answers' rule (calc/fit.h), one rule for both
}

bool MediaFitsOn(const Gpu& g, const MediaEstimate& e, const Assumptions& a) {
  return e.peak_bytes > 0 && MediaNeededBytes(g, e, a) <= MediaUsableBytes(g, a);
}

MediaCardsResult MediaCards(const Dataset& data, const MediaPipeline& p, const MediaRequest& r,
                            const MediaEstimate& e, const MediaConstants& k,
                            const CurrentPrices& prices, const Assumptions& a,
                            const Machine* machine, const std::vector<Condition>& conditions) {
  MediaCardsResult out;
  for (const Gpu& g : data.gpus) {
    if (!MediaFitsOn(g, e, a)) {
      out.not_fitting.push_back(g.id);
      continue;
    }
    if (machine != nullptr && !IsSystem(g)) {
      const BuildLimit limit = CheckBuild(g, 1, *machine).limit;
      if (limit != BuildLimit::kFits) {
        out.by_machine.emplace_back(g.id, limit);
        continue;
      }
    }
    MediaCard c;
    c.gpu = g.id;
    c.segment = g.segment;
    c.usable_bytes = MediaUsableBytes(g, a);
    c.needed_bytes = MediaNeededBytes(g, e, a);
    c.price = CheapestCurrentPrice(prices, g.id, conditions);
    c.speed = EstimateMediaSpeed(p, r, e, g, k);
    out.cards.push_back(std::move(c));
  }
  std::sort(out.cards.begin(), out.cards.end(), [](const MediaCard& x, const MediaCard& y) {
    if (x.price.has_value() != y.price.has_value()) return x.price.has_value();
    if (x.price && x.price->usd != y.price->usd) return x.price->usd < y.price->usd;
    // A card without a throughput figure (time 0) after the timed ones.
    const double tx = x.speed.total_seconds > 0 ? x.speed.total_seconds : 1e300;
    const double ty = y.speed.total_seconds > 0 ? y.speed.total_seconds : 1e300;
    if (tx != ty) return tx < ty;
    return x.gpu < y.gpu;
  });
  std::sort(out.not_fitting.begin(), out.not_fitting.end());
  std::sort(out.by_machine.begin(), out.by_machine.end());
  return out;
}

}  // namespace gg::calc
