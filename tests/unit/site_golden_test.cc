// Golden test of a whole site: tests/sites/mini (its own data/ and content/, the repository's
// templates/ and assets/) is built in-process and every output file is compared byte for byte
// with tests/sites/mini.expected/, and the diagnostics with
// tests/sites/mini.expected.diagnostics.txt.
//
// After an intended change of the output:  UPDATE_GOLDEN=1 ./build/tests/unit_tests
// '[site][golden]' rewrites both, then review them with `git diff tests/sites/` before committing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <regex>

#include "../sites/site_fixture.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

const char* kHowToUpdate =
    "if the change is intended: UPDATE_GOLDEN=1 ./build/tests/unit_tests '[site][golden]', then "
    "review "
    "`git diff tests/sites/`";

// "exit: N" then the sorted error/warning lines, as in tests/invalid/*/expected.txt.
std::string DiagnosticsReport(const CliRun& run) {
  return "exit: " + std::to_string(run.exit_code) + "\n" + JoinLines(DiagnosticLines(run.err));
}

struct MiniBuild {
  TempDir tmp{"gg-golden"};
  fs::path root = tmp.path() / "root";
  fs::path out = tmp.path() / "site";
  CliRun run;
  MiniBuild() {
    AssembleFixtureRoot("mini", root);
    run = BuildSite(root, out, 2);
  }
};

TEST_CASE("mini site: every output file equals tests/sites/mini.expected", "[site][golden]") {
  MiniBuild b;
  const fs::path expected_dir = TestsDir() / "sites" / "mini.expected";
  const fs::path expected_diags = TestsDir() / "sites" / "mini.expected.diagnostics.txt";
  const std::string report = DiagnosticsReport(b.run);

  if (UpdateGolden()) {
    WriteFile(expected_diags, report);
    if (b.run.exit_code == 0) {
      fs::remove_all(expected_dir);
      CopyTree(b.out, expected_dir);
    }
    WARN("UPDATE_GOLDEN: rewrote "
         << expected_diags.string()
         << (b.run.exit_code == 0 ? " and " + expected_dir.string() : " only (the build failed)"));
  }

  {
    INFO("gpuguide build failed:\n" << b.run.err);
    REQUIRE(b.run.exit_code == 0);
  }
  {
    std::string diag_diff = LineDiff(ReadFileOrEmpty(expected_diags), report);
    INFO("diagnostics differ from " << expected_diags.string() << ":\n"
                                    << diag_diff << kHowToUpdate);
    CHECK(diag_diff.empty());
  }
  {
    INFO("missing golden folder " << expected_dir.string() << "; " << kHowToUpdate);
    REQUIRE(fs::is_directory(expected_dir));
  }
  std::string tree_diff = CompareTrees(ReadTree(expected_dir), ReadTree(b.out));
  INFO("output differs from " << expected_dir.string() << ":\n" << tree_diff << kHowToUpdate);
  CHECK(tree_diff.empty());
}

TEST_CASE("mini site: missing and stale translations are reported as warnings", "[site][i18n]") {
  MiniBuild b;
  INFO("gpuguide build stderr:\n" << b.run.err);
  REQUIRE(b.run.exit_code == 0);
  std::vector<std::string> lines = DiagnosticLines(b.run.err);
  auto has = [&](const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
  };
  CHECK(
      has("content/fr/guide.md: warning: missing translation of content/en/guide.md; the page "
          "is shown in 'en' with a notice"));
  CHECK(
      has("content/zh-Hans/guide.md:7:17: warning: stale: content/en/guide.md changed since "
          "this translation; update it, then run 'gpuguide stamp content/zh-Hans/guide.md'"));
  for (const auto& line : lines) {
    INFO(line);
    CHECK(line.find(": error: ") == std::string::npos);
  }
}

TEST_CASE("mini site: the fallback page and the stale translation carry their notices",
          "[site][i18n]") {
  MiniBuild b;
  INFO("gpuguide build stderr:\n" << b.run.err);
  REQUIRE(b.run.exit_code == 0);

  // fr has no guide.md: /fr/guide/ shows the English text, marked as English, with a notice.
  std::string fr_guide = ReadFileOrEmpty(b.out / "fr" / "guide" / "index.html");
  REQUIRE_FALSE(fr_guide.empty());
  CHECK(fr_guide.find("<html lang=\"fr\">") != std::string::npos);
  CHECK(fr_guide.find("class=\"notice\" role=\"note\"") != std::string::npos);
  CHECK(fr_guide.find("class=\"prose\" lang=\"en\"") != std::string::npos);
  CHECK(fr_guide.find("Memory decides first") != std::string::npos);

  // zh-Hans/guide.md records a revision of the English page that is not the current one.
  std::string zh_guide = ReadFileOrEmpty(b.out / "zh-Hans" / "guide" / "index.html");
  REQUIRE_FALSE(zh_guide.empty());
  CHECK(zh_guide.find("notice-stale") != std::string::npos);
  CHECK(zh_guide.find("class=\"prose\" lang=\"zh-Hans\"") != std::string::npos);

  // Up-to-date translations carry neither notice.
  for (const char* lang : {"zh-Hans", "fr"}) {
    std::string home = ReadFileOrEmpty(b.out / lang / "index.html");
    INFO(lang);
    REQUIRE_FALSE(home.empty());
    CHECK(home.find("role=\"note\"") == std::string::npos);
  }
}

// content/en/guide/{memory,speed}.md are chapters of guide.md: the contents page lists them
// with their sections and carries their old anchors; each chapter links to its neighbours.
TEST_CASE("mini site: chapters, their contents page, old anchors and the pager",
          "[site][chapters]") {
  MiniBuild b;
  INFO("gpuguide build stderr:\n" << b.run.err);
  REQUIRE(b.run.exit_code == 0);
  struct Case {
    const char* lang;
    std::vector<std::string> needles;  // in the contents page, in this order
  } cases[] = {
      {"en",
       {"<a href=\"../../en/guide/memory/\" id=\"memory-first\">Memory first</a>",
        "<a href=\"../../en/guide/memory/#weights\" id=\"weights\">Weights</a>",
        "<span id=\"old-weights\"></span>",
        "<a href=\"../../en/guide/memory/#kv-cache\" id=\"kv-cache\">Cache</a>",
        "<a href=\"../../en/guide/speed/\" id=\"then-speed\">Then speed</a>"}},
      // zh-Hans: its own chapters, with Chinese old anchors.
      {"zh-Hans",
       {"id=\"先看显存\">先看显存</a>", "id=\"weights\">权重</a><span id=\"权重\"></span>",
        "id=\"再看速度\">再看速度</a>"}},
      // fr has no guide: the English chapters, marked as English, under French UI strings.
      {"fr",
       {"<h2 id=\"chapters\" lang=\"fr\">Chapitres</h2>",
        "<li lang=\"en\"><a href=\"../../fr/guide/memory/\" id=\"memory-first\">Memory first</a>"}},
  };
  for (const auto& c : cases) {
    INFO(c.lang);
    std::string html = ReadFileOrEmpty(b.out / c.lang / "guide" / "index.html");
    size_t at = 0;
    for (const auto& n : c.needles) {
      INFO(n);
      size_t found = html.find(n, at);
      CHECK(found != std::string::npos);
      if (found != std::string::npos) at = found;
    }
  }
  std::string first = ReadFileOrEmpty(b.out / "en" / "guide" / "memory" / "index.html");
  CHECK(first.find("rel=\"prev\"") == std::string::npos);
  CHECK(first.find("<a rel=\"next\" href=\"../../../en/guide/speed/\">") != std::string::npos);
  CHECK(first.find("<h2 id=\"kv-cache\">Cache</h2>") != std::string::npos);
  std::string last = ReadFileOrEmpty(b.out / "en" / "guide" / "speed" / "index.html");
  CHECK(last.find("<a rel=\"prev\" href=\"../../../en/guide/memory/\">") != std::string::npos);
  CHECK(last.find("rel=\"next\"") == std::string::npos);
  // The guide stays the current navigation entry on its chapters.
  CHECK(last.find("aria-current=\"page\">The guide</a>") != std::string::npos);
}

// content/README.md: `gpu-rank workload=W [limit=N]` is the relative *performance* ranking
// (value rankings are gpu-value). In the mini data the H100 SXM is measured at 2.334x the
// baseline RTX 4090 in 16-bit training, the RTX 5090 is estimated above the RTX 4090.
TEST_CASE("mini site: gpu-rank lists the fastest GPUs first", "[site][directives]") {
  MiniBuild b;
  INFO("gpuguide build stderr:\n" << b.run.err);
  REQUIRE(b.run.exit_code == 0);
  std::string html = ReadFileOrEmpty(b.out / "en" / "index.html");
  size_t table = html.find("<caption>Relative training speed</caption>");
  REQUIRE(table != std::string::npos);
  std::string body = html.substr(table, html.find("</table>", table) - table);
  static const std::regex kRow(
      R"re(<tr[^>]*><th scope="row"><a href="[^"]*/gpus/([a-z0-9.-]+)/">[^<]*</a></th><td class="num"[^>]*>(?:<data [^>]*>)?\d+(?:</data>)?</td><td class="num"[^>]*>([0-9.]+)×</td>)re");
  std::vector<std::string> ids;
  std::vector<double> perf;
  for (auto it = std::sregex_iterator(body.begin(), body.end(), kRow); it != std::sregex_iterator();
       ++it) {
    ids.push_back((*it)[1].str());
    perf.push_back(std::stod((*it)[2].str()));
  }
  INFO("table: " << body);
  REQUIRE(ids.size() == 3);
  CHECK(ids == std::vector<std::string>{"h100-sxm", "rtx-5090", "rtx-4090"});
  CHECK(std::is_sorted(perf.rbegin(), perf.rend()));
}

}  // namespace
}  // namespace gg::testing
