// gpu-training model=ID [sequence=N] [batch=N]: training memory by mode, and the cheapest cards
// that hold it.
#include "base/text.h"
#include "calc/fit.h"
#include "calc/memory.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

std::string Render(const Args& a, const PageContext& ctx) {
  const auto& as = ctx.computed->assumptions;
  int seq = a.Int("sequence", as.training_sequence_length);
  int batch = a.Int("batch", as.training_micro_batch);
  const LlmModel& m = *a.ModelOf("model");
  HtmlTable t(CaptionOr(a.call(),
                        ctx.TF("table.training.caption", {{"model", m.name},
                                                          {"seq", ctx.fmt->Number(seq, 0)},
                                                          {"batch", ctx.fmt->Number(batch, 0)}})));
  t.Columns({Cell::Text(ctx.T("col.mode")), Cell::Text(ctx.T("col.weights"), true),
             Cell::Text(ctx.T("col.gradients"), true), Cell::Text(ctx.T("col.optimizer"), true),
             Cell::Text(ctx.T("col.activations"), true), Cell::Text(ctx.T("col.total"), true),
             Cell::Text(ctx.T("col.fits_on"))});
  struct Variant {
    calc::MemoryMode mode;
    bool checkpoint;
  };
  for (Variant v : {Variant{calc::MemoryMode::kFull, false}, Variant{calc::MemoryMode::kFull, true},
                    Variant{calc::MemoryMode::kLora, false}, Variant{calc::MemoryMode::kLora, true},
                    Variant{calc::MemoryMode::kQlora, true}}) {
    calc::MemoryRequest req;
    req.mode = v.mode;
    req.context = seq;
    req.batch = batch;
    req.gradient_checkpointing = v.checkpoint;
    auto mem = calc::EstimateMemory(m, req, as);
    calc::FitOptions fo;
    auto fit = calc::FitModel(*ctx.data, m, req, ctx.computed->prices, as, fo);
    std::string fits = "—";
    if (fit.cheapest)
      fits = CardsLabel(fit.cheapest->count, ctx.data->FindGpu(fit.cheapest->gpu)->name, ctx);
    std::string label = ctx.T(std::string("mode.") + calc::MemoryModeId(v.mode));
    if (v.checkpoint) label += " + " + ctx.T("mode.checkpointing");
    auto gb = [&](double b) { return ctx.fmt->Number(calc::ToGB(b), calc::ToGB(b) < 100 ? 1 : 0); };
    t.Row({Cell::Text(label), Cell::Text(gb(mem.weights_bytes), true),
           Cell::Text(gb(mem.gradients_bytes), true), Cell::Text(gb(mem.optimizer_bytes), true),
           Cell::Text(gb(mem.activations_bytes), true), Cell::Text(gb(mem.total_bytes), true),
           Cell::Text(fits)});
  }
  t.Note(ctx.T("table.training.note"));
  return t.Render();
}

}  // namespace

DirectiveSpec GpuTrainingDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-training", Render);
  d.args = {Arg::Id("model", ArgType::kModel).Required(), Arg::Integer("sequence", 1, 1'000'000),
            Arg::Integer("batch", 1, 4096)};
  d.reads = {"data:gpus", "data:machines", "computed:current-prices", "data:assumptions"};
  return d;
}

}  // namespace gg
