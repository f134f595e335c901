// Price provenance on the built mini site (tests/sites/mini): every estimated current price is
// shown with its "≈" mark wherever its amount appears, the page then carries the legend, and
// "Prices as of" names the newest observation that is not an estimate, never a later date.
// The mini data holds estimates dated after its newest sourced observation, so a build that
// printed the newest observation of all, or dropped a mark, fails here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>

#include "../sites/site_fixture.h"
#include "calc/cost.h"
#include "calc/prices.h"
#include "data/load_dataset.h"
#include "directives/computed.h"
#include "i18n/format.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

// One element (the stylesheet draws the "≈" and clips the label to it).
const std::string kMark =
    "<span class=\"est-mark\" title=\"estimated price\">estimated price: </span>";

struct Built {
  TempDir tmp{"gg-prices"};
  fs::path root = tmp.path() / "root";
  fs::path out = tmp.path() / "site";
  CliRun run;
  Dataset data;
  Computed computed;
  std::map<std::string, std::string> files;
  Built() {
    AssembleFixtureRoot("mini", root);
    run = BuildSite(root, out, 2);
    Diagnostics diags;
    data = LoadDataset(root.string(), &diags);
    computed = ComputeAll(data, &diags);
    files = ReadTree(out);
  }
};

bool IsEnglishPage(const std::string& path) {
  return path.rfind("en/", 0) == 0 && path.size() > 5 && path.substr(path.size() - 5) == ".html";
}

TEST_CASE("mini site: an estimated current price never appears without its mark",
          "[site][prices]") {
  Built b;
  REQUIRE(b.run.exit_code == 0);
  Formatter en("en_US");
  // Amounts that may legitimately appear unmarked: sourced observations, USD assumptions.
  std::set<std::string> unmarked_ok;
  for (const auto& o : b.data.prices)
    if (!o.prov.estimated) unmarked_ok.insert(en.Usd(o.price));
  for (const auto& a : b.data.assumptions)
    if (a.unit == "USD" || a.unit == "USD per GPU") unmarked_ok.insert(en.Usd(a.number));
  int estimated = 0, shown = 0;
  // Each estimated price, and what it makes: the cost of owning the card (gpu-tco's total).
  std::vector<std::pair<calc::CurrentPrice, std::string>> amounts;
  for (const auto& [key, p] : b.computed.prices) {
    if (!p.estimated) continue;
    amounts.push_back({p, en.Usd(p.usd)});
    const Gpu* g = b.data.FindGpu(p.gpu);
    REQUIRE(g != nullptr);
    amounts.push_back(
        {p, en.Usd(calc::CostOfOwnership(*g, p.usd, 1, b.computed.assumptions).total_usd)});
  }
  int totals_shown = 0;
  for (size_t k = 0; k < amounts.size(); ++k) {
    const calc::CurrentPrice& p = amounts[k].first;
    ++estimated;
    const std::string& amount = amounts[k].second;
    if (unmarked_ok.count(amount)) continue;
    for (const auto& [path, bytes] : b.files) {
      if (!IsEnglishPage(path)) continue;
      for (size_t at = bytes.find(amount); at != std::string::npos;
           at = bytes.find(amount, at + 1)) {
        // "$2,700" inside "$12,700" is another amount.
        if (at > 0 &&
            (std::isdigit(static_cast<unsigned char>(bytes[at - 1])) || bytes[at - 1] == ','))
          continue;
        if (at + amount.size() < bytes.size() &&
            std::isdigit(static_cast<unsigned char>(bytes[at + amount.size()])))
          continue;
        ++shown;
        totals_shown += k % 2;
        INFO(path << ": " << p.gpu << " " << ConditionId(p.condition) << " " << amount);
        CHECK(bytes.compare(at - std::min(at, kMark.size()), kMark.size(), kMark) == 0);
        CHECK(bytes.find("class=\"price-legend\"") != std::string::npos);
      }
    }
  }
  CHECK(estimated > 0);
  CHECK(shown > 0);         // the check above looked at something
  CHECK(totals_shown > 0);  // and at a cost-of-ownership total (en/guide/speed: gpu-tco)
}

TEST_CASE("mini site: a break-even on an estimated cloud price carries the mark",
          "[site][prices]") {
  Built b;
  REQUIRE(b.run.exit_code == 0);
  // The fixture's runpod-rtx-4090 offer is estimated; lambda-h100-sxm is sourced.
  const CloudOffer* offer = b.data.FindOffer("runpod-rtx-4090");
  REQUIRE(offer != nullptr);
  REQUIRE(offer->prov.estimated);
  CHECK(offer->estimate_method == "carried_forward");
  REQUIRE_FALSE(b.data.FindOffer("lambda-h100-sxm")->prov.estimated);
  const std::string lead = "owning one pays off after ";  // en/guide: gpu:breakeven … runpod
  int seen = 0;
  for (const auto& [path, bytes] : b.files) {
    if (!IsEnglishPage(path)) continue;
    for (size_t at = bytes.find(lead); at != std::string::npos; at = bytes.find(lead, at + 1)) {
      ++seen;
      INFO(path);
      CHECK(bytes.compare(at + lead.size(), kMark.size(), kMark) == 0);
      CHECK(bytes.find("class=\"price-legend\"") != std::string::npos);
    }
  }
  CHECK(seen > 0);
}

TEST_CASE("mini site: 'Prices as of' is the newest sourced observation", "[site][prices]") {
  Built b;
  REQUIRE(b.run.exit_code == 0);
  const std::string sourced = calc::NewestSourcedDate(b.data.prices, "US");
  // The fixture has estimates dated later: the test would catch the newest-of-all date.
  REQUIRE(calc::NewestObservationDate(b.data.prices) > sourced);
  Formatter en("en_US");
  const std::string expected = en.Date(sourced);
  const std::regex as_of("Prices as of ([^<(]*[^ <(]) \\(");
  int seen = 0;
  for (const auto& [path, bytes] : b.files) {
    if (!IsEnglishPage(path)) continue;
    for (std::sregex_iterator it(bytes.begin(), bytes.end(), as_of), end; it != end; ++it) {
      ++seen;
      INFO(path);
      CHECK((*it)[1].str() == expected);
    }
  }
  CHECK(seen > 0);
}

}  // namespace
}  // namespace gg::testing
