// gpu-vram models=… precisions=… contexts=… [batch=N] [kv=P]: inference memory, models × contexts ×
// precisions.
#include "base/text.h"
#include "calc/memory.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

std::string Render(const Args& a, const PageContext& ctx) {
  std::vector<const LlmModel*> models;
  for (const auto& id : a.Items("models")) models.push_back(ctx.data->FindModel(id));
  std::vector<calc::Precision> precisions;
  for (const auto& id : a.Items("precisions")) precisions.push_back(*calc::ParsePrecision(id));
  std::vector<int64_t> contexts = a.IntItems("contexts");
  calc::Precision kv = a.Has("kv") ? *calc::ParsePrecision(a.Text("kv")) : calc::Precision::kBf16;
  int batch = a.Int("batch");
  const auto& as = ctx.computed->assumptions;
  HtmlTable t(CaptionOr(a.call(), ctx.T("table.vram.caption")));
  std::vector<Cell> head = {Cell::Text(ctx.T("col.model")), Cell::Text(ctx.T("col.context"), true)};
  for (auto p : precisions)
    head.push_back(Cell::Text(std::string(calc::PrecisionName(p)) + " (GB)", true));
  t.Columns(head);
  for (const LlmModel* m : models) {
    for (int64_t ctx_tokens : contexts) {
      std::vector<Cell> row = {Cell::Text(m->name),
                               Cell::Text(ContextLabel(ctx_tokens, ctx), true)};
      for (auto p : precisions) {
        if (ctx_tokens > m->max_context) {  // never shown beyond what the model was trained for
          row.push_back(Cell::Text("—", true));
          continue;
        }
        calc::MemoryRequest req;
        req.precision = p;
        req.kv_precision = kv;
        req.context = ctx_tokens;
        req.batch = batch;
        auto mem = calc::EstimateMemory(*m, req, as);
        const double gb = calc::ToGB(mem.total_bytes);
        row.push_back(Cell::Html(AnswerHtml(VramQuestion(m->id, req), mem.total_bytes,
                                            HtmlEscape(ctx.fmt->Number(gb, gb < 100 ? 1 : 0))),
                                 true));
      }
      t.Row(row);
    }
  }
  t.Note(ctx.TF("table.vram.note", {{"ubatch", ctx.fmt->Number(as.llm_ubatch_tokens, 0)},
                                    {"kv", calc::PrecisionName(kv)},
                                    {"batch", ctx.fmt->Number(batch, 0)}}));
  return t.Render();
}

}  // namespace

DirectiveSpec GpuVramDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-vram", Render);
  d.args = {Arg::Id("models", ArgType::kModel).List("model"),
            Arg::Precision("precisions").List("precision"),
            Arg::Integer("contexts", 1, 10'000'000).List("context", "tokens"),
            Arg::Integer("batch", 1, 4096).Default("1"), Arg::Precision("kv")};
  d.reads = {"data:assumptions"};
  return d;
}

}  // namespace gg
