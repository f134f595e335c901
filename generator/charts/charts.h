// The charts module: chart specs (values + already-translated strings + locale formatters) in,
// SVG (light and dark) and PNG bytes out, plus the layout they were drawn from. See common.h
// for what every chart shares (style, schemes, determinism, thread safety).
#pragma once

#include "charts/common.h"
#include "charts/cumulative_cost.h"
#include "charts/date_lines.h"
#include "charts/fit_matrix.h"
#include "charts/flowchart.h"
#include "charts/grouped_bars.h"
#include "charts/scale.h"
#include "charts/scatter.h"
#include "charts/stacked_bars.h"
#include "charts/svg_post.h"
