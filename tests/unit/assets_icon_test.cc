// The site icon as a data: URL (site/assets.h): pages carry a small favicon.svg inline, so no
// request for it races the first paint; a large one stays a published file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "../sites/site_fixture.h"
#include "site/assets.h"

namespace gg::testing {
namespace {

TEST_CASE("SVG data URLs: what a URL or an HTML attribute cannot hold is percent-encoded",
          "[site]") {
  struct Case {
    const char* svg;
    const char* url;
  } cases[] = {
      {"<svg/>", "data:image/svg+xml,%3Csvg/%3E"},
      {"<a b=\"c\" d='e'>#&%</a>\n",
       "data:image/svg+xml,%3Ca%20b=%22c%22%20d=%27e%27%3E%23%26%25%3C/a%3E%0A"},
      {"x:y;(z),+$@!*~-_./?", "data:image/svg+xml,x:y;(z),+$@!*~-_./?"},
      {"é", "data:image/svg+xml,%C3%A9"},
  };
  for (const auto& c : cases) {
    INFO(c.svg);
    CHECK(SvgDataUrl(c.svg) == c.url);
  }
}

TEST_CASE("site icon: a small favicon.svg becomes a data URL, a large one stays a file",
          "[site]") {
  for (size_t size : {size_t{200}, kMaxInlineIconBytes + 1}) {
    TempDir tmp("gg-icon");
    std::filesystem::create_directories(tmp.path() / "assets");
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\">";
    svg += std::string(size - svg.size() - 6, ' ') + "</svg>";
    REQUIRE(svg.size() == size);
    std::ofstream(tmp.path() / "assets" / "favicon.svg") << svg;
    Diagnostics diags;
    AssetSet set = LoadAssets(tmp.path().string(), &diags);
    INFO(diags.Render());
    CHECK_FALSE(diags.HasErrors());
    CHECK(set.published.count("favicon.svg") == 1);  // published either way
    if (size <= kMaxInlineIconBytes)
      CHECK(set.icon_data_url == SvgDataUrl(svg));
    else
      CHECK(set.icon_data_url.empty());
  }
}

}  // namespace
}  // namespace gg::testing
