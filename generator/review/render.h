// A review report as terminal text, as Markdown for a pull-request comment, or as JSON for
// other tools (schema: generator/review/README.md). Pure functions of the report.
#pragma once

#include <string>

#include "review/report.h"

namespace gg {

std::string RenderReviewText(const Report& report);

// Summary first, then one <details> section per part. Cut at a line boundary, with a note
// saying so, to stay below max_chars (GitHub refuses comments over 65,536 characters).
// thumbnails_url prefixes the thumbnail names in image links ("" = plain names).
std::string RenderReviewMarkdown(const Report& report, const std::string& thumbnails_url = "",
                                 size_t max_chars = 60000);

std::string RenderReviewJson(const Report& report);

// The summary lines of the prices, ranks and picks parts only, then each rank list's moves:
// what `gpuguide prices add` prints after it adds an observation.
std::string RenderPriceSummary(const Report& report);

}  // namespace gg
