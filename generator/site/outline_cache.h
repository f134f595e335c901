// The outlines of Markdown pages (content/outline.h) kept in the build cache by the hash of
// the page body, so that an incremental build parses only the pages that changed to compare
// translations with their sources. A damaged or foreign entry is ignored (the cache says so)
// and the outline is made again.
#pragma once

#include <memory>
#include <string>

#include "base/content_cache.h"
#include "content/markdown.h"
#include "content/outline.h"

namespace gg {

// OutlineOf(body), from the cache when it has it (null cache: always parsed).
PageOutline CachedOutlineOf(const std::string& body, ContentCache* cache);

// The same for a page about to be rendered: when the outline is not in the cache (or there is
// no cache) the body is prepared (content/markdown.h) and *prepared receives it, so that the
// page is rendered without parsing it again; otherwise *prepared is left null.
PageOutline CachedOutlineOf(const std::string& body, const std::string& file, int first_line,
                            ContentCache* cache, std::shared_ptr<const PreparedMarkdown>* prepared);

}  // namespace gg
