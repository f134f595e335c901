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
#include "calc/custom_machine.h"
#include "calc/memory.h"
#include "calc/placement.h"
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
                                                 "calc.config.problem.missing",
                                                 "calc.config.problem.invalid",
                                                 "calc.config.problem.too_large",
                                                 "calc.config.problem.unknown_architecture",
                                                 "calc.config.problem.no_architecture",
                                                 "calc.config.problem.not_object",
                                                 "calc.config.problem.invalid_json",
                                                 "calc.config.problem.too_big",
                                                 "calc.config.problem.shape",
                                                 "calc.config.problem.too_deep",
                                                 "calc.url.reset",
                                                 "calc.invalid.whole",
                                                 "calc.invalid.range",
                                                 "calc.invalid.min",
                                                 "calc.internal",
                                                 "price.estimated",
                                                 "col.machine",
                                                 "machine.itself",
                                                 "machine.desktop.name",
                                                 "machine.workstation.name",
                                                 "machine.server-pcie-4.name",
                                                 "machine.server-hgx-8.name",
                                                 "machine.custom.name",
                                                 "unit.machines",
                                                 "unit.machine_build",
                                                 "calc.offloaded",
                                                 "calc.ram.fits_reader",
                                                 "calc.ram.fits_typical",
                                                 "calc.ram.above_typical",
                                                 "calc.ram.unchecked",
                                                 "calc.ram.too_small",
                                                 "calc.ram.above_max",
                                                 "calc.mixed.offloaded",
                                                 "calc.ram.short.reader",
                                                 "calc.ram.short.machine",
                                                 "calc.mixed.caption",
                                                 "calc.mixed.fits",
                                                 "calc.mixed.memory",
                                                 "calc.mixed.machine",
                                                 "calc.col.share",
                                                 "calc.col.usable_gb",
                                                 "calc.limit.form_factor",
                                                 "calc.limit.slots",
                                                 "calc.limit.psu",
                                                 "calc.limit.circuit",
                                                 "calc.limit.connectors",
                                                 "calc.warning.pcie_lanes",
                                                 "calc.warning.no_p2p",
                                                 "calc.warning.vendors",
                                                 "calc.too_slow",
                                                 "calc.serving",
                                                 "calc.serving.knee",
                                                 "calc.serving.ttft",
                                                 "calc.engine.unsupported",
                                                 "calc.engine.card_unsupported",
                                                 "calc.engine.no_factor",
                                                 "calc.engine.level",
                                                 "calc.engine.level.official",
                                                 "calc.engine.level.community",
                                                 "calc.engine.level.experimental"};

// How a back end is spelled (proper names, the same in every language).
std::string BackendName(const std::string& id) {
  static const std::pair<const char*, const char*> kNames[] = {
      {"cuda", "CUDA"}, {"rocm", "ROCm"},   {"vulkan", "Vulkan"},
      {"sycl", "SYCL"}, {"metal", "Metal"}, {"xpu", "XPU"}};
  for (const auto& [key, name] : kNames)
    if (id == key) return name;
  return id;
}

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

// The build the answer must fit (calc/placement.h): the machine, a mixed set of cards, weights
// kept in system RAM and that memory's bandwidth; "auto" is each card's own machine.
std::string MachineFieldset(const PageContext& ctx) {
  std::string machine_opts = Option("auto", ctx.T("calc.machine.auto"), true);
  for (const Machine& m : ctx.data->machines)
    machine_opts += Option(m.id, ctx.T("machine." + m.id + ".name"), false);
  // The reader's own machine (calc/custom_machine.h): a desktop with their slots, PSU, circuit.
  machine_opts += Option(calc::kCustomMachineId, ctx.T("machine.custom.name"), false);
  std::string circuit_opts = Option("auto", ctx.T("calc.circuit.auto"), true);
  for (const Circuit* c : calc::NamedCircuits(*ctx.data))
    circuit_opts +=
        Option(calc::CircuitId(*c), ctx.T("calc.circuit." + calc::CircuitId(*c)), false);
  std::string offload_opts;
  for (const std::string& o : calc::OffloadIds())
    offload_opts += Option(o, ctx.T("calc.offload." + o), o == "none");
  std::string h = "</fieldset>\n<fieldset>\n<legend>" + HtmlEscape(ctx.T("calc.legend.machine")) +
                  "</legend>\n";
  h += Field("machine", ctx.T("col.machine"), Select("machine", machine_opts));
  h += "<div class=\"calc-custom-machine\" hidden>\n" +
       Field("custom_slots", ctx.T("calc.field.custom_slots"),
             NumberInput("custom_slots", 2, calc::kMaxCustomSlots)) +
       Field("custom_psu_w", ctx.T("calc.field.custom_psu_w"),
             DecimalInput("custom_psu_w", "1600", "20000")) +
       Field("custom_circuit", ctx.T("calc.field.custom_circuit"),
             Select("custom_circuit", circuit_opts)) +
       "</div>\n";
  h += "<p class=\"calc-field\"><label for=\"calc-gpus\">" + HtmlEscape(ctx.T("calc.field.gpus")) +
       "</label>\n<input id=\"calc-gpus\" name=\"gpus\" type=\"text\" autocomplete=\"off\" "
       "spellcheck=\"false\" aria-describedby=\"calc-gpus-note\" value=\"\">\n"
       "<span class=\"calc-note\" id=\"calc-gpus-note\">" +
       HtmlEscape(ctx.T("calc.gpus.note")) + "</span></p>\n";
  h += Field("offload", ctx.T("calc.field.offload"), Select("offload", offload_opts));
  h += Field("ram_gbs", ctx.T("calc.field.ram_gbs"), DecimalInput("ram_gbs", "", "100000"));
  h += Field("ram_gb", ctx.T("calc.field.ram_gb"), DecimalInput("ram_gb", "", "65536"));
  h += Field("min_tps", ctx.T("calc.field.min_tps"), DecimalInput("min_tps", "", "1000000"));
  return h;
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
  if (!ctx.data->engines.empty()) {
    // "": llama.cpp on each card's default back end (the speed model's reference).
    std::string engine_opts = Option("", ctx.T("calc.engine.default"), true);
    for (const Engine& e : ctx.data->engines) {
      engine_opts += Option(e.id, e.name, false);
      for (const std::string& b : e.backends)
        engine_opts += Option(e.id + "/" + b, e.name + " (" + BackendName(b) + ")", false);
    }
    h += Field("engine", ctx.T("calc.field.engine"), Select("engine", engine_opts));
  }
  h += Field("prompt_tokens", ctx.T("calc.field.prompt"),
             NumberInput("prompt_tokens", a.Int("prompt"), 1000000000));
  h +=
      "</fieldset>\n<fieldset>\n<legend>" + HtmlEscape(ctx.T("calc.legend.maxctx")) + "</legend>\n";
  h += Field("gpu", ctx.T("col.gpu"), Select("gpu", gpu_opts));
  h += Field("count", ctx.T("col.cards"), NumberInput("count", 1, 4096));
  h += MachineFieldset(ctx);
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
            Arg::Integer("context", 1, 1e9).Default("8192"), Arg::Id("gpu", ArgType::kGpu),
            Arg::Integer("prompt", 1, 1e9).Default("1024")};
  d.reads = {"data:models", "data:gpus", "data:machines", "data:engines"};
  return d;
}

}  // namespace gg
