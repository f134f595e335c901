// One question, one answer: every computed answer on the built site — LLM speed and memory,
// card prices, ranks — carries its question (directives/html.h AnswerHtml: <data value="…"
// data-question="…">), and no two pages, in any language, may give the same question
// different values.
#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <string>

#include "../sites/site_fixture.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

struct Answers {
  std::map<std::string, std::pair<std::string, std::string>> first;  // question → value, page
  std::map<std::string, int> pages;                                  // question → occurrences
  std::vector<std::string> conflicts;
  int total = 0;
};

void Collect(const std::string& page, const std::string& html, Answers* a) {
  static const std::regex kAnswer(R"re(<data value="([^"]*)" data-question="([^"]*)">)re");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), kAnswer);
       it != std::sregex_iterator(); ++it) {
    const std::string value = (*it)[1], question = (*it)[2];
    ++a->total;
    ++a->pages[question];
    auto [pos, added] = a->first.emplace(question, std::make_pair(value, page));
    if (!added && pos->second.first != value)
      a->conflicts.push_back(question + ": " + pos->second.first + " on " + pos->second.second +
                             ", " + value + " on " + page);
  }
}

TEST_CASE("consistency: the checker finds a planted contradiction", "[consistency]") {
  Answers a;
  Collect("a.html", R"(<data value="1.5" data-question="q x=1">2</data>)", &a);
  Collect("b.html", R"(<data value="1.5" data-question="q x=1">2</data>)", &a);
  CHECK(a.conflicts.empty());
  Collect("c.html", R"(<data value="1.6" data-question="q x=1">2</data>)", &a);
  CHECK(a.conflicts.size() == 1);
  CHECK(a.total == 3);
}

TEST_CASE("consistency: no two pages of the real site answer one question differently",
          "[consistency][slow]") {
  TempDir tmp("gg-consistency");
  const fs::path out = tmp.path() / "site";
  CliRun run = BuildSite(SourceDir(), out, 2);
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  Answers a;
  for (const auto& [path, bytes] : ReadTree(out))
    if (path.size() > 5 && path.compare(path.size() - 5, 5, ".html") == 0) Collect(path, bytes, &a);
  std::string all;
  for (const auto& c : a.conflicts) all += c + "\n";
  INFO(all);
  CHECK(a.conflicts.empty());
  // The check has something to check: many answers, and questions asked on several pages
  // (the same speed in the prose, on GPU pages and in every language).
  CHECK(a.total > 1000);
  int repeated = 0;
  for (const auto& [q, n] : a.pages) repeated += n > 1;
  CHECK(repeated > 100);
  // Every kind of quantity is held to one value: decode speed, memory, prices (a card's
  // price on its page, in the rankings, the comparisons and the picks) and ranks (a card's
  // place on its page and in the ranking tables), each asked on several pages.
  for (const char* kind : {"tokens_per_s ", "vram_bytes ", "price ", "rank "}) {
    int asked = 0, shared = 0;
    for (const auto& [q, n] : a.pages)
      if (q.rfind(kind, 0) == 0) {
        ++asked;
        shared += n > 1;
      }
    INFO(kind << asked << " questions, " << shared << " on several pages");
    CHECK(asked > 10);
    CHECK(shared > 5);
  }
}

}  // namespace
}  // namespace gg::testing
