// Fit matrix, price history lines and the own-vs-cloud cost chart.
#include <catch2/catch.hpp>

#include <cmath>

#include "charts/cumulative_cost.h"
#include "charts/date_lines.h"
#include "charts/fit_matrix.h"

namespace gg::charts {
namespace {

FitMatrixSpec FitSpec(int columns) {
  FitMatrixSpec s;
  s.title = "Which models fit?";
  s.rows = {"Llama 3 8B · 16-bit", "Llama 3 70B · 4-bit", "Llama 3.1 405B · 4-bit"};
  const std::string names[] = {"RTX 3060 12GB", "RTX 4090", "A100 80GB"};
  for (int c = 0; c < columns; ++c) s.columns.push_back(names[c % 3]);
  for (size_t r = 0; r < s.rows.size(); ++r) {
    s.cells.emplace_back();
    for (int c = 0; c < columns; ++c) {
      FitCell cell;
      int k = static_cast<int>(r) * 3 + c % 3;
      cell.fit = k % 4 == 0   ? Fit::kOneCard
                 : k % 4 == 1 ? Fit::kMultiCard
                 : k % 4 == 2 ? Fit::kNoFit
                              : Fit::kUnknown;
      cell.cards = 2 + k % 3;
      s.cells.back().push_back(cell);
    }
  }
  s.one_card_label = "fits on one card";
  s.multi_card_label = "needs several cards";
  s.no_fit_label = "does not fit";
  return s;
}

TEST_CASE("Fit matrix: every cell has its text and its own rectangle", "[charts][matrix]") {
  for (int columns : {3, 9, 14}) {
    for (double width : {360.0, 760.0}) {
      INFO("columns " << columns << " width " << width);
      Style style;
      style.width = width;
      FitMatrixSpec spec = FitSpec(columns);
      Rendered<FitMatrixLayout> r = Render(spec, style);
      const FitMatrixLayout& L = r.layout;
      REQUIRE(L.cells.size() == spec.rows.size() * columns);
      for (const auto& cell : L.cells) {
        const FitCell& in = spec.cells[cell.row][cell.column];
        CHECK(cell.text.text == DefaultFitText(in));
        CHECK_FALSE(cell.text.ellipsized);
        CHECK(cell.rect.Contains(cell.text.box));  // the symbol fits in its cell
        CHECK(cell.rect.w >= 24);
        CHECK(cell.rect.Right() <= r.width);
      }
      for (size_t i = 1; i < L.cells.size(); ++i) {
        CHECK_FALSE(L.cells[i].rect.Intersects(L.cells[i - 1].rect));
      }
      // Each header sits above its own panel's cells.
      REQUIRE(L.column_labels.size() == static_cast<size_t>(columns));
      REQUIRE(L.columns_per_panel > 0);
      for (size_t j = 0; j < L.column_labels.size(); ++j) {
        const Rect& panel = L.panels.at(j / static_cast<size_t>(L.columns_per_panel));
        CHECK(L.column_labels[j].box.Bottom() <= panel.y);
        CHECK_FALSE(L.column_labels[j].ellipsized);
      }
      for (size_t p = 1; p < L.panels.size(); ++p) CHECK(L.panels[p].y > L.panels[p - 1].Bottom());
      // Too many columns for the width: panels, not a wider (and so smaller-shown) chart.
      CHECK(r.width == width);
      CHECK(L.legend.size() == 3);  // unknown_label empty: no entry
    }
  }
  CHECK(Layout(FitSpec(14), Style{}).panels.size() == 1);  // 760 px holds 14 columns
  {
    Style narrow;
    narrow.width = 360;
    FitMatrixLayout L = Layout(FitSpec(14), narrow);
    CHECK(L.panels.size() >= 2);
    CHECK(L.columns_per_panel * static_cast<int>(L.panels.size()) >= 14);
    CHECK(L.row_labels.size() == 3);  // once per row, for the first panel
  }
  CHECK_FALSE(Layout(FitSpec(3), Style{}).rotated_headers);
  CHECK(Layout(FitSpec(14), Style{}).rotated_headers);
}

TEST_CASE("DefaultFitText says it without colour", "[charts][matrix]") {
  CHECK(DefaultFitText({Fit::kOneCard, 1, ""}) == "1");
  CHECK(DefaultFitText({Fit::kMultiCard, 3, ""}) == "3×");
  CHECK(DefaultFitText({Fit::kMultiCard, 0, ""}) == "2+×");
  CHECK(DefaultFitText({Fit::kNoFit, 0, ""}) == "—");
  CHECK(DefaultFitText({Fit::kUnknown, 0, ""}) == "?");
}

DateLinesSpec PriceSpec() {
  DateLinesSpec s;
  s.title = "RTX 3090 price";
  s.series = {
      {"New", {{"2024-03-01", 1500}, {"2023-06-01", 1650}, {"2024-09-01", 1400}}},
      {"Used", {{"2023-06-15", 850}, {"2024-13-01", 1}, {"2024-03-01", 760}, {"2024-09-20", 700}}}};
  s.date_format = [](const std::string& iso, DateUnit unit) {
    return unit == DateUnit::kYear ? iso.substr(0, 4) : iso.substr(5, 2) + "/" + iso.substr(2, 2);
  };
  return s;
}

TEST_CASE("Date lines: sorted by date, placed on a time scale", "[charts][lines]") {
  DateLinesLayout L = Layout(PriceSpec(), Style{});
  REQUIRE(L.points.size() == 2);
  CHECK(L.points[0].size() == 3);
  CHECK(L.points[1].size() == 3);  // the invalid date is skipped ...
  CHECK(L.problems == std::vector<std::string>{"series 'Used': invalid date '2024-13-01'"});
  for (const auto& series : L.points) {
    for (size_t i = 1; i < series.size(); ++i) CHECK(series[i].x > series[i - 1].x);
  }
  // Same date, same x; x proportional to days.
  CHECK(L.points[0][1].x == Approx(L.points[1][1].x));
  double px_per_day = (L.points[0][2].x - L.points[0][0].x) / (L.days[0][2] - L.days[0][0]);
  CHECK((L.points[1][2].x - L.points[1][0].x) ==
        Approx(px_per_day * (L.days[1][2] - L.days[1][0])));
  // Higher price, higher on the page.
  CHECK(L.points[0][0].y < L.points[1][0].y);
  REQUIRE(!L.x_ticks.empty());
  for (const DateTick& t : L.x_ticks) CHECK(FormatIsoDate(t.days).substr(8) == "01");
  for (size_t i = 1; i < L.x_labels.size(); ++i)
    CHECK_FALSE(L.x_labels[i].box.Intersects(L.x_labels[i - 1].box));
}

TEST_CASE("BreakEvenDay", "[charts][cost]") {
  const struct {
    CostLine own, cloud;
    double horizon;
    std::optional<double> want;
  } cases[] = {
      {{"own", 2000, 1}, {"cloud", 0, 5}, 1000, 500},
      {{"own", 2000, 1}, {"cloud", 0, 5}, 400, std::nullopt},   // after the horizon
      {{"own", 2000, 5}, {"cloud", 0, 5}, 1000, std::nullopt},  // parallel
      {{"own", 2000, 6}, {"cloud", 0, 5}, 1000, std::nullopt},  // cloud always cheaper
      {{"own", 0, 1}, {"cloud", 100, 2}, 1000, std::nullopt},   // own always cheaper
  };
  for (const auto& c : cases) {
    std::optional<double> got = BreakEvenDay(c.own, c.cloud, c.horizon);
    REQUIRE(got.has_value() == c.want.has_value());
    if (got) CHECK(*got == Approx(*c.want));
  }
}

TEST_CASE("Cumulative cost: break-even marked on both lines, or a note", "[charts][cost]") {
  CumulativeCostSpec s;
  s.title = "Own or rent?";
  s.own = {"Own", 2800, 1.1};
  s.cloud = {"Cloud", 0, 5.92};
  s.days = 1095;
  s.break_even_label = [](double day, double) {
    return "Owning pays off after " + std::to_string(static_cast<int>(std::round(day))) + " days";
  };
  s.never_note = "Renting stays cheaper.";
  CumulativeCostLayout L = Layout(s, Style{});
  REQUIRE(L.break_even_day.has_value());
  CHECK(*L.break_even_day == Approx(2800 / 4.82));
  CHECK(L.note.text == "Owning pays off after 581 days");
  // The marked point lies on both lines.
  auto on_line = [](const std::vector<Point>& line, Point p) {
    double t = (p.x - line[0].x) / (line[1].x - line[0].x);
    return std::abs(line[0].y + t * (line[1].y - line[0].y) - p.y) < 1e-6;
  };
  CHECK(on_line(L.own_line, L.break_even_point));
  CHECK(on_line(L.cloud_line, L.break_even_point));
  CHECK(L.plot.Contains(L.note.box));

  s.cloud.per_day = 1.5;
  CumulativeCostLayout never = Layout(s, Style{});
  CHECK_FALSE(never.break_even_day.has_value());
  CHECK(never.note.text == "Renting stays cheaper.");
  CHECK(never.plot.Contains(never.note.box));
}

}  // namespace
}  // namespace gg::charts
