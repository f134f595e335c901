// `gpuguide prices add | remove | import | status` on a copy of the mini fixture site
// (tests/sites/mini): validation with did-you-mean, duplicates, outliers, the byte-identical
// round trip of add and remove, all-or-nothing import with every bad row at file:line:col,
// and the status table with --fail-stale.
#include <catch2/catch.hpp>

#include "../sites/site_fixture.h"
#include "data/prices_file.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

struct Root {
  TempDir tmp{"gg-prices-cmd"};
  fs::path root = tmp.path() / "root";
  fs::path prices = root / "data" / "prices.json";
  Root() { AssembleFixtureRoot("mini", root); }
  std::string Text() const { return ReadFileOrEmpty(prices); }
  CliRun Prices(std::vector<std::string> args) const {
    args.insert(args.begin(), "prices");
    args.push_back("--root");
    args.push_back(root.string());
    return RunGpuguide(args);
  }
};

const std::vector<std::string> kSold = {"--condition", "used",
                                        "--region",    "US",
                                        "--kind",      "sold",
                                        "--source",    "eBay, RTX 4090 Founders Edition (sold)",
                                        "--url",       "https://www.ebay.com/itm/1",
                                        "--date",      "2026-11-20"};

std::vector<std::string> With(std::vector<std::string> head, const std::vector<std::string>& tail) {
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

TEST_CASE("prices add then remove gives the file back byte for byte", "[cli][prices]") {
  Root r;
  const std::string before = r.Text();
  CliRun add = r.Prices(With({"add", "rtx-4090", "1450"}, kSold));
  INFO(add.err);
  REQUIRE(add.exit_code == 0);
  const std::string after = r.Text();
  REQUIRE(after != before);
  // The diff is the inserted block: the old text is the new one without it.
  std::vector<ItemSpan> items;
  std::string error;
  REQUIRE(ObservationSpans(after, &items, &error));
  CHECK(after.find("\"price\": 1450,\n") != std::string::npos);
  CHECK(after.find("\"kind\": \"sold\",\n") != std::string::npos);
  // What it changes: the used RTX 4090's current price, from an estimate to the sale.
  CHECK(add.out.find("Price: GeForce RTX 4090 (used): $2,000 → $1,450 (median of 1 sourced") !=
        std::string::npos);
  CHECK(add.out.find("[estimate → market]") != std::string::npos);
  CliRun rm = r.Prices({"remove", "rtx-4090", "1450", "--date", "2026-11-20"});
  INFO(rm.err);
  REQUIRE(rm.exit_code == 0);
  CHECK(r.Text() == before);
}

TEST_CASE("prices add refuses what the loader would, with did-you-mean", "[cli][prices]") {
  Root r;
  const std::string before = r.Text();
  struct Case {
    const char* what;
    std::vector<std::string> args;
    const char* error;
  };
  const Case cases[] = {
      {"unknown GPU", With({"add", "rtx-4900", "1450"}, kSold),
       "gpuguide: error: GPU: unknown GPU 'rtx-4900'; did you mean 'rtx-4090'?"},
      {"unknown region",
       {"add", "rtx-4090", "1450", "--condition", "used", "--region", "USA", "--currency", "USD",
        "--kind", "sold", "--source", "s", "--url", "https://x.org/", "--date", "2026-11-20"},
       "gpuguide: error: --region: 'USA' is not a known region (US, EU, CN); did you mean 'US'?"},
      {"a currency not the region's",
       {"add", "rtx-4090", "1450", "--condition", "used", "--region", "EU", "--currency", "USD",
        "--kind", "sold", "--source", "s", "--url", "https://x.org/", "--date", "2026-11-20"},
       "gpuguide: error: --currency: 'USD' is not the currency of region 'EU' (EUR)"},
      {"unknown kind",
       {"add", "rtx-4090", "1450", "--condition", "used", "--region", "US", "--kind", "sale",
        "--source", "s", "--url", "https://x.org/", "--date", "2026-11-20"},
       "did you mean 'sold'?"},
      {"a price with a thousands separator", With({"add", "rtx-4090", "1,450"}, kSold),
       "price '1,450' is not a plain decimal number"},
      {"a seen price without its address",
       {"add", "rtx-4090", "1450", "--condition", "used", "--region", "US", "--kind", "sold",
        "--source", "s", "--date", "2026-11-20"},
       "--url: a price that was seen needs the address it was seen at"},
      {"an estimate without its evidence",
       {"add", "rtx-4090", "1450", "--condition", "used", "--region", "US", "--kind", "estimate",
        "--source", "guess", "--estimate-method", "judgement", "--date", "2026-11-20"},
       "--evidence-url: an estimate must name the evidence it rests on"},
      {"estimate fields on a seen price",
       With(With({"add", "rtx-4090", "1450"}, kSold), {"--evidence-date", "2026-01-01"}),
       "--evidence-date: 'evidence_date' is set on a price of kind 'sold'"},
      {"a bad date", With(With({"add", "rtx-4090", "1450"}, kSold), {"--date", "2026-13-01"}),
       "field 'date' must be a date as YYYY-MM-DD, not '2026-13-01'"},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    CliRun run = r.Prices(c.args);
    INFO(run.err);
    CHECK(run.exit_code == 1);
    CHECK(run.err.find(c.error) != std::string::npos);
    CHECK(r.Text() == before);
  }
  // Every problem in one run.
  CliRun many = r.Prices({"add", "rtx-4900", "x", "--condition", "old", "--region", "USA", "--kind",
                          "sold", "--source", "s", "--url", "u", "--date", "2026-11-20"});
  CHECK(many.exit_code == 1);
  for (const char* flag : {"GPU:", "PRICE:", "--condition:", "--region:", "--url:"})
    CHECK(many.err.find(std::string("error: ") + flag) != std::string::npos);
}

TEST_CASE("prices add: an estimate with its evidence is accepted", "[cli][prices]") {
  Root r;
  CliRun run = r.Prices({"add", "rtx-3090", "750", "--condition", "used", "--region", "US",
                         "--kind", "estimate", "--source", "gpuguide estimate", "--estimate-method",
                         "carried_forward", "--evidence-url", "https://example.org/used-3090",
                         "--evidence-date", "2026-11-15", "--date", "2026-11-20"});
  INFO(run.err);
  CHECK(run.exit_code == 0);
  CHECK(r.Text().find("\"evidence_date\": \"2026-11-15\"\n") != std::string::npos);
}

TEST_CASE("prices add refuses a duplicate and warns on an outlier", "[cli][prices]") {
  Root r;
  REQUIRE(r.Prices(With({"add", "rtx-4090", "1450"}, kSold)).exit_code == 0);
  const std::string once = r.Text();
  CliRun again = r.Prices(With({"add", "rtx-4090", "1450"}, kSold));
  CHECK(again.exit_code == 1);
  CHECK(again.err.find("this observation is already recorded; nothing was added") !=
        std::string::npos);
  CHECK(r.Text() == once);
  // $900 is 38 % under the current $1,450: accepted, with a warning naming both.
  std::vector<std::string> other = kSold;
  other[9] = "https://www.ebay.com/itm/2";
  CliRun low = r.Prices(With({"add", "rtx-4090", "900"}, other));
  INFO(low.err);
  CHECK(low.exit_code == 0);
  CHECK(low.err.find("warning: 900 USD for 'rtx-4090' (used, US) is -38 % from its current "
                     "price 1450 USD (1 sourced, 2026-11-20)") != std::string::npos);
  // Within 35 %: no warning.
  other[9] = "https://www.ebay.com/itm/3";
  CliRun near = r.Prices(With({"add", "rtx-4090", "1300"}, other));
  CHECK(near.exit_code == 0);
  CHECK(near.err.find("warning") == std::string::npos);
}

const char* kHeader =
    "gpu,condition,region,currency,price,kind,date,source,url,note,estimate_method,evidence_url,"
    "evidence_date\n";

TEST_CASE("prices import: every row or none, every bad row at file:line:col", "[cli][prices]") {
  Root r;
  const std::string before = r.Text();
  const fs::path bad = r.tmp.path() / "bad.csv";
  WriteFile(bad, std::string(kHeader) +
                     "rtx-4090,used,US,USD,1450,sold,2026-11-20,\"eBay, RTX 4090\","
                     "https://www.ebay.com/itm/1,,,,\n"
                     "rtx-4900,new,US,USD,2600,listing,2026-11-20,Newegg,https://x.org/a,,,,\n"
                     "rtx-5090,new,EU,EUR,3.100,listing,2026-11-2,Alternate,https://x.org/b,,,,\n"
                     "rtx-4090,used,US,USD,1450,sold,2026-11-20,\"eBay, RTX 4090\","
                     "https://www.ebay.com/itm/1,,,,\n"
                     "rtx-3090,used,US,USD,700,estimate,2026-11-20,guess,,,judgement,,\n"
                     "rtx-3090,used,US,USD,700,sold,2026-11-20,eBay\n");
  CliRun run = r.Prices({"import", bad.string()});
  const std::string f = bad.string();
  INFO(run.err);
  CHECK(run.exit_code == 1);
  CHECK(r.Text() == before);
  for (const std::string& e :
       {f + ":3:1: error: unknown GPU 'rtx-4900'; did you mean 'rtx-4090'?",
        f + ":4:35: error: field 'date' must be a date as YYYY-MM-DD, not '2026-11-2'",
        f + ":5:1: error: this row repeats the observation at " + f + ":2",
        f + ":6:64: error: an estimate must name the evidence it rests on",
        f + ":6:65: error: an estimate must give the date of its evidence",
        f + ":7:42: error: this row has 8 fields, the header 13",
        std::string("; nothing was imported")})
    CHECK(run.err.find(e) != std::string::npos);
  // A price of an existing observation is a duplicate too.
  const fs::path good = r.tmp.path() / "good.csv";
  WriteFile(good,
            std::string(kHeader) +
                "rtx-4090,used,US,USD,1450,sold,2026-11-20,\"eBay, \"\"FE\"\" card\","
                "https://www.ebay.com/itm/1,\"one card, no box\",,,\n"
                "rtx-5090,new,EU,EUR,3100,listing,2026-11-21,Alternate,https://x.org/b,,,,\n");
  CliRun ok = r.Prices({"import", good.string()});
  INFO(ok.err);
  REQUIRE(ok.exit_code == 0);
  CHECK(ok.out.find("imported 2 observations") != std::string::npos);
  CHECK(r.Text().find("\"source\": \"eBay, \\\"FE\\\" card\"") != std::string::npos);
  CliRun dup = r.Prices({"import", good.string()});
  CHECK(dup.exit_code == 1);
  CHECK(dup.err.find(good.string() + ":2:1: error: this row repeats the observation at "
                                     "data/prices.json:") != std::string::npos);
}

// A spreadsheet saved as Latin-1 (an EU shop's name with an umlaut) or a field typed in a
// Latin-1 shell once made the JSON writer throw and abort the program. Refused, nothing written.
TEST_CASE("prices add and import refuse text that is not UTF-8", "[cli][prices]") {
  Root r;
  const std::string before = r.Text();
  const fs::path latin1 = r.tmp.path() / "latin1.csv";
  WriteFile(latin1,
            std::string(kHeader) +
                "rtx-5090,new,EU,EUR,3100,listing,2026-11-21,Alternate,https://x.org/b,,,,\n"
                "rtx-4090,new,EU,EUR,2100,listing,2026-11-21,\"B\xFCro\",https://x.org/c,,,,\n");
  CliRun run = r.Prices({"import", latin1.string()});
  INFO(run.err);
  CHECK(run.exit_code == 1);
  CHECK(run.err.find(latin1.string() + ":3:47: error: invalid UTF-8 byte sequence; save the file "
                                       "as UTF-8") != std::string::npos);
  CHECK(r.Text() == before);
  CliRun add =
      r.Prices(With({"add", "rtx-4090", "1450"},
                    {"--condition", "used", "--region", "US", "--kind", "sold", "--source",
                     "B\xFCro", "--url", "https://www.ebay.com/itm/1", "--date", "2026-11-20"}));
  INFO(add.err);
  CHECK(add.exit_code == 1);
  CHECK(add.err.find("gpuguide: error: --source: field 'source' is not valid UTF-8; write it in "
                     "UTF-8\n") != std::string::npos);
  CHECK(r.Text() == before);
}

TEST_CASE("prices status: basis, age, stale, --fail-stale", "[cli][prices]") {
  Root r;
  CliRun all = r.Prices({"status", "--as-of", "2026-11-01"});
  INFO(all.err);
  REQUIRE(all.exit_code == 0);
  // The new RTX 5090: October's listing, not an estimate; 17 days old on the data's last day.
  auto line_of = [](const std::string& out, const std::string& gpu, const std::string& cond) {
    for (size_t at = out.find(gpu + " "); at != std::string::npos;
         at = out.find(gpu + " ", at + 1)) {
      std::string l = out.substr(at, out.find('\n', at) - at);
      if (l.find(" " + cond + " ") != std::string::npos) return l;
    }
    return std::string();
  };
  INFO(all.out);
  std::string line = line_of(all.out, "rtx-5090", "new");
  CHECK(line.find("2900 USD  1 sourced (market)") != std::string::npos);
  CHECK(line.find("2026-10-15    17d") != std::string::npos);
  CHECK(line.find("STALE") == std::string::npos);
  CHECK(all.out.find("US: 1 of 8 current prices sourced, newest sourced 2026-10-15") !=
        std::string::npos);
  CHECK(r.Prices({"status", "--as-of", "2026-11-01", "--fail-stale"}).exit_code == 0);
  // Two months on, its evidence is stale; so is every estimate of 2026-11-01 or before.
  CliRun later = r.Prices({"status", "--as-of", "2027-01-01"});
  CHECK(line_of(later.out, "rtx-5090", "new").find("2026-10-15    78d  STALE") !=
        std::string::npos);
  CHECK(r.Prices({"status", "--as-of", "2027-01-01", "--fail-stale"}).exit_code == 1);
  CliRun stale = r.Prices({"status", "--as-of", "2026-11-01", "--stale"});
  CHECK(stale.out.find("rtx-3090") == std::string::npos);  // fresh: not listed
  CHECK(r.Prices({"status", "--region", "EU", "--as-of", "2027-01-01", "--fail-stale"}).exit_code ==
        0);  // no EU price: nothing stale
  CliRun bad = r.Prices({"status", "--region", "EUR"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("did you mean 'EU'?") != std::string::npos);
}

}  // namespace
}  // namespace gg::testing
