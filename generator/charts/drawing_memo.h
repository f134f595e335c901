// The drawings made during one build, by their drawing key (the scene, the style and the
// accessible texts: see DrawingKey in draw.cc): a chart that several pages draw identically —
// the same ranking on many pages of one language — is painted once per build, with or without
// the on-disk cache. A found drawing is the same bytes a new painting would give, so using
// the memo never changes the output. Thread-safe (base/build_memo.h).
// Memory: the memo holds every drawing kept until it is destroyed (one build); at 10,000
// synthetic pages × 3 languages that is about 1,700 drawings.
#pragma once

#include "base/build_memo.h"
#include "charts/common.h"

namespace gg::charts {

class DrawingMemo : public BuildMemo<RenderedChart> {};

}  // namespace gg::charts
