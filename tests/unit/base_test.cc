#include <catch2/catch.hpp>

#include "base/diagnostics.h"
#include "base/suggest.h"
#include "base/text.h"

using namespace gg;

TEST_CASE("did you mean picks the closest plausible candidate", "[base]") {
  struct Case {
    const char* word;
    std::vector<std::string> candidates;
    const char* want;
  } cases[] = {
      {"vram_gb", {"memory_gb", "bandwidth_gbs", "name"}, "memory_gb"},
      {"llama-3-8b", {"llama-2-7b", "llama-3.1-8b"}, "llama-3.1-8b"},
      {"price_usd", {"memory_gb", "name"}, ""},
      {"memroy_gb", {"memory_gb", "bandwidth_gbs"}, "memory_gb"},
      {"gpu-rnak", {"gpu-rank", "gpu-value", "gpu-specs"}, "gpu-rank"},
      {"trainig16", {"inference8", "inference16", "training16"}, "training16"},
      {"datacentre", {"consumer", "workstation", "datacenter"}, "datacenter"},
      {"xyz", {"consumer"}, ""},
      {"titel", {"title", "description"}, "title"},
  };
  for (const auto& c : cases) {
    INFO(c.word);
    CHECK(ClosestMatch(c.word, c.candidates) == c.want);
  }
  CHECK(DidYouMean("buidl", {"build", "check"}) == "did you mean 'build'?");
  CHECK(EditDistance("kitten", "sitting") == 3);
}

TEST_CASE("slugs are stable, readable and never empty", "[base]") {
  struct Case {
    const char* in;
    const char* out;
  } cases[] = {
      {"How a GPU runs deep learning", "how-a-gpu-runs-deep-learning"},
      {"FP8, FP4 & Int8: low precision", "fp8-fp4-int8-low-precision"},
      {"显存：第一道门槛", "显存-第一道门槛"},
      {"Les « Tensor Cores »", "les-tensor-cores"},
      {"???", "section"},
      {"  Trailing  ", "trailing"},
  };
  for (const auto& c : cases) CHECK(Slugify(c.in) == c.out);
}

TEST_CASE("HTML escaping covers the five special characters", "[base]") {
  CHECK(HtmlEscape("<a href=\"x\">O'Neil & co</a>") ==
        "&lt;a href=&quot;x&quot;&gt;O&#39;Neil &amp; co&lt;/a&gt;");
}

TEST_CASE("invalid UTF-8 is located by line and column", "[base]") {
  std::string text = "line one\nab\xC3\x28z";
  size_t bad = FindInvalidUtf8(text);
  REQUIRE(bad == 11);
  int line, col;
  LineColOf(text, bad, &line, &col);
  CHECK(line == 2);
  CHECK(col == 3);
  CHECK(FindInvalidUtf8("显存 ok") == std::string::npos);
}

TEST_CASE("diagnostics print in GCC form, sorted, without duplicates", "[base]") {
  Diagnostics d;
  d.Error({"data/prices.json", 12, 5}, "unknown GPU 'rtx-4900'", "did you mean 'rtx-4090'?");
  d.Warning({"content/fr/guide.md", 3, 1},
            "stale: content/en/guide.md changed since this translation");
  d.Error({"data/gpus.json", 14, 9}, "unknown field 'vram_gb' in GPU");
  d.Error({"data/gpus.json", 14, 9}, "unknown field 'vram_gb' in GPU");
  d.Error({"data/gpus.json", 2, 1}, "first");
  CHECK(d.ErrorCount() == 3);
  CHECK(d.WarningCount() == 1);
  CHECK(d.Render() ==
        "content/fr/guide.md:3:1: warning: stale: content/en/guide.md changed since this "
        "translation\n"
        "data/gpus.json:2:1: error: first\n"
        "data/gpus.json:14:9: error: unknown field 'vram_gb' in GPU\n"
        "data/prices.json:12:5: error: unknown GPU 'rtx-4900'; did you mean 'rtx-4090'?\n");
}
