// gpu-chart fit-matrix precision=P [context=N]: which models fit on how many of which cards.
#include <map>

#include "base/text.h"
#include "calc/fit.h"
#include "calc/memory.h"
#include "calc/systems.h"
#include "charts/fit_matrix.h"
#include "directives/calc_args.h"
#include "directives/chart_files.h"
#include "directives/chart_helpers.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

// "fits on one card" → "Fits on one card" for a column header (Latin scripts only).
std::string HeaderCase(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

// The matrix as a table of one row per model and one column per outcome, each cell listing
// the cards (full names) with that outcome: every cell of the chart in words, in about a
// fifth of the elements a model × card table takes (the page stays under Lighthouse's
// 1,500-element budget).
class FitTable {
 public:
  FitTable(const charts::FitMatrixSpec& spec, const PageContext& ctx)
      : table_(spec.title), sep_(ctx.lang->code == "zh-Hans" ? "、" : ", ") {
    table_.Columns({Cell::Text(ctx.T("col.model")), Cell::Text(HeaderCase(spec.one_card_label)),
                    Cell::Text(HeaderCase(spec.multi_card_label)),
                    Cell::Text(HeaderCase(spec.no_fit_label))});
  }
  void Row(const std::string& model, const std::vector<std::string>& cards,
           const std::vector<charts::FitCell>& cells) {
    std::string lists[3];
    for (size_t j = 0; j < cells.size() && j < cards.size(); ++j) {
      const charts::FitCell& c = cells[j];
      const int k = c.fit == charts::Fit::kOneCard ? 0 : c.fit == charts::Fit::kMultiCard ? 1 : 2;
      if (!lists[k].empty()) lists[k] += sep_;
      lists[k] += k == 1 ? charts::DefaultFitText(c) + " " + cards[j] : cards[j];
    }
    table_.Row({Cell::Text(model), Cell::Text(lists[0].empty() ? "—" : lists[0]),
                Cell::Text(lists[1].empty() ? "—" : lists[1]),
                Cell::Text(lists[2].empty() ? "—" : lists[2])});
  }
  std::string Render() const { return table_.Render(); }

 private:
  HtmlTable table_;
  std::string sep_;
};

std::string FitMatrixChart(const Args& a, const PageContext& ctx) {
  calc::Precision prec = *calc::ParsePrecision(a.Text("precision"));
  int context = a.Int("context");
  const auto& as = ctx.computed->assumptions;
  auto cards = RepresentativeCards(ctx, 1e9);
  std::vector<const LlmModel*> models;
  for (const auto& m : ctx.data->models) models.push_back(&m);
  std::stable_sort(models.begin(), models.end(),
                   [](const LlmModel* x, const LlmModel* y) { return x->params_b < y->params_b; });
  charts::FitMatrixSpec spec;
  spec.title = ctx.TF("chart.fit.title", {{"precision", calc::PrecisionName(prec)},
                                          {"context", ctx.fmt->Number(context, 0)}});
  spec.description = ctx.T("chart.fit.desc");
  spec.one_card_label = ctx.T("chart.fit.one");
  spec.multi_card_label = ctx.T("chart.fit.multi");
  spec.no_fit_label = ctx.T("chart.fit.none");
  std::vector<std::string> names, memory, full;
  for (const Gpu* g : cards) {
    names.push_back(g->name);
    memory.push_back(ctx.fmt->WithUnit(calc::ModelMemoryGb(*g), "GB", 0));
    full.push_back(names.back() + " · " + memory.back());
  }
  // The chart's columns carry short names (by rule); the table beside it the full ones.
  spec.columns = ShortGpuLabels(names, memory);
  FitTable table(spec, ctx);
  for (const LlmModel* m : models) {
    calc::MemoryRequest req;
    req.precision = prec;
    const int64_t asked = std::min<int64_t>(context, m->max_context);
    req.context = asked;
    // A model that cannot take the title's context is asked at its own longest, and its row
    // says so ("Llama 2 7B (4,096 tokens, its maximum)").
    const std::string row_name =
        asked < context ? ctx.TF("chart.fit.row_capped",
                                 {{"model", m->name},
                                  {"context", ctx.fmt->Number(static_cast<double>(asked), 0)}})
                        : m->name;
    spec.rows.push_back(row_name);
    std::vector<charts::FitCell> row;
    for (const Gpu* g : cards) {
      auto answer = calc::AnswerOnGpu(*g, *m, req, as, as.gpus_per_node);
      charts::FitCell cell;
      if (!answer)
        cell.fit = charts::Fit::kNoFit;
      else if (answer->count == 1)
        cell.fit = charts::Fit::kOneCard;
      else {
        cell.fit = charts::Fit::kMultiCard;
        cell.cards = answer->count;
      }
      row.push_back(cell);
    }
    table.Row(row_name, full, row);
    spec.cells.push_back(row);
  }
  std::string slug =
      std::string("fit-matrix-") + calc::PrecisionId(prec) + "-" + std::to_string(context);
  auto r = charts::Render(spec, PageChartStyle(slug, ctx));
  auto rn = charts::Render(spec, NarrowChartStyle(slug, ctx));
  return PublishChart(slug, r, rn, spec.title + ". " + spec.description,
                      CaptionOr(a.call(), spec.title), table.Render(), ctx);
}

}  // namespace

DirectiveSpec ChartFitMatrixDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-chart", FitMatrixChart);
  d.variant = "fit-matrix";
  d.args = {Arg::Precision("precision").Required(),
            Arg::Integer("context", 1, 10'000'000).Default("8192")};
  d.reads = {"data:gpus", "data:models", "computed:current-prices", "data:assumptions"};
  return d;
}

}  // namespace gg
