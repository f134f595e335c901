#include <catch2/catch.hpp>

#include "data/json_doc.h"
#include "data/load_dataset.h"
#include "data/object_reader.h"

using namespace gg;

TEST_CASE("every value and key of a JSON document has a line and column", "[data]") {
  std::string text =
      "{\n  \"gpus\": [\n    {\"id\": \"a\", \"memory_gb\": 24},\n    {\"id\": \"b\"}\n  ]\n}\n";
  JsonDoc doc;
  Diagnostics d;
  REQUIRE(ParseJsonDoc("x.json", text, &doc, &d));
  struct Case {
    const char* pointer;
    int line, col;
    bool key;
  } cases[] = {
      {"/gpus", 2, 11, false},
      {"/gpus", 2, 3, true},
      {"/gpus/0", 3, 5, false},
      {"/gpus/0/memory_gb", 3, 30, false},
      {"/gpus/0/memory_gb", 3, 17, true},
      {"/gpus/1/id", 4, 12, false},
  };
  for (const auto& c : cases) {
    INFO(c.pointer);
    SourceLoc l = c.key ? doc.KeyLocOf(c.pointer) : doc.LocOf(c.pointer);
    CHECK(l.Resolved().line == c.line);
    CHECK(l.Resolved().col == c.col);
  }
}

// The tree with each value's type spelled out (nlohmann compares 1 and 1u as equal).
static std::string Typed(const nlohmann::json& j) {
  std::string out = std::to_string(static_cast<int>(j.type())) + ":";
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) out += "{" + it.key() + "=" + Typed(*it) + "}";
  } else if (j.is_array()) {
    for (const auto& v : j) out += "[" + Typed(v) + "]";
  } else {
    out += j.dump();
  }
  return out;
}

TEST_CASE("the fast parser gives nlohmann's tree, types and duplicate keys included", "[data]") {
  // ParseJsonDoc parses with simdjson where it can (data/json_doc.cc, FastParse) and with
  // nlohmann otherwise; either way the tree must be nlohmann's own.
  const char* texts[] = {
      R"({"a": 1, "b": -1, "c": 1.0, "d": 1e2, "f": 0.1, "g": 18446744073709551615})",
      R"({"e": -0, "date": "2026-01-05", "x": -0.5})",
      R"({"big": 100000000000000000000, "tiny": 5e-324, "exp": 1.7976931348623157e308})",
      R"({"s": "caf\u00e9 \ud83d\ude00 \"q\" \\ \/", "zh": "显存", "t": true, "n": null})",
      R"({"dup": 1, "dup": 2, "nested": {"x": [1, [2, {"y": []}]], "z": {}}})",
      "\xEF\xBB\xBF{\"bom\": 1}",
      R"([1, 2.5, "x", false, null, {}, []])",
  };
  for (const char* text : texts) {
    INFO(text);
    JsonDoc doc;
    Diagnostics d;
    ParseJsonDoc("x.json", text, &doc, &d);
    const nlohmann::json expected = nlohmann::json::parse(text, nullptr, false);
    CHECK(Typed(doc.root) == Typed(expected));
  }
}

TEST_CASE("a JSON syntax error is reported at its line and column", "[data]") {
  JsonDoc doc;
  Diagnostics d;
  CHECK_FALSE(ParseJsonDoc("data/x.json", "{\n  \"a\": 1,\n  }\n", &doc, &d));
  auto all = d.Sorted();
  REQUIRE(all.size() == 1);
  CHECK(all[0].loc.line == 3);
  CHECK(all[0].loc.col == 3);
  CHECK(all[0].message.find("invalid JSON") == 0);
}

TEST_CASE("schema errors in valid JSON point at the offending key or value", "[data]") {
  std::string text =
      "{\"gpus\": [\n"
      " {\"id\": \"x\", \"name\": \"X\", \"vendor\": \"nvidia\", \"architecture\": \"A\",\n"
      "  \"launch_date\": \"2024-02-30\", \"segment\": \"datacentre\", \"vram_gb\": 24,\n"
      "  \"memory_type\": \"G\", \"bandwidth_gbs\": -1, \"l2_mb\": 1, \"tensor_cores\": \"ada\",\n"
      "  \"fp16_tflops\": \"fast\", \"fp8_tflops\": null, \"int8_tops\": null, \"tdp_w\": 1,\n"
      "  \"slots\": 2, \"nvlink_gbs\": 0, \"pcie_gen\": 4, \"form_factor\": \"pcie\",\n"
      "  \"launch_price_usd\": null, \"source\": \"s\", \"as_of\": \"2026-01-01\"}\n"
      "]}\n";
  Dataset ds;
  Diagnostics d;
  LoadDataFile("data/gpus.json", text, &ds, &d);
  CHECK(
      d.Render() ==
      "data/gpus.json:2:2: error: missing field 'memory_gb' in GPU 'x'\n"
      "data/gpus.json:3:18: error: field 'launch_date' must be a date as YYYY-MM-DD, not "
      "'2024-02-30'\n"
      "data/gpus.json:3:43: error: 'datacentre' is not a valid segment (expected one of: consumer, "
      "workstation, datacenter); did you mean 'datacenter'?\n"
      "data/gpus.json:3:57: error: unknown field 'vram_gb' in GPU; did you mean 'memory_gb'?\n"
      "data/gpus.json:4:40: error: field 'bandwidth_gbs' of GPU is -1, outside its range 10 to "
      "100000; see the ranges in data/README.md\n"
      "data/gpus.json:5:18: error: field 'fp16_tflops' of GPU must be a number\n"
      "data/gpus.json:5:74: error: field 'tdp_w' of GPU is 1, outside its range 5 to 10000; see "
      "the ranges in data/README.md\n");
}

TEST_CASE("ISO dates are checked for real months and days", "[data]") {
  CHECK(IsIsoDate("2024-02-29"));
  CHECK_FALSE(IsIsoDate("2023-02-29"));
  CHECK_FALSE(IsIsoDate("2024-13-01"));
  CHECK_FALSE(IsIsoDate("2024-1-01"));
  CHECK_FALSE(IsIsoDate("01/02/2024"));
}
