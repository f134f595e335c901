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

TEST_CASE("FindInvalidUtf8: the first bad byte, wherever it falls in the 8-byte ASCII scan",
          "[base]") {
  // The ASCII fast path reads 8 bytes at a time: put each kind of byte before, at and after a
  // block boundary, and in the tail shorter than a block.
  const std::string a7(7, 'a'), a8(8, 'a'), a16(16, 'a');
  struct Case {
    std::string text;
    size_t bad;
  };
  const size_t ok = std::string::npos;
  const Case cases[] = {
      {"", ok},
      {a16, ok},
      {a16 + "abc", ok},
      {std::string("\0", 1), 0},                    // NUL, refused as GLib refuses it
      {a7 + std::string("\0", 1) + a8, 7},          // NUL at the end of the first block
      {a8 + std::string("\0", 1), 8},               // NUL in the tail
      {a16 + std::string("b\0c", 3), 17},           // NUL in a short tail
      {a7 + "\xC3\xA9" + a8, ok},                   // é across a block boundary
      {a8 + "\xE6\x98\xBE\xE5\xAD\x98" + a16, ok},  // 显存 after a full block
      {a16 + "\xC3", 16},                           // a sequence cut short at the end
      {a7 + "\xC3\x28" + a16, 7},                   // a lead byte without its continuation
      {a8 + "\xE6\x98\xBE" + a8 + "\x80", 19},      // a stray continuation after valid text
      {a16 + "\xFF" + a8, 16},                      // never valid in UTF-8
      {"\xC0\xAF", 0},                              // overlong encoding of '/'
      {a8 + "\xED\xA0\x80", 8},                     // a UTF-16 surrogate
      // Runs of non-ASCII bytes are validated one by one, between ASCII stretches:
      {a8 + "\xC3" + "b" + a8, 8},                   // a sequence cut short by ASCII
      {"x\xC3\xA9\xFFy", 3},                         // valid, then invalid, in one run
      {a16 + "\xE6\x98\xBE \xE5\xAD\x98" + a8, ok},  // two runs, both valid
      {"\xE6\x98\xBE" + std::string("\0", 1) + "\xE5\xAD\x98", 3},  // NUL between runs
  };
  for (const Case& c : cases) {
    INFO("text of " << c.text.size() << " bytes");
    CHECK(FindInvalidUtf8(c.text) == c.bad);
  }
}

TEST_CASE("Sha256Hex: the FIPS 180-2 test vectors", "[base]") {
  CHECK(Sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(Sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(Sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(Sha256Hex(std::string(1000000, 'a')) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
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
