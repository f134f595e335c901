#include "directives/html.h"

#include "i18n/typography.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "base/text.h"
#include "directives/computed.h"
#include "urls/urls.h"

namespace gg {

Cell Cell::Text(const std::string& text, bool num) {
  return Cell{HtmlEscape(text), num, "", ""};
}
Cell Cell::Html(std::string html, bool num) {
  return Cell{std::move(html), num, "", ""};
}
Cell Cell::SortBy(double value) && {
  sort = DataNumber(value);
  return std::move(*this);
}

std::string DataNumber(double value) {
  if (!std::isfinite(value)) return "";
  char buf[40];
  // Shortest form that reads back to the same double: fixed or scientific, whichever is shorter.
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
  return ec == std::errc() ? std::string(buf, end) : std::string();
}

void HtmlTable::Row(std::vector<Cell> cells, const std::string& row_id, RowData data) {
  rows_.push_back({row_id, std::move(cells), std::move(data)});
}

namespace {
std::string Classes(const Cell& c) {
  std::string cls = c.num ? "num" : "";
  if (!c.cls.empty()) cls += (cls.empty() ? "" : " ") + c.cls;
  std::string attrs = cls.empty() ? "" : " class=\"" + cls + "\"";
  if (!c.sort.empty()) attrs += " data-sort=\"" + HtmlEscape(c.sort) + "\"";
  return attrs;
}

// A header cell's text for an attribute: its HTML without tags (entities stay escaped).
std::string LabelOf(const Cell& header) {
  std::string out;
  bool in_tag = false;
  for (char ch : header.html) {
    if (ch == '<') in_tag = true;
    if (!in_tag) out += ch == '"' ? std::string("&quot;") : std::string(1, ch);
    if (ch == '>') in_tag = false;
  }
  return out;
}
}  // namespace

std::string HtmlTable::Render() const {
  // The wrapper scrolls sideways on a phone: keyboard users must be able to reach it, and
  // screen readers announce it by its caption. A card table is the same table with each value
  // cell naming its column in data-label (shown by CSS on a phone). No ARIA table roles: the
  // HTML standard forbids them on the rows and cells of a <table> (vnu reports an error), and
  // Chromium and Firefox keep a table's semantics when its display changes.
  const bool cards = layout_ == TableLayout::kCards;
  const bool explore = !explore_.empty();
  std::string h;
  if (explore) {
    std::vector<std::string> labels;
    for (const auto& c : headers_) labels.push_back(LabelOf(c));
    std::vector<const ExploreRow*> rows;
    for (const auto& r : rows_) rows.push_back(&r.data);
    h += ExploreFormHtml(words_, labels, rows);
  }
  h += std::string("<div class=\"table-scroll") + (cards ? " table-cards" : "") +
       "\" role=\"region\" tabindex=\"0\" aria-label=\"" + HtmlEscape(caption_) + "\"" +
       (explore_.empty() ? "" : " data-explore=\"" + HtmlEscape(explore_) + "\"") +
       "><table class=\"data\">";
  if (!caption_.empty()) h += "<caption>" + HtmlEscape(caption_) + "</caption>";
  h += "<thead><tr>";
  for (const auto& c : headers_)
    h += "<th scope=\"col\"" + Classes(c) + ">" + (explore ? SortableHeader(c.html) : c.html) +
         "</th>";
  h += "</tr></thead><tbody>";
  for (const auto& [id, cells, data] : rows_) {
    h += id.empty() ? "<tr" : "<tr id=\"" + HtmlEscape(id) + "\"";
    for (const auto& [name, value] : data)
      h += " data-" + HtmlEscape(name) + "=\"" + HtmlEscape(value) + "\"";
    h += ">";
    for (size_t i = 0; i < cells.size(); ++i) {
      std::string open = i == 0 ? "th scope=\"row\"" : "td";
      if (cards && i > 0 && i < headers_.size())
        open += " data-label=\"" + LabelOf(headers_[i]) + "\"";
      h += "<" + open + Classes(cells[i]) + ">" + cells[i].html + (i == 0 ? "</th>" : "</td>");
    }
    h += "</tr>";
  }
  h += "</tbody></table></div>";
  if (!note_.empty()) h += "<p class=\"table-note\">" + HtmlEscape(note_) + "</p>";
  return h;
}

std::string GpuHref(const Gpu& gpu, const PageContext& ctx) {
  return ctx.Href(GpuPagePath(ctx.lang->code, gpu.id));
}

std::string GpuLink(const Gpu& gpu, const PageContext& ctx) {
  return "<a href=\"" + HtmlEscape(GpuHref(gpu, ctx)) + "\">" + HtmlEscape(gpu.name) + "</a>";
}

std::vector<std::string> SpecFieldIds() {
  return {"memory_gb",   "bandwidth_gbs", "l2_mb",           "fp16_tflops",
          "fp8_tflops",  "int8_tops",     "tdp_w",           "launch_price_usd",
          "launch_date", "nvlink_gbs",    "memory_type",     "architecture",
          "pcie_gen",    "slots",         "usable_memory_gb"};
}

std::string FormatSpec(const Gpu& g, const std::string& field, const PageContext& ctx) {
  const Formatter& f = *ctx.fmt;
  const std::string none = "—";
  if (field == "memory_gb") return f.WithUnit(g.memory_gb, "GB", 0);
  if (field == "bandwidth_gbs") return f.WithUnit(g.bandwidth_gbs, "GB/s", 0);
  if (field == "l2_mb") return f.WithUnit(g.l2_mb, "MB", 1);
  if (field == "fp16_tflops") return f.WithUnit(g.fp16_tflops, "TFLOPS", 1);
  if (field == "fp8_tflops") return g.fp8_tflops ? f.WithUnit(*g.fp8_tflops, "TFLOPS", 1) : none;
  if (field == "fp4_tflops") return g.fp4_tflops ? f.WithUnit(*g.fp4_tflops, "TFLOPS", 1) : none;
  if (field == "int8_tops") return g.int8_tops ? f.WithUnit(*g.int8_tops, "TOPS", 1) : none;
  if (field == "tdp_w") return f.WithUnit(g.tdp_w, "W", 0);
  if (field == "launch_price_usd") return g.launch_price_usd ? f.Usd(*g.launch_price_usd) : none;
  if (field == "launch_date") return f.Date(g.launch_date);
  if (field == "nvlink_gbs") return g.nvlink_gbs > 0 ? f.WithUnit(g.nvlink_gbs, "GB/s", 0) : none;
  if (field == "memory_type") return g.memory_type;
  if (field == "architecture") return g.architecture;
  if (field == "pcie_gen")
    return g.form_factor == "pcie" || g.pcie_gen > 0 ? "PCIe " + std::to_string(g.pcie_gen) : none;
  if (field == "slots") return g.slots > 0 ? f.Number(g.slots, 1) : none;
  if (field == "usable_memory_gb")
    return g.usable_memory_gb ? f.WithUnit(*g.usable_memory_gb, "GB", 0) : none;
  return none;
}

std::string FormatAssumption(const Assumption& a, const PageContext& ctx) {
  const Formatter& f = *ctx.fmt;
  if (a.is_text) {
    if (const Gpu* g = ctx.data->FindGpu(a.text)) return g->name;
    if (const CloudOffer* o = ctx.data->FindOffer(a.text)) return o->provider + " · " + o->id;
    return a.text;
  }
  // The money a region's view replaces (calc/regions.h): its electricity price, and the US
  // estimates of the rest of a machine, converted.
  if (ctx.computed != nullptr && ctx.computed->region != nullptr) {
    const auto& as = ctx.computed->assumptions;
    if (a.id == "electricity_usd_per_kwh")
      return ctx.TF("unit.usd_per_kwh", {{"v", f.Money(as.electricity_usd_per_kwh, true)}});
    if (a.id == "desktop_system_cost_usd")
      return f.Money(as.desktop_system_cost_usd) + ConvertedText(ctx);
    if (a.id == "server_cost_per_gpu_usd")
      return ctx.TF("unit.per_gpu", {{"v", f.Money(as.server_cost_per_gpu_usd)}}) +
             ConvertedText(ctx);
  }
  const std::string& u = a.unit;
  if (StartsWith(u, "fraction")) return f.Percent(a.number, 1);
  if (u == "USD/kWh") return ctx.TF("unit.usd_per_kwh", {{"v", f.Usd(a.number, true)}});
  if (u == "USD") return f.Usd(a.number);
  if (u == "USD per GPU") return ctx.TF("unit.per_gpu", {{"v", f.Usd(a.number)}});
  if (u == "W") return f.WithUnit(a.number, "W", 0);
  if (u == "W per GPU") return ctx.TF("unit.per_gpu", {{"v", f.WithUnit(a.number, "W", 0)}});
  if (u == "GB per GPU") return ctx.TF("unit.per_gpu", {{"v", f.WithUnit(a.number, "GB", 2)}});
  if (u == "years") return f.Message(ctx.T("unit.years"), "v", std::round(a.number * 10) / 10);
  if (u == "days") return f.Message(ctx.T("unit.days"), "v", std::round(a.number));
  if (u == "tokens") return ctx.TF("unit.tokens", {{"v", f.Number(a.number, 0)}});
  if (u == "bits per weight") return ctx.TF("unit.bits_per_weight", {{"v", f.Number(a.number, 4)}});
  if (u == "bytes per parameter")
    return ctx.TF("unit.bytes_per_param", {{"v", f.Number(a.number, 2)}});
  return f.Number(a.number, 4);
}

std::string CaptionOr(const DirectiveCall& call, const std::string& fallback) {
  return call.body.empty() ? fallback : call.body;
}

std::string FormatDuration(double days, const PageContext& ctx) {
  // Plural rules through ICU: "1 day" / "2 days", "1 jour", "1,5 an".
  if (days <= 548) return ctx.fmt->Message(ctx.T("unit.days"), "v", std::round(days));
  return ctx.fmt->Message(ctx.T("unit.years"), "v", std::round(days / 365.0 * 10) / 10);
}

std::string EstimateMark(const PageContext& ctx) {
  const std::string label = HtmlEscape(ctx.T("price.estimated"));
  // One element: the text is the label a screen reader reads; the stylesheet draws the "≈"
  // before it and clips the text to the mark's width (assets/style.css, .est-mark).
  return std::string("<span class=\"") + kEstimateMarkClass + "\" title=\"" + label + "\">" +
         label + HtmlEscape(std::string(LabelSeparator(ctx.lang ? ctx.lang->code : ""))) +
         "</span>";
}

std::string PriceMarks(const calc::CurrentPrice& p, const PageContext& ctx) {
  return p.estimated ? EstimateMark(ctx) : std::string();
}

std::string CloudPriceHtml(const CloudOffer& offer, const PageContext& ctx) {
  return (offer.prov.estimated ? EstimateMark(ctx) : std::string()) +
         HtmlEscape(ctx.fmt->Money(offer.usd_per_gpu_hour, true)) + ConvertedTag(ctx);
}

std::string ConvertedTag(const PageContext& ctx) {
  if (ctx.computed == nullptr || !ctx.computed->converts_cloud) return {};
  return " <span class=\"tag converted\">" + HtmlEscape(ctx.T("price.converted")) + "</span>";
}

std::string RegionLabel(const Region& r, const PageContext& ctx) {
  return ctx.TF(r.tax_included ? "region.tax_included" : "region.tax_excluded",
                {{"region", ctx.T("region.name." + r.id)},
                 {"currency", r.currency},
                 {"rate", ctx.fmt->Percent(r.tax_rate)}});
}

std::string ConvertedText(const PageContext& ctx) {
  return ctx.computed != nullptr && ctx.computed->converts_cloud ? ctx.T("price.converted_text")
                                                                 : std::string();
}

std::string RankQuestionRegion(const PageContext& ctx) {
  const std::string& suffix = ctx.out->region_suffix;
  return suffix.empty() ? std::string() : " region=" + suffix.substr(1);
}

std::string PriceHtml(double usd, const calc::CurrentPrice& p, const PageContext& ctx,
                      const std::string& currency) {
  // One question per card, condition, region and number of cards (an amount is p.usd or a
  // multiple of it), so tests/unit/consistency_test.cc holds every page to one figure.
  // Only a whole number of cards is a price; another amount (a cost of ownership) is shown
  // as it is.
  const long cards = p.usd > 0 ? std::lround(usd / p.usd) : 0;
  std::string h =
      PriceMarks(p, ctx) +
      HtmlEscape(currency.empty() ? ctx.fmt->Money(usd) : ctx.fmt->Currency(currency, usd));
  if (cards > 0 && std::fabs(usd - static_cast<double>(cards) * p.usd) <= 1e-9 * usd)
    h = AnswerHtml("price gpu=" + p.gpu + " condition=" + ConditionId(p.condition) +
                       " region=" + p.region + " cards=" + std::to_string(cards),
                   usd, h);
  if (p.stale) h += " <span class=\"tag stale\">" + HtmlEscape(ctx.T("price.stale")) + "</span>";
  return h;
}

std::string TFHtml(const PageContext& ctx, const std::string& key,
                   const std::vector<std::pair<std::string, std::string>>& text_args,
                   const std::vector<std::pair<std::string, std::string>>& html_args) {
  // Placeholders that escaping leaves alone and no UI string contains.
  auto token = [](size_t i) { return "\u2063" + std::to_string(i) + "\u2063"; };
  auto args = text_args;
  for (size_t i = 0; i < html_args.size(); ++i) args.emplace_back(html_args[i].first, token(i));
  std::string h = HtmlEscape(ctx.TF(key, args));
  for (size_t i = 0; i < html_args.size(); ++i) {
    const std::string t = token(i);
    for (size_t at = h.find(t); at != std::string::npos;
         at = h.find(t, at + html_args[i].second.size()))
      h.replace(at, t.size(), html_args[i].second);
  }
  return h;
}

std::string DataLanguageHtml(const std::string& html, const PageContext& ctx) {
  const std::string& data_lang = ctx.data->site.default_language;
  if (html.empty() || ctx.lang == nullptr || ctx.lang->code == data_lang) return html;
  return "<span lang=\"" + HtmlEscape(data_lang) + "\">" + html + "</span>";
}

std::string DataTextHtml(const std::string& text, const PageContext& ctx, bool link_addresses) {
  auto html = [&](const std::string& t) { return link_addresses ? SourceHtml(t) : HtmlEscape(t); };
  if (text.empty() || ctx.lang == nullptr || ctx.lang->code == ctx.data->site.default_language)
    return html(text);
  ctx.Read("data-text:" + ctx.lang->code);
  const std::string* t =
      ctx.strings != nullptr ? ctx.strings->DataText().Find(ctx.lang->code, text) : nullptr;
  std::vector<DataTextPart> parts;
  if (t == nullptr || !SplitDataText(*t, &parts)) return DataLanguageHtml(html(text), ctx);
  std::string h;
  for (const auto& part : parts)
    h += part.lang.empty()
             ? html(part.text)
             : "<span lang=\"" + HtmlEscape(part.lang) + "\">" + html(part.text) + "</span>";
  return h;
}

std::string SourceHtml(const std::string& source) {
  std::string h;
  size_t at = 0;
  while (at < source.size()) {
    size_t http = source.find("http", at);
    while (http != std::string::npos && !StartsWith(source.substr(http), "https://") &&
           !StartsWith(source.substr(http), "http://"))
      http = source.find("http", http + 4);
    if (http == std::string::npos) break;
    size_t end = http;
    // Addresses are ASCII (IRIs are written percent-encoded in the data): a translated text's
    // full-width mark right after one ("…epmt_5_6_a；") is not part of it.
    while (end < source.size() && static_cast<unsigned char>(source[end]) < 0x80 &&
           std::string_view(" \t\n)]}>\"'").find(source[end]) == std::string_view::npos)
      ++end;
    // A sentence's full stop, comma or semicolon after an address is not part of it.
    while (end > http && std::string_view(".,;:").find(source[end - 1]) != std::string_view::npos)
      --end;
    const std::string url = source.substr(http, end - http);
    h += HtmlEscape(source.substr(at, http - at)) + "<a href=\"" + HtmlEscape(url) +
         "\" rel=\"noopener\">" + HtmlEscape(url) + "</a>";
    at = end;
  }
  return h + HtmlEscape(source.substr(at));
}

std::string PerfTag(bool measured, const PageContext& ctx) {
  return measured ? "<span class=\"tag meas\">" + HtmlEscape(ctx.T("perf.measured")) + "</span>"
                  : "<span class=\"tag est\">" + HtmlEscape(ctx.T("perf.estimated")) + "</span>";
}

std::string AnswerHtml(const std::string& question, double value, const std::string& shown_html) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", value);
  return std::string("<data value=\"") + buf + "\" data-question=\"" + HtmlEscape(question) +
         "\">" + shown_html + "</data>";
}

std::string TokensQuestion(const std::string& model, const std::string& gpu,
                           const calc::MemoryRequest& r, int cards) {
  return "tokens_per_s model=" + model + " gpu=" + gpu +
         " precision=" + calc::PrecisionId(r.precision) +
         " kv=" + calc::PrecisionId(r.kv_precision) +
         " context=" + std::to_string(r.context.value_or(0)) +
         " batch=" + std::to_string(r.batch.value_or(1)) + " cards=" + std::to_string(cards);
}

std::string VramQuestion(const std::string& model, const calc::MemoryRequest& r) {
  return std::string("vram_bytes model=") + model + " mode=" + calc::MemoryModeId(r.mode) +
         " precision=" + calc::PrecisionId(r.precision) +
         " kv=" + calc::PrecisionId(r.kv_precision) +
         " context=" + (r.context ? std::to_string(*r.context) : "default") +
         " batch=" + (r.batch ? std::to_string(*r.batch) : "default") +
         " checkpointing=" + (r.gradient_checkpointing ? "1" : "0") +
         " flash=" + (r.flash_attention ? "1" : "0");
}

}  // namespace gg
