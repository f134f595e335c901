// Post-processing of a chart SVG: accessible names and links (charts/svg_post.h).
#include <catch2/catch.hpp>

#include <cstring>

#include "charts/svg_post.h"

namespace gg::charts {
namespace {

TEST_CASE("AddSvgAccessibility adds role, title and desc after the root tag", "[charts][svg]") {
  const std::string in =
      "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
      "width=\"10px\">\n<g/>\n</svg>\n";
  std::string out = AddSvgAccessibility(in, "p", "Perf & <price>", "\"Quoted\" 'text'");
  CHECK(out ==
        "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10px\" "
        "role=\"img\" aria-labelledby=\"p-title\" aria-describedby=\"p-desc\">\n"
        "<title id=\"p-title\">Perf &amp; &lt;price&gt;</title>\n"
        "<desc id=\"p-desc\">&quot;Quoted&quot; &#39;text&#39;</desc>\n<g/>\n</svg>\n");
  CHECK(AddSvgAccessibility("<svg>", "p", "T", "") ==
        "<svg role=\"img\" aria-labelledby=\"p-title\">\n<title id=\"p-title\">T</title>");
  CHECK(AddSvgAccessibility("not svg", "p", "T", "D") == "not svg");
}

TEST_CASE("AppendSvgLinks adds invisible link areas before </svg>", "[charts][svg]") {
  std::string out =
      AppendSvgLinks("<svg><g/></svg>\n", {{1, 2, 30.5, 40, "#gpu-a&b", "RTX \"4090\""}});
  CHECK(out ==
        "<svg><g/><a xlink:href=\"#gpu-a&amp;b\" aria-label=\"RTX &quot;4090&quot;\"><rect x=\"1\" "
        "y=\"2\" width=\"30.5\" height=\"40\" "
        "style=\"fill:rgb(0%,0%,0%);fill-opacity:0;stroke:none;\"/>"
        "</a>\n</svg>\n");
  CHECK(AppendSvgLinks("<svg/>", {}) == "<svg/>");
}

}  // namespace
}  // namespace gg::charts
