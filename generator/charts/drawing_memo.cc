#include "charts/drawing_memo.h"

namespace gg::charts {

std::shared_ptr<const RenderedChart> DrawingMemo::Find(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = drawings_.find(key);
  if (it == drawings_.end()) return nullptr;
  ++found_;
  return it->second;
}

int DrawingMemo::Found() const {
  std::lock_guard<std::mutex> lock(mu_);
  return found_;
}

int DrawingMemo::Size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int>(drawings_.size());
}

void DrawingMemo::Keep(const std::string& key, const RenderedChart& chart) {
  auto kept = std::make_shared<const RenderedChart>(chart);
  std::lock_guard<std::mutex> lock(mu_);
  drawings_.emplace(key, std::move(kept));
}

}  // namespace gg::charts
