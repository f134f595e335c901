#include "directives/explore_form.h"

#include <algorithm>
#include <set>

#include "base/text.h"
#include "model/enums.h"

namespace gg {

ExploreWords ExploreWordsFor(const PageContext& ctx) {
  ExploreWords w;
  w.filters = ctx.T("explore.filters");
  w.vendor = ctx.T("explore.vendor");
  w.segment = ctx.T("explore.segment");
  w.memory_min = ctx.T("explore.memory_min");
  w.condition = ctx.T("explore.condition");
  w.condition_any = ctx.T("explore.condition.any");
  w.price_new = ctx.T("col.price_new");
  w.price_used = ctx.T("col.price_used");
  w.price_max = ctx.T("explore.price_max");
  w.any = ctx.T("explore.any");
  w.sort_by = ctx.T("explore.sort_by");
  w.order = ctx.T("explore.order");
  w.order_asc = ctx.T("explore.order_asc");
  w.order_desc = ctx.T("explore.order_desc");
  w.reset = ctx.T("explore.reset");
  // A site whose GPUs are of one segment may name only that one: the form offers the segments
  // the rows carry, each by its name when the strings have it, else by its id.
  for (Segment s : {Segment::kConsumer, Segment::kWorkstation, Segment::kDatacenter})
    if (ctx.strings->Has(Segments().UiKey(s)))
      w.segments[Segments().Id(s)] = ctx.T(Segments().UiKey(s));
  const std::string count = ctx.T("explore.count");
  const Formatter* fmt = ctx.fmt;
  w.count = [count, fmt](int shown, int total) {
    std::string text = count;
    for (const auto& [name, n] :
         {std::pair<std::string, int>{"{shown}", shown}, {"{total}", total}})
      if (size_t at = text.find(name); at != std::string::npos)
        text.replace(at, name.size(), fmt->Number(n, 0));
    return text;
  };
  return w;
}

namespace {

using Options = std::vector<std::pair<std::string, std::string>>;  // value, shown text (plain)

std::string Option(const std::string& value, const std::string& text_html) {
  return "<option value=\"" + HtmlEscape(value) + "\">" + text_html + "</option>";
}

// One labelled control. The label holds it, so no id is needed (a page may carry the same
// table twice).
std::string Field(const std::string& label, const std::string& control) {
  return "<label class=\"explore-field\"><span>" + HtmlEscape(label) + "</span>" + control +
         "</label>";
}

std::string Select(const std::string& name, const Options& options) {
  std::string h = "<select name=\"" + name + "\">";
  for (const auto& [value, text] : options) h += Option(value, HtmlEscape(text));
  return h + "</select>";
}

std::string NumberInput(const std::string& name) {
  return "<input name=\"" + name + "\" type=\"number\" inputmode=\"numeric\" min=\"0\" step=\"1\">";
}

std::string VendorName(const std::string& id) {
  static const std::map<std::string, std::string> kNames = {
      {"nvidia", "NVIDIA"}, {"amd", "AMD"}, {"intel", "Intel"}, {"apple", "Apple"}};
  auto it = kNames.find(id);
  return it == kNames.end() ? id : it->second;
}

std::set<std::string> Values(const std::vector<const ExploreRow*>& rows, const std::string& key) {
  std::set<std::string> out;
  for (const ExploreRow* row : rows)
    for (const auto& [name, value] : *row)
      if (name == key && !value.empty()) out.insert(value);
  return out;
}

}  // namespace

std::string ExploreFormHtml(const ExploreWords& w, const std::vector<std::string>& columns,
                            const std::vector<const ExploreRow*>& rows) {
  Options vendors = {{"", w.any}};
  for (const std::string& v : Values(rows, "vendor")) vendors.push_back({v, VendorName(v)});
  Options segments = {{"", w.any}};
  const std::set<std::string> present = Values(rows, "segment");
  for (const char* s : {"consumer", "workstation", "datacenter"})
    if (present.count(s)) segments.push_back({s, w.segments.count(s) ? w.segments.at(s) : s});
  std::string sort = "<select name=\"sort\">" + Option("", "—");
  for (size_t i = 0; i < columns.size(); ++i) sort += Option(std::to_string(i), columns[i]);
  sort += "</select>";
  // No accessible name: a named form is a landmark, and a page with several ranking tables
  // would have several landmarks of the same name.
  std::string h =
      "<form class=\"explore-filters needs-js\" autocomplete=\"off\"><fieldset><legend>" +
      HtmlEscape(w.filters) + "</legend>";
  h += Field(w.vendor, Select("vendor", vendors));
  h += Field(w.segment, Select("segment", segments));
  h += Field(w.memory_min, NumberInput("mem"));
  h += Field(w.condition,
             Select("cond", {{"", w.condition_any}, {"new", w.price_new}, {"used", w.price_used}}));
  h += Field(w.price_max, NumberInput("max"));
  h += Field(w.sort_by, sort);
  h += Field(w.order, Select("dir", {{"asc", w.order_asc}, {"desc", w.order_desc}}));
  h += "<p class=\"explore-field\"><button type=\"button\" class=\"explore-reset\">" +
       HtmlEscape(w.reset) + "</button></p></fieldset></form>\n";
  const int n = static_cast<int>(rows.size());
  h += "<p class=\"explore-count needs-js\" role=\"status\" aria-live=\"polite\">" +
       HtmlEscape(w.count ? w.count(n, n) : std::string()) + "</p>\n";
  h += "<p class=\"visually-hidden explore-announce\" role=\"status\" aria-live=\"polite\"></p>\n";
  return h;
}

std::string SortableHeader(const std::string& header_html) {
  return "<span class=\"sort\">" + header_html +
         "<span class=\"sort-icon needs-js\" aria-hidden=\"true\"></span></span>";
}

}  // namespace gg
