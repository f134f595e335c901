#include <catch2/catch.hpp>

#include "cli/diff_command.h"

using namespace gg;

TEST_CASE("visible text keeps rows, cells and paragraphs, not markup", "[cli][diff]") {
  std::string html =
      "<html><head><title>T</title></head><body><h2 id=\"x\">Prices &amp; picks</h2>"
      "<p>One <a href=\"#\">link</a>\n  here.</p><table><tr><th scope=\"row\">RTX 4090</th>"
      "<td class=\"num\">$1,999</td></tr></table></body></html>";
  CHECK(VisibleTextLines(html) ==
        std::vector<std::string>{"Prices & picks", "One link here.", "RTX 4090 | $1,999"});
}

TEST_CASE("the line diff shows removed and added lines in page order", "[cli][diff]") {
  struct Case {
    std::vector<std::string> before, after, diff;
  } cases[] = {
      {{"a", "b", "c"}, {"a", "b", "c"}, {}},
      {{"a", "b", "c"}, {"a", "B", "c"}, {"- b", "+ B"}},
      {{"a"}, {"a", "new"}, {"+ new"}},
      {{"old", "a"}, {"a"}, {"- old"}},
  };
  for (const auto& c : cases) CHECK(DiffLines(c.before, c.after) == c.diff);
}
