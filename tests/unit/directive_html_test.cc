// The directives' shared HTML pieces: the two phone layouts of a data table
// (directives/html.h).
#include <catch2/catch.hpp>

#include "directives/html.h"

using namespace gg;

TEST_CASE("a table's phone layout is chosen per table", "[directives][table]") {
  auto render = [](TableLayout layout) {
    HtmlTable t("Cards & co", layout);
    t.Columns({Cell::Text("GPU"), Cell::Text("Memory \"VRAM\"", true),
               Cell::Html("<abbr title=\"thermal design power\">TDP</abbr>", true)});
    t.Row({Cell::Text("A <b>"), Cell::Text("24 GB", true), Cell::Text("450 W", true)}, "a");
    return t.Render();
  };
  struct Case {
    TableLayout layout;
    std::vector<std::string> present;
    std::vector<std::string> absent;
  };
  const Case cases[] = {
      {TableLayout::kScroll,
       {"<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Cards &amp; co\">",
        "<table class=\"data\">", "<tr id=\"a\"><th scope=\"row\">A &lt;b&gt;</th>",
        "<td class=\"num\">24 GB</td>"},
       {"data-label", "table-cards"}},
      {TableLayout::kCards,
       {"<div class=\"table-scroll table-cards\" role=\"region\" tabindex=\"0\"",
        "<table class=\"data\">", "<tr id=\"a\"><th scope=\"row\">A &lt;b&gt;</th>",
        // Each value cell names its column, quotes escaped and markup dropped.
        "<td data-label=\"Memory &quot;VRAM&quot;\" class=\"num\">24 GB</td>",
        "<td data-label=\"TDP\" class=\"num\">450 W</td>"},
       {"role=\"table\"", "role=\"row\"", "role=\"cell\""}},
  };
  for (const auto& c : cases) {
    std::string html = render(c.layout);
    INFO(html);
    for (const auto& p : c.present) CHECK(html.find(p) != std::string::npos);
    for (const auto& a : c.absent) CHECK(html.find(a) == std::string::npos);
  }
}
