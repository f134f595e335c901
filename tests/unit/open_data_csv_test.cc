// The open data CSVs (data/open_data.h): RFC 4180 fields, and text a spreadsheet would run as
// a formula neutralised by a leading single quote (OWASP, CSV injection).
#include <catch2/catch.hpp>

#include "data/open_data.h"

using namespace gg;

TEST_CASE("CsvField quotes per RFC 4180 and neutralises formulas", "[data]") {
  struct Case {
    const char* in;
    const char* out;
  };
  const Case cases[] = {
      {"plain", "plain"},
      {"", ""},
      {"a,b", "\"a,b\""},
      {"say \"hi\"", "\"say \"\"hi\"\"\""},
      {"=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""},
      {"=1+2", "'=1+2"},
      {"+cmd", "'+cmd"},
      {"-2+3", "'-2+3"},
      {"@SUM(A1)", "'@SUM(A1)"},
      {"\tx", "'\tx"},
      {"\rx", "\"'\rx\""},
      {"-", "'-"},
      {"-12.5", "-12.5"},  // numbers are values, kept
      {"+3e-2", "+3e-2"},
      {"-1E5", "-1E5"},
      {"1.", "1."},     // no leading sign: not a formula
      {"-1.", "'-1."},  // not a plain number
      {"a=b", "a=b"},   // only the first character counts
  };
  for (const Case& c : cases) {
    INFO(c.in);
    CHECK(CsvField(c.in) == c.out);
  }
}

TEST_CASE("OpenDataCsv neutralises formulas from data text", "[data]") {
  Dataset d;
  Benchmark b;
  b.gpu = "rtx-4090";
  b.reference = "rtx-3090";
  b.speedup = 1.5;
  b.method = "=HYPERLINK(\"https://evil.example/\",\"click\")";
  b.prov.source = "@cmd";
  b.prov.as_of = "2026-01-01";
  b.prov.note = "-3 dB";
  d.benchmarks.push_back(b);
  const std::string csv = OpenDataCsv(d, "benchmarks");
  CHECK(csv.find(",\"'=HYPERLINK(\"\"https://evil.example/\"\",\"\"click\"\")\",") !=
        std::string::npos);
  CHECK(csv.find(",'@cmd,") != std::string::npos);
  CHECK(csv.find(",'-3 dB\r\n") != std::string::npos);
  CHECK(csv.find(",1.5,") != std::string::npos);
}
