// The explorable tables' script and stylesheet (assets/explore.js, assets/explore.css): added to
// a page only when its content has a table marked data-explore (HtmlTable::Explorable), with
// the UI strings the script writes (filters, sort announcements, result count, the compare
// view) as a JSON island in the page's language. Nothing for a page without such a table.
#pragma once

#include <map>
#include <set>
#include <string>

#include "i18n/ui_strings.h"
#include "model/model.h"

namespace gg {

struct ExploreIncludes {
  std::string style;  // the stylesheet's asset name for the page's <head> (site/page_styles.h)
  std::string body;   // the strings island and the module <script>, at the end of <body>
};

// The strings island's JSON text for a language (the same for every page of it: made once
// per language by the renderer).
std::string ExploreStringsIsland(const Language& lang, const UiStrings& strings);

// `island` is ExploreStringsIsland of the page's language, `published` maps asset names to
// published paths (site/assets.h), `to_root` leads from the page to the site root; the asset
// names used are added to `assets_read`. Empty when the content has no explorable table or
// the assets are missing.
ExploreIncludes ExploreIncludesFor(const std::string& content_html, const std::string& island,
                                   const std::map<std::string, std::string>& published,
                                   const std::string& to_root, std::set<std::string>* assets_read);

// The UI strings the script uses (explore.*, compare.*, segment and condition names).
std::vector<std::string> ExploreStringKeys();

}  // namespace gg
