// gpu-models [family=F]: LLM architectures: parameters, layers, heads, KV cache per token.
#include "algorithm"
#include "base/text.h"
#include "calc/memory.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

// A model's native format by its display name ("BF16", "MXFP4"), not its data id.
std::string NativeName(const std::string& id) {
  auto p = calc::ParsePrecision(id);
  return p ? calc::PrecisionName(*p) : id;
}

std::string Render(const Args& a, const PageContext& ctx) {
  const std::string& family = a.Text("family");
  const auto& as = ctx.computed->assumptions;
  HtmlTable t(CaptionOr(a.call(), ctx.T("table.models.caption")), TableLayout::kCards);
  t.Columns({Cell::Text(ctx.T("col.model")), Cell::Text(ctx.T("col.params"), true),
             Cell::Text(ctx.T("col.active_params"), true), Cell::Text(ctx.T("col.layers"), true),
             Cell::Text(ctx.T("col.heads"), true), Cell::Text(ctx.T("col.kv_per_token"), true),
             Cell::Text(ctx.T("col.native"))});
  std::vector<const LlmModel*> models;
  for (const auto& m : ctx.data->models)
    if (family.empty() || m.family == family) models.push_back(&m);
  std::stable_sort(models.begin(), models.end(), [](const LlmModel* x, const LlmModel* y) {
    return std::make_pair(x->params_b, x->id) < std::make_pair(y->params_b, y->id);
  });
  for (const LlmModel* m : models) {
    // Average per token over a 32K context: windowed and recurrent layers make it depend on
    // the context, so one context is named in the column head.
    const int64_t tokens = std::min<int64_t>(32768, m->max_context);
    double kv = tokens > 0 ? calc::KvCacheBytes(*m, calc::Precision::kBf16, tokens, as) /
                                 static_cast<double>(tokens)
                           : 0;
    std::string heads =
        ctx.fmt->Number(m->attention_heads, 0) + " / " + ctx.fmt->Number(m->kv_heads, 0);
    if (m->mla) heads += " (MLA)";
    std::string name = m->name;
    if (m->experts)
      name +=
          " · MoE " + std::to_string(m->experts->active) + "/" + std::to_string(m->experts->total);
    t.Row({Cell::Text(name), Cell::Text(BillionParams(m->params_b, ctx), true),
           Cell::Text(BillionParams(m->active_params_b, ctx), true),
           Cell::Text(ctx.fmt->Number(m->layers, 0), true), Cell::Text(heads, true),
           Cell::Text(ctx.fmt->WithUnit(kv / 1024.0, "KiB", 0), true),
           Cell::Text(NativeName(m->native_precision))},
          "model-" + m->id);
  }
  t.Note(ctx.T("table.models.note"));
  return t.Render();
}

}  // namespace

DirectiveSpec GpuModelsDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-models", Render);
  d.args = {Arg::Text("family")};
  d.reads = {"data:models", "data:assumptions"};
  return d;
}

}  // namespace gg
