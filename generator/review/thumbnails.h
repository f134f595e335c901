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
// Each file is written under the folder's handle without following a link (base/files.h):
// a symbolic link where a thumbnail goes is an error naming it, never written through. False
// with *error on the first failure (the folder cannot be made, a link, a full disk).
bool WriteThumbnails(const Snapshot& before, const Snapshot& after, const std::string& dir,
                     Report* report, std::string* error);

}  // namespace gg
