// gpu-open-data: the data set the site is computed from, as published under /data/ (data/
// open_data.h): a table of the files per kind (JSON, and CSV for table-like kinds) with their
// record counts, the licence line and the data date, and a schema.org Dataset description of
// the same files as inline JSON-LD (escaped for a <script> element; nothing is loaded).
#include "base/text.h"
#include "data/open_data.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

// A JSON string literal that is also safe inside <script>: no "</script>", no "<!--".
std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '<':
        out += "\\u003c";
        break;
      case '>':
        out += "\\u003e";
        break;
      case '&':
        out += "\\u0026";
        break;
      case '\n':
        out += "\\n";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

std::string JsonLd(const std::vector<OpenDataFile>& files, const PageContext& ctx) {
  const SiteConfig& site = ctx.data->site;
  std::string j = "{\"@context\":\"https://schema.org\",\"@type\":\"Dataset\"";
  j += ",\"name\":" + JsonString(ctx.TF("open_data.name", {{"site", site.title}}));
  j += ",\"description\":" + JsonString(ctx.T("open_data.description"));
  j += ",\"url\":" + JsonString(site.base_url + ctx.lang->code + "/methodology/#open-data");
  j += ",\"inLanguage\":" + JsonString(ctx.lang->code);
  if (!site.data_license_url.empty()) j += ",\"license\":" + JsonString(site.data_license_url);
  if (!ctx.computed->data_date.empty())
    j += ",\"dateModified\":" + JsonString(ctx.computed->data_date);
  j += ",\"creator\":{\"@type\":\"Organization\",\"name\":" + JsonString(site.title) + "}";
  j += ",\"isBasedOn\":\"https://timdettmers.com/2023/01/30/which-gpu-for-deep-learning/\"";
  j += ",\"distribution\":[";
  for (size_t i = 0; i < files.size(); ++i) {
    j += std::string(i ? "," : "") +
         "{\"@type\":\"DataDownload\",\"name\":" + JsonString(files[i].path.substr(5)) +
         ",\"encodingFormat\":" +
         JsonString(files[i].format == "csv" ? "text/csv" : "application/json") +
         ",\"contentUrl\":" + JsonString(site.base_url + files[i].path) + "}";
  }
  return j + "]}";
}

std::string FileLink(const OpenDataFile& f, const PageContext& ctx) {
  return "<a href=\"" + HtmlEscape(ctx.Href(f.path)) + "\">" + HtmlEscape(f.path.substr(5)) +
         "</a>";
}

std::string Render(const Args& a, const PageContext& ctx) {
  const std::vector<OpenDataFile> files = OpenDataListing(*ctx.data);
  HtmlTable t(CaptionOr(a.call(), ctx.T("table.open_data.caption")));
  t.Columns({Cell::Text(ctx.T("col.data_kind")), Cell::Text(ctx.T("col.records"), true),
             Cell::Text("JSON"), Cell::Text("CSV")});
  for (size_t i = 0; i < files.size(); ++i) {
    if (files[i].format != "json") continue;
    std::string csv = "—";
    for (const auto& f : files)
      if (f.kind == files[i].kind && f.format == "csv") csv = FileLink(f, ctx);
    t.Row({Cell::Text(files[i].kind), Cell::Text(ctx.fmt->Number(files[i].records, 0), true),
           Cell::Html(FileLink(files[i], ctx)), Cell::Html(csv)});
  }
  const SiteConfig& site = ctx.data->site;
  std::string h = t.Render();
  h += "<p>" + HtmlEscape(ctx.TF("open_data.date",
                                 {{"date", ctx.computed->data_date.empty()
                                               ? std::string("—")
                                               : ctx.fmt->Date(ctx.computed->data_date)}}));
  if (!site.data_license.empty()) {
    std::string license = HtmlEscape(site.data_license);
    if (!site.data_license_url.empty())
      license = "<a href=\"" + HtmlEscape(site.data_license_url) + "\" rel=\"noopener license\">" +
                license + "</a>";
    h += " " + TFHtml(ctx, "open_data.license", {}, {{"license", license}});
  }
  h += "</p>";
  h += "<script type=\"application/ld+json\">" + JsonLd(files, ctx) + "</script>";
  return h;
}

}  // namespace

DirectiveSpec GpuOpenDataDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-open-data", Render);
  // The files' names and record counts (open-data:listing), not their values: a price edit
  // does not re-render the methodology.
  d.reads = {"data:site", "computed:prices-date", "open-data:listing"};
  return d;
}

}  // namespace gg
