// gpu-calculator [model=ID] [precision=P] [context=N] [gpu=ID]: the "Will it fit?" form of
// the calculator page. The form runs calc.wasm (the build's own calculator, compiled to
// WebAssembly) in the browser through assets/calculator.js; the page's Markdown carries the
// explanation and the links to the static tables, which are all a reader without JavaScript
// needs. So the form is rendered `hidden` and shown by the script once the module answers,
// and without calc.wasm among the assets (a binary built without the wasm toolchain) neither
// the form nor the script is published. Every label is a UI string of the page's language;
// the strings the script writes into results travel as JSON in the page.
#include <algorithm>

#include "base/text.h"
#include "calc/memory.h"
#include "directives/calc_form.h"
#include "directives/directive.h"

namespace gg {
namespace {

using namespace calcform;  // NOLINT: the form's vocabulary

// The UI strings the script needs for its results (calc.* keys and the shared column names).
const std::vector<std::string> kScriptStrings = {"calc.loading",
                                                 "calc.failed",
                                                 "calc.memory.caption",
                                                 "calc.part.weights",
                                                 "calc.part.kv",
                                                 "calc.part.activations",
                                                 "calc.part.gradients",
                                                 "calc.part.optimizer",
                                                 "calc.part.overhead",
                                                 "calc.part.total",
                                                 "calc.configs.caption",
                                                 "calc.configs.none",
                                                 "calc.summary",
                                                 "calc.summary.none",
                                                 "calc.maxctx.result",
                                                 "calc.maxctx.weights",
                                                 "calc.limited.memory",
                                                 "calc.limited.model",
                                                 "calc.substituted",
                                                 "calc.error",
                                                 "col.gpu",
                                                 "col.cards",
                                                 "col.config_price",
                                                 "col.tokens_per_s",
                                                 "calc.col.per_gpu_gb",
                                                 "calc.col.part",
                                                 "calc.col.gb",
                                                 "calc.unpriced",
                                                 "calc.config.empty",
                                                 "calc.config.invalid",
                                                 "calc.config.read",
                                                 "calc.config.too_large",
                                                 "calc.url.reset",
                                                 "calc.invalid.whole",
                                                 "calc.invalid.range",
                                                 "calc.invalid.min",
                                                 "calc.internal",
                                                 "price.estimated"};

// The box a reader pastes a config.json into (shown while the model is "config"), its note
// and the live message beside it (what was read, or why it cannot be used).
std::string ConfigField(const PageContext& ctx) {
  return "<p class=\"calc-field calc-config-field\" hidden><label for=\"calc-config\">" +
         HtmlEscape(ctx.T("calc.field.config")) + "</label>\n" +
         "<textarea id=\"calc-config\" name=\"config\" rows=\"8\" spellcheck=\"false\" "
         "autocomplete=\"off\" aria-describedby=\"calc-config-note calc-config-status\">"
         "</textarea>\n<span class=\"calc-note\" id=\"calc-config-note\">" +
         HtmlEscape(ctx.T("calc.config.note")) + "</span>\n" +
         "<span class=\"calc-config-status\" id=\"calc-config-status\" role=\"status\" "
         "aria-live=\"polite\"></span></p>\n";
}

std::string Render(const Args& a, const PageContext& ctx) {
  if (!CalculatorAvailable(ctx, "")) return "";
  const std::string& model_id = a.Text("model");
  const std::string& gpu_id = a.Text("gpu");
  const std::string& precision = a.Text("precision");

  std::vector<const LlmModel*> models;
  for (const auto& m : ctx.data->models) models.push_back(&m);
  std::stable_sort(models.begin(), models.end(), [](const LlmModel* x, const LlmModel* y) {
    return std::make_pair(x->params_b, x->id) < std::make_pair(y->params_b, y->id);
  });
  std::string model_opts;
  int64_t context_max = models.empty() ? 1 : models.front()->max_context;
  for (const LlmModel* m : models) {
    model_opts += Option(m->id, m->name, m->id == model_id,
                         Attr("data-max-context", std::to_string(m->max_context)));
    if (m->id == model_id) context_max = m->max_context;
  }
  // A pasted config.json: its own max_position_embeddings bounds the context (the calculator
  // says so), so the field allows up to the data's limit.
  model_opts +=
      Option("config", ctx.T("calc.model.config"), false, Attr("data-max-context", "1000000000"));
  std::string precision_opts;
  std::vector<std::string> precisions = {"native"};  // the format the model is published in
  for (const std::string& p : calc::PrecisionIds())
    if (p != "native") precisions.push_back(p);
  for (const std::string& p : precisions)
    precision_opts += Option(p, p == "native" ? ctx.T("calc.precision.native") : p, p == precision);
  std::string kv_opts;
  for (const std::string& p : calc::KvPrecisionIds()) kv_opts += Option(p, p, p == "bf16");
  std::string mode_opts;
  for (const char* m : {"inference", "full", "lora", "qlora"})
    mode_opts += Option(
        m, ctx.T(std::string(m) == "inference" ? "calc.mode.inference" : std::string("mode.") + m),
        std::string(m) == "inference");
  std::vector<const Gpu*> gpus;
  for (const auto& g : ctx.data->gpus) gpus.push_back(&g);
  std::stable_sort(gpus.begin(), gpus.end(),
                   [](const Gpu* x, const Gpu* y) { return x->name < y->name; });
  std::string gpu_opts;
  for (const Gpu* g : gpus) gpu_opts += Option(g->id, g->name, g->id == gpu_id);

  std::string h = OpenTool(ctx, "fit", "");
  h += "<form class=\"calc-form\" novalidate>\n<fieldset>\n<legend>" +
       HtmlEscape(ctx.T("calc.legend.model")) + "</legend>\n";
  h += Field("model", ctx.T("col.model"), Select("model", model_opts));
  h += ConfigField(ctx);
  h += Field("precision", ctx.T("calc.field.precision"), Select("precision", precision_opts));
  h += Field("kv_precision", ctx.T("calc.field.kv_precision"), Select("kv_precision", kv_opts));
  h += Field("context", ctx.T("calc.field.context"),
             NumberInput("context", a.Int("context"), context_max));
  h += Field("batch", ctx.T("calc.field.batch"), NumberInput("batch", 1, 4096));
  h += Field("mode", ctx.T("col.mode"), Select("mode", mode_opts));
  h +=
      "</fieldset>\n<fieldset>\n<legend>" + HtmlEscape(ctx.T("calc.legend.maxctx")) + "</legend>\n";
  h += Field("gpu", ctx.T("col.gpu"), Select("gpu", gpu_opts));
  h += Field("count", ctx.T("col.cards"), NumberInput("count", 1, 4096));
  h += RegionField(ctx, "region");
  h += "</fieldset>\n<p><button type=\"submit\">" + HtmlEscape(ctx.T("calc.submit")) +
       "</button></p>\n</form>\n";
  h += CloseTool(ctx, kScriptStrings);
  return h;
}

}  // namespace

DirectiveSpec GpuCalculatorDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-calculator", Render);
  // The form's first state (a shared URL overrides it); without model= or gpu=, the first of
  // the list.
  d.args = {Arg::Id("model", ArgType::kModel), Arg::Precision("precision").Default("q4_k_m"),
            Arg::Integer("context", 1, 1e9).Default("8192"), Arg::Id("gpu", ArgType::kGpu)};
  d.reads = {"data:models", "data:gpus"};
  return d;
}

}  // namespace gg
