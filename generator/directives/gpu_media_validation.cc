// gpu-media-validation: the image and video calculation against every published figure of
// data/genvalidation.json (calc/media_validation.h), one table for peak VRAM and one for
// speed, each case with its setup, the measured and computed figures, the error and the
// source's date linked to it; the captions state the median and worst |error| against the
// targets (memory within 10 %, speed median within 20 %).
#include <cmath>

#include "base/text.h"
#include "calc/media_validation.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "directives/media_helpers.h"

namespace gg {
namespace {

constexpr double kMemoryTarget = 0.10;
constexpr double kSpeedTarget = 0.20;

std::string Setup(const MediaCase& c, const PageContext& ctx) {
  std::string s = c.engine + " · " + MediaPrecisionName(c.precision) + " · " +
                  std::to_string(c.width) + "\u00A0×\u00A0" + std::to_string(c.height);
  if (c.frames > 1)
    s += " · " + ctx.TF("media.validation.frames", {{"n", std::to_string(c.frames)}});
  if (c.steps > 0) s += " · " + ctx.TF("media.validation.steps", {{"n", std::to_string(c.steps)}});
  calc::MediaMode m;
  m.offload = calc::ParseMediaOffload(c.offload).value_or(calc::MediaOffload::kNone);
  m.tiled_vae = c.tiled_vae;
  s += " · " + MediaModeLabel(m, ctx);
  if (const Gpu* g = ctx.data->FindGpu(c.gpu)) s += " · " + g->name;
  return s;
}

std::string KindTable(const calc::MediaValidationKind& kind, bool memory, const PageContext& ctx) {
  if (kind.cases.empty()) return "";
  const std::string n = ctx.fmt->Number(static_cast<double>(kind.cases.size()), 0);
  const std::string caption =
      memory ? ctx.TF("media.validation.caption.memory",
                      {{"n", n},
                       {"within", ctx.fmt->Number(kind.within_10, 0)},
                       {"median", ctx.fmt->Percent(kind.median_abs_error, 1)},
                       {"worst", ctx.fmt->Percent(kind.worst_abs_error, 1)},
                       {"target", ctx.fmt->Percent(kMemoryTarget, 0)}})
             : ctx.TF("media.validation.caption.speed",
                      {{"n", n},
                       {"median", ctx.fmt->Percent(kind.median_abs_error, 1)},
                       {"worst", ctx.fmt->Percent(kind.worst_abs_error, 1)},
                       {"target", ctx.fmt->Percent(kSpeedTarget, 0)},
                       {"loso", ctx.fmt->Percent(kind.loso_median_abs_error, 1)}});
  HtmlTable t(caption);
  t.Columns({Cell::Text(ctx.T("media.fit.col.pipeline")), Cell::Text(ctx.T("col.setup")),
             Cell::Text(ctx.T("col.measured"), true), Cell::Text(ctx.T("col.computed"), true),
             Cell::Text(ctx.T("col.error"), true), Cell::Text(ctx.T("col.date"))});
  for (const auto& r : kind.cases) {
    const MediaCase& c = *r.c;
    const MediaPipeline* p = ctx.data->FindPipeline(c.pipeline);
    auto value = [&](double v) {
      return memory ? ctx.fmt->Gigabytes(v * 1e9) : MediaDuration(v, ctx);
    };
    // The source's address, linked from its date; the whole source text is the link's title.
    std::string url = c.prov.source;
    const size_t http = url.find("https://");
    url = http == std::string::npos ? "" : url.substr(http, url.find_first_of(" )", http) - http);
    const std::string date = ctx.fmt->Date(c.prov.as_of);
    t.Row({Cell::Text(p ? p->name : c.pipeline), Cell::Text(Setup(c, ctx)),
           Cell::Text(value(r.measured), true), Cell::Text(value(r.computed), true),
           Cell::Text(ctx.fmt->Percent(std::fabs(r.error) < 0.0005 ? 0.0 : r.error, 1), true),
           Cell::Html(url.empty() ? HtmlEscape(date)
                                  : "<a href=\"" + HtmlEscape(url) + "\" rel=\"noopener\">" +
                                        HtmlEscape(date) + "</a>")},
          "media-validation-" + c.id);
  }
  return t.Render();
}

std::string Render(const Args& a, const PageContext& ctx) {
  const auto k = MediaConstantsOf(a, ctx);
  if (!k) return "";
  const calc::MediaValidation v = calc::ValidateMedia(*ctx.data, *k);
  return KindTable(v.memory, true, ctx) + KindTable(v.speed, false, ctx);
}

}  // namespace

DirectiveSpec GpuMediaValidationDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-media-validation", Render);
  d.reads = {"data:gpus", "data:genmodels", "data:genvalidation"};
  return d;
}

}  // namespace gg
