// What each page read, as the build reports it (BuildOutput::page_dependencies): the keys an
// incremental build and `review` rely on to know which pages a change of one input touches.
// The whole map for the mini site is a golden file (UPDATE_GOLDEN=1 rewrites it; read the
// diff: a key that disappears is a dependency an incremental build would miss).
#include <catch2/catch.hpp>

#include <algorithm>

#include "../sites/site_fixture.h"
#include "site/build.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

const BuildOutput& MiniBuild() {
  static const BuildOutput out = [] {
    TempDir tmp("gg-deps");
    AssembleFixtureRoot("mini", tmp.path() / "root");
    BuildOptions opt;
    opt.root = (tmp.path() / "root").string();
    opt.jobs = 2;
    Diagnostics diags;
    BuildOutput result;
    BuildSite(opt, &diags, &result);
    INFO(diags.Render());
    CHECK_FALSE(diags.HasErrors());
    return result;
  }();
  return out;
}

bool Has(const std::vector<std::string>& keys, const std::string& key) {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

TEST_CASE("page dependencies: every page lists what it read, sorted", "[site][deps]") {
  const auto& deps = MiniBuild().page_dependencies;
  REQUIRE(deps.count("en/guide/index.html"));
  const auto& guide = deps.at("en/guide/index.html");
  CHECK(std::is_sorted(guide.begin(), guide.end()));
  CHECK(std::adjacent_find(guide.begin(), guide.end()) == guide.end());
  // Its source, templates, a record named by an argument, a whole data file a ranking reads,
  // computed results and a UI string of a table header.
  for (const char* key :
       {"content:content/en/guide.md", "template:page", "template:base", "data:site",
        "data:gpus/rtx-4090", "data:cloud/runpod-rtx-4090", "data:personas/llm-hobbyist",
        "data:models/llama-3.1-8b", "data:assumptions/electricity_usd_per_kwh", "data:gpus",
        "computed:perf", "computed:current-prices", "string:col.gpu", "asset:style.css"}) {
    INFO(key);
    CHECK(Has(guide, key));
  }
  // The home page names no model: a change to a model record does not touch it.
  const auto& home = deps.at("en/index.html");
  CHECK_FALSE(Has(home, "data:models/llama-3.1-8b"));
  CHECK(Has(home, "content:content/en/index.md"));
  // A French page shown in English (fallback) reads the English source; a translation does
  // not: its stale notice depends on the source only through the job's stale flag.
  CHECK(Has(deps.at("fr/guide/index.html"), "content:content/en/guide.md"));
  CHECK(Has(deps.at("zh-Hans/guide/index.html"), "content:content/zh-Hans/guide.md"));
  CHECK_FALSE(Has(deps.at("zh-Hans/guide/index.html"), "content:content/en/guide.md"));
  // A GPU page reads its own record.
  CHECK(Has(deps.at("en/gpus/rtx-4090/index.html"), "data:gpus/rtx-4090"));
  CHECK(Has(deps.at("en/gpus/rtx-4090/index.html"), "template:gpu"));
}

TEST_CASE("page dependencies: the mini site's map equals its golden file", "[site][deps]") {
  std::string text;
  for (const auto& [page, keys] : MiniBuild().page_dependencies) {
    text += page + "\n";
    for (const auto& k : keys) text += "  " + k + "\n";
  }
  const fs::path golden = TestsDir() / "golden" / "page-dependencies" / "mini.txt";
  if (UpdateGolden()) WriteFile(golden, text);
  INFO(LineDiff(ReadFileOrEmpty(golden), text));
  CHECK(ReadFileOrEmpty(golden) == text);
}

}  // namespace
}  // namespace gg::testing
