#include <catch2/catch.hpp>

#include <algorithm>

#include "calc/assumptions.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using calc_test::NumberEntry;
using calc_test::TestDataset;
using calc_test::TextEntry;

Assumption* Entry(Dataset* d, const std::string& id) {
  for (Assumption& a : d->assumptions)
    if (a.id == id) return &a;
  FAIL("no entry " << id);
  return nullptr;
}

TEST_CASE("ResolveAssumptions types every id of the file", "[calc][assumptions]") {
  Dataset d = TestDataset();
  Diagnostics diags;
  Assumptions a = ResolveAssumptions(d, &diags);
  CHECK(diags.Render() == "");
  CHECK(a.baseline_gpu == "rtx-4090");
  CHECK(a.cloud_reference_offer == "aws-p3-v100-on-demand");
  CHECK(a.utilisation == 0.15);
  CHECK(a.price_window_days == 30);
  CHECK(a.lora_rank == 16);
  CHECK(a.bits_q4_k_m == 4.85);
  CHECK(a.bits_nf4 == 4.127);
  CHECK(AssumptionIds().size() == d.assumptions.size());
}

TEST_CASE("ResolveAssumptions reports each problem where it is", "[calc][assumptions]") {
  struct Case {
    const char* what;
    void (*edit)(Dataset*);
    const char* expected;  // Diagnostics::Render()
  };
  const Case cases[] = {
      {"missing, with a near id present",
       [](Dataset* d) { Entry(d, "utilisation")->id = "utilization"; },
       "data/assumptions.json: error: missing assumption 'utilisation'; did you mean "
       "'utilization'?\n"},
      {"missing, nothing close",
       [](Dataset* d) {
         d->assumptions.erase(
             std::remove_if(d->assumptions.begin(), d->assumptions.end(),
                            [](const Assumption& a) { return a.id == "bits_awq4"; }),
             d->assumptions.end());
       },
       "data/assumptions.json: error: missing assumption 'bits_awq4'\n"},
      {"number where a string is expected",
       [](Dataset* d) { *Entry(d, "baseline_gpu") = NumberEntry("baseline_gpu", 4090, 3); },
       "data/assumptions.json:3:5: error: assumption 'baseline_gpu' must be a string (an id), "
       "not the number 4090\n"},
      {"string where a number is expected",
       [](Dataset* d) { *Entry(d, "lora_rank") = TextEntry("lora_rank", "sixteen", 22); },
       "data/assumptions.json:22:5: error: assumption 'lora_rank' must be a number, not the "
       "string 'sixteen'\n"},
      {"a count that is not whole", [](Dataset* d) { Entry(d, "gpus_per_node")->number = 7.5; },
       "data/assumptions.json:17:5: error: assumption 'gpus_per_node' must be a whole number "
       "of at least 1, got 7.5\n"},
      {"a percentage typed for a fraction",
       [](Dataset* d) { Entry(d, "utilisation")->number = 15; },
       "data/assumptions.json:5:5: error: assumption 'utilisation' must be between 0 and 1, "
       "got 15\n"},
      {"zero bits", [](Dataset* d) { Entry(d, "bits_nf4")->number = 0; },
       "data/assumptions.json:33:5: error: assumption 'bits_nf4' must be greater than 0, got "
       "0\n"},
      {"unknown baseline GPU", [](Dataset* d) { Entry(d, "baseline_gpu")->text = "rtx-409"; },
       "data/assumptions.json:3:5: error: unknown GPU 'rtx-409' in assumption 'baseline_gpu'; "
       "did you mean 'rtx-4090'?\n"},
      {"unknown cloud offer",
       [](Dataset* d) { Entry(d, "cloud_reference_offer")->text = "aws-p3-v100"; },
       "data/assumptions.json:11:5: error: unknown cloud offer 'aws-p3-v100' in assumption "
       "'cloud_reference_offer'\n"},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    Dataset d = TestDataset();
    c.edit(&d);
    Diagnostics diags;
    ResolveAssumptions(d, &diags);
    CHECK(diags.Render() == c.expected);
  }
}

TEST_CASE("ResolveAssumptions reports every problem at once", "[calc][assumptions]") {
  Dataset d;  // no entries at all
  Diagnostics diags;
  ResolveAssumptions(d, &diags);
  CHECK(diags.ErrorCount() == static_cast<int>(AssumptionIds().size()));
}

}  // namespace
}  // namespace gg::calc
