// The guide is split into chapters (content/<lang>/guide/*.md under the contents page
// content/<lang>/guide.md). Links written to the single page, /<lang>/guide/#<id>, must keep
// working: every id that page had (tests/golden/guide_anchors/<lang>.txt, frozen at the
// split) is a heading of the contents page or an `anchors:` entry of a chapter, and an
// "old=new" entry names a heading the chapter really has.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "content/markdown.h"
#include "content/page_source.h"

namespace {

namespace fs = std::filesystem;

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("guide chapters keep every anchor of the single-page guide", "[content][chapters]") {
  for (const char* lang : {"en", "fr", "zh-Hans"}) {
    INFO(lang);
    std::set<std::string> reachable;
    gg::Diagnostics d;
    gg::PageSource contents;
    fs::path dir = fs::path("content") / lang;
    REQUIRE(
        gg::ParsePageSource((dir / "guide.md").string(), Slurp(dir / "guide.md"), &contents, &d));
    for (const auto& e : gg::ExtractToc(contents.body)) reachable.insert(e.id);
    int chapters = 0;
    for (const auto& entry : fs::directory_iterator(dir / "guide")) {
      gg::PageSource ch;
      REQUIRE(gg::ParsePageSource(entry.path().string(), Slurp(entry.path()), &ch, &d));
      ++chapters;
      std::set<std::string> ids;
      for (const auto& e : gg::ExtractToc(ch.body)) ids.insert(e.id);
      for (const auto& a : ch.fm.anchors) {
        size_t eq = a.find('=');
        reachable.insert(a.substr(0, eq));
        if (eq != std::string::npos) {
          INFO(entry.path().string() << ": " << a);
          CHECK(ids.count(a.substr(eq + 1)));
        }
      }
    }
    CHECK(chapters >= 15);
    std::ifstream old(fs::path("tests/golden/guide_anchors") / (std::string(lang) + ".txt"));
    REQUIRE(old);
    std::string id;
    int n = 0;
    while (std::getline(old, id)) {
      if (id.empty() || id[0] == '#') continue;
      ++n;
      INFO("old anchor #" << id);
      CHECK(reachable.count(id));
    }
    CHECK(n > 60);
  }
}
