#include "site/explore_includes.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "base/text.h"
#include "model/enums.h"

namespace gg {

std::vector<std::string> ExploreStringKeys() {
  std::vector<std::string> keys = {
      "explore.filters",      "explore.vendor",        "explore.segment",   "explore.memory_min",
      "explore.condition",    "explore.condition.any", "explore.price_max", "explore.any",
      "explore.reset",        "explore.count",         "explore.none",      "explore.sorted_asc",
      "explore.sorted_desc",  "explore.sort_by",       "explore.order",     "explore.order_asc",
      "explore.order_desc",   "compare.picker",        "compare.slot",      "compare.slot_none",
      "compare.choose",       "compare.caption",       "compare.history",   "compare.history_none",
      "compare.history_desc", "compare.count",         "col.price_new",     "col.price_used"};
  for (Segment s : {Segment::kConsumer, Segment::kWorkstation, Segment::kDatacenter})
    keys.push_back(Segments().UiKey(s));
  for (Condition c : {Condition::kNew, Condition::kUsed}) keys.push_back(Conditions().UiKey(c));
  return keys;
}

std::string ExploreStringsIsland(const Language& lang, const UiStrings& strings) {
  nlohmann::json j = nlohmann::json::object();
  for (const std::string& key : ExploreStringKeys())
    if (strings.Has(key)) j[key] = strings.Get(lang.code, key);
  std::string locale = lang.locale.empty() ? lang.code : lang.locale;  // ICU "zh_Hans_CN"
  std::replace(locale.begin(), locale.end(), '_', '-');                // BCP 47 for Intl
  j["locale"] = locale;
  std::string text = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  // '<' only occurs inside JSON strings, where \u003c means the same: no "</script" or "<!--".
  std::string island;
  for (char c : text) island += c == '<' ? std::string("\\u003c") : std::string(1, c);
  return island;
}

ExploreIncludes ExploreIncludesFor(const std::string& content_html, const std::string& island,
                                   const std::map<std::string, std::string>& published,
                                   const std::string& to_root, std::set<std::string>* assets_read) {
  ExploreIncludes out;
  if (!Contains(content_html, " data-explore=\"")) return out;
  auto js = published.find("explore.js");
  auto css = published.find("explore.css");
  if (js == published.end() || css == published.end()) return out;
  assets_read->insert("explore.js");
  assets_read->insert("explore.css");
  out.style = css->first;
  out.body = "<script type=\"application/json\" id=\"explore-strings\">" + island +
             "</script>\n<script type=\"module\" src=\"" + HtmlEscape(to_root + js->second) +
             "\"></script>\n";
  return out;
}

}  // namespace gg
