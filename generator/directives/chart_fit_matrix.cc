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
  HtmlTable table(spec.title);
  std::vector<Cell> head = {Cell::Text(ctx.T("col.model"))};
  for (const Gpu* g : cards) {
    std::string label = g->name + " · " + ctx.fmt->WithUnit(calc::ModelMemoryGb(*g), "GB", 0);
    spec.columns.push_back(label);
    head.push_back(Cell::Text(label, true));
  }
  table.Columns(head);
  for (const LlmModel* m : models) {
    calc::MemoryRequest req;
    req.precision = prec;
    req.context = context;
    req.context = std::min<int64_t>(context, m->max_context);
    spec.rows.push_back(m->name);
    std::vector<charts::FitCell> row;
    std::vector<Cell> trow = {Cell::Text(m->name)};
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
      trow.push_back(Cell::Text(charts::DefaultFitText(cell), true));
    }
    spec.cells.push_back(row);
    table.Row(trow);
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
