// Publishing a rendered chart: its SVG files (each serves both colour schemes) and PNG go into the
// page's file list, and the page gets a <figure> with the image, a caption, and the same numbers as
// an HTML table in a collapsed <details>, so that no reader depends on the picture.
#pragma once

#include <string>

#include "charts/common.h"
#include "content/markdown.h"
#include "directives/page_context.h"

namespace gg {

// slug names the files: <lang>/charts/<slug>.svg, <slug>.png, and for the phone layout
// <slug>.narrow.svg (when `narrow` has an SVG), chosen by a <picture> source at <= 560 px.
// alt is the image's text alternative; data_table_html the accessible table (may be "").
std::string PublishChart(const std::string& slug, const charts::RenderedChart& chart,
                         const charts::RenderedChart& narrow, const std::string& alt,
                         const std::string& caption, const std::string& data_table_html,
                         const PageContext& ctx);

// The same chart laid out for a phone (360 px wide, no PNG). Phones get this variant
// instead of the desktop one scaled down to unreadable text.
charts::Style NarrowChartStyle(const std::string& slug, const PageContext& ctx);

// The chart style for pages: 760 px wide, one SVG for both schemes, ids prefixed. A PNG at 2x is
// rendered only for the first chart of a page that wants a link-preview image (og:image):
// encoding PNGs is two thirds of the build time, and no other PNG would be read.
charts::Style PageChartStyle(const std::string& slug, const PageContext& ctx);

}  // namespace gg
