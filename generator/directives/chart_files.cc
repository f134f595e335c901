#include "directives/chart_files.h"

#include "base/text.h"
#include "urls/urls.h"

namespace gg {

charts::Style PageChartStyle(const std::string& slug, const PageContext& ctx) {
  charts::Style s;
  s.width = 760;
  s.render_png = ctx.preview_image && ctx.out->og_image.empty();
  s.id_prefix = slug + "-";
  s.cache = ctx.cache;
  s.memo = ctx.drawings;
  return s;
}

charts::Style NarrowChartStyle(const std::string& slug, const PageContext& ctx) {
  charts::Style s;
  s.width = charts::Style::kMinWidth;
  s.render_png = false;
  s.id_prefix = slug + "-n-";
  s.cache = ctx.cache;
  s.memo = ctx.drawings;
  return s;
}

std::string PublishChart(const std::string& slug, const charts::RenderedChart& chart,
                         const charts::RenderedChart& narrow, const std::string& alt,
                         const std::string& caption, const std::string& data_table_html,
                         const PageContext& ctx) {
  auto path = [&](const char* ext) { return ChartPath(ctx.lang->code, slug, ext); };
  ctx.out->files.push_back({path("svg"), chart.svg});
  const bool has_narrow = !narrow.svg.empty();
  if (has_narrow) ctx.out->files.push_back({path("narrow.svg"), narrow.svg});
  if (!chart.png.empty()) {
    ctx.out->files.push_back({path("png"), chart.png});
    if (ctx.preview_image && ctx.out->og_image.empty()) ctx.out->og_image = path("png");
  }
  const std::string href = HtmlEscape(ctx.Href(path("svg")));
  std::string h = "<figure class=\"chart\" id=\"chart-" + HtmlEscape(slug) + "\">";
  h += "<a href=\"" + href + "\">";
  if (has_narrow) h += "<picture>";
  auto size = [](const charts::RenderedChart& c) {
    return " width=\"" + std::to_string(static_cast<int>(c.width)) + "\" height=\"" +
           std::to_string(static_cast<int>(c.height)) + "\"";
  };
  if (has_narrow)
    h += "<source srcset=\"" + HtmlEscape(ctx.Href(path("narrow.svg"))) +
         "\" media=\"(max-width: 560px)\"" + size(narrow) + ">";
  h += "<img src=\"" + href + "\" alt=\"" + HtmlEscape(alt) + "\"" + size(chart) +
       " loading=\"lazy\" decoding=\"async\">";
  if (has_narrow) h += "</picture>";
  h += "</a>";
  h += "<figcaption>" + HtmlEscape(caption);
  if (!data_table_html.empty())
    h += "<details class=\"chart-data\"><summary>" + HtmlEscape(ctx.T("chart.data")) +
         "</summary>" + data_table_html + "</details>";
  h += "</figcaption></figure>";
  return h;
}

}  // namespace gg
