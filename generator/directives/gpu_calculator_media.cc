// gpu-calculator-media [pipeline=ID] [precision=P] [offload=M]: the "Image and video" tool of
// the calculator page: pipeline (data/genmodels.json), the denoiser's weight format,
// resolution (presets, or width and height), frames (video), steps and offload mode → the
// peak memory by phase (text encoding, denoising, VAE decode), the system RAM the offload mode
// needs, the cards that hold it in a desktop (calc/media_cards.h, cheapest first) and the time
// per image or clip (calcapi `media`), drawn by assets/calc-media.js.
//
// Unlike the other tools it works without JavaScript: the build writes the answer for the
// form's default settings (the same calc functions calcapi calls) into the results, and the
// form shows those settings, disabled until the script enables it (a form that cannot answer
// is not offered as one). With the script, the live answer replaces the static one.
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "base/suggest.h"
#include "base/text.h"
#include "calc/fit.h"
#include "calc/media.h"
#include "calc/media_cards.h"
#include "directives/calc_form.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

using namespace calcform;  // NOLINT: the form's vocabulary

// The cards listed; the answer says how many more hold it.
constexpr size_t kCardRows = 10;

const std::vector<std::string> kScriptStrings = {
    "calc.failed",
    "calc.error",
    "calc.url.reset",
    "calc.invalid.whole",
    "calc.invalid.range",
    "calc.invalid.min",
    "calc.internal",
    "calc.unpriced",
    "col.gpu",
    "price.estimated",
    "calc.media.summary.text_encoding",
    "calc.media.summary.denoising",
    "calc.media.summary.vae_decode",
    "calc.media.summary.ram",
    "calc.media.summary.noram",
    "calc.media.summary.image",
    "calc.media.summary.video",
    "calc.media.summary.nocard",
    "calc.media.phases.caption",
    "calc.media.col.phase",
    "calc.media.col.weights",
    "calc.media.col.activations",
    "calc.media.col.total",
    "calc.media.col.ram",
    "calc.media.phase.text_encoding",
    "calc.media.phase.denoising",
    "calc.media.phase.vae_decode",
    "calc.media.peak",
    "calc.media.note",
    "calc.media.cards.caption",
    "calc.media.col.usable",
    "calc.media.col.price",
    "calc.media.col.image",
    "calc.media.col.video",
    "calc.media.col.per_second",
    "calc.media.cards.more",
    "calc.media.seconds",
    "calc.media.minutes",
    "calc.media.hours",
};

// Resolution presets (width, height): square images, the common 16:9 and 3:2 video and photo
// sizes, and the native sizes of the pipelines in the data.
const std::pair<int, int> kSizes[] = {
    {512, 512},  {768, 768}, {1024, 1024}, {1328, 1328}, {1536, 1536}, {2048, 2048}, {1216, 832},
    {832, 1216}, {704, 512}, {832, 480},   {1280, 704},  {1280, 720},  {720, 1280},  {1920, 1080}};

const char* const kOffloads[] = {"none", "phases", "model", "sequential"};

// Weight formats as their tools name them.
std::string FormatLabel(const std::string& id) {
  if (id == "q8_0" || id == "q5_k" || id == "q4_k") {
    std::string upper = id;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](char c) {
      return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    });
    return "GGUF " + upper;
  }
  if (id == "nf4") return "NF4 (bitsandbytes)";
  std::string upper = id;
  std::transform(upper.begin(), upper.end(), upper.begin(), [](char c) {
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
  });
  return upper;
}

std::string SizeId(int w, int h) {
  return std::to_string(w) + "x" + std::to_string(h);
}

// The same markup as table() of assets/calculator.js, so the script's answer replaces this one
// without moving anything.
std::string ScrollTable(const std::string& caption, const std::vector<std::string>& headers,
                        const std::vector<std::vector<std::string>>& rows_html,
                        const std::vector<bool>& numeric) {
  std::string h = "<div class=\"table-scroll\" role=\"region\" tabindex=\"0\"" +
                  Attr("aria-label", caption) + "><table class=\"data\"><caption>" +
                  HtmlEscape(caption) + "</caption><thead><tr>";
  for (size_t i = 0; i < headers.size(); ++i)
    h += std::string("<th scope=\"col\"") + (numeric[i] ? " class=\"num\"" : "") + ">" +
         HtmlEscape(headers[i]) + "</th>";
  h += "</tr></thead><tbody>";
  for (const auto& row : rows_html) {
    h += "<tr>";
    for (size_t i = 0; i < row.size(); ++i)
      h += i == 0
               ? "<th scope=\"row\">" + row[i] + "</th>"
               : std::string("<td") + (numeric[i] ? " class=\"num\"" : "") + ">" + row[i] + "</td>";
    h += "</tr>";
  }
  return h + "</tbody></table></div>";
}

// A duration as assets/calc-media.js writes it: seconds under 100, minutes under 100, hours.
std::string Duration(double s, const PageContext& ctx) {
  if (s < 100) return ctx.TF("calc.media.seconds", {{"n", ctx.fmt->Number(s, s < 10 ? 1 : 0)}});
  if (s < 6000) return ctx.TF("calc.media.minutes", {{"n", ctx.fmt->Number(s / 60, 1)}});
  return ctx.TF("calc.media.hours", {{"n", ctx.fmt->Number(s / 3600, 1)}});
}

std::string Gb(double bytes, const PageContext& ctx) {
  return ctx.fmt->Number(bytes / 1e9, 1, 1);
}

// The answer for the form's default settings: the summary (in the status line) and the
// results, as assets/calc-media.js writes them.
struct StaticAnswer {
  std::string status;
  std::string results;
};

StaticAnswer Answer(const MediaPipeline& p, const calc::MediaRequest& q,
                    const calc::MediaConstants& k, const PageContext& ctx) {
  const auto& as = ctx.computed->assumptions;
  const calc::MediaEstimate e = calc::EstimateMedia(p, q, k);
  const calc::MediaCardsResult cards = calc::MediaCards(*ctx.data, p, q, e, k, ctx.computed->prices,
                                                        as, ctx.data->FindMachine("desktop"), {});
  StaticAnswer out;
  std::vector<std::string> said = {
      ctx.TF("calc.media.summary." + e.peak_phase, {{"peak", Gb(e.peak_bytes, ctx)}})};
  said.push_back(e.host_bytes > 0
                     ? ctx.TF("calc.media.summary.ram", {{"ram", Gb(e.host_bytes, ctx)}})
                     : ctx.T("calc.media.summary.noram"));
  const bool video = p.kind == "video";
  auto price_text = [&](const calc::MediaCard& c) {
    // The page region's money, as the live answer (calcapi `media` with the form's region).
    return (c.price->estimated ? std::string("≈ ") : "") + ctx.fmt->Money(c.price->usd);
  };
  const calc::MediaCard* cheapest =
      !cards.cards.empty() && cards.cards[0].price ? &cards.cards[0] : nullptr;
  if (cheapest) {
    const Gpu* g = ctx.data->FindGpu(cheapest->gpu);
    said.push_back(
        ctx.TF(video ? "calc.media.summary.video" : "calc.media.summary.image",
               {{"gpu", g->name},
                {"price", price_text(*cheapest)},
                {"time", Duration(cheapest->speed.total_seconds, ctx)},
                {"per_second", Duration(cheapest->speed.seconds_per_video_second, ctx)}}));
  } else {
    said.push_back(ctx.T("calc.media.summary.nocard"));
  }
  for (size_t i = 0; i < said.size(); ++i) out.status += (i ? " " : "") + said[i];

  std::vector<std::vector<std::string>> rows;
  for (const auto& ph : e.phases) {
    const std::string name = ctx.T("calc.media.phase." + ph.id);
    rows.push_back(
        {HtmlEscape(ph.id == e.peak_phase ? ctx.TF("calc.media.peak", {{"phase", name}}) : name),
         Gb(ph.weights_bytes, ctx), Gb(ph.activation_bytes, ctx), Gb(ph.total_bytes, ctx),
         Gb(ph.host_bytes, ctx)});
  }
  out.results = ScrollTable(ctx.T("calc.media.phases.caption"),
                            {ctx.T("calc.media.col.phase"), ctx.T("calc.media.col.weights"),
                             ctx.T("calc.media.col.activations"), ctx.T("calc.media.col.total"),
                             ctx.T("calc.media.col.ram")},
                            rows, {false, true, true, true, true});
  out.results +=
      "<p class=\"calc-note\">" +
      HtmlEscape(ctx.TF("calc.media.note", {{"context", ctx.fmt->Number(as.cuda_context_gb, 2)}})) +
      "</p>";
  if (cards.cards.empty()) return out;
  rows.clear();
  for (size_t i = 0; i < cards.cards.size() && i < kCardRows; ++i) {
    const calc::MediaCard& c = cards.cards[i];
    std::vector<std::string> row = {
        HtmlEscape(ctx.data->FindGpu(c.gpu)->name), Gb(c.usable_bytes, ctx),
        c.price
            ? (c.price->estimated ? EstimateMark(ctx) : "") + HtmlEscape(ctx.fmt->Money(c.price->usd))
            : HtmlEscape(ctx.T("calc.unpriced")),
        HtmlEscape(Duration(c.speed.total_seconds, ctx))};
    if (video) row.push_back(HtmlEscape(Duration(c.speed.seconds_per_video_second, ctx)));
    rows.push_back(std::move(row));
  }
  std::vector<std::string> headers = {
      ctx.T("col.gpu"), ctx.T("calc.media.col.usable"), ctx.T("calc.media.col.price"),
      ctx.T(video ? "calc.media.col.video" : "calc.media.col.image")};
  std::vector<bool> numeric = {false, true, true, true};
  if (video) {
    headers.push_back(ctx.T("calc.media.col.per_second"));
    numeric.push_back(true);
  }
  out.results += ScrollTable(ctx.T("calc.media.cards.caption"), headers, rows, numeric);
  if (cards.cards.size() > kCardRows)
    out.results +=
        "<p class=\"calc-note\">" +
        HtmlEscape(ctx.TF(
            "calc.media.cards.more",
            {{"n", ctx.fmt->Number(static_cast<double>(cards.cards.size() - kCardRows), 0)}})) +
        "</p>";
  return out;
}

std::string Render(const Args& a, const PageContext& ctx) {
  if (!CalculatorAvailable(ctx, "calc-media.js")) return "";
  const MediaPipeline* chosen = ctx.data->FindPipeline(a.Text("pipeline"));
  if (chosen == nullptr) {
    std::vector<std::string> ids;
    for (const auto& p : ctx.data->media) ids.push_back(p.id);
    a.Fail("unknown pipeline '" + a.Text("pipeline") + "'", DidYouMean(a.Text("pipeline"), ids));
    return "";
  }
  Diagnostics diags;
  const calc::MediaConstants k = calc::ResolveMediaConstants(*ctx.data, &diags);
  if (diags.HasErrors()) {
    a.Fail("data/genmodels.json has unusable constants");
    return "";
  }
  calc::MediaRequest q;
  q.precision = a.Text("precision");
  q.offload = *calc::ParseMediaOffload(a.Text("offload"));
  q.width = chosen->default_width;
  q.height = chosen->default_height;
  q.frames = chosen->kind == "video" ? chosen->default_frames : 1;
  q.steps = chosen->default_steps;

  std::string pipelines;
  for (const char* kind : {"image", "video"}) {
    std::string options;
    for (const MediaPipeline& p : ctx.data->media) {
      if (p.kind != kind) continue;
      options +=
          Option(p.id, p.name, &p == chosen,
                 Attr("data-kind", p.kind) + Attr("data-width", std::to_string(p.default_width)) +
                     Attr("data-height", std::to_string(p.default_height)) +
                     Attr("data-frames", std::to_string(p.default_frames)) +
                     Attr("data-steps", std::to_string(p.default_steps)));
    }
    if (!options.empty())
      pipelines += "<optgroup" + Attr("label", ctx.T(std::string("calc.media.kind.") + kind)) +
                   ">" + options + "</optgroup>";
  }
  std::string precisions;
  for (const std::string& id : calc::MediaPrecisionIds())
    precisions += Option(id, FormatLabel(id), id == q.precision);
  std::string sizes;
  bool preset = false;
  for (const auto& [w, h] : kSizes) {
    const bool here = w == q.width && h == q.height;
    preset = preset || here;
    sizes += Option(SizeId(w, h), std::to_string(w) + " × " + std::to_string(h), here);
  }
  sizes += Option("custom", ctx.T("calc.media.size.custom"), !preset);
  std::string offloads;
  for (const char* m : kOffloads)
    offloads += Option(m, ctx.T(std::string("calc.media.offload.") + m), m == a.Text("offload"));

  const StaticAnswer answer = Answer(*chosen, q, k, ctx);
  std::string h = OpenTool(ctx, "media", "calc-media.js");
  // Shown without JavaScript too: the static answer is the content.
  const std::string needs_js = "calculator needs-js\"";
  h.replace(h.find(needs_js), needs_js.size(), "calculator calc-media\" data-static");
  h += "<form class=\"calc-form\" novalidate>\n<fieldset class=\"calc-media-fields\" disabled>\n"
       "<legend>" +
       HtmlEscape(ctx.T("calc.media.legend")) + "</legend>\n";
  h += Field("m-pipeline", ctx.T("calc.media.field.pipeline"), Select("m-pipeline", pipelines));
  h += Field("m-precision", ctx.T("calc.media.field.precision"), Select("m-precision", precisions));
  h += Field("m-size", ctx.T("calc.media.field.size"), Select("m-size", sizes));
  h +=
      Field("m-width", ctx.T("calc.media.field.width"), NumberInput("m-width", q.width, 16384, 64));
  h += Field("m-height", ctx.T("calc.media.field.height"),
             NumberInput("m-height", q.height, 16384, 64));
  h += Field("m-frames", ctx.T("calc.media.field.frames"),
             NumberInput("m-frames", chosen->default_frames, 10000, 1));
  h += Field("m-steps", ctx.T("calc.media.field.steps"), NumberInput("m-steps", q.steps, 1000, 1));
  h += Field("m-offload", ctx.T("calc.media.field.offload"), Select("m-offload", offloads));
  h += RegionField(ctx, "m-region");
  h += "<p class=\"needs-js\"><button type=\"submit\">" + HtmlEscape(ctx.T("calc.media.submit")) +
       "</button></p>\n</fieldset>\n</form>\n";
  h += "<noscript><p class=\"calc-note\">" + HtmlEscape(ctx.T("calc.media.nojs")) +
       "</p></noscript>\n";
  nlohmann::json names = nlohmann::json::object();
  for (const Gpu& g : ctx.data->gpus) names[g.id] = g.name;
  h += JsonScript("calc-names",
                  names.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  // CloseTool's empty status and results, filled with the static answer.
  std::string close = CloseTool(ctx, kScriptStrings);
  const std::string status = "aria-live=\"polite\"></p>";
  close.insert(close.find(status) + status.size() - 4, HtmlEscape(answer.status));
  const std::string results = "<div class=\"calc-results\">";
  close.insert(close.find(results) + results.size(), answer.results);
  return h + close;
}

}  // namespace

DirectiveSpec GpuCalculatorMediaDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-calculator-media", Render);
  d.args = {Arg::Text("pipeline").Default("flux.1-dev"),
            Arg::Choice("precision", calc::MediaPrecisionIds()).Default("fp8"),
            Arg::Choice("offload", {"none", "phases", "model", "sequential"}).Default("none")};
  d.reads = {"data:gpus",        "data:genmodels",          "data:machines",
             "data:assumptions", "computed:current-prices", "data:prices",
             "data:regions"};
  return d;
}

}  // namespace gg
