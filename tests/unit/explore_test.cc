// The C++ side of the explorable tables and the compare page: the data- attributes a script
// sorts and filters by (directives/html.h), the numbers they carry, and the GPU mentions the
// site plan finds in the Markdown (site/gpu_mentions.h). The rendered pages are covered byte
// for byte by the mini site's golden output (site_golden_test.cc: en/compare/, en/gpus/).
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "../sites/site_fixture.h"
#include "directives/explore_form.h"
#include "directives/html.h"
#include "site/gpu_mentions.h"
#include "site/site_pages.h"

using namespace gg;

TEST_CASE("DataNumber: shortest round-trip decimal, locale-free", "[explore]") {
  struct Case {
    double value;
    const char* text;
  };
  const Case cases[] = {{24, "24"},       {0.175, "0.175"},
                        {1599, "1599"},   {1599.5, "1599.5"},
                        {30000, "30000"}, {1.0 / 3, "0.3333333333333333"},
                        {989.5, "989.5"}, {-2, "-2"},
                        {1e21, "1e+21"},  {0.1 + 0.2, "0.30000000000000004"}};
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK(DataNumber(c.value) == c.text);
    CHECK(std::strtod(DataNumber(c.value).c_str(), nullptr) == c.value);
  }
  CHECK(DataNumber(std::numeric_limits<double>::quiet_NaN()).empty());
  CHECK(DataNumber(std::numeric_limits<double>::infinity()).empty());
}

TEST_CASE("an explorable table carries its kind, row data and sort values", "[explore]") {
  HtmlTable t("Specs & prices", TableLayout::kCards);
  t.Explorable("gpus", {});
  t.Columns({Cell::Text("GPU"), Cell::Text("Memory", true), Cell::Text("New", true)});
  t.Row({Cell::Text("A"), Cell::Text("24 GB", true).SortBy(24),
         Cell::Html("<span class=\"est-mark\">≈</span> $1,599", true).SortBy(1599)},
        "a", {{"vendor", "nvidia"}, {"memory", "24"}, {"new", "1599"}, {"x\"y", "<q>"}});
  t.Row({Cell::Text("B"), Cell::Text("—", true), Cell::Text("—", true)}, "b");
  const std::string html = t.Render();
  const char* present[] = {
      "<div class=\"table-scroll table-cards\" role=\"region\" tabindex=\"0\" "
      "aria-label=\"Specs &amp; prices\" data-explore=\"gpus\">",
      "<tr id=\"a\" data-vendor=\"nvidia\" data-memory=\"24\" data-new=\"1599\" "
      "data-x&quot;y=\"&lt;q&gt;\">",
      "<td data-label=\"Memory\" class=\"num\" data-sort=\"24\">24 GB</td>",
      "<td data-label=\"New\" class=\"num\" data-sort=\"1599\"><span class=\"est-mark\">≈</span> "
      "$1,599</td>",
      "<tr id=\"b\"><th scope=\"row\">B</th><td data-label=\"Memory\" class=\"num\">—</td>",
      // the form before the region, the headers sortable
      "</form>\n<p class=\"explore-count needs-js\"",
      "aria-live=\"polite\"></p>\n<div class=\"table-scroll table-cards\"",
      "<th scope=\"col\" class=\"num\"><span class=\"sort\">Memory<span class=\"sort-icon"};
  for (const char* p : present) {
    INFO(html << "\nlacks\n" << p);
    CHECK(html.find(p) != std::string::npos);
  }
  HtmlTable plain("Plain");
  plain.Columns({Cell::Text("GPU")});
  plain.Row({Cell::Text("A")});
  CHECK(plain.Render().find("data-") == std::string::npos);
  CHECK(plain.Render().find("<form") == std::string::npos);
  CHECK(plain.Render().find("sort") == std::string::npos);
}

TEST_CASE("GPU mentions: gpu= in references and directives, by section", "[explore]") {
  const std::set<std::string> ids = {"rtx-4090", "rtx-3090", "h100-sxm"};
  struct Case {
    const char* name;
    const char* body;
    // "gpu: id|text, id|text" in order
    std::map<std::string, std::vector<std::string>> expect;
  };
  const Case cases[] = {
      {"before any heading, in a sentence, with a full stop",
       "The `gpu:name gpu=rtx-4090` is fast; see gpu=rtx-3090.\n",
       {{"rtx-4090", {"|"}}, {"rtx-3090", {"|"}}}},
      {"sections, each once, explicit ids",
       "# Title\n\n## Memory {#mem}\n\n`gpu:spec gpu=rtx-4090 field=memory_gb` and "
       "`gpu:name gpu=rtx-4090`\n\n### Used cards\n\n`gpu:price gpu=rtx-4090 condition=used`\n\n"
       "## Speed\n\n```gpu-tco gpu=h100-sxm\n```\n",
       {{"rtx-4090", {"mem|Memory", "used-cards|Used cards"}}, {"h100-sxm", {"speed|Speed"}}}},
      {"a '#' line inside a fence is not a heading; unknown ids and mid-word keys are not "
       "mentions",
       "## A\n\n```\n# not a heading\n```\n\n`gpu:name gpu=rtx-9999` xgpu=rtx-3090\n\n## B\n\n"
       "`gpu:name gpu=rtx-3090`\n",
       {{"rtx-3090", {"b|B"}}}},
      {"a heading's own gpu= is not a mention; gpu= may start a line or follow a tab; a bare "
       "gpu= at the end names nothing",
       "## A gpu=rtx-4090 {#a}\n\ngpu=rtx-3090\n\n## B\n\nsee\tgpu=h100-sxm. gpu=",
       {{"rtx-3090", {"a|A gpu=rtx-4090"}}, {"h100-sxm", {"b|B"}}}},
      {"setext headings: the sections cannot be matched, so the mentions are the page's",
       "Intro\n=====\n\n## A\n\n`gpu:name gpu=rtx-4090`\n",
       {{"rtx-4090", {"|"}}}},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    std::map<std::string, std::vector<std::string>> got;
    for (const auto& [gpu, list] : FindGpuMentions(c.body, ids))
      for (const auto& m : list) got[gpu].push_back(m.heading_id + "|" + m.heading_text);
    CHECK(got == c.expect);
  }
}

TEST_CASE("a GPU page lists the first sections that name it and counts the rest", "[explore]") {
  // A large site names a card on hundreds of pages: the list stops at kMaxGpuMentions, in the
  // guide's order, and says how many more there are, in each language.
  testing::TempDir tmp("gg-mentions");
  const std::filesystem::path root = tmp.path() / "site";
  testing::AssembleFixtureRoot("mini", root);
  const int extra = static_cast<int>(kMaxGpuMentions) + 3;
  for (int i = 0; i < extra; ++i) {
    char name[16];
    std::snprintf(name, sizeof name, "p%02d", i);
    std::ofstream(root / "content/en" / (std::string(name) + ".md"))
        << "---\ntitle: Page " << name << "\n---\n\n## Section " << name
        << "\n\nThe `gpu:name gpu=h100-sxm` again.\n";
  }
  const auto run = testing::BuildSite(root, tmp.path() / "out", 2);
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  for (const char* lang : {"en", "fr", "zh-Hans"}) {
    CAPTURE(lang);
    const std::string page =
        testing::ReadFileOrEmpty(tmp.path() / "out" / lang / "gpus/h100-sxm/index.html");
    const size_t from = page.find("<section class=\"mentions\"");
    REQUIRE(from != std::string::npos);
    const std::string section = page.substr(from, page.find("</section>", from) - from);
    size_t links = 0;
    for (size_t at = section.find("<li><a"); at != std::string::npos;
         at = section.find("<li><a", at + 1))
      ++links;
    CHECK(links == kMaxGpuMentions);
    CHECK(section.find("p00") != std::string::npos);  // the guide's order: the first pages
    const size_t more = static_cast<size_t>(extra) - kMaxGpuMentions;
    const std::string expected = std::string(lang) == "en"   ? "and " + std::to_string(more)
                                 : std::string(lang) == "fr" ? "et " + std::to_string(more)
                                                             : "另有 " + std::to_string(more);
    CHECK(section.find("<li class=\"mentions-more\">" + expected) != std::string::npos);
  }
}

TEST_CASE("the filter form comes with the page: choices from the rows, hidden without JS",
          "[explore]") {
  ExploreWords w;
  w.filters = "Filter <the> table";
  w.vendor = "Vendor";
  w.segment = "Segment";
  w.any = "All";
  w.sort_by = "Sort by";
  w.segments = {{"consumer", "consumer"}, {"datacenter", "data centre"}};
  w.count = [](int shown, int total) {
    return std::to_string(shown) + " of " + std::to_string(total) + " shown.";
  };
  const ExploreRow a = {{"vendor", "nvidia"}, {"segment", "datacenter"}, {"memory", "80"}};
  const ExploreRow b = {{"vendor", "amd"}, {"segment", "consumer"}};
  const ExploreRow c = {{"vendor", "nvidia"}, {"segment", "consumer"}, {"vendor", ""}};
  struct Case {
    const char* name;
    std::vector<const ExploreRow*> rows;
    std::vector<const char*> present;
    std::vector<const char*> absent;
  };
  const Case cases[] = {
      {"three rows",
       {&a, &b, &c},
       {"<form class=\"explore-filters needs-js\" autocomplete=\"off\"><fieldset><legend>Filter "
        "&lt;the&gt; table</legend>",
        // vendors sorted by id, named; segments in their natural order, only those present
        "<select name=\"vendor\"><option value=\"\">All</option><option value=\"amd\">AMD</option>"
        "<option value=\"nvidia\">NVIDIA</option></select>",
        "<select name=\"segment\"><option value=\"\">All</option><option "
        "value=\"consumer\">consumer</option><option value=\"datacenter\">data "
        "centre</option></select>",
        "<label class=\"explore-field\"><span>Sort by</span><select name=\"sort\"><option "
        "value=\"\">—</option><option value=\"0\">GPU</option><option value=\"1\">Memory "
        "&amp; more</option></select></label>",
        "<input name=\"mem\" type=\"number\"", "<input name=\"max\" type=\"number\"",
        "<button type=\"button\" class=\"explore-reset\">",
        "<p class=\"explore-count needs-js\" role=\"status\" aria-live=\"polite\">3 of 3 "
        "shown.</p>",
        "<p class=\"visually-hidden explore-announce\" role=\"status\""},
       {"workstation", " id=\""}},
      {"one row: one vendor, one segment",
       {&b},
       {"<option value=\"amd\">AMD</option></select>", "1 of 1 shown."},
       {"nvidia", "datacenter"}},
  };
  for (const Case& k : cases) {
    const std::string html = ExploreFormHtml(w, {"GPU", "Memory &amp; more"}, k.rows);
    for (const char* p : k.present) {
      INFO(k.name << ": " << html << "\nlacks\n" << p);
      CHECK(html.find(p) != std::string::npos);
    }
    for (const char* p : k.absent) {
      INFO(k.name << ": " << html << "\nhas\n" << p);
      CHECK(html.find(p) == std::string::npos);
    }
  }
  CHECK(SortableHeader("Memory") ==
        "<span class=\"sort\">Memory<span class=\"sort-icon needs-js\" "
        "aria-hidden=\"true\"></span></span>");
}
