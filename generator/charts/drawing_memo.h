// The drawings made during one build, by their drawing key (the scene, the style and the
// accessible texts: see DrawingKey in draw.cc): a chart that several pages draw identically —
// the same ranking on many pages of one language — is painted once per build, with or without
// the on-disk cache. A found drawing is the same bytes a new painting would give, so using
// the memo never changes the output.
//
// Thread safety: Find and Keep may be called concurrently. Two threads that miss the same key
// at the same time both paint it; the second Keep is then a no-op.
// Memory: the memo holds every drawing kept until it is destroyed (one build); at 10,000
// synthetic pages × 3 languages that is about 1,700 drawings.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "charts/common.h"

namespace gg::charts {

class DrawingMemo {
 public:
  // The drawing kept under `key`, or null.
  std::shared_ptr<const RenderedChart> Find(const std::string& key) const;
  void Keep(const std::string& key, const RenderedChart& chart);
  // How many Find calls found a drawing, and how many drawings are kept (for tests and
  // --verbose).
  int Found() const;
  int Size() const;

 private:
  mutable std::mutex mu_;
  mutable int found_ = 0;
  std::unordered_map<std::string, std::shared_ptr<const RenderedChart>> drawings_;
};

}  // namespace gg::charts
