#include "directives/calc_form.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "base/text.h"
#include "directives/html.h"

namespace gg::calcform {

std::string Attr(const std::string& name, const std::string& value) {
  return " " + name + "=\"" + HtmlEscape(value) + "\"";
}

std::string Option(const std::string& value, const std::string& label, bool selected,
                   const std::string& extra) {
  return "<option" + Attr("value", value) + extra + (selected ? " selected" : "") + ">" +
         HtmlEscape(label) + "</option>";
}

std::string Field(const std::string& id, const std::string& label, const std::string& control) {
  return "<p class=\"calc-field\"><label for=\"calc-" + id + "\">" + HtmlEscape(label) +
         "</label>\n" + control + "</p>\n";
}

std::string RegionField(const PageContext& ctx, const std::string& id) {
  if (ctx.data->regions.empty()) return "";
  const std::string own = ctx.lang ? ctx.lang->region : std::string();
  std::string options;
  for (const Region& r : ctx.data->regions) {
    options += Option(r.id, RegionLabel(r, ctx), r.id == own,
                      Attr("data-currency", r.currency) +
                          Attr("data-electricity", ShortestNumber(r.electricity_per_kwh)));
  }
  ctx.Read("data:regions");
  return Field(id, ctx.T("calc.field.region"), Select(id, options));
}

std::string Select(const std::string& id, const std::string& options) {
  return "<select id=\"calc-" + id + "\" name=\"" + id + "\">" + options + "</select>\n";
}

std::string NumberInput(const std::string& id, int64_t value, int64_t max, int64_t min) {
  return "<input id=\"calc-" + id + "\" name=\"" + id + "\" type=\"number\" inputmode=\"numeric\"" +
         " min=\"" + std::to_string(min) + "\" max=\"" + std::to_string(max) +
         "\" step=\"1\" required value=\"" + std::to_string(value) + "\">\n";
}

std::string DecimalInput(const std::string& id, const std::string& value, const std::string& max) {
  return "<input id=\"calc-" + id + "\" name=\"" + id +
         "\" type=\"number\" inputmode=\"decimal\" min=\"0\"" +
         (max.empty() ? "" : Attr("max", max)) + " step=\"any\"" + Attr("value", value) + ">\n";
}

std::string ShortestNumber(double v) {
  // Whole numbers without ".0" (15, not 15.0), as a reader types them.
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15)
    return std::to_string(static_cast<long long>(v));
  return nlohmann::json(v).dump();
}

std::string PercentText(double fraction) {
  return ShortestNumber(std::round(fraction * 100 * 1e6) / 1e6);
}

std::string JsonScript(const std::string& css_class, const std::string& json_text) {
  // '<' only occurs inside JSON strings, where \u003c means the same.
  std::string out = "<script type=\"application/json\"" + Attr("class", css_class) + ">";
  for (char c : json_text) out += c == '<' ? std::string("\\u003c") : std::string(1, c);
  return out + "</script>\n";
}

std::string ScriptStrings(const PageContext& ctx, const std::vector<std::string>& keys) {
  nlohmann::json j = nlohmann::json::object();
  for (const std::string& key : keys) j[key] = ctx.T(key);
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

namespace {
const char* const kShared[] = {"calc.wasm",       "calc-data.json", "calculator.js",
                               "calc-runtime.js", "calc-worker.js", "calculator.css"};
}  // namespace

bool CalculatorAvailable(const PageContext& ctx, const std::string& module) {
  if (ctx.assets == nullptr) return false;
  for (const char* name : kShared)
    if (!ctx.assets->count(name)) return false;
  if (!module.empty() && !ctx.assets->count(module)) return false;
  for (const char* name : kShared) ctx.Read(std::string("asset:") + name);
  if (!module.empty()) ctx.Read("asset:" + module);
  return true;
}

std::string OpenTool(const PageContext& ctx, const std::string& tool, const std::string& module) {
  const std::string& lang = ctx.lang->code;
  std::string locale = ctx.lang->locale.empty() ? lang : ctx.lang->locale;  // ICU "zh_Hans_CN"
  std::replace(locale.begin(), locale.end(), '_', '-');                     // BCP 47 for Intl
  // Its stylesheet goes in the page's <head> (site/page_styles.h); only this page has it.
  ctx.out->styles.insert("calculator.css");
  std::string h;
  // Shown from the first paint when scripts run (showing it later moved the text below it
  // while the reader was looking at it); hidden by the <noscript> style of base.html when not.
  h += "<div class=\"calculator needs-js\"" + Attr("data-tool", tool) +
       Attr("data-locale", locale) + Attr("data-wasm", ctx.Href(ctx.assets->at("calc.wasm"))) +
       Attr("data-data", ctx.Href(ctx.assets->at("calc-data.json"))) +
       Attr("data-runtime", ctx.Href(ctx.assets->at("calc-runtime.js"))) +
       Attr("data-worker", ctx.Href(ctx.assets->at("calc-worker.js")));
  if (!module.empty()) h += Attr("data-module", ctx.Href(ctx.assets->at(module)));
  return h + ">\n";
}

std::string CloseTool(const PageContext& ctx, const std::vector<std::string>& keys) {
  std::string h = "<p class=\"calc-status\" role=\"status\" aria-live=\"polite\"></p>\n";
  h += "<div class=\"calc-results\"></div>\n";
  h += JsonScript("calc-strings", ScriptStrings(ctx, keys)) + "</div>\n";
  // The same module on every tool: the browser runs it once, and it starts every tool.
  h += "<script type=\"module\" src=\"" + HtmlEscape(ctx.Href(ctx.assets->at("calculator.js"))) +
       "\"></script>\n";
  return h;
}

}  // namespace gg::calcform
