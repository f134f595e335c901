// Fit matrix: rows (models) × columns (GPUs); each cell says whether the model fits on one
// card, needs several, or does not fit. Every cell carries text ("1", "2×", "—") so colour is
// never the only cue, and a legend explains both.
//
// Labels are never cut: row labels wrap (up to 3 lines), column headers wrap or turn
// vertical at full length, so callers pass short column labels (and give the full names in
// the table beside the chart). When the columns do not fit the width at 28 px each, they are
// split into panels stacked one under the other, each with its headers and every row, so a
// narrow chart stays as wide as asked and its text keeps its size.
#pragma once

#include <string>
#include <vector>

#include "charts/common.h"

namespace gg::charts {

enum class Fit { kOneCard, kMultiCard, kNoFit, kUnknown };

struct FitCell {
  Fit fit = Fit::kUnknown;
  int cards = 0;     // kMultiCard: number of cards, shown as "N×"
  std::string text;  // overrides the default text: "1", "N×", "—", "?"
};

struct FitMatrixSpec {
  std::string title;
  std::string description;
  std::vector<std::string> rows;            // e.g. models ("Llama 3 70B · 4-bit")
  std::vector<std::string> columns;         // e.g. GPUs
  std::vector<std::vector<FitCell>> cells;  // [row][column]; missing cells are kUnknown
  // Legend texts (already translated); an empty label leaves its entry out.
  std::string one_card_label;
  std::string multi_card_label;
  std::string no_fit_label;
  std::string unknown_label;
};

struct FitMatrixLayout {
  struct Cell {
    int row = 0;
    int column = 0;
    Fit fit = Fit::kUnknown;
    Rect rect;
    TextBox text;
  };
  Rect grid;                     // the cell area (all panels: from the first cell to the last)
  std::vector<Rect> panels;      // the cell area of each panel, top to bottom
  int columns_per_panel = 0;     // column j is in panel j / columns_per_panel
  bool rotated_headers = false;  // column headers drawn bottom-to-top (narrow columns)
  std::vector<TextBox> row_labels;
  std::vector<TextBox> column_labels;  // unrotated: the wrapped label box; rotated: its bounds
  std::vector<Cell> cells;             // row-major
  std::vector<TextBox> legend;
};

// The text drawn in a cell when FitCell::text is empty. Inline: tables show it too, and need
// not load the painting module for it (charts/backend.h).
inline std::string DefaultFitText(const FitCell& cell) {
  switch (cell.fit) {
    case Fit::kOneCard:
      return "1";
    case Fit::kMultiCard:
      return (cell.cards > 0 ? std::to_string(cell.cards) : std::string("2+")) + "×";
    case Fit::kNoFit:
      return "—";
    case Fit::kUnknown:
      return "?";
  }
  return "?";
}

FitMatrixLayout Layout(const FitMatrixSpec& spec, const Style& style);
Rendered<FitMatrixLayout> Render(const FitMatrixSpec& spec, const Style& style);

}  // namespace gg::charts
