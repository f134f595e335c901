// Incremental builds (base/content_cache.h): a build that reuses the cache gives the bytes a
// cold build gives, after any series of edits; a corrupt or foreign cache is detected and
// never trusted.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <thread>

#include "../sites/site_fixture.h"
#include "base/content_cache.h"
#include "base/files.h"
#include "content/outline.h"
#include "content/page_source.h"
#include "site/open_data_plan.h"
#include "site/outline_cache.h"
#include "site/page_cache.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

TEST_CASE("content cache: an entry comes back as it was stored", "[cache]") {
  TempDir tmp("gg-cache");
  std::string warning;
  auto cache = ContentCache::Open((tmp.path() / "c").string(), "identity-a", &warning);
  REQUIRE(cache);
  CHECK(warning.empty());
  CHECK_FALSE(cache->Get("chart", ContentHashHex("k")));
  const std::string bytes("binary\0bytes\n", 13);
  cache->Put("chart", ContentHashHex("k"), bytes);
  auto got = cache->Get("chart", ContentHashHex("k"));
  REQUIRE(got);
  CHECK(*got == bytes);
  CHECK(cache->Stats().hits == 1);
  CHECK(cache->Stats().misses == 1);
  CHECK(cache->Stats().writes == 1);
}

TEST_CASE("content cache: a damaged entry is reported and never returned", "[cache]") {
  TempDir tmp("gg-cache");
  const fs::path dir = tmp.path() / "c";
  std::string warning;
  auto cache = ContentCache::Open(dir.string(), "identity-a", &warning);
  REQUIRE(cache);
  const std::string key = ContentHashHex("k");
  cache->Put("chart", key, "<svg>the drawing</svg>");
  const fs::path entry = dir / "chart" / key;
  std::string text = ReadFileOrEmpty(entry);
  REQUIRE(text.size() > 10);
  SECTION("one byte of the drawing changed") {
    text[text.size() - 3] ^= 1;
  }
  SECTION("truncated") {
    text.resize(text.size() - 5);
  }
  SECTION("header removed") {
    text = text.substr(10);
  }
  SECTION("empty") {
    text.clear();
  }
  WriteFile(entry, text);
  CHECK_FALSE(cache->Get("chart", key));
  CHECK(cache->Stats().corrupt == 1);
}

TEST_CASE("content cache: a cache of another executable is ignored and cleared", "[cache]") {
  TempDir tmp("gg-cache");
  const fs::path dir = tmp.path() / "c";
  std::string warning;
  const std::string key = ContentHashHex("k");
  {
    auto old = ContentCache::Open(dir.string(), "identity-a", &warning);
    REQUIRE(old);
    old->Put("chart", key, "old drawing");
  }
  WriteFile(dir / "chart" / "notes.txt", "not the cache's");  // must survive
  auto cache = ContentCache::Open(dir.string(), "identity-b", &warning);
  REQUIRE(cache);
  CHECK(warning.find("another build of gpuguide") != std::string::npos);
  CHECK_FALSE(cache->Get("chart", key));
  CHECK_FALSE(fs::exists(dir / "chart" / key));
  CHECK(ReadFileOrEmpty(dir / "chart" / "notes.txt") == "not the cache's");

  WriteFile(dir / "FORMAT", "something else\n");
  cache = ContentCache::Open(dir.string(), "identity-b", &warning);
  REQUIRE(cache);
  CHECK(warning.find("not a gpuguide cache") != std::string::npos);
}

TEST_CASE("content cache: fields pack and unpack, and malformed packs are refused", "[cache]") {
  const std::string packed = PackFields({"a", "", std::string("x\0y", 3)});
  std::vector<std::string> fields;
  REQUIRE(UnpackFields(packed, &fields));
  CHECK(fields == std::vector<std::string>{"a", "", std::string("x\0y", 3)});
  CHECK_FALSE(UnpackFields(packed.substr(0, packed.size() - 1), &fields));
  CHECK_FALSE(UnpackFields(packed + "z", &fields));
  CHECK_FALSE(UnpackFields("", &fields));
  // Keys of different field lists differ even when their concatenations are equal.
  CHECK(KeyWriter().Str("ab").Str("c").Hash() != KeyWriter().Str("a").Str("bc").Hash());
}

// ---- Incremental output equals a cold build's --------------------------------------------

// Replaces the n-th match (modulo the number of matches) of `re` in the file by `make(match)`;
// false when the file has no match.
bool EditNth(const fs::path& file, const std::regex& re, size_t n,
             const std::function<std::string(const std::smatch&)>& make) {
  std::string text = ReadFileOrEmpty(file);
  std::vector<std::smatch> matches;
  for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it)
    matches.push_back(*it);
  if (matches.empty()) return false;
  const std::smatch& m = matches[n % matches.size()];
  const auto pos = static_cast<size_t>(m.position(0));
  text = text.substr(0, pos) + make(m) + text.substr(pos + static_cast<size_t>(m.length(0)));
  WriteFile(file, text);
  return true;
}

void ReplaceEverywhere(const fs::path& root, const std::string& from, const std::string& to) {
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file()) continue;
    const std::string rel = fs::relative(e.path(), root).generic_string();
    if (rel.rfind("data/", 0) != 0 && rel.rfind("content/", 0) != 0) continue;
    std::string text = ReadFileOrEmpty(e.path());
    size_t at = 0;
    bool changed = false;
    while ((at = text.find(from, at)) != std::string::npos) {
      text.replace(at, from.size(), to);
      at += to.size();
      changed = true;
    }
    if (changed) WriteFile(e.path(), text);
  }
}

// One random edit of the kinds a maintainer makes; returns what it did.
std::string RandomEdit(const fs::path& root, std::mt19937& rng) {
  auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
  switch (pick(8)) {
    case 7:
      return "nothing";
    case 0: {
      int price = 100 + static_cast<int>(pick(3000));
      EditNth(root / "data/prices.json", std::regex("\"price\": [0-9.]+"), pick(64),
              [&](const std::smatch&) { return "\"price\": " + std::to_string(price); });
      return "a price set to " + std::to_string(price);
    }
    case 1: {
      int bandwidth = 300 + static_cast<int>(pick(3000));
      EditNth(
          root / "data/gpus.json", std::regex("\"bandwidth_gbs\": [0-9.]+"), pick(8),
          [&](const std::smatch&) { return "\"bandwidth_gbs\": " + std::to_string(bandwidth); });
      return "a bandwidth set to " + std::to_string(bandwidth);
    }
    case 2: {
      const fs::path page = root / "content/en/guide.md";
      if (!fs::exists(page)) return "nothing (guide.md deleted)";
      WriteFile(page, ReadFileOrEmpty(page) + "\nAn added paragraph of prose, edit " +
                          std::to_string(pick(1000)) + ".\n");
      return "a paragraph added to content/en/guide.md";
    }
    case 3:
      EditNth(root / "content/en/_strings.json", std::regex("\": \"([^\"{}\\\\]+)\""), pick(200),
              [](const std::smatch& m) { return "\": \"" + m[1].str() + " (edited)\""; });
      return "a UI string edited";
    case 4: {
      const fs::path tpl = root / "templates/page.html";
      WriteFile(tpl, ReadFileOrEmpty(tpl) + "<!-- edit " + std::to_string(pick(1000)) + " -->\n");
      return "templates/page.html edited";
    }
    case 5:
      fs::remove(root / "content/fr/guide.md");
      return "content/fr/guide.md deleted";
    default:
      ReplaceEverywhere(root, "rtx-3090", "rtx-3090-renamed");
      return "GPU rtx-3090 renamed";
  }
}

TEST_CASE("outline cache: an outline comes back from the cache as it was made", "[cache]") {
  TempDir tmp("gg-cache");
  std::string warning;
  auto cache = ContentCache::Open((tmp.path() / "c").string(), "identity-a", &warning);
  REQUIRE(cache);
  const std::string body =
      "## Tensor Core «débit» {#tc}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\n"
      "### 显存\n\n:::gpu-rank workload=training16 limit=5\n:::\n";
  const PageOutline made = OutlineOf(body);
  REQUIRE(made.headings.size() == 2);
  REQUIRE(made.tables == 1);
  for (int pass = 0; pass < 2; ++pass) {  // made and kept, then taken from the cache
    const PageOutline got = CachedOutlineOf(body, cache.get());
    REQUIRE(got.headings.size() == made.headings.size());
    for (size_t i = 0; i < got.headings.size(); ++i) {
      CHECK(got.headings[i].level == made.headings[i].level);
      CHECK(got.headings[i].text == made.headings[i].text);
      CHECK(got.headings[i].id == made.headings[i].id);
    }
    CHECK(got.directives == made.directives);
    CHECK(got.tables == made.tables);
    CHECK(got.table_rows == made.table_rows);
  }
  CHECK(cache->Stats().hits == 1);
}

TEST_CASE("front matter cache: fields and positions come back as parsed; errors are not kept",
          "[cache]") {
  TempDir tmp("gg-cache");
  std::string warning;
  auto cache = ContentCache::Open((tmp.path() / "c").string(), "identity-a", &warning);
  REQUIRE(cache);
  const std::string text =
      "---\ntitle: Tensor Core « débit »\nlinktitle: Débit\ndescription: Un résumé\norder: 7\n"
      "date: 2026-11-01\nnav: false\ntranslation_of: 0123456789ab\nanchors: [old, a=b]\n---\n"
      "Corps.\n";
  for (int pass = 0; pass < 2; ++pass) {  // parsed and kept, then taken from the cache
    PageSource p;
    Diagnostics d;
    REQUIRE(ParsePageSource("content/fr/x.md", text, &p, &d, true, cache.get()));
    CHECK(d.ErrorCount() == 0);
    CHECK(p.fm.title == "Tensor Core « débit »");
    CHECK(p.fm.linktitle == "Débit");
    CHECK(p.fm.description == "Un résumé");
    CHECK(p.fm.order == 7);
    CHECK(p.fm.date == "2026-11-01");
    CHECK_FALSE(p.fm.draft);
    CHECK_FALSE(p.fm.nav);
    CHECK(p.fm.translation_of == "0123456789ab");
    CHECK(p.fm.anchors == std::vector<std::string>{"old", "a=b"});
    CHECK(p.translation_of_loc.file == "content/fr/x.md");
    CHECK(p.translation_of_loc.line == 8);
    CHECK(p.fm.anchors_loc.line == 9);
    CHECK(p.body == "Corps.\n");
    CHECK_FALSE(p.revision.empty());
  }
  CHECK(cache->Stats().hits == 1);
  // A front matter with a problem is reported on every parse: it is never kept.
  const std::string bad = "---\ntitle: X\norder: many\n---\n";
  for (int pass = 0; pass < 2; ++pass) {
    PageSource p;
    Diagnostics d;
    CHECK_FALSE(ParsePageSource("content/en/y.md", bad, &p, &d, true, cache.get()));
    CHECK(d.ErrorCount() == 1);
  }
  CHECK(cache->Stats().hits == 1);
}

TEST_CASE("input snapshot: a build loads the bytes it hashed, whatever is saved in between",
          "[cache]") {
  TempDir tmp("gg-snapshot");
  const fs::path root = tmp.path() / "root";
  fs::create_directories(root / "data");
  std::ofstream(root / "data/a.json") << "{\"on\": \"disk\"}";
  InputSnapshot snapshot;
  const auto hashes = InputFileHashes(root.string(), &snapshot);
  REQUIRE(snapshot.bytes.count("data/a.json") == 1);
  std::ofstream(root / "data/a.json") << "{\"saved\": \"later\"}";  // a save after hashing
  Diagnostics d;
  std::string text;
  {
    InputSnapshotScope scope(&snapshot);
    REQUIRE(ReadInputFile(root.string(), "data/a.json", &text, &d));
    CHECK(text == "{\"on\": \"disk\"}");
    CHECK(ContentHashHex(text) == hashes.at("data/a.json"));
    // Another root is read from the disk.
    fs::create_directories(tmp.path() / "other/data");
    std::ofstream(tmp.path() / "other/data/a.json") << "{}";
    REQUIRE(ReadInputFile((tmp.path() / "other").string(), "data/a.json", &text, &d));
    CHECK(text == "{}");
  }
  REQUIRE(ReadInputFile(root.string(), "data/a.json", &text, &d));
  CHECK(text == "{\"saved\": \"later\"}");
}

TEST_CASE("input hashes: an unchanged, settled file keeps its hash unread; a fresh one is read",
          "[cache]") {
  TempDir tmp("gg-input-stat");
  const fs::path root = tmp.path() / "root";
  fs::create_directories(root / "data");
  fs::create_directories(root / "content/en");
  std::ofstream(root / "data/a.json") << "{\"price\": 1810}";
  std::ofstream(root / "content/en/x.md") << "---\ntitle: X\n---\n";
  std::string warning;
  auto cache = ContentCache::Open((tmp.path() / "c").string(), "identity-a", &warning);
  REQUIRE(cache);
  // Files settle once they are 2 s older than the run that recorded them.
  std::this_thread::sleep_for(std::chrono::milliseconds(2200));
  InputSnapshot first, second, third, fourth;
  const auto h1 = InputFileHashes(root.string(), &first, cache.get());
  CHECK(first.bytes.size() == 2);  // nothing recorded yet: both read
  const auto h2 = InputFileHashes(root.string(), &second, cache.get());
  CHECK(second.bytes.empty());  // both settled and unchanged: neither read
  CHECK(h2 == h1);
  // A save of the same size: new times, read again, new hash.
  std::ofstream(root / "data/a.json") << "{\"price\": 1820}";
  const auto h3 = InputFileHashes(root.string(), &third, cache.get());
  CHECK(third.bytes.count("data/a.json") == 1);
  CHECK(third.bytes.count("content/en/x.md") == 0);
  CHECK(h3.at("data/a.json") != h1.at("data/a.json"));
  CHECK(h3.at("content/en/x.md") == h1.at("content/en/x.md"));
  // Just saved, so not settled: read again although its times are as recorded (a second save
  // within the same clock tick would not change them).
  InputFileHashes(root.string(), &fourth, cache.get());
  CHECK(fourth.bytes.count("data/a.json") == 1);
}

// Builds the mini site after each of `steps` edits made by `edit` (none before the first
// build), warm (ROOT/.cache kept from one step to the next) and cold (--no-cache); both must
// give the same diagnostics and, when they succeed, the same bytes.
template <typename Edit>
void CheckEditSeries(const fs::path& tmp, unsigned seed, int steps, Edit edit) {
  const fs::path root = tmp / "root";
  AssembleFixtureRoot("mini", root);
  const fs::path warm = tmp / "warm";
  const fs::path cold = tmp / "cold";
  std::mt19937 rng(seed);
  std::string history = "seed " + std::to_string(seed) + ": build";
  for (int step = 0; step < steps; ++step) {
    if (step > 0) history += "; " + edit(root, rng);
    CliRun w = RunGpuguide({"build", "--root", root.string(), "--out", warm.string()});
    CliRun c =
        RunGpuguide({"build", "--root", root.string(), "--out", cold.string(), "--no-cache"});
    INFO(history << "\nwarm stderr:\n" << w.err << "\ncold stderr:\n" << c.err);
    REQUIRE(w.exit_code == c.exit_code);
    CHECK(DiagnosticLines(w.err) == DiagnosticLines(c.err));
    if (c.exit_code != 0) continue;
    const std::string diff = CompareTrees(ReadTree(cold), ReadTree(warm));
    INFO("cold (expected) and incremental (actual) output differ:\n" << diff);
    REQUIRE(diff.empty());
  }
}

TEST_CASE("incremental builds: after random edits the output equals a cold build's",
          "[incremental][cache]") {
  for (unsigned seed : {1u, 2u, 3u}) {
    TempDir tmp("gg-incremental");
    CheckEditSeries(tmp.path(), seed, 5, RandomEdit);
    CHECK(fs::exists(tmp.path() / "root/.cache/FORMAT"));
  }
}

// One random edit of a price observation: its price, its date or its condition. Prices reach
// pages through values finer than the file (a card's observations, its current price, its
// places in the rankings: directives/computed_values.h), so these edits test that no page
// keeps an old figure.
std::string RandomPriceEdit(const fs::path& root, std::mt19937& rng) {
  auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
  const fs::path prices = root / "data/prices.json";
  switch (pick(3)) {
    case 0: {
      int price = 50 + static_cast<int>(pick(40000));
      EditNth(prices, std::regex("\"price\": [0-9.]+"), pick(64),
              [&](const std::smatch&) { return "\"price\": " + std::to_string(price); });
      return "a price set to " + std::to_string(price);
    }
    case 1: {
      const std::string date =
          "2026-" + std::to_string(10 + pick(2)) + "-1" + std::to_string(pick(10));
      EditNth(prices, std::regex("\"date\": \"[0-9-]+\""), pick(64),
              [&](const std::smatch&) { return "\"date\": \"" + date + "\""; });
      return "a price date set to " + date;
    }
    default:
      EditNth(prices, std::regex("\"condition\": \"(new|used)\""), pick(64),
              [](const std::smatch& m) {
                return std::string("\"condition\": \"") + (m[1] == "new" ? "used" : "new") + "\"";
              });
      return "a price's condition flipped";
  }
}

TEST_CASE("incremental builds: after price edits the output equals a cold build's",
          "[incremental][cache]") {
  for (unsigned seed : {11u, 12u}) {
    TempDir tmp("gg-incremental");
    CheckEditSeries(tmp.path(), seed, 6, RandomPriceEdit);
  }
}

TEST_CASE(
    "incremental builds: --explain names what changed, and a price edit reaches only its pages",
    "[incremental][cache]") {
  TempDir tmp("gg-incremental");
  const fs::path root = tmp.path() / "root";
  const fs::path out = tmp.path() / "site";
  AssembleFixtureRoot("mini", root);
  REQUIRE(RunGpuguide({"build", "--root", root.string(), "--out", out.string()}).exit_code == 0);
  // The RTX 3060's launch price of 2021: an old observation, outside the current-price window,
  // so only that card's observation table and price chart change.
  REQUIRE(EditNth(root / "data/prices.json", std::regex("\"price\": 329"), 0,
                  [](const std::smatch&) { return std::string("\"price\": 331"); }));
  CliRun again =
      RunGpuguide({"build", "--root", root.string(), "--out", out.string(), "--explain"});
  INFO(again.err);
  REQUIRE(again.exit_code == 0);
  CHECK(again.err.find("rendered en/gpus/rtx-3060-12gb/index.html: data:prices/rtx-3060-12gb "
                       "changed") != std::string::npos);
  CHECK(again.err.find("rendered en/gpus/rtx-3090/") == std::string::npos);
  CHECK(again.err.find("rendered en/index.html") == std::string::npos);
  // The chapter that lists the open data shows record counts and the data date, neither of
  // which this edit changes: it is not rendered again.
  CHECK(again.err.find("rendered en/guide/speed/") == std::string::npos);
}

TEST_CASE(
    "incremental builds: a source page's edit re-renders its translations only when it makes "
    "them stale",
    "[incremental][cache]") {
  TempDir tmp("gg-incremental");
  const fs::path root = tmp.path() / "root";
  const fs::path out = tmp.path() / "site";
  AssembleFixtureRoot("mini", root);
  REQUIRE(RunGpuguide({"build", "--root", root.string(), "--out", out.string()}).exit_code == 0);
  auto edit_home = [&](const std::string& sentence) {
    std::ofstream(root / "content/en/index.md", std::ios::app) << "\n" << sentence << "\n";
    CliRun r = RunGpuguide({"build", "--root", root.string(), "--out", out.string(), "--explain"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.find("rendered en/index.html: content:content/en/index.md changed") !=
          std::string::npos);
    return r.err;
  };
  // fr/index.md is stamped with the source's revision: the first edit makes it stale, so its
  // page gains the notice; a second edit leaves it stale, so its page is as it was.
  const std::string first = edit_home("A first sentence.");
  CHECK(first.find("rendered fr/index.html") != std::string::npos);
  CHECK(ReadFileOrEmpty(out / "fr/index.html").find("notice-stale") != std::string::npos);
  const std::string second = edit_home("A second sentence.");
  CHECK(second.find("rendered fr/index.html") == std::string::npos);
  CHECK(second.find("rendered zh-Hans/index.html") == std::string::npos);
}

// Regions (tests/sites/regions over mini): each language's pages read their region's results
// ("computed:current-prices@EU"), so a US observation of a card that has its own EU and CN
// prices re-renders the en pages that show it and leaves the fr and zh-Hans ranking pages
// (the home pages rank cards) as they were; the incremental site still equals a cold build.
TEST_CASE("incremental builds: a US price leaves the fr and zh-Hans rankings untouched",
          "[incremental][cache][regions]") {
  TempDir tmp("gg-incremental");
  const fs::path root = tmp.path() / "root";
  const fs::path warm = tmp.path() / "warm";
  const fs::path cold = tmp.path() / "cold";
  AssembleFixtureRoot("mini", root);
  ApplyOverlay(TestsDir() / "sites" / "regions", root);
  fs::remove(root / "README.md");
  auto add = [&](const std::string& gpu, const std::string& price, const std::string& region) {
    CliRun r = RunGpuguide({"prices", "add", gpu, price, "--root", root.string(), "--condition",
                            "new", "--region", region, "--kind", "listing", "--date", "2026-11-01",
                            "--url", "https://shop.example.org/" + region + "/" + gpu, "--source",
                            "Test shop " + region + " (fixture)"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
  };
  // Their own EU and CN prices, dated no later than the newest observation of the data (a
  // newer date would move every region's "as of" day, and with it the ageing of every price).
  for (const std::string gpu : {"rtx-4090", "rtx-3090"}) {
    add(gpu, "2500", "EU");
    add(gpu, "18000", "CN");
  }
  REQUIRE(RunGpuguide({"build", "--root", root.string(), "--out", warm.string()}).exit_code == 0);
  const std::string fr_before = ReadFileOrEmpty(warm / "fr/index.html");
  add("rtx-4090", "1900", "US");
  CliRun again =
      RunGpuguide({"build", "--root", root.string(), "--out", warm.string(), "--explain"});
  INFO(again.err);
  REQUIRE(again.exit_code == 0);
  // The en ranking moved (so the edit reached the rankings at all) ...
  CHECK(again.err.find("rendered en/index.html: computed:current-prices@US changed") !=
        std::string::npos);
  // ... the fr and zh-Hans ones did not: nothing they read changed.
  CHECK(again.err.find("rendered fr/index.html") == std::string::npos);
  CHECK(again.err.find("rendered zh-Hans/index.html") == std::string::npos);
  CHECK(ReadFileOrEmpty(warm / "fr/index.html") == fr_before);
  // The card's own page, in every language, shows every region's price: rendered anew.
  CHECK(again.err.find("rendered fr/gpus/rtx-4090/index.html") != std::string::npos);
  REQUIRE(RunGpuguide({"build", "--root", root.string(), "--out", cold.string(), "--no-cache"})
              .exit_code == 0);
  const std::string diff = CompareTrees(ReadTree(cold), ReadTree(warm));
  INFO("cold (expected) and incremental (actual) output differ:\n" << diff);
  CHECK(diff.empty());
}

// Review builds the base side after the head side was built (or the other way round): a page
// kept for the earlier state of the inputs is found under today's values although the cache's
// index names the later one, so the pages of a state seen before render nothing, and the
// output is a cold build's.
TEST_CASE("incremental builds: a price edit undone renders none of its pages again",
          "[incremental][cache]") {
  TempDir tmp("gg-incremental");
  const fs::path root = tmp.path() / "root";
  const fs::path warm = tmp.path() / "warm";
  const fs::path cold = tmp.path() / "cold";
  AssembleFixtureRoot("mini", root);
  const std::string original = ReadFileOrEmpty(root / "data/prices.json");
  REQUIRE(RunGpuguide({"build", "--root", root.string(), "--out", warm.string()}).exit_code == 0);
  REQUIRE(EditNth(root / "data/prices.json", std::regex("\"price\": 2700"), 0,
                  [](const std::smatch&) { return std::string("\"price\": 2300"); }));
  CliRun edited =
      RunGpuguide({"build", "--root", root.string(), "--out", warm.string(), "--explain"});
  REQUIRE(edited.exit_code == 0);
  REQUIRE(edited.err.find("rendered en/index.html") != std::string::npos);
  std::ofstream(root / "data/prices.json", std::ios::binary | std::ios::trunc) << original;
  // And a sentence on another page, so that the inputs are not those of an earlier build as a
  // whole (that build would be replayed from its record): each page is looked for on its own.
  std::ofstream(root / "content/en/guide/memory.md", std::ios::app) << "\nOne more sentence.\n";
  CliRun undone =
      RunGpuguide({"build", "--root", root.string(), "--out", warm.string(), "--explain"});
  INFO(undone.err);
  REQUIRE(undone.exit_code == 0);
  REQUIRE(undone.err.find("rendered en/guide/memory/index.html") != std::string::npos);
  CHECK(undone.err.find("rendered en/index.html") == std::string::npos);
  CHECK(undone.err.find("rendered en/gpus/rtx-4090/") == std::string::npos);
  REQUIRE(RunGpuguide({"build", "--root", root.string(), "--out", cold.string(), "--no-cache"})
              .exit_code == 0);
  const std::string diff = CompareTrees(ReadTree(cold), ReadTree(warm));
  INFO("cold (expected) and incremental (actual) output differ:\n" << diff);
  CHECK(diff.empty());
}

// The whole command: a build trims the cache it used, and a trimmed cache still gives the
// bytes of a cold build.
TEST_CASE("cache trim: build --cache-limit keeps the cache under its limit, output unchanged",
          "[cache][incremental]") {
  TempDir tmp("gg-trim");
  const fs::path root = tmp.path() / "root";
  const fs::path warm = tmp.path() / "warm";
  const fs::path cold = tmp.path() / "cold";
  AssembleFixtureRoot("mini", root);
  auto build = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = {"build", "--root", root.string(), "--out", warm.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    CliRun r = RunGpuguide(args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
  };
  build({});
  // An entry of an old build that no build uses any more: 2 MiB, written a day ago.
  const fs::path stale = root / ".cache/page" / ContentHashHex("an old page");
  WriteFile(stale, std::string(2 << 20, 'x'));
  fs::last_write_time(stale, fs::file_time_type::clock::now() - std::chrono::hours(24));
  // A price edit writes entries, so the build trims: the mini site's own entries are far under
  // 1 MiB, the stale one is not.
  REQUIRE(EditNth(root / "data/prices.json", std::regex("\"price\": 329"), 0,
                  [](const std::smatch&) { return std::string("\"price\": 331"); }));
  build({"--cache-limit", "1"});
  CHECK_FALSE(fs::exists(stale));
  int64_t entries = 0;
  for (const auto& kind : fs::directory_iterator(root / ".cache"))
    if (kind.is_directory())
      for (const auto& f : fs::directory_iterator(kind.path()))
        entries += static_cast<int64_t>(f.file_size());
  CHECK(entries <= int64_t{1} << 20);
  CHECK(std::stoll(ReadFileOrEmpty(root / ".cache/SIZE")) >= entries);  // an upper bound
  // What the trimmed cache builds equals a cold build.
  REQUIRE(RunGpuguide({"build", "--root", root.string(), "--out", cold.string(), "--no-cache"})
              .exit_code == 0);
  CHECK(CompareTrees(ReadTree(cold), ReadTree(warm)).empty());
  CliRun bad = RunGpuguide({"build", "--root", root.string(), "--cache-limit", "lots"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("--cache-limit takes a whole number of MiB") != std::string::npos);
}

TEST_CASE("incremental builds: a damaged cache costs a cold build, never wrong output",
          "[incremental][cache]") {
  TempDir tmp("gg-incremental");
  const fs::path root = tmp.path() / "root";
  AssembleFixtureRoot("mini", root);
  REQUIRE(RunGpuguide({"build", "--root", root.string(), "--out", (tmp.path() / "first").string()})
              .exit_code == 0);
  // Every entry of the cache damaged in place: its last byte changed.
  int damaged = 0;
  for (const auto& e : fs::recursive_directory_iterator(root / ".cache")) {
    if (!e.is_regular_file() || e.path().filename() == "FORMAT") continue;
    std::string text = ReadFileOrEmpty(e.path());
    text.back() ^= 1;
    WriteFile(e.path(), text);
    ++damaged;
  }
  REQUIRE(damaged > 0);
  CliRun again = RunGpuguide(
      {"build", "--root", root.string(), "--out", (tmp.path() / "second").string(), "--verbose"});
  INFO(again.err);
  REQUIRE(again.exit_code == 0);
  CHECK(again.err.find("corrupt entr") != std::string::npos);
  CHECK(again.err.find(" 0 corrupt entries") == std::string::npos);
  CHECK(CompareTrees(ReadTree(tmp.path() / "first"), ReadTree(tmp.path() / "second")).empty());
}

TEST_CASE("incremental builds: with nothing changed a build replays its diagnostics and stops",
          "[incremental][cache]") {
  TempDir tmp("gg-incremental");
  const fs::path root = tmp.path() / "root";
  const fs::path out = tmp.path() / "site";
  AssembleFixtureRoot("mini", root);
  CliRun first = RunGpuguide({"build", "--root", root.string(), "--out", out.string()});
  REQUIRE(first.exit_code == 0);
  REQUIRE_FALSE(DiagnosticLines(first.err).empty());  // the mini site has warnings to replay
  auto before = Snapshot(out);

  CliRun again = RunGpuguide({"build", "--root", root.string(), "--out", out.string()});
  INFO(again.err);
  REQUIRE(again.exit_code == 0);
  CHECK(DiagnosticLines(again.err) == DiagnosticLines(first.err));
  CliRun third =
      RunGpuguide({"build", "--root", root.string(), "--out", out.string(), "--verbose"});
  CHECK(third.err.find("up to date") != std::string::npos);
  auto after = Snapshot(out);
  REQUIRE(after.size() == before.size());
  for (const auto& [path, state] : before) {
    INFO(path);
    CHECK(after.at(path).bytes == state.bytes);
    CHECK(after.at(path).mtime == state.mtime);
  }

  SECTION("a deleted output file makes a real build, which restores it") {
    fs::remove(out / "en/guide/index.html");
    CliRun fix =
        RunGpuguide({"build", "--root", root.string(), "--out", out.string(), "--verbose"});
    INFO(fix.err);
    REQUIRE(fix.exit_code == 0);
    CHECK(fix.err.find("up to date") == std::string::npos);
    CHECK(ReadFileOrEmpty(out / "en/guide/index.html") == before.at("en/guide/index.html").bytes);
  }
  SECTION("an edited output file makes a real build, which restores it") {
    WriteFile(out / "en/index.html", "defaced");
    REQUIRE(RunGpuguide({"build", "--root", root.string(), "--out", out.string()}).exit_code == 0);
    CHECK(ReadFileOrEmpty(out / "en/index.html") == before.at("en/index.html").bytes);
  }
  SECTION("an edited output file and an edited input: the unchanged page is restored too") {
    // Pages whose inputs did not change are linked from the output folder without being
    // read (OutputFile::unchanged_hash) only while it lists as the last build left it.
    WriteFile(out / "en/index.html", "defaced");
    const fs::path page = root / "content/en/guide.md";
    WriteFile(page, ReadFileOrEmpty(page) + "\nOne more sentence.\n");
    REQUIRE(RunGpuguide({"build", "--root", root.string(), "--out", out.string()}).exit_code == 0);
    CHECK(ReadFileOrEmpty(out / "en/index.html") == before.at("en/index.html").bytes);
    CHECK(ReadFileOrEmpty(out / "en/guide/index.html") != before.at("en/guide/index.html").bytes);
  }
  SECTION("another output folder is built, not taken for this one") {
    const fs::path other = tmp.path() / "other";
    REQUIRE(RunGpuguide({"build", "--root", root.string(), "--out", other.string()}).exit_code ==
            0);
    CHECK(CompareTrees(ReadTree(out), ReadTree(other)).empty());
  }
}

TEST_CASE("incremental builds: check replays the errors of unchanged inputs, exit 1",
          "[incremental][cache]") {
  TempDir tmp("gg-incremental");
  const fs::path root = tmp.path() / "root";
  AssembleFixtureRoot("mini", root);
  const fs::path gpus = root / "data/gpus.json";
  WriteFile(gpus, ReadFileOrEmpty(gpus).substr(0, 200));  // truncated JSON
  CliRun first = RunGpuguide({"check", "--root", root.string()});
  CliRun second = RunGpuguide({"check", "--root", root.string()});
  INFO(first.err << "\n---\n" << second.err);
  CHECK(first.exit_code == 1);
  CHECK(second.exit_code == 1);
  CHECK(second.err == first.err);
  CHECK(first.err.find("gpus.json") != std::string::npos);
}

TEST_CASE("open data: the files of an unchanged input are planned without their bytes",
          "[incremental][cache]") {
  TempDir tmp("gg-incremental");
  std::string warning;
  auto cache = ContentCache::Open((tmp.path() / "c").string(), "identity-a", &warning);
  REQUIRE(cache);
  Dataset data;
  data.texts["data/gpus.json"] = "{\"gpus\": []}";
  std::map<std::string, std::string> inputs = {
      {"data/gpus.json", ContentHashHex(data.texts["data/gpus.json"])}};
  // A first build: every file with its bytes, which the commit then holds.
  const auto first = PlanOpenData(data, &inputs, nullptr, cache.get());
  REQUIRE(first.size() == 2);  // gpus.csv, gpus.json
  OutputHashes previous;
  for (const auto& f : first) {
    CHECK(f.unchanged_hash.empty());
    CHECK(!f.bytes.empty());
    previous[f.path] = ContentHashHex(f.bytes);
  }
  // The same input: both kept from the output folder, by hash.
  for (const auto& f : PlanOpenData(data, &inputs, &previous, cache.get())) {
    CHECK(f.bytes.empty());
    CHECK(f.unchanged_hash == previous.at(f.path));
  }
  // The input changed: both made again (the CSV is made even if the old one would match).
  inputs["data/gpus.json"] = "another hash";
  for (const auto& f : PlanOpenData(data, &inputs, &previous, cache.get())) {
    CHECK(f.unchanged_hash.empty());
    CHECK(ContentHashHex(f.bytes) == previous.at(f.path));
  }
  // The output folder no longer holds them as made: made again.
  inputs["data/gpus.json"] = ContentHashHex(data.texts["data/gpus.json"]);
  for (auto& [path, hash] : previous) hash = "changed on disk";
  for (const auto& f : PlanOpenData(data, &inputs, &previous, cache.get())) CHECK(!f.bytes.empty());
}
}  // namespace
}  // namespace gg::testing
