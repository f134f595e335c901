// Regions on the built mini site with three regions (tests/sites/regions over tests/sites/mini,
// placeholder rates): each language's pages compute and write money in its region's currency
// — the fr pages in euros with VAT, the zh-Hans pages in yuan, the en pages in US dollars —
// the same number of pages is built as without regions, and a GPU page lists the card's price
// in every region with what it rests on.
#include <catch2/catch.hpp>

#include <regex>

#include "../sites/site_fixture.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

struct Built {
  TempDir tmp{"gg-regions"};
  fs::path root = tmp.path() / "root";
  fs::path out = tmp.path() / "site";
  CliRun run;
  std::map<std::string, std::string> files;
  explicit Built(bool regions) {
    AssembleFixtureRoot("mini", root);
    if (regions) ApplyOverlay(TestsDir() / "sites" / "regions", root);
    fs::remove(root / "README.md");
    run = BuildSite(root, out, 2);
    files = ReadTree(out);
  }
};

int Count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST_CASE("regions: fr pages in euros with VAT, zh-Hans in yuan, en in dollars",
          "[site][regions]") {
  Built b(true);
  INFO(b.run.err);
  REQUIRE(b.run.exit_code == 0);
  const std::string& en = b.files.at("en/index.html");
  const std::string& fr = b.files.at("fr/index.html");
  const std::string& zh = b.files.at("zh-Hans/index.html");
  // The mini home page ranks cards with their prices (gpu-rank).
  CHECK(Count(en, "$") > 0);
  CHECK(Count(fr, "\u00a0€") > 0);  // ICU fr_FR: "1 234 €" (no-break space before €)
  CHECK(Count(fr, "$US") == 0);
  CHECK(Count(zh, "¥") > 0);  // ICU zh_Hans_CN: "¥1,234"
  CHECK(Count(zh, "US$") == 0);
  // Each home page names its region and its tax basis.
  CHECK(Count(fr, "zone euro (EUR, TVA de 20") == 1);
  CHECK(Count(zh, "中国大陆（CNY，含") == 1);
  CHECK(Count(en, "United States (USD, before sales tax)") == 1);

  // A GPU page lists its price in every region, in each region's currency.
  const std::string& gpu_fr = b.files.at("fr/gpus/rtx-4090/index.html");
  CHECK(gpu_fr.find("zone euro (EUR, TVA de 20") != std::string::npos);
  CHECK(gpu_fr.find("États-Unis (USD, hors taxe de vente)") != std::string::npos);
  CHECK(gpu_fr.find("Chine continentale (CNY, TVA de 10") != std::string::npos);
  // Each region's price in its own currency, whatever the page's (en: "€2,735", "CN¥21,314").
  const std::string& gpu_en = b.files.at("en/gpus/rtx-4090/index.html");
  CHECK(Count(gpu_en, "CN¥") > 0);
  CHECK(Count(gpu_en, "€") > 0);
  // The mini data has US observations only: the EU and CN prices are converted, so marked.
  CHECK(gpu_fr.find("converti au taux de change") != std::string::npos);
}

TEST_CASE("regions: the same pages as without regions", "[site][regions]") {
  Built with(true), without(false);
  REQUIRE(with.run.exit_code == 0);
  REQUIRE(without.run.exit_code == 0);
  size_t pages_with = 0, pages_without = 0;
  for (const auto& [path, bytes] : with.files)
    pages_with += path.size() > 5 && path.substr(path.size() - 5) == ".html";
  for (const auto& [path, bytes] : without.files)
    pages_without += path.size() > 5 && path.substr(path.size() - 5) == ".html";
  CHECK(pages_with == pages_without);
  // Without regions the fr pages keep US dollars.
  CHECK(Count(without.files.at("fr/index.html"), "$US") > 0);
}

}  // namespace
}  // namespace gg::testing
