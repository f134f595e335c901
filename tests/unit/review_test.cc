// gpuguide review: fixture changes with golden reports (tests/review/README.md), the
// boilerplate collapse, the thresholds, the Markdown size limit, and that a review leaves the
// working tree and site/ exactly as they were.
#include <catch2/catch.hpp>

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <regex>

#include "../sites/site_fixture.h"
#include "review/line_diff.h"
#include "review/output_changes.h"
#include "review/page_text.h"
#include "review/render.h"
#include "review/word_diff.h"

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

// A git checkout of the real guide (the repository's data, content, templates and assets)
// committed on main.
void MakeGuideRepo(const fs::path& root) {
  for (const char* dir : {"data", "content", "templates", "assets"})
    CopyTree(SourceDir() / dir, root / dir);
  REQUIRE(Git(root, "init -q") == 0);
  REQUIRE(Git(root, "add -A") == 0);
  REQUIRE(Git(root, "commit -q -m base") == 0);
}

// Replaces the one occurrence of `from` in root/file.
void EditOnce(const fs::path& root, const std::string& file, const std::string& from,
              const std::string& to) {
  std::string text = ReadFileOrEmpty(root / file);
  size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  REQUIRE(text.find(from, at + 1) == std::string::npos);
  text.replace(at, from.size(), to);
  WriteFile(root / file, text);
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

// Markdown as GitHub renders it: cmark-gfm with GitHub's extensions; raw HTML (<details>)
// kept.
std::string RenderGfm(const std::string& md) {
  cmark_gfm_core_extensions_ensure_registered();
  cmark_parser* parser = cmark_parser_new(CMARK_OPT_UNSAFE);
  for (const char* ext : {"table", "strikethrough", "autolink", "tagfilter"})
    cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(ext));
  cmark_parser_feed(parser, md.data(), md.size());
  cmark_node* doc = cmark_parser_finish(parser);
  char* html = cmark_render_html(doc, CMARK_OPT_UNSAFE, cmark_parser_get_syntax_extensions(parser));
  std::string out = html;
  std::free(html);
  cmark_node_free(doc);
  cmark_parser_free(parser);
  return out;
}

size_t Count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + what.size())) ++n;
  return n;
}

// The rendered report is whole: every <details> closed, every code block closed, and no
// change marker left as literal text (a "~~" or "**" that did not take effect).
void CheckRendered(const std::string& md) {
  const std::string html = RenderGfm(md);
  INFO(html);
  CHECK(Count(html, "<details") == Count(html, "</details>"));
  CHECK(Count(html, "<pre") == Count(html, "</pre>"));
  CHECK(Count(html, "<li>") == Count(html, "</li>"));
  // Outside code blocks, markers must all have become <del> and <strong>.
  std::string prose = html;
  for (size_t a = prose.find("<pre"); a != std::string::npos; a = prose.find("<pre", a)) {
    size_t b = prose.find("</pre>", a);
    prose.erase(a, b == std::string::npos ? std::string::npos : b + 6 - a);
  }
  CHECK(prose.find("~~") == std::string::npos);
  CHECK(prose.find("**") == std::string::npos);
}

struct Case {
  const char* name;
  int exit_code;
};

}  // namespace

TEST_CASE("review reports each fixture change as its golden text and Markdown", "[review]") {
  const Case cases[] = {
      {"price-reranks", 0},   {"price-invisible", 0}, {"new-gpu", 0},    {"removed-model", 1},
      {"spec-moves-leaf", 0}, {"english-edit", 0},    {"data-error", 1}, {"price-wide-row", 0},
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
      CheckRendered(md.out);
    }
  }
}

TEST_CASE("review names a changed table cell by its column", "[review]") {
  // tests/review/price-wide-row: the new RTX 4090's estimate $2,700 -> $2,600; the compare
  // page's wide row shows the one cell that changed, under its column's name ("New": the
  // price of a new card).
  TempDir tmp("gg-review");
  fs::path root = tmp.path() / "repo";
  MakeRepo(root);
  ApplyCase(TestsDir() / "review" / "price-wide-row", root);
  CliRun text = RunGpuguide({"review", "HEAD", "--root", root.string(), "--jobs", "2"});
  REQUIRE(text.exit_code == 0);
  INFO(text.out);
  CHECK(text.out.find("en/compare/index.html:\n        row “GeForce RTX 4090”: New: ≈estimated "
                      "price: $[-2,700-]{+2,600+}") != std::string::npos);
  CliRun json =
      RunGpuguide({"review", "HEAD", "--root", root.string(), "--jobs", "2", "--format", "json"});
  REQUIRE(json.exit_code == 0);
  CheckGolden(TestsDir() / "review" / "price-wide-row" / "expected.json", MaskCommit(json.out));
}

TEST_CASE("review shows a one-word edit of the real guide in every format", "[review][guide]") {
  // tests/review/guide-one-word: "GPU" -> "graphics card" in the second sentence of the long
  // AMD paragraph of content/en/guide/beyond-nvidia.md, 270 characters in: the lines the
  // report used to print were cut before it.
  TempDir tmp("gg-review");
  fs::path root = tmp.path() / "repo";
  MakeGuideRepo(root);
  EditOnce(root, "content/en/guide/beyond-nvidia.md", "support AMD GPUs.",
           "support AMD graphics cards.");
  const fs::path dir = TestsDir() / "review" / "guide-one-word";
  for (const char* format : {"text", "markdown", "json"}) {
    CliRun run =
        RunGpuguide({"review", "HEAD", "--root", root.string(), "--jobs", "2", "--format", format});
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    const std::string f = format;
    const std::string out = MaskCommit(run.out);
    CheckGolden(dir / (f == "text"       ? "expected.txt"
                       : f == "markdown" ? "expected.md"
                                         : "expected.json"),
                out);
    if (f == "text") {
      CHECK(out.find("[-GPUs-]{+graphics cards+}") != std::string::npos);
      CHECK(out.find("content/en/guide/beyond-nvidia.md:19:") != std::string::npos);
    } else if (f == "markdown") {
      CHECK(out.find("~~GPUs~~ **graphics cards**") != std::string::npos);
      CheckRendered(out);
    } else {
      auto j = nlohmann::json::parse(out);
      bool removed = false, added = false;
      for (const auto& w : j["source_changes"][0]["words"]) {
        removed |= w["op"] == "removed" && w["text"] == "GPUs";
        added |= w["op"] == "added" && w["text"] == "graphics cards";
      }
      CHECK(removed);
      CHECK(added);
    }
  }
}

TEST_CASE(
    "review of one price on the real guide: the cell by column, a Markdown comment that "
    "fits",
    "[review][guide]") {
  TempDir tmp("gg-review");
  fs::path root = tmp.path() / "repo";
  MakeGuideRepo(root);
  // One new US listing of the RTX 4090 (test data in a temporary repository, not the guide's).
  using J = nlohmann::ordered_json;
  J prices = J::parse(ReadFileOrEmpty(root / "data/prices.json"));
  auto& obs = prices["observations"];
  size_t last = 0;
  for (size_t i = 0; i < obs.size(); ++i)
    if (obs[i]["gpu"] == "rtx-4090") last = i;
  J o = J::object();
  o["gpu"] = "rtx-4090";
  o["date"] = "2026-11-26";
  o["condition"] = "new";
  o["region"] = "US";
  o["currency"] = "USD";
  o["price"] = 1499;
  o["kind"] = "listing";
  o["source"] = "Review test: one RTX 4090 listing (not real data)";
  obs.insert(obs.begin() + static_cast<long>(last) + 1, o);
  WriteFile(root / "data/prices.json", prices.dump(2) + "\n");
  CliRun md = RunGpuguide(
      {"review", "HEAD", "--root", root.string(), "--jobs", "2", "--format", "markdown"});
  INFO(md.err);
  REQUIRE(md.exit_code == 0);
  INFO(md.out);
  CHECK(md.out.size() <= 65000);
  CHECK(md.out.find("Report truncated") == std::string::npos);
  CheckRendered(md.out);
  CHECK(md.out.find("GeForce RTX 4090 · ") != std::string::npos);
  CliRun text = RunGpuguide({"review", "HEAD", "--root", root.string(), "--jobs", "2"});
  REQUIRE(text.exit_code == 0);
  INFO(text.out);
  CHECK(text.out.find("row “GeForce RTX 4090”: ") != std::string::npos);
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

TEST_CASE("word diffs show the words changed, with context cut around them", "[review][diff]") {
  struct Row {
    std::string before, after, text;
  } rows[] = {
      {"PyTorch publishes official ROCm builds, and engines support AMD GPUs. Mainstream models "
       "run.",
       "PyTorch publishes official ROCm builds, and engines support AMD graphics cards. Mainstream "
       "models run.",
       "…publishes official ROCm builds, and engines support AMD [-GPUs-]{+graphics cards+}. "
       "Mainstream models run."},
      {"$2,000", "$1,800", "$[-2,000-]{+1,800+}"},
      {"a b c", "a x c", "a [-b-]{+x+} c"},
      {"one two", "one two three", "one two{+ three+}"},
      // Chinese: words by ICU's dictionary, not by spaces (there are none).
      {"我们推荐使用显卡进行训练。", "我们推荐使用图形处理器进行训练。",
       "我们推荐使用[-显卡-]{+图形处理器+}进行训练。"},
      {"same", "same", ""},
  };
  for (const auto& r : rows) {
    INFO(r.before << " -> " << r.after);
    CHECK(WordDiffText(DiffWords(r.before, r.after)) == r.text);
  }
  // Long unchanged text is cut to about 60 characters each side, marked with "…".
  std::string words;
  while (words.size() < 400) words += "lorem ipsum dolor sit amet ";
  const std::string before = words + "GPU " + words, after = words + "graphics card " + words;
  const std::string shown = WordDiffText(DiffWords(before, after));
  CHECK(shown.find("[-GPU-]{+graphics card+}") != std::string::npos);
  CHECK(shown.rfind("…", 0) == 0);
  CHECK(shown.size() < 160);
  CHECK(shown.substr(shown.size() - 3) == "…");
}

TEST_CASE("a change at character 500 of a 1,000-character paragraph is shown", "[review][diff]") {
  std::string para;
  for (int i = 0; para.size() < 1000; ++i) para += "word" + std::to_string(i % 10) + " ";
  para.resize(1000);
  std::string changed = para;
  REQUIRE(changed[500] != 'Q');
  changed[500] = 'Q';
  const std::string before = "<body><p>" + para + "</p></body>";
  const std::string after = "<body><p>" + changed + "</p></body>";
  auto changes = PageChanges(before, after);
  REQUIRE(changes.size() == 1);
  const std::string text = WordDiffText(changes[0].words);
  INFO(text);
  CHECK(text.find("{+") != std::string::npos);
  CHECK(text.find("Q") != std::string::npos);
  CHECK(text.size() < 200);
}

TEST_CASE("a change in the last cell of a 20-column row is shown by column name",
          "[review][diff]") {
  auto table = [](const std::string& last) {
    std::string h = "<body><table><thead><tr>";
    for (int i = 1; i <= 20; ++i) h += "<th>Column " + std::to_string(i) + "</th>";
    h += "</tr></thead><tbody><tr>";
    for (int i = 1; i < 20; ++i)
      h += "<td>a long cell value number " + std::to_string(i) + " of this wide row</td>";
    h += "<td>" + last + "</td></tr></tbody></table></body>";
    return h;
  };
  auto changes = PageChanges(table("$2,000"), table("$1,800"));
  REQUIRE(changes.size() == 1);
  CHECK(changes[0].row == "a long cell value number 1 of this wide row");
  REQUIRE(changes[0].cells.size() == 1);
  CHECK(changes[0].cells[0].column == "Column 20");
  CHECK(WordDiffText(changes[0].cells[0].words) == "$[-2,000-]{+1,800+}");
}

TEST_CASE("Markdown word diffs stay literal and marked in GitHub's renderer", "[review]") {
  // Text that would be Markdown or HTML, and markers next to punctuation and letters.
  struct Row {
    std::vector<WordSpan> spans;
    std::string del, strong;  // the HTML each marker must become
  } rows[] = {
      {{{WordSpan::kSame, "a dedicated "},
        {WordSpan::kRemoved, "GPU"},
        {WordSpan::kAdded, "graphics card"},
        {WordSpan::kSame, " at"}},
       "<del>GPU</del>",
       "<strong>graphics card</strong>"},
      {{{WordSpan::kSame, "x"},
        {WordSpan::kRemoved, "(a)"},
        {WordSpan::kAdded, "*b*"},
        {WordSpan::kSame, "y"}},
       "<del>(a)</del>",
       "<strong>*b*</strong>"},
      {{{WordSpan::kSame, "| cell "},
        {WordSpan::kRemoved, "<script>"},
        {WordSpan::kAdded, "~~`code`~~"},
        {WordSpan::kSame, " $x$ [l](u) #"}},
       "<del>&lt;script&gt;</del>",
       "<strong>~~`code`~~</strong>"},
      {{{WordSpan::kSame, "价格"},
        {WordSpan::kRemoved, "$2,000"},
        {WordSpan::kAdded, "$1,800"},
        {WordSpan::kSame, "。"}},
       "<del>$2,000</del>",
       "<strong>$1,800</strong>"},
      {{{WordSpan::kSame, "one "}, {WordSpan::kAdded, " two "}, {WordSpan::kSame, "three"}},
       "",
       "<strong>two</strong>"},
  };
  for (const auto& r : rows) {
    const std::string md = "- " + WordDiffMarkdown(r.spans) + "\n";
    const std::string html = RenderGfm(md);
    INFO(md << "\n" << html);
    if (!r.del.empty()) CHECK(html.find(r.del) != std::string::npos);
    CHECK(html.find(r.strong) != std::string::npos);
    CHECK(Count(html, "<li>") == 1);
    CHECK(html.find("<script") == std::string::npos);
    CHECK(html.find("<a ") == std::string::npos);
    CHECK(html.find("<code>") == std::string::npos);
  }
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

// A file name is any bytes git allows: one that is not UTF-8 once made the JSON report throw
// (nlohmann's dump refuses invalid UTF-8). It is printed with U+FFFD instead.
TEST_CASE("review --json: a path that is not UTF-8 is printed, not thrown", "[review]") {
  Report r;
  r.base_built = r.head_built = true;
  r.output_added.push_back("en/gpus/r\xF6x/index.html");
  std::string text;
  REQUIRE_NOTHROW(text = RenderReviewJson(r));
  const nlohmann::json j = nlohmann::json::parse(text);
  CHECK(j["output"]["added"][0] == "en/gpus/r\xEF\xBF\xBDx/index.html");
}

}  // namespace gg::testing
