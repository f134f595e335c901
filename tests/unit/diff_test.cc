#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>

#include "../sites/site_fixture.h"
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

TEST_CASE("diff: a file that cannot be read is an error, not an empty page", "[cli][diff]") {
  namespace fs = std::filesystem;
  if (geteuid() == 0) {
    WARN("running as root: permissions do not stop reads; run the tests as a user to check");
    return;
  }
  gg::testing::TempDir tmp("gg-diff");
  fs::create_directories(tmp.path() / "a");
  fs::create_directories(tmp.path() / "b");
  gg::testing::WriteFile(tmp.path() / "a" / "index.html", "<body><p>x</p></body>");
  gg::testing::WriteFile(tmp.path() / "b" / "index.html", "<body><p>y</p></body>");
  fs::permissions(tmp.path() / "b" / "index.html", fs::perms::none);
  auto run = gg::testing::RunGpuguide(
      {"diff", (tmp.path() / "a").string(), (tmp.path() / "b").string()});
  fs::permissions(tmp.path() / "b" / "index.html", fs::perms::owner_all);
  CHECK(run.exit_code == 1);
  CHECK(run.err.find("index.html: error: cannot read the file") != std::string::npos);
}
