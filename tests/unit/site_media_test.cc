// The image and video chapter on the real site, in every language: the chapter with its three
// fit tables and two speed charts (SVG files published), the creator persona's picks, the
// flowchart's image/video branch, each GPU page's "what it runs" section, and the validation
// tables on the methodology's image and video chapter. Strings are looked up in each language's
// _strings.json, so the test follows a translation, not a typed copy of it.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "../sites/site_fixture.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

std::string StringOf(const std::string& lang, const std::string& key) {
  std::ifstream in(fs::path(SourceDir()) / "content" / lang / "_strings.json");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  // "key": "value" on one line (the files are written one string a line).
  const std::string needle = "\"" + key + "\": \"";
  const size_t at = text.find(needle);
  if (at == std::string::npos) return "";
  const size_t from = at + needle.size();
  return text.substr(from, text.find('"', from) - from);
}

// The text before the first placeholder or punctuation that the typography layer may space
// differently (French puts a narrow no-break space before ":" and "?"): what a formatted
// string starts with, trimmed.
std::string Lead(const std::string& s) {
  std::string lead = s.substr(0, s.find_first_of("{:?!;"));
  for (const char* cjk : {"\xEF\xBC\x9A", "\xEF\xBC\x88", "\xEF\xBC\x9F"})  // ：（？
    lead = lead.substr(0, lead.find(cjk));
  for (bool trimmed = true; trimmed;) {
    trimmed = false;
    for (const std::string space : {" ", "\xC2\xA0", "\xE2\x80\xAF"})  // NBSP, narrow NBSP
      if (lead.size() >= space.size() &&
          lead.compare(lead.size() - space.size(), space.size(), space) == 0) {
        lead.resize(lead.size() - space.size());
        trimmed = true;
      }
  }
  return lead;
}

int Count(const std::string& hay, const std::string& needle) {
  int n = 0;
  for (size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("site: the image and video chapter, persona, branch and GPU pages in every language",
          "[site][media][slow]") {
  TempDir tmp("gg-site-media");
  const fs::path out = tmp.path() / "site";
  CliRun run = BuildSite(SourceDir(), out, 2);
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  const auto tree = ReadTree(out);
  auto page = [&](const std::string& path) -> std::string {
    auto it = tree.find(path);
    return it == tree.end() ? std::string() : it->second;
  };
  for (const std::string lang : {"en", "fr", "zh-Hans"}) {
    INFO(lang);
    const std::string chapter = page(lang + "/guide/image-video/index.html");
    REQUIRE_FALSE(chapter.empty());
    // Three fit tables (two of images, one of video), each with its caption.
    CHECK(Count(chapter, Lead(StringOf(lang, "media.fit.caption.image"))) >= 2);
    CHECK(Count(chapter, Lead(StringOf(lang, "media.fit.caption.video"))) >= 1);
    // Modes in the page's language, and times as answers with their question.
    CHECK(chapter.find(StringOf(lang, "media.fit.mode.none")) != std::string::npos);
    CHECK(chapter.find("data-question=\"media_seconds pipeline=flux.1-dev gpu=rtx-4090") !=
          std::string::npos);
    // The two speed charts, their SVG files published.
    CHECK(tree.count(lang + "/charts/media-speed-image-fp8.svg") == 1);
    CHECK(tree.count(lang + "/charts/media-speed-video-fp8.svg") == 1);
    // The creator's picks.
    CHECK(page(lang + "/guide/recommendations/index.html")
              .find(Lead(StringOf(lang, "persona.creator.name"))) != std::string::npos);
    CHECK(chapter.find("gpu:pick") == std::string::npos);
    // The flowchart's branch.
    const std::string flow = page(lang + "/guide/flowchart/index.html");
    CHECK(flow.find(Lead(StringOf(lang, "flow.q.media"))) != std::string::npos);
    CHECK(flow.find(StringOf(lang, "flow.leaf.media_video")) != std::string::npos);
    // A GPU page says what it runs; a card too small for any pipeline says so.
    const std::string gpu = page(lang + "/gpus/rtx-4090/index.html");
    CHECK(gpu.find(StringOf(lang, "gpu.media")) != std::string::npos);
    CHECK(gpu.find("data-question=\"media_seconds pipeline=flux.1-dev gpu=rtx-4090") !=
          std::string::npos);
    // The methodology's validation tables.
    const std::string method = page(lang + "/methodology/image-video/index.html");
    CHECK(method.find(Lead(StringOf(lang, "media.validation.caption.memory"))) !=
          std::string::npos);
    CHECK(method.find(Lead(StringOf(lang, "media.validation.caption.speed"))) != std::string::npos);
  }
}

}  // namespace gg::testing
