// The helpers of the fixture-site tests must themselves notice differences, or every golden
// and determinism test built on them would pass vacuously.
#include <catch2/catch.hpp>

#include <filesystem>

#include "../sites/site_fixture.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

TEST_CASE("site fixture: CompareTrees names every missing, extra and differing file",
          "[site][helpers]") {
  std::map<std::string, std::string> expected = {
      {"a.html", "same"}, {"b.html", "old text"}, {"gone.txt", "x"}, {"img.png", "\x89PNG\r\n1"}};
  std::map<std::string, std::string> actual = {
      {"a.html", "same"}, {"b.html", "new text"}, {"extra.txt", "y"}, {"img.png", "\x89PNG\r\n2"}};
  CHECK(CompareTrees(expected, expected).empty());
  CHECK(CompareTrees(expected, actual) ==
        "differs:          b.html (8 vs 8 bytes; first difference at byte 0)\n"
        "    expected: ...old text...\n"
        "    actual:   ...new text...\n"
        "only in actual:   extra.txt\n"
        "only in expected: gone.txt\n"
        "differs:          img.png (7 vs 7 bytes; first difference at byte 6)\n");
}

TEST_CASE("site fixture: LineDiff marks removed and added lines", "[site][helpers]") {
  CHECK(LineDiff("a\nb\nc\n", "a\nb\nc\n").empty());
  CHECK(LineDiff("a\nb\nc\n", "a\nB\nc\nd\n") ==
        "--- expected\n+++ actual\n  a\n- b\n+ B\n  c\n+ d\n");
}

TEST_CASE("site fixture: DiagnosticLines sorts and drops the summary", "[site][helpers]") {
  std::string err =
      "data/gpus.json:3:1: error: b\n"
      "content/en/a.md:1:1: warning: a\n"
      "gpuguide: 1 error(s), 1 warning(s); the previous site was left untouched\n";
  CHECK(DiagnosticLines(err) == std::vector<std::string>{"content/en/a.md:1:1: warning: a",
                                                         "data/gpus.json:3:1: error: b"});
}

TEST_CASE("site fixture: overlays replace, add and delete files", "[site][helpers]") {
  TempDir tmp("gg-overlay");
  const fs::path root = tmp.path() / "root";
  const fs::path overlay = tmp.path() / "case";
  WriteFile(root / "data" / "a.json", "original");
  WriteFile(root / "templates" / "gone.html", "x");
  WriteFile(overlay / "data" / "a.json", "replaced");
  WriteFile(overlay / "content" / "en" / "new.md", "added");
  WriteFile(overlay / "DELETE", "templates/gone.html\n");
  WriteFile(overlay / "expected.txt", "exit: 1\n");
  ApplyOverlay(overlay, root);
  CHECK(ReadTree(root) == std::map<std::string, std::string>{{"content/en/new.md", "added"},
                                                             {"data/a.json", "replaced"}});
  WriteFile(overlay / "DELETE", "templates/missing.html\n");
  CHECK_THROWS(ApplyOverlay(overlay, root));
}

}  // namespace
}  // namespace gg::testing
