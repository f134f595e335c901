// gpuguide review: fixture changes with golden reports (tests/review/README.md), the
// boilerplate collapse, the thresholds, the Markdown size limit, and that a review leaves the
// working tree and site/ exactly as they were.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <regex>

#include "../sites/site_fixture.h"
#include "review/line_diff.h"
#include "review/output_changes.h"
#include "review/page_text.h"
#include "review/render.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

int Git(const fs::path& root, const std::string& args) {
  std::string cmd = "cd '" + root.string() +
                    "' && GIT_AUTHOR_DATE='2026-11-23T00:00:00Z' "
                    "GIT_COMMITTER_DATE='2026-11-23T00:00:00Z' git -c user.name=review "
                    "-c user.email=review@example.invalid -c init.defaultBranch=main "
                    "-c commit.gpgsign=false " +
                    args + " >/dev/null 2>&1";
  return std::system(cmd.c_str());
}

// A git checkout of the mini site with the review base overlay committed on main.
void MakeRepo(const fs::path& root) {
  AssembleFixtureRoot("mini", root);
  CopyTree(TestsDir() / "review" / "base", root);
  REQUIRE(Git(root, "init -q") == 0);
  REQUIRE(Git(root, "add -A") == 0);
  REQUIRE(Git(root, "commit -q -m base") == 0);
}

void ApplyCase(const fs::path& dir, const fs::path& root) {
  if (fs::is_directory(dir / "files")) CopyTree(dir / "files", root);
  std::string del = ReadFileOrEmpty(dir / "DELETE");
  size_t start = 0;
  while (start < del.size()) {
    size_t nl = del.find('\n', start);
    std::string line = del.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    if (!line.empty()) fs::remove(root / line);
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
}

std::string MaskCommit(const std::string& s) {
  return std::regex_replace(s, std::regex("HEAD \\([0-9a-f]{10}\\)"), "HEAD (<base>)");
}

void CheckGolden(const fs::path& file, const std::string& actual) {
  if (UpdateGolden()) {
    WriteFile(file, actual);
    WARN("UPDATE_GOLDEN: wrote " << file.string() << "; review it");
  }
  REQUIRE(fs::is_regular_file(file));
  std::string diff = LineDiff(ReadFileOrEmpty(file), actual);
  INFO("report differs from " << file.string() << ":\n" << diff);
  CHECK(diff.empty());
}

struct Case {
  const char* name;
  int exit_code;
};

}  // namespace

TEST_CASE("review reports each fixture change as its golden text and Markdown", "[review]") {
  const Case cases[] = {
      {"price-reranks", 0},   {"price-invisible", 0}, {"new-gpu", 0},    {"removed-model", 1},
      {"spec-moves-leaf", 0}, {"english-edit", 0},    {"data-error", 1},
  };
  for (const auto& c : cases) {
    DYNAMIC_SECTION(c.name) {
      TempDir tmp("gg-review");
      fs::path root = tmp.path() / "repo";
      MakeRepo(root);
      const fs::path dir = TestsDir() / "review" / c.name;
      REQUIRE(fs::is_directory(dir));
      ApplyCase(dir, root);
      CliRun text = RunGpuguide({"review", "HEAD", "--root", root.string(), "--jobs", "2"});
      INFO("stderr: " << text.err);
      CHECK(text.exit_code == c.exit_code);
      CheckGolden(dir / "expected.txt", MaskCommit(text.out));
      CliRun md = RunGpuguide(
          {"review", "HEAD", "--root", root.string(), "--jobs", "2", "--format", "markdown"});
      CHECK(md.exit_code == c.exit_code);
      CheckGolden(dir / "expected.md", MaskCommit(md.out));
      CHECK(md.out.size() < 60000);
    }
  }
}

TEST_CASE("review changes nothing in the working tree, its site/ or git", "[review]") {
  TempDir tmp("gg-review");
  fs::path root = tmp.path() / "repo";
  MakeRepo(root);
  REQUIRE(BuildSite(root, root / "site", 2).exit_code == 0);
  ApplyCase(TestsDir() / "review" / "price-reranks", root);
  auto before = Snapshot(root);  // includes .git and site/
  CliRun run = RunGpuguide({"review", "--root", root.string(), "--format", "json"});
  INFO(run.err);
  CHECK(run.exit_code == 0);
  auto after = Snapshot(root);
  // The one thing a review may add: entries of the build cache (ROOT/.cache, ignored by git),
  // which it fills so the next review or build reuses them.
  size_t cache_entries = 0;
  for (auto it = after.begin(); it != after.end();) {
    if (it->first.rfind(".cache/", 0) == 0 && !before.count(it->first)) {
      ++cache_entries;
      it = after.erase(it);
    } else {
      ++it;
    }
  }
  CHECK(cache_entries > 0);
  REQUIRE(before.size() == after.size());
  for (const auto& [path, state] : before) {
    INFO(path);
    REQUIRE(after.count(path));
    CHECK(after[path].bytes == state.bytes);
    CHECK(after[path].mtime == state.mtime);
  }
  // The default base is the merge-base with main: the same report as naming HEAD.
  CHECK(run.out.find("\"schema\": \"gpuguide-review/1\"") != std::string::npos);
  CHECK(run.out.find("\"adds_errors\": false") != std::string::npos);
}

TEST_CASE("review gives the same report cold, with an empty cache and with a warm one",
          "[review]") {
  TempDir tmp("gg-review");
  fs::path root = tmp.path() / "repo";
  MakeRepo(root);
  ApplyCase(TestsDir() / "review" / "price-reranks", root);
  auto review = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = {"review", "HEAD", "--root",   root.string(),
                                     "--jobs", "2",    "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    CliRun r = RunGpuguide(args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return r.out;
  };
  const std::string cold = review({"--no-cache"});
  REQUIRE_FALSE(fs::exists(root / ".cache"));  // --no-cache writes no cache
  const std::string first = review({});        // empty cache: the head reuses the base's work
  REQUIRE(fs::is_directory(root / ".cache"));
  const std::string warm = review({});  // both sides from the cache
  CHECK(LineDiff(cold, first).empty());
  CHECK(LineDiff(cold, warm).empty());
}

TEST_CASE("review --threshold hides numeric answers that moved less", "[review]") {
  // tests/review/thresholds: the used H100 price falls 2.3 % (a sale replaces the estimate), and
  // buying one instead of renting it breaks even 1.7 % sooner (2,052 -> 2,018 days).
  TempDir tmp("gg-review");
  fs::path root = tmp.path() / "repo";
  MakeRepo(root);
  ApplyCase(TestsDir() / "review" / "thresholds", root);
  auto answers = [&](const std::string& pct) {
    CliRun r = RunGpuguide(
        {"review", "HEAD", "--root", root.string(), "--format", "json", "--threshold", pct});
    REQUIRE(r.exit_code == 0);
    size_t a = r.out.find("\"answers\": ["), b = r.out.find("\"content\":");
    REQUIRE(a != std::string::npos);
    std::string section = r.out.substr(a, b - a);
    size_t n = 0;
    for (size_t p = section.find("\"break-even\""); p != std::string::npos;
         p = section.find("\"break-even\"", p + 1))
      ++n;
    return n;
  };
  CHECK(answers("0") == 1);
  CHECK(answers("1.5") == 1);
  CHECK(answers("2") == 0);  // the default
  CHECK(answers("10") == 0);
}

TEST_CASE("review: bad command lines and revisions exit 2", "[review]") {
  TempDir tmp("gg-review");
  fs::path root = tmp.path() / "repo";
  MakeRepo(root);
  CHECK(RunGpuguide({"review", "--root", root.string(), "--format", "yaml"}).exit_code == 2);
  CHECK(RunGpuguide({"review", "--root", root.string(), "--fromat", "json"}).exit_code == 2);
  CliRun limit = RunGpuguide({"review", "--root", root.string(), "--cache-limit", "0"});
  CHECK(limit.exit_code == 2);
  CHECK(limit.err.find("--cache-limit takes a whole number of MiB") != std::string::npos);
  CliRun bad = RunGpuguide({"review", "no-such-rev", "--root", root.string()});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("unknown revision 'no-such-rev'") != std::string::npos);
  CHECK(RunGpuguide({"review", "HEAD", "--root", (tmp.path() / "nowhere").string()}).exit_code ==
        2);
}

TEST_CASE("date-only edits and asset hashes are boilerplate; prices are not", "[review]") {
  struct Row {
    const char* before;
    const char* after;
    bool date_only;
  } rows[] = {
      {"Prices as of November 1, 2026", "Prices as of November 20, 2026", true},
      {"Prices as of October 31, 2026", "Prices as of November 1, 2026", true},
      {"Prix au 1 novembre 2026", "Prix au 20 novembre 2026", true},
      {"价格截至 2026年11月1日", "价格截至 2026年11月20日", true},
      {"data of 2026-11-01", "data of 2026-11-20", true},
      {"GeForce RTX 5090 | $2,900", "GeForce RTX 5090 | $2,800", false},
      {"Prices as of November 1, 2026 · RTX 5090 $2,900",
       "Prices as of November 20, 2026 · RTX 5090 $2,800", false},
      {"rank 3", "rank 4", false},
      {"same", "same", false},
  };
  for (const auto& r : rows) {
    INFO(r.before << " → " << r.after);
    CHECK(IsDateOnlyChange(r.before, r.after) == r.date_only);
  }
  CHECK(DiffersOnlyInAssetHashes("<link href=\"../assets/style.d31909f72e.css\">",
                                 "<link href=\"../assets/style.0a1b2c3d4e.css\">"));
  CHECK_FALSE(DiffersOnlyInAssetHashes("<link href=\"style.d31909f72e.css\">",
                                       "<link href=\"style.d31909f72e.css\"><p>x</p>"));
}

TEST_CASE("the Markdown report stays under its size limit, with a note", "[review]") {
  Report r;
  r.base_label = "base";
  r.head_label = "head";
  r.base_built = r.head_built = true;
  for (int i = 0; i < 5000; ++i)
    r.records.push_back({"price",
                         "gpu-" + std::to_string(i) + " 2026-11-01 new US",
                         "added",
                         "data/prices.json",
                         {{"price", "", std::to_string(1000 + i)}}});
  std::string md = RenderReviewMarkdown(r, "", 60000);
  CHECK(md.size() <= 60000);
  CHECK(md.find("Report truncated") != std::string::npos);
  CHECK(md.rfind("### gpuguide review", 0) == 0);
  // Code blocks and <details> stay balanced.
  size_t fences = 0, open = 0, close = 0;
  for (size_t p = md.find("```"); p != std::string::npos; p = md.find("```", p + 3)) ++fences;
  for (size_t p = md.find("<details"); p != std::string::npos; p = md.find("<details", p + 1))
    ++open;
  for (size_t p = md.find("</details>"); p != std::string::npos; p = md.find("</details>", p + 1))
    ++close;
  CHECK(fences % 2 == 0);
  CHECK(open == close);
  CHECK(RenderReviewMarkdown(r, "", 1000000).find("Report truncated") == std::string::npos);
}

TEST_CASE("visible text comes from a real HTML parser", "[review][diff]") {
  // '>' inside an attribute value broke the hand scanner.
  CHECK(VisibleTextLines("<body><p title=\"a > b\">x &gt; y</p><p>z<!-- <p>no --></p></body>") ==
        std::vector<std::string>{"x > y", "z"});
  CHECK(VisibleTextLines("<body><script>var a = '<p>';</script><p>shown</p></body>") ==
        std::vector<std::string>{"shown"});
}

TEST_CASE("the line diff handles two 60,000-line pages", "[review][diff]") {
  std::vector<std::string> a, b;
  for (int i = 0; i < 60000; ++i) {
    a.push_back("row " + std::to_string(i));
    b.push_back(i % 1000 == 0 ? "changed " + std::to_string(i) : "row " + std::to_string(i));
  }
  auto d = DiffLines(a, b);
  CHECK(d.size() == 120);  // 60 rows replaced: 60 "-" and 60 "+"
  CHECK(d.front() == "- row 0");
  CHECK(d[1] == "+ changed 0");
}

}  // namespace gg::testing
