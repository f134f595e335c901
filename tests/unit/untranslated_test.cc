// Every sentence a reader of the French or Chinese guide sees is in that language: the built
// site's fr and zh-Hans pages are searched for English text. Heuristic: in the visible text
// (outside <script>, <style>, <code>, <pre>, <svg> and elements marked lang="en" — data quoted
// in the language it was published in, such as a source's title), a run of words holding
// three English-only function words among eight is English. Names (of cards, models,
// publications) rarely hold three of them; the few that do are listed in
// tests/english_allow.txt with a reason.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../sites/site_fixture.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

// English words that are not also French words (no "a", "an", "on", "or", "as", "en").
const std::set<std::string>& EnglishOnly() {
  static const std::set<std::string> words = {
      "the",     "and",    "of",     "with",  "for",   "from",   "this",     "that",      "is",
      "are",     "was",    "were",   "not",   "found", "see",    "which",    "when",      "than",
      "only",    "price",  "prices", "used",  "per",   "to",     "in",       "at",        "by",
      "be",      "it",     "its",    "has",   "have",  "been",   "their",    "there",     "these",
      "those",   "into",   "over",   "about", "after", "before", "between",  "each",      "every",
      "more",    "most",   "less",   "then",  "also",  "other",  "such",     "where",     "while",
      "would",   "could",  "should", "will",  "can",   "may",    "estimate", "estimated", "typical",
      "derived", "survey", "dated",  "cards", "card",  "new",
  };
  return words;
}

// The visible text of a page, tags removed, with the skipped elements taken out.
std::string VisibleText(const std::string& html) {
  std::string s = html;
  static const std::regex kSkipped(
      R"re(<(script|style|code|pre|svg|template)\b[^>]*>[\s\S]*?</\1>)re");
  s = std::regex_replace(s, kSkipped, " ");
  // Elements marked as English (one level of nesting is enough for the spans the generator
  // writes).
  static const std::regex kEnglish(R"re(<(\w+)\b[^>]*\blang="en"[^>]*>[\s\S]*?</\1>)re");
  s = std::regex_replace(s, kEnglish, " ");
  static const std::regex kTag(R"re(<[^>]*>)re");
  s = std::regex_replace(s, kTag, " ");
  static const std::regex kEntity(R"re(&[a-z#0-9]+;)re");
  return std::regex_replace(s, kEntity, " ");
}

// Stretches of English in `text`: each run of up to eight words with three English-only ones.
std::vector<std::string> EnglishRuns(const std::string& text) {
  std::vector<std::string> words;
  static const std::regex kWord(R"re([A-Za-z][A-Za-z'’-]*)re");
  std::vector<std::pair<size_t, size_t>> spans;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kWord);
       it != std::sregex_iterator(); ++it) {
    std::string w = it->str();
    for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    words.push_back(w);
    spans.emplace_back(it->position(), it->position() + it->length());
  }
  std::vector<std::string> runs;
  size_t i = 0;
  while (i < words.size()) {
    int english = 0;
    size_t j = i;
    for (; j < words.size() && j < i + 8; ++j) {
      // Words far apart (other text between them) are not one run.
      if (j > i && spans[j].first - spans[j - 1].second > 40) break;
      english += EnglishOnly().count(words[j]) > 0;
    }
    if (english >= 3) {
      runs.push_back(text.substr(spans[i].first, spans[j - 1].second - spans[i].first));
      i = j;
    } else {
      ++i;
    }
  }
  return runs;
}

struct AllowEntry {
  std::regex pattern;
  std::string where;
  int used = 0;
};

std::vector<AllowEntry> LoadAllow(std::vector<std::string>* problems) {
  std::vector<AllowEntry> out;
  std::ifstream in(TestsDir() / "english_allow.txt");
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    size_t tab = line.find('\t');
    const std::string where = "english_allow.txt:" + std::to_string(n);
    if (tab == std::string::npos || line.size() - tab < 12) {
      problems->push_back(where + ": want REGEX <TAB> REASON");
      continue;
    }
    out.push_back({std::regex(line.substr(0, tab)), where});
  }
  return out;
}

TEST_CASE("untranslated: the heuristic finds English and leaves French and names",
          "[untranslated]") {
  CHECK(EnglishRuns("Estimate (gpuguide): no dated public price found for this point; see note")
            .size() == 1);
  CHECK(EnglishRuns("Estimated typical US used price, derived from the card's sourced prices")
            .size() == 1);
  CHECK(EnglishRuns("Estimation (gpuguide) : aucun prix public daté trouvé pour ce point").empty());
  CHECK(
      EnglishRuns("NVIDIA GeForce RTX 4090, AMD Radeon RX 7900 XTX, Mac Studio M3 Ultra").empty());
  CHECK(EnglishRuns("Le prix a baissé en un an ; on a vu des cartes à 500 $US").empty());
  CHECK(VisibleText(
            R"(<p>prix <span lang="en">the price of the card</span> <code>for the</code></p>)")
            .find("the") == std::string::npos);
}

TEST_CASE("untranslated: no English text on the French and Chinese pages of the real site",
          "[untranslated][slow]") {
  TempDir tmp("gg-untranslated");
  const fs::path out = tmp.path() / "site";
  CliRun run = BuildSite(SourceDir(), out, 2);
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  std::vector<std::string> problems;
  std::vector<AllowEntry> allow = LoadAllow(&problems);
  int pages = 0;
  for (const auto& [path, bytes] : ReadTree(out)) {
    if (path.size() < 5 || path.compare(path.size() - 5, 5, ".html") != 0) continue;
    if (path.rfind("fr/", 0) != 0 && path.rfind("zh-Hans/", 0) != 0) continue;
    ++pages;
    for (const std::string& run_text : EnglishRuns(VisibleText(bytes))) {
      bool ok = false;
      for (auto& a : allow)
        if (std::regex_search(run_text, a.pattern)) {
          ++a.used;
          ok = true;
          break;
        }
      if (!ok) problems.push_back(path + ": " + run_text);
    }
  }
  for (const auto& a : allow)
    if (a.used == 0) problems.push_back(a.where + ": allows nothing any more; remove it");
  CHECK(pages > 100);
  std::string all;
  for (size_t i = 0; i < problems.size() && i < 60; ++i) all += problems[i] + "\n";
  INFO(problems.size() << " problem(s):\n" << all);
  CHECK(problems.empty());
}

}  // namespace
}  // namespace gg::testing
