#include "charts/fit_matrix.h"

#include <algorithm>
#include <cmath>

#include "charts/frame.h"

namespace gg::charts {
namespace {

using namespace internal;

struct Built {
  FitMatrixLayout layout;
  Scene scene;
};

Ink FillOf(Fit fit) {
  switch (fit) {
    case Fit::kOneCard:
      return Tint(kGreen);
    case Fit::kMultiCard:
      return Tint(kOrange);
    case Fit::kNoFit:
      return Ink{Role::kBand, 0, 1};
    case Fit::kUnknown:
      return Ink{Role::kBackground, 0, 1};
  }
  return Ink{Role::kBackground, 0, 1};
}

std::vector<LegendEntry> Legend(const FitMatrixSpec& spec) {
  std::vector<LegendEntry> legend;
  auto add_entry = [&](const std::string& label, Fit fit, std::string symbol) {
    if (label.empty()) return;
    LegendEntry e = LegendEntry::Box(label, FillOf(fit));
    e.swatch_text = std::move(symbol);
    e.dashed_outline = fit == Fit::kUnknown;
    legend.push_back(e);
  };
  add_entry(spec.one_card_label, Fit::kOneCard, "1");
  add_entry(spec.multi_card_label, Fit::kMultiCard, "2×");
  add_entry(spec.no_fit_label, Fit::kNoFit, "—");
  add_entry(spec.unknown_label, Fit::kUnknown, "?");
  return legend;
}

constexpr int kRowLines = 3;  // a row label wraps to at most this many lines

// The grid's geometry: the row label column takes up to three lines, so narrow charts keep
// room for the cells; cells never ellipsise their symbol, so when the columns do not fit at
// kMinCol they are split into panels (a single column still wider than the chart grows it).
struct Grid {
  double row_max = 0;  // widest a row label may be
  double x = 0;        // left edge of the cells
  double col_w = 0, row_h = 0;
  int per_panel = 1;  // columns in each panel (the last may have fewer)
};
Grid GridOf(const FitMatrixSpec& spec, TextMeasurer& m) {
  const Style& style = m.style();
  const Font font = Body(m);
  const int ncols = std::max(1, static_cast<int>(spec.columns.size()));
  Grid g;
  g.row_max = std::clamp(style.width * 0.3, 90.0, 260.0);
  double row_w = 0, row_label_h = 0;
  for (const std::string& r : spec.rows) {
    TextMetrics tm = m.Measure({r, font, Align::kRight, g.row_max, kRowLines});
    row_w = std::max(row_w, tm.width);
    row_label_h = std::max(row_label_h, tm.height);
  }
  row_w = std::min(row_w, g.row_max);
  g.x = kPad + row_w + 8;
  constexpr double kMinCol = 28;
  const double room = style.width - kPad - g.x;
  const int fit = std::max(1, static_cast<int>(std::floor(room / kMinCol)));
  const int panels = (ncols + fit - 1) / fit;
  g.per_panel = (ncols + panels - 1) / panels;  // balanced: 19 columns by 7 → 7, 6, 6
  g.col_w = std::clamp(room / g.per_panel, kMinCol, 110.0);
  g.row_h = std::max({26.0, font.px * 2.1, row_label_h + 6});
  return g;
}

// Column headers from y down: wrapped to the column width (3 lines), or all rotated when a
// word would not fit. Returns the y of their bottom.
// Whether the column headers turn vertical: when a column is too narrow for wrapped text or
// a header would need more than three lines.
bool RotatedHeaders(const FitMatrixSpec& spec, TextMeasurer& m, const Grid& g) {
  const double header_w = g.col_w - 6;
  if (header_w < 44) return true;
  for (const std::string& c : spec.columns) {
    if (m.Measure({c, Body(m), Align::kCenter, header_w, 3}).ellipsized) return true;
  }
  return false;
}

// Headers of columns [first, last) from y down: wrapped to the column width (3 lines), or
// rotated at full length. Returns the y of their bottom.
double AddColumnHeaders(const FitMatrixSpec& spec, TextMeasurer& m, const Grid& g, int first,
                        int last, double y, FitMatrixLayout& L, Scene& scene) {
  const Font font = Body(m);
  const double header_w = g.col_w - 6;
  double header_h = 0;
  std::vector<TextSpec> header_specs;
  for (int j = first; j < last; ++j) {
    const std::string& c = spec.columns[j];
    TextSpec ts = L.rotated_headers ? TextSpec{c, font, Align::kLeft, 0, 1}
                                    : TextSpec{c, font, Align::kCenter, header_w, 3};
    TextMetrics tm = m.Measure(ts);
    header_h = std::max(header_h, L.rotated_headers ? tm.width : tm.height);
    header_specs.push_back(ts);
  }
  const double header_bottom = y + header_h;
  for (size_t j = 0; j < header_specs.size(); ++j) {
    double cx = g.x + (static_cast<double>(j) + 0.5) * g.col_w;
    const TextSpec& ts = header_specs[j];
    TextMetrics tm = m.Measure(ts);
    if (L.rotated_headers) {
      // Rotated -90° about (ax, header_bottom): the text runs upwards from the grid, its
      // ascent to the left of ax.
      double ax = cx + font.px * 0.36;
      TextItem t;
      t.spec = ts;
      t.x = ax;
      t.baseline = header_bottom;
      t.ink = Text();
      t.angle_deg = -90;
      scene.Add(t);
      L.column_labels.push_back({ts.text,
                                 {ax - tm.baseline, header_bottom - tm.width, tm.height, tm.width},
                                 ax,
                                 tm.ellipsized});
    } else {
      TextBox tb = m.Place(ts, cx, header_bottom - tm.height + tm.baseline);
      scene.Text(ts, tb, Text());
      L.column_labels.push_back(tb);
    }
  }
  return header_bottom;
}

// One cell: its fill (dashed outline when unknown) and its text, bold unless it does not fit.
void AddCell(const FitCell& cell, const Rect& rect, int r, int c, TextMeasurer& m,
             FitMatrixLayout& L, Scene& scene) {
  BoxItem box{rect, FillOf(cell.fit), std::nullopt, 1, 3, {}};
  if (cell.fit == Fit::kUnknown) box.stroke = Ink{Role::kAxis, 0, 1}, box.dash = {3, 2};
  scene.Add(box);
  std::string text = cell.text.empty() ? DefaultFitText(cell) : cell.text;
  TextSpec ts{text, cell.fit == Fit::kNoFit ? Body(m) : BodyBold(m), Align::kCenter};
  TextBox tb = m.PlaceCentered(ts, rect.CenterX(), rect.CenterY());
  scene.Text(ts, tb, cell.fit == Fit::kNoFit || cell.fit == Fit::kUnknown ? Muted() : Text());
  L.cells.push_back({r, c, cell.fit, rect, tb});
}

// The rows of one panel (columns [first, last)) from grid_y down: each row's label, then
// its cells. Returns the panel's cell area. Cells go to L in panel order, each row-major.
Rect AddRows(const FitMatrixSpec& spec, TextMeasurer& m, const Grid& g, int first, int last,
             double grid_y, FitMatrixLayout& L, Scene& scene) {
  const int nrows = static_cast<int>(spec.rows.size());
  for (int r = 0; r < nrows; ++r) {
    double top = grid_y + r * g.row_h;
    TextSpec rs{spec.rows[r], Body(m), Align::kRight, g.row_max, kRowLines};
    TextBox rb = m.PlaceCentered(rs, g.x - 8, top + g.row_h / 2);
    scene.Text(rs, rb, Text());
    if (first == 0) L.row_labels.push_back(rb);
    for (int c = first; c < last; ++c) {
      FitCell cell;
      if (r < static_cast<int>(spec.cells.size()) && c < static_cast<int>(spec.cells[r].size())) {
        cell = spec.cells[r][c];
      }
      Rect rect{g.x + (c - first) * g.col_w + 1.5, top + 1.5, g.col_w - 3, g.row_h - 3};
      AddCell(cell, rect, r, c, m, L, scene);
    }
  }
  return {g.x, grid_y, g.col_w * static_cast<double>(last - first), g.row_h * nrows};
}

Built Build(const FitMatrixSpec& spec, const Style& style_in) {
  TextMeasurer m(style_in);
  const Style& style = m.style();
  Built out;
  FitMatrixLayout& L = out.layout;
  Scene& scene = out.scene;
  scene.width = style.width;
  double y = AddTitle(scene, m, spec.title, kPad);
  double legend_h = AddLegend(scene, m, Legend(spec), kPad, y, style.width - 2 * kPad, &L.legend);
  if (legend_h > 0) y += legend_h + 8;
  const Grid g = GridOf(spec, m);
  const int ncols = static_cast<int>(spec.columns.size());
  scene.width = std::max(style.width, g.x + g.col_w * g.per_panel + kPad);
  L.rotated_headers = RotatedHeaders(spec, m, g);
  L.columns_per_panel = g.per_panel;
  for (int first = 0; first < std::max(ncols, 1); first += g.per_panel) {
    const int last = std::min(ncols, first + g.per_panel);
    if (first > 0) y += 16;  // space between panels
    const double header_bottom = AddColumnHeaders(spec, m, g, first, last, y, L, scene);
    L.panels.push_back(AddRows(spec, m, g, first, last, header_bottom + 6, L, scene));
    y = L.panels.back().Bottom();
  }
  const Rect& top = L.panels.front();
  L.grid = {top.x, top.y, g.col_w * std::min(std::max(ncols, 1), g.per_panel), y - top.y};
  scene.height = y + kPad;
  return out;
}

}  // namespace

FitMatrixLayout Layout(const FitMatrixSpec& spec, const Style& style) {
  return Build(spec, style).layout;
}

Rendered<FitMatrixLayout> Render(const FitMatrixSpec& spec, const Style& style) {
  Built b = Build(spec, style);
  Rendered<FitMatrixLayout> out;
  static_cast<RenderedChart&>(out) =
      internal::RenderScene(b.scene, style, {spec.title, spec.description, {}});
  out.layout = std::move(b.layout);
  return out;
}

}  // namespace gg::charts
