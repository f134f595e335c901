// gpu-validation: the memory and speed model against every published figure of
// data/validation.json: the fitted decode lines (pooled and per platform), prefill lines and
// platform factors, engine factors; a table of the speed errors per hardware class (median
// |error|, bias, largest) and the same under leave-one-source-out; then one table per kind
// (weights, KV cache, compute buffer, CUDA context, total, fits, decode, prefill) with the
// relative error of each case and a caption that states the median and worst error against
// the kind's target.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <utility>

#include "base/text.h"
#include "calc/calibration.h"
#include "calc/memory.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

struct KindInfo {
  const char* id;
  double target;  // largest relative error the model aims for (issue targets; 0 = outcome)
};
// Order of the tables; targets: weights 3 %, KV exact for the engine convention (1 % for
// rounding in the logs), totals 10 %, compute buffers and contexts 25 %; speeds (issue 31):
// median |error| 12 % for decode, 25 % for prefill, and no hardware class biased by more
// than 10 % on median.
constexpr double kDecodeTarget = 0.12, kPrefillTarget = 0.25, kBiasTarget = 0.10;
constexpr KindInfo kKinds[] = {
    {"weights", 0.03}, {"kv_cache", 0.01}, {"compute_buffer", 0.25},  {"context_overhead", 0.25},
    {"total", 0.10},   {"fits", 0},        {"decode", kDecodeTarget}, {"prefill", kPrefillTarget}};

std::string Setup(const ValidationCase& c, const PageContext& ctx) {
  std::string s = c.engine + (c.backend.empty() ? "" : "/" + c.backend);
  if (!c.weights_format.empty())
    if (auto p = calc::ParsePrecision(c.weights_format))
      s += " · " + std::string(calc::PrecisionName(*p));
  if (!c.kv_format.empty())
    if (auto p = calc::ParsePrecision(c.kv_format))
      s += " · KV " + std::string(calc::PrecisionName(*p));
  if (c.context > 0) s += " · " + ContextLabel(c.context, ctx);
  if (const Gpu* g = ctx.data->FindGpu(c.gpu))
    s += " · " + CardsLabel(c.gpu_count, g->name, ctx);
  else if (c.gpu_count > 1)
    s += " · " + ctx.fmt->Number(c.gpu_count, 0) + "\u00A0× GPU";
  return s;
}

std::string Value(double v, const std::string& unit, const PageContext& ctx) {
  const int frac = std::fabs(v) < 10 ? 2 : (std::fabs(v) < 1000 ? 1 : 0);
  return ctx.fmt->Number(v, frac) + "\u00A0" + unit;
}

std::string KindTable(const KindInfo& kind, const std::vector<calc::ValidationResult>& rows,
                      const PageContext& ctx) {
  std::vector<const calc::ValidationResult*> mine;
  for (const auto& r : rows)
    if (r.c->kind == kind.id) mine.push_back(&r);
  if (mine.empty()) return {};
  const std::string name = ctx.T(std::string("validation.kind.") + kind.id);
  std::string caption;
  if (kind.target == 0) {
    int agree = 0;
    for (const auto* r : mine) agree += r->agrees;
    caption = ctx.TF("table.validation.caption_outcome",
                     {{"kind", name},
                      {"agree", ctx.fmt->Number(agree, 0)},
                      {"n", ctx.fmt->Number(static_cast<double>(mine.size()), 0)}});
  } else {
    std::vector<double> errors;
    for (const auto* r : mine)
      if (r->relative_error) errors.push_back(std::fabs(*r->relative_error));
    std::sort(errors.begin(), errors.end());
    const double median =
        errors.empty() ? 0 : (errors[(errors.size() - 1) / 2] + errors[errors.size() / 2]) / 2;
    caption = ctx.TF("table.validation.caption",
                     {{"kind", name},
                      {"n", ctx.fmt->Number(static_cast<double>(errors.size()), 0)},
                      {"median", ctx.fmt->Percent(median, 1)},
                      {"worst", ctx.fmt->Percent(errors.empty() ? 0 : errors.back(), 1)},
                      {"target", ctx.fmt->Percent(kind.target, 0)}});
  }
  HtmlTable t(caption);
  t.Columns({Cell::Text(ctx.T("col.model")), Cell::Text(ctx.T("col.setup")),
             Cell::Text(ctx.T("col.measured"), true), Cell::Text(ctx.T("col.computed"), true),
             Cell::Text(ctx.T("col.error"), true)});
  for (const auto* r : mine) {
    const ValidationCase& c = *r->c;
    const LlmModel* m = ctx.data->FindModel(c.model);
    std::vector<Cell> row = {Cell::Text(m ? m->name : "—"), Cell::Text(Setup(c, ctx))};
    if (kind.target == 0) {
      const bool runs = c.outcome == "runs";
      row.push_back(Cell::Text(ctx.T(runs ? "validation.runs" : "validation.oom"), true));
      row.push_back(Cell::Text(
          ctx.T(r->computed_fits.value_or(false) ? "validation.runs" : "validation.oom"), true));
      row.push_back(Cell::Text(r->agrees ? "✓" : "✗", true));
    } else {
      row.push_back(Cell::Text(c.measured ? Value(*c.measured, c.unit, ctx) : "—", true));
      row.push_back(Cell::Text(r->computed ? Value(*r->computed, c.unit, ctx) : "—", true));
      row.push_back(Cell::Text(r->relative_error ? ctx.fmt->Percent(*r->relative_error, 1)
                                                 : ctx.T("validation.not_computed"),
                               true));
    }
    t.Row(row, "validation-" + c.id);
  }
  return t.Render();
}

std::string DecodeLine(const char* kind, const calc::DecodeLine& line, const PageContext& ctx) {
  return "<li>" +
         HtmlEscape(ctx.TF("validation.decode_line",
                           {{"kind", ctx.T(kind)},
                            {"slope", ctx.fmt->Number(line.slope, 2, 2)},
                            {"fixed", ctx.fmt->Number(line.fixed_seconds * 1000, 2)},
                            {"n", ctx.fmt->Number(line.cases, 0)},
                            {"rms", ctx.fmt->Percent(line.rms_relative_error, 0)}})) +
         "</li>";
}

std::string PlatformName(calc::Platform p, const PageContext& ctx) {
  return ctx.T(std::string("validation.platform.") + calc::PlatformId(p));
}

// "Unified-memory systems (Apple)": a prefill class "unified/apple" as the reader reads it.
std::string ClassName(const std::string& cls, const PageContext& ctx) {
  const size_t slash = cls.find('/');
  const std::string platform = cls.substr(0, slash), vendor = cls.substr(slash + 1);
  static const std::pair<const char*, const char*> kVendors[] = {
      {"nvidia", "NVIDIA"}, {"amd", "AMD"}, {"intel", "Intel"}, {"apple", "Apple"}};
  std::string name = vendor;
  for (const auto& [id, shown] : kVendors)
    if (vendor == id) name = shown;
  return ctx.T("validation.platform." + platform) + " (" + name + ")";
}

std::string PlatformLine(calc::Platform p, const char* kind, const calc::DecodeLine& line,
                         const PageContext& ctx) {
  return "<li>" +
         HtmlEscape(ctx.TF(line.own_fixed ? "validation.decode_line_platform"
                                          : "validation.decode_line_platform_pooled",
                           {{"platform", PlatformName(p, ctx)},
                            {"kind", ctx.T(kind)},
                            {"slope", ctx.fmt->Number(line.slope, 2, 2)},
                            {"fixed", ctx.fmt->Number(line.fixed_seconds * 1000, 2)},
                            {"n", ctx.fmt->Number(line.cases, 0)},
                            {"rms", ctx.fmt->Percent(line.rms_relative_error, 0)}})) +
         "</li>";
}

std::string EnginePart(double factor, int runs, const PageContext& ctx) {
  if (runs >= 2)
    return ctx.TF("validation.engine_factor",
                  {{"factor", ctx.fmt->Number(factor, 2, 2)}, {"n", ctx.fmt->Number(runs, 0)}});
  return ctx.TF("validation.engine_nofactor", {{"n", ctx.fmt->Number(runs, 0)}});
}

// Median |error|, bias and largest error per kind and hardware class.
std::string SummaryTable(const std::string& caption,
                         const std::vector<calc::ValidationResult>& rows, const PageContext& ctx) {
  HtmlTable t(caption);
  t.Columns({Cell::Text(ctx.T("col.kind")), Cell::Text(ctx.T("col.class")),
             Cell::Text(ctx.T("col.runs"), true), Cell::Text(ctx.T("col.median_error"), true),
             Cell::Text(ctx.T("col.bias"), true), Cell::Text(ctx.T("col.worst"), true)});
  for (const char* kind : {"decode", "prefill"}) {
    std::vector<std::pair<std::string, std::optional<calc::Platform>>> classes = {
        {ctx.T("validation.all"), std::nullopt}};
    for (calc::Platform p : calc::kAllPlatforms) classes.push_back({PlatformName(p, ctx), p});
    for (const auto& [name, platform] : classes) {
      const calc::ErrorSummary s = calc::SummarizeErrors(*ctx.data, rows, kind, platform);
      if (s.n == 0) continue;
      t.Row({Cell::Text(ctx.T(std::string("validation.kind.") + kind)), Cell::Text(name),
             Cell::Text(ctx.fmt->Number(s.n, 0), true),
             Cell::Text(ctx.fmt->Percent(s.median_abs, 1), true),
             Cell::Text(ctx.fmt->Percent(s.median_signed, 1), true),
             Cell::Text(ctx.fmt->Percent(s.worst_abs, 1), true)});
    }
  }
  return t.Render();
}

std::string Render(const Args&, const PageContext& ctx) {
  const auto& as = ctx.computed->assumptions;
  const auto rows = calc::Validate(*ctx.data, as);
  std::string html = "<ul class=\"decode-lines\">" +
                     DecodeLine("validation.dense", as.decode_dense, ctx) +
                     DecodeLine("validation.moe", as.decode_moe, ctx);
  for (calc::Platform p : calc::kAllPlatforms) {
    const size_t i = static_cast<size_t>(p);
    if (as.decode_dense_on[i].cases > 0)
      html += PlatformLine(p, "validation.dense", as.decode_dense_on[i], ctx);
    if (as.decode_moe_on[i].cases > 0)
      html += PlatformLine(p, "validation.moe", as.decode_moe_on[i], ctx);
  }
  html += "</ul>";
  struct PrefillKind {
    const char* kind;
    const char* sentence;  // names the peak rate the line multiplies
    const calc::PrefillLine* line;
  };
  for (const PrefillKind& k :
       {PrefillKind{"validation.prefill16", "validation.prefill_line", &as.prefill_16bit},
        PrefillKind{"validation.prefillq", "validation.prefill_line", &as.prefill_quantized},
        PrefillKind{"validation.prefill4", "validation.prefill_line_fp4", &as.prefill_fp4}})
    if (const calc::PrefillLine* line = k.line; line->cases > 0)
      html.insert(html.size() - 5,  // inside the list, before "</ul>"
                  "<li>" +
                      HtmlEscape(ctx.TF(k.sentence,
                                        {{"kind", ctx.T(k.kind)},
                                         {"eff", ctx.fmt->Percent(line->efficiency, 0)},
                                         {"n", ctx.fmt->Number(line->cases, 0)},
                                         {"rms", ctx.fmt->Percent(line->rms_relative_error, 0)}})) +
                      "</li>");
  std::string factors;
  for (const auto& [cls, line] : as.prefill_class)
    if (line.cases > 0 && cls != calc::kPrefillReferenceClass)
      factors += "<li>" +
                 HtmlEscape(ctx.TF("validation.prefill_platform",
                                   {{"platform", ClassName(cls, ctx)},
                                    {"factor", ctx.fmt->Number(line.efficiency, 2, 2)},
                                    {"n", ctx.fmt->Number(line.cases, 0)},
                                    {"rms", ctx.fmt->Percent(line.rms_relative_error, 0)}})) +
                 "</li>";
  if (as.prefill_moe.cases > 0)
    factors +=
        "<li>" +
        HtmlEscape(ctx.TF("validation.prefill_moe",
                          {{"factor", ctx.fmt->Number(as.prefill_moe.efficiency, 2, 2)},
                           {"n", ctx.fmt->Number(as.prefill_moe.cases, 0)},
                           {"rms", ctx.fmt->Percent(as.prefill_moe.rms_relative_error, 0)}})) +
        "</li>";
  for (const auto& [key, f] : as.engine_factors)
    factors += "<li>" +
               HtmlEscape(ctx.TF("validation.engine_line",
                                 {{"engine", key},
                                  {"decode", EnginePart(f.decode, f.decode_runs, ctx)},
                                  {"prefill", EnginePart(f.prefill, f.prefill_runs, ctx)}})) +
               "</li>";
  if (!factors.empty()) html += "<ul class=\"decode-lines\">" + factors + "</ul>";
  const std::vector<std::pair<std::string, std::string>> targets = {
      {"decode", ctx.fmt->Percent(kDecodeTarget, 0)},
      {"prefill", ctx.fmt->Percent(kPrefillTarget, 0)},
      {"bias", ctx.fmt->Percent(kBiasTarget, 0)}};
  html += SummaryTable(ctx.TF("table.validation.summary_caption", targets), rows, ctx);
  html += SummaryTable(ctx.T("table.validation.loso_caption"),
                       calc::LeaveOneSourceOut(*ctx.data, as), ctx);
  for (const KindInfo& k : kKinds) html += KindTable(k, rows, ctx);
  return html;
}

}  // namespace

DirectiveSpec GpuValidationDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-validation", Render);
  d.reads = {"data:validation", "data:engines", "data:models", "data:gpus", "data:assumptions"};
  return d;
}

}  // namespace gg
