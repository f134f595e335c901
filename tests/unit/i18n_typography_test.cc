// The typography layer (i18n/typography.h) and the currency notation (i18n/format.h), rule by
// rule, and over the real UI strings: every French and Chinese string already set as the
// layer sets it, every English article as a reader says it.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "base/diagnostics.h"
#include "i18n/format.h"
#include "i18n/typography.h"
#include "i18n/ui_strings.h"

namespace gg {
namespace {

TEST_CASE("French: a narrow no-break space before : ; ? !", "[i18n][typography]") {
  struct Case {
    const char* in;
    const char* out;
  } cases[] = {
      {"Prix: 1 599 $US", "Prix\u202F: 1 599 $US"},
      {"Prix : 12", "Prix\u202F: 12"},
      {"Prix\u00A0: 12", "Prix\u202F: 12"},
      {"Prix\u202F: 12", "Prix\u202F: 12"},
      {"moins cher?", "moins cher\u202F?"},
      {"a ; b ! c", "a\u202F; b\u202F! c"},
      {"Réponse «\u00A0{answer}\u00A0»\u00A0:", "Réponse «\u00A0{answer}\u00A0»\u202F:"},
      // Left alone: times and ratios, addresses, identifiers, placeholders, a leading mark.
      {"à 10:30, rapport 1:2", "à 10:30, rapport 1:2"},
      {"voir https://example.org/a?b=1", "voir https://example.org/a?b=1"},
      {"lu comme gpu:name", "lu comme gpu:name"},
      {"{v, plural, one {# an} other {# ans}}", "{v, plural, one {# an} other {# ans}}"},
      {": début", ": début"},
  };
  for (const auto& c : cases) {
    INFO(c.in);
    CHECK(Punctuate("fr", c.in) == c.out);
  }
}

TEST_CASE("Chinese: full-width : ; ? ! without spaces around", "[i18n][typography]") {
  struct Case {
    const char* in;
    const char* out;
  } cases[] = {
      {"来源: 厂商", "来源：厂商"},
      {"来源 : 厂商", "来源：厂商"},
      {"任务: {workload}; 预算: {budget}", "任务：{workload}；预算：{budget}"},
      {"装得下吗?", "装得下吗？"},
      {"10:30 1:2 https://a.cn/x", "10:30 1:2 https://a.cn/x"},
      {"来源：厂商", "来源：厂商"},
  };
  for (const auto& c : cases) {
    INFO(c.in);
    CHECK(Punctuate("zh-Hans", c.in) == c.out);
  }
  CHECK(Punctuate("en", "Price: $1 ; ok?") == "Price: $1 ; ok?");
}

TEST_CASE("English a / an by the sound of the next word", "[i18n][typography]") {
  struct Case {
    const char* word;
    const char* article;
  } cases[] = {
      {"AMD", "an"},     {"Apple", "an"},  {"Intel", "an"},       {"RTX", "an"},
      {"H100", "an"},    {"NVIDIA", "an"}, {"FP8", "an"},         {"M3", "an"},
      {"8-GPU", "an"},   {"11", "an"},     {"18-month", "an"},    {"800", "an"},
      {"hour", "an"},    {"x86", "an"},    {"LLM", "an"},         {"SXM", "an"},
      {"GeForce", "a"},  {"desktop", "a"}, {"unified", "a"},      {"user", "a"},
      {"one-year", "a"}, {"4-GPU", "a"},   {"GPU", "a"},          {"USB", "a"},
      {"European", "a"}, {"100", "a"},     {"“Workstation", "a"}, {"Radeon", "a"},
  };
  for (const auto& c : cases) {
    INFO(c.word);
    CHECK(IndefiniteArticle(c.word) == c.article);
  }
  CHECK(FixArticles("en", "a desktop with a AMD Radeon AI PRO R9700") ==
        "a desktop with an AMD Radeon AI PRO R9700");
  CHECK(FixArticles("en", "An GeForce card and a Apple Mac") == "A GeForce card and an Apple Mac");
  CHECK(FixArticles("en", "a {gpu} and an {other}") == "a {gpu} and an {other}");
  CHECK(FixArticles("en", "Plan a.") == "Plan a.");
  CHECK(FixArticles("fr", "a AMD") == "a AMD");
  CHECK(LabelSeparator("fr") == "\u202F: ");
  CHECK(LabelSeparator("zh-Hans") == "：");
  CHECK(LabelSeparator("en") == ": ");
}

TEST_CASE("UI strings: typography at load, articles after substitution", "[i18n][typography]") {
  Diagnostics diags;
  UiStrings s;
  s.SetDefaultLanguage("en");
  s.LoadText("en", "content/en/_strings.json",
             R"({"around": "a desktop with a {gpu}", "src": "Source: {source}"})", &diags);
  s.LoadText("fr", "content/fr/_strings.json", R"({"src": "Source: {source}"})", &diags);
  s.LoadText("zh-Hans", "content/zh-Hans/_strings.json", R"({"src": "来源: {source}"})", &diags);
  CHECK(s.Format("en", "around", {{"gpu", "AMD Radeon RX 7900 XTX"}}) ==
        "a desktop with an AMD Radeon RX 7900 XTX");
  CHECK(s.Format("en", "around", {{"gpu", "GeForce RTX 4090"}}) ==
        "a desktop with a GeForce RTX 4090");
  CHECK(s.Format("fr", "src", {{"source", "x"}}) == "Source\u202F: x");
  CHECK(s.Format("zh-Hans", "src", {{"source", "x"}}) == "来源：x");
}

TEST_CASE("One US-dollar notation per language, from ICU", "[i18n][typography]") {
  Formatter en("en_US"), fr("fr_FR"), zh("zh_Hans_CN");
  CHECK(en.UsdSymbol() == "$");
  CHECK(fr.UsdSymbol() == "$US");
  CHECK(zh.UsdSymbol() == "US$");
  // The symbol a label names is the one the amounts carry.
  CHECK(fr.Usd(1599).find(fr.UsdSymbol()) != std::string::npos);
  CHECK(zh.Usd(1599).find(zh.UsdSymbol()) != std::string::npos);
  CHECK(en.WithCurrency("Price ({usd})") == "Price ($)");
  CHECK(fr.WithCurrency("Prix maximal ({usd})") == "Prix maximal ($US)");
  CHECK(en.WithCurrency("per {usd:1000}") == "per $1,000");
  CHECK(fr.WithCurrency("pour {usd:1000}, {n}") == "pour " + fr.Usd(1000) + ", {n}");
  // An amount an author wrote keeps its digits: 0.175 is not $0.18.
  CHECK(en.UsdDigits(0.175, 3) == "$0.175");
  CHECK(en.UsdDigits(0.9, 2) == "$0.90");
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST_CASE("The real UI strings: the layer finds nothing left to change", "[i18n][typography]") {
  // English: every article in every string agrees with its word (so the rule misfires on no
  // string an author wrote). French and Chinese: no currency written but through {usd}.
  Diagnostics diags;
  UiStrings s;
  s.SetDefaultLanguage("en");
  for (const char* lang : {"en", "fr", "zh-Hans"})
    s.LoadText(lang, std::string("content/") + lang + "/_strings.json",
               ReadFile(std::string(GG_SOURCE_DIR) + "/content/" + lang + "/_strings.json"),
               &diags);
  REQUIRE_FALSE(diags.HasErrors());
  for (const auto& [key, text] : s.Table("en")) {
    INFO(key << ": " << text);
    CHECK(FixArticles("en", text) == text);
  }
  const std::regex kOtherUsd("\\$ US|USD|US \\$");
  for (const auto& [key, text] : s.Table("fr")) {
    INFO(key << ": " << text);
    CHECK_FALSE(std::regex_search(text, kOtherUsd));
  }
}

}  // namespace
}  // namespace gg
