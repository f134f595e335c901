// LLM directives: architectures, inference memory (models × precisions × contexts),
// training memory by mode, and which GPUs hold a model (how many, at what price, how fast).
#include <algorithm>
#include <cmath>

#include "base/suggest.h"
#include "base/text.h"
#include "calc/fit.h"
#include "calc/memory.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/html.h"
#include "directives/standard.h"

namespace gg {
namespace {

std::vector<std::string> With2(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

std::string ModelName(const LlmModel& m) {
  return m.name;
}

std::string ContextLabel(int64_t tokens, const PageContext& ctx) {
  if (tokens >= 1024 && tokens % 1024 == 0)
    return ctx.TF("unit.k_tokens", {{"v", ctx.fmt->Number(static_cast<double>(tokens / 1024), 0)}});
  return ctx.TF("unit.tokens", {{"v", ctx.fmt->Number(static_cast<double>(tokens), 0)}});
}

}  // namespace

void RegisterLlmTables(DirectiveRegistry* r) {
  r->AddBlock(
      "gpu-models", {"family"}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
        Args a(c, ctx.diags);
        std::string family = a.Or("family", "");
        const auto& as = ctx.computed->assumptions;
        HtmlTable t(CaptionOr(c, ctx.T("table.models.caption")));
        t.Columns({Cell::Text(ctx.T("col.model")), Cell::Text(ctx.T("col.params"), true),
                   Cell::Text(ctx.T("col.active_params"), true),
                   Cell::Text(ctx.T("col.layers"), true), Cell::Text(ctx.T("col.heads"), true),
                   Cell::Text(ctx.T("col.kv_per_token"), true), Cell::Text(ctx.T("col.native"))});
        std::vector<const LlmModel*> models;
        for (const auto& m : ctx.data->models)
          if (family.empty() || m.family == family) models.push_back(&m);
        std::stable_sort(models.begin(), models.end(), [](const LlmModel* x, const LlmModel* y) {
          return std::make_pair(x->params_b, x->id) < std::make_pair(y->params_b, y->id);
        });
        for (const LlmModel* m : models) {
          double kv = calc::KvCacheBytesPerToken(*m, calc::Precision::kBf16, as);
          std::string heads =
              ctx.fmt->Number(m->attention_heads, 0) + " / " + ctx.fmt->Number(m->kv_heads, 0);
          if (m->mla) heads += " (MLA)";
          std::string name = m->name;
          if (m->experts)
            name += " · MoE " + std::to_string(m->experts->active) + "/" +
                    std::to_string(m->experts->total);
          t.Row({Cell::Text(name),
                 Cell::Text(BillionParams(m->params_b, m->params_b < 10 ? 2 : 1, ctx), true),
                 Cell::Text(BillionParams(m->active_params_b, m->active_params_b < 10 ? 2 : 1, ctx),
                            true),
                 Cell::Text(ctx.fmt->Number(m->layers, 0), true), Cell::Text(heads, true),
                 Cell::Text(ctx.fmt->WithUnit(kv / 1024.0, "KiB", 0), true),
                 Cell::Text(m->native_precision)},
                "model-" + m->id);
        }
        t.Note(ctx.T("table.models.note"));
        return t.Render();
      });

  r->AddBlock(
      "gpu-vram", {"models", "precisions", "contexts", "batch", "kv"},
      [](const DirectiveCall& c, PageContext& ctx) -> std::string {
        Args a(c, ctx.diags);
        std::vector<const LlmModel*> models;
        for (const auto& id : a.List("models")) {
          const LlmModel* m = ctx.data->FindModel(id);
          if (!m) {
            std::vector<std::string> ids;
            for (const auto& x : ctx.data->models) ids.push_back(x.id);
            a.Fail("unknown model '" + id + "'", DidYouMean(id, ids));
            continue;
          }
          models.push_back(m);
        }
        std::vector<calc::Precision> precisions;
        for (const auto& id : a.List("precisions")) {
          calc::Precision p;
          if (ParsePrecisionArg(a, id, &p)) precisions.push_back(p);
        }
        std::vector<int64_t> contexts;
        for (const auto& s : a.List("contexts")) {
          char* end = nullptr;
          long long v = std::strtoll(s.c_str(), &end, 10);
          if (*end || v < 1)
            a.Fail("context '" + s + "' must be a whole number of tokens");
          else
            contexts.push_back(v);
        }
        calc::Precision kv = calc::Precision::kBf16;
        if (auto k = a.Get("kv")) ParsePrecisionArg(a, *k, &kv);
        int batch = a.Integer("batch", 1, 1, 4096);
        if (!a.ok()) return {};
        const auto& as = ctx.computed->assumptions;
        HtmlTable t(CaptionOr(c, ctx.T("table.vram.caption")));
        std::vector<Cell> head = {Cell::Text(ctx.T("col.model")),
                                  Cell::Text(ctx.T("col.context"), true)};
        for (auto p : precisions)
          head.push_back(Cell::Text(std::string(calc::PrecisionId(p)) + " (GB)", true));
        t.Columns(head);
        for (const LlmModel* m : models) {
          for (int64_t ctx_tokens : contexts) {
            std::vector<Cell> row = {Cell::Text(ModelName(*m)),
                                     Cell::Text(ContextLabel(ctx_tokens, ctx), true)};
            for (auto p : precisions) {
              calc::MemoryRequest req;
              req.precision = p;
              req.kv_precision = kv;
              req.context = ctx_tokens;
              req.batch = batch;
              auto mem = calc::EstimateMemory(*m, req, as);
              row.push_back(Cell::Text(ctx.fmt->Number(calc::ToGB(mem.total_bytes),
                                                       calc::ToGB(mem.total_bytes) < 100 ? 1 : 0),
                                       true));
            }
            t.Row(row);
          }
        }
        t.Note(ctx.TF("table.vram.note",
                      {{"overhead", ctx.fmt->Percent(as.runtime_overhead_fraction, 0)},
                       {"kv", calc::PrecisionId(kv)},
                       {"batch", ctx.fmt->Number(batch, 0)}}));
        return t.Render();
      });

  r->AddBlock(
      "gpu-training", {"model", "sequence", "batch"},
      [](const DirectiveCall& c, PageContext& ctx) -> std::string {
        Args a(c, ctx.diags);
        std::string mid = a.ModelId("model", *ctx.data);
        const auto& as = ctx.computed->assumptions;
        int seq = a.Integer("sequence", as.training_sequence_length, 1, 1'000'000);
        int batch = a.Integer("batch", as.training_micro_batch, 1, 4096);
        if (!a.ok()) return {};
        const LlmModel& m = *ctx.data->FindModel(mid);
        HtmlTable t(
            CaptionOr(c, ctx.TF("table.training.caption", {{"model", m.name},
                                                           {"seq", ctx.fmt->Number(seq, 0)},
                                                           {"batch", ctx.fmt->Number(batch, 0)}})));
        t.Columns({Cell::Text(ctx.T("col.mode")), Cell::Text(ctx.T("col.weights"), true),
                   Cell::Text(ctx.T("col.gradients"), true),
                   Cell::Text(ctx.T("col.optimizer"), true),
                   Cell::Text(ctx.T("col.activations"), true), Cell::Text(ctx.T("col.total"), true),
                   Cell::Text(ctx.T("col.fits_on"))});
        struct Variant {
          calc::MemoryMode mode;
          bool checkpoint;
        };
        for (Variant v :
             {Variant{calc::MemoryMode::kFull, false}, Variant{calc::MemoryMode::kFull, true},
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
          auto gb = [&](double b) {
            return ctx.fmt->Number(calc::ToGB(b), calc::ToGB(b) < 100 ? 1 : 0);
          };
          t.Row({Cell::Text(label), Cell::Text(gb(mem.weights_bytes), true),
                 Cell::Text(gb(mem.gradients_bytes), true),
                 Cell::Text(gb(mem.optimizer_bytes), true),
                 Cell::Text(gb(mem.activations_bytes), true), Cell::Text(gb(mem.total_bytes), true),
                 Cell::Text(fits)});
        }
        t.Note(ctx.T("table.training.note"));
        return t.Render();
      });

  r->AddBlock(
      "gpu-fit", With2(MemoryParams(), {"limit", "segment"}),
      [](const DirectiveCall& c, PageContext& ctx) -> std::string {
        Args a(c, ctx.diags);
        std::string mid = a.ModelId("model", *ctx.data);
        calc::MemoryRequest req = ParseMemoryRequest(a, true);
        int limit = a.Integer("limit", 20, 1, 1000);
        calc::FitOptions fo;
        fo.segments = a.SegmentFilter();
        if (!a.ok()) return {};
        const LlmModel& m = *ctx.data->FindModel(mid);
        const auto& as = ctx.computed->assumptions;
        auto fit = calc::FitModel(*ctx.data, m, req, ctx.computed->prices, as, fo);
        HtmlTable t(CaptionOr(c, ctx.TF("table.fit.caption",
                                        {{"model", m.name},
                                         {"precision", calc::PrecisionId(req.precision)},
                                         {"context", ContextLabel(*req.context, ctx)},
                                         {"total", ctx.fmt->Gigabytes(fit.memory.total_bytes)}})));
        t.Columns({Cell::Text(ctx.T("col.gpu")), Cell::Text(ctx.T("col.cards"), true),
                   Cell::Text(ctx.T("col.per_gpu"), true),
                   Cell::Text(ctx.T("col.config_price"), true),
                   Cell::Text(ctx.T("col.tokens_per_s"), true), Cell::Text(ctx.T("col.segment"))});
        int shown = 0;
        for (const auto& cfg : fit.configs) {
          if (!cfg.price_usd) continue;
          if (shown++ >= limit) break;
          const Gpu& g = *ctx.data->FindGpu(cfg.gpu);
          t.Row({Cell::Html(GpuLink(g, ctx)), Cell::Text(ctx.fmt->Number(cfg.count, 0), true),
                 Cell::Text(ctx.fmt->Gigabytes(cfg.per_gpu_bytes), true),
                 Cell::Text(ctx.fmt->Usd(*cfg.price_usd), true),
                 Cell::Text(cfg.tokens_per_s
                                ? ctx.fmt->Number(*cfg.tokens_per_s, *cfg.tokens_per_s < 10 ? 1 : 0)
                                : "—",
                            true),
                 Cell::Text(ctx.T(std::string("segment.") + SegmentId(cfg.segment)))});
        }
        t.Note(ctx.TF("table.fit.note",
                      {{"ctxgb", ctx.fmt->Number(as.cuda_context_gb, 2)},
                       {"eff", ctx.fmt->Percent(as.decode_bandwidth_efficiency, 0)}}));
        return t.Render();
      });
}

}  // namespace gg
