// The outlines of Markdown pages (content/outline.h) kept in the build cache by the hash of
// the page body, so that an incremental build parses only the pages that changed to compare
// translations with their sources. A damaged or foreign entry is ignored (the cache says so)
// and the outline is made again.
#pragma once

#include <string>

#include "base/content_cache.h"
#include "content/outline.h"

namespace gg {

// OutlineOf(body), from the cache when it has it (null cache: always parsed).
PageOutline CachedOutlineOf(const std::string& body, ContentCache* cache);

}  // namespace gg
