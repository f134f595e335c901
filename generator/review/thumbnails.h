// Before/after PNG thumbnails of changed charts, for the Markdown report to link to.
// SVG charts are rasterised with librsvg (Debian librsvg2-dev) onto a Cairo image surface.
#pragma once

#include <string>

#include "review/report.h"
#include "review/snapshot.h"

namespace gg {

// A PNG of the SVG (or the PNG itself) at most max_width pixels wide; "" when librsvg cannot
// read it.
std::string ChartThumbnail(const std::string& bytes, bool is_png, int max_width);

// Writes <dir>/<chart>.before.png and .after.png for every report->charts entry (creating
// dir) and records their names in it. A chart that cannot be rasterised keeps empty names.
void WriteThumbnails(const Snapshot& before, const Snapshot& after, const std::string& dir,
                     Report* report);

}  // namespace gg
