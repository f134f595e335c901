// The guide's prose must not type a figure the data determines: every price and memory size
// reaches a page through a `gpu:` reference or a directive. This scans content/**.md outside
// fenced blocks and inline code spans for a digit next to a currency sign or a memory unit.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

// Prose with fenced blocks and code spans blanked out (line structure kept for messages).
std::string StripCode(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  std::string line;
  bool fenced = false;
  while (std::getline(in, line)) {
    std::string trimmed =
        line.substr(line.find_first_not_of(' ') == std::string::npos ? line.size()
                                                                     : line.find_first_not_of(' '));
    if (trimmed.rfind("```", 0) == 0 || trimmed.rfind("~~~", 0) == 0) {
      fenced = !fenced;
      out += "\n";
      continue;
    }
    if (fenced) {
      out += "\n";
      continue;
    }
    std::string kept;
    bool in_code = false;
    for (char c : line) {
      if (c == '`') {
        in_code = !in_code;
        continue;
      }
      if (!in_code) kept += c;
    }
    out += kept + "\n";
  }
  return out;
}

// A figure typed in prose: where it is and what it reads.
struct TypedFigure {
  int line = 0;               // 1-based
  size_t begin = 0, end = 0;  // bytes of the line
  std::string text;
};

// Figures that look data-determined: a digit next to a unit. "$1,599", "1 599 $", "24 GB",
// "80GB", "24 Go", "5 000 美元", "350 W", "82.6 TFLOPS", "48 tok/s", "15 %", a speed-up
// "1.25×" (not a product "2 × 32"), a parameter count "30.5 B" (not a name "Qwen3 30B").
std::vector<TypedFigure> FindTypedFigureSpans(const std::string& prose) {
  // std::regex works on bytes: multi-byte signs and spaces are alternatives, not classes.
#define GG_SP "(?: |\xC2\xA0|\xE2\x80\xAF)"
  static const std::regex kFigure(
      "(?:(?:\\$|€|¥|￥)\\s?\\d)|"
      "(?:\\d(?:[\\d.,]|\\s|\xC2\xA0|\xE2\x80\xAF)*(?:\\$|€|USD|US\\$|美元|dollars?\\b|GB\\b|"
      "GiB\\b|TB\\b|Go\\b|Gio\\b|To\\b|kW\\b|W\\b|TFLOPS\\b|TOPS\\b|PFLOPS\\b|tok/s|"
      "tokens?/s|%))|"
      "(?:\\d(?:[.,]\\d+)?" GG_SP
      "B\\b)|"
      "(?:\\d(?:[.,]\\d+)?" GG_SP "?\xC3\x97(?!" GG_SP "?\\d))");
#undef GG_SP
  std::vector<TypedFigure> hits;
  std::istringstream in(prose);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    for (auto it = std::sregex_iterator(line.begin(), line.end(), kFigure);
         it != std::sregex_iterator(); ++it)
      hits.push_back({n, static_cast<size_t>(it->position()),
                      static_cast<size_t>(it->position() + it->length()), it->str()});
  }
  return hits;
}

std::vector<std::string> FindTypedFigures(const std::string& prose) {
  std::vector<std::string> out;
  for (const auto& h : FindTypedFigureSpans(prose))
    out.push_back(std::to_string(h.line) + ": " + h.text);
  return out;
}

// tests/typed_figures_allow.txt: FILE-GLOB <TAB> REGEX <TAB> REASON per line.
struct Allowed {
  std::regex file;
  std::regex span;
  std::string where;  // "typed_figures_allow.txt:N"
  int used = 0;
};

std::vector<Allowed> LoadAllowList(const std::string& path, std::vector<std::string>* problems) {
  std::vector<Allowed> out;
  std::ifstream in(path);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string part;
    while (std::getline(ss, part, '\t')) f.push_back(part);
    const std::string where = "typed_figures_allow.txt:" + std::to_string(n);
    if (f.size() != 3 || f[2].size() < 10) {
      problems->push_back(where + ": want FILE-GLOB <TAB> REGEX <TAB> REASON (a real reason)");
      continue;
    }
    std::string glob;
    for (char c : f[0])
      glob += c == '*' ? std::string("[^/]*")
                       : std::regex_replace(std::string(1, c), std::regex("[.^$|()\\[\\]{}+?\\\\]"),
                                            "\\$&");
    out.push_back({std::regex(glob), std::regex(f[1]), where});
  }
  return out;
}

}  // namespace

TEST_CASE("the figure scanner finds typed prices and memory sizes", "[content]") {
  struct Case {
    const char* text;
    size_t hits;
  } cases[] = {
      {"The card costs $1,599 today.", 1},
      {"Elle coûte 1 599 $ aujourd'hui.", 1},
      {"It has 24 GB of memory.", 1},
      {"It has 24GB of memory.", 1},
      {"Elle a 24 Go de mémoire.", 1},
      {"售价 5000 美元。", 1},
      {"It has `gpu:spec gpu=rtx-4090 field=memory_gb` of memory.", 0},
      {"A warp is 32 threads; the 2023 example gives 504 cycles.", 0},
      {"```gpu-rank workload=training16\n24 GB caption\n```\nplain text", 0},
      {"Costs `gpu:usd 2200` and has `gpu:gb 24`.", 0},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    CHECK(FindTypedFigures(StripCode(c.text)).size() == c.hits);
  }
}

TEST_CASE("the figure scanner finds watts, throughput, speed-ups, shares and B counts",
          "[content]") {
  struct Case {
    const char* text;
    size_t hits;
  } cases[] = {
      {"It draws 350 W at full load.", 1},
      {"Elle consomme 1\xE2\x80\xAF"
       "600\xC2\xA0W.",
       1},
      {"It reaches 82.6 TFLOPS and 48 tok/s.", 2},
      {"About 15 % faster, or 15%.", 2},
      {"16-bit inference 1.25\xC3\x97 the baseline.", 1},
      {"It has 30.5 B parameters and 3.35\xC2\xA0"
       "B active.",
       2},
      {"Qwen3 30B-A3B and Llama 3.1 8B are names.", 0},
      {"2 \xC3\x97 32 \xC3\x97 8 = 512, and 12V-2\xC3\x97"
       "6 is a connector.",
       0},
      {"In 2023, version 3 of the guide.", 0},
      {"Draws `gpu:w 350` and `gpu:pct 15` more.", 0},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    CHECK(FindTypedFigures(StripCode(c.text)).size() == c.hits);
  }
}

TEST_CASE("content types no data-determined figure outside references and directives",
          "[content]") {
  namespace fs = std::filesystem;
  std::vector<std::string> problems;
  std::vector<Allowed> allowed =
      LoadAllowList(std::string(GG_TESTS_DIR) + "/typed_figures_allow.txt", &problems);
  int files = 0;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(GG_SOURCE_DIR) / "content")) {
    if (!e.is_regular_file() || e.path().extension() != ".md") continue;
    if (e.path().filename() == "README.md") continue;  // documents the syntax itself
    ++files;
    const std::string rel = fs::relative(e.path(), GG_SOURCE_DIR).string();
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string prose = StripCode(ss.str());
    std::vector<std::string> lines;
    {
      std::istringstream ls(prose);
      std::string l;
      while (std::getline(ls, l)) lines.push_back(l);
    }
    for (const auto& hit : FindTypedFigureSpans(prose)) {
      const std::string& line = lines[hit.line - 1];
      bool ok = false;
      for (auto& a : allowed) {
        if (!std::regex_match(rel, a.file)) continue;
        for (auto it = std::sregex_iterator(line.begin(), line.end(), a.span);
             it != std::sregex_iterator() && !ok; ++it) {
          const size_t b = it->position(), en = b + it->length();
          if (b <= hit.begin && hit.end <= en + 1) ok = true;
        }
        if (ok) {
          ++a.used;
          break;
        }
      }
      if (!ok) problems.push_back(rel + ":" + std::to_string(hit.line) + ": " + hit.text);
    }
  }
  for (const auto& a : allowed)
    if (a.used == 0) problems.push_back(a.where + ": allows nothing any more; remove it");
  CHECK(files >= 21);  // 7 pages × 3 languages at least
  std::string all;
  for (const auto& p : problems) all += p + "\n";
  INFO(all);
  CHECK(problems.empty());
}

TEST_CASE("every language's methodology ties the same calculation rules", "[content]") {
  // The "Known limitations" of each language name, with gpu:rule, every rule the English page
  // names: a translation cannot keep describing a rule the English text was rewritten for.
  namespace fs = std::filesystem;
  static const std::regex kRule("gpu:rule feature=([a-z_]+) is=([a-z_0-9]+)");
  std::map<std::string, std::set<std::string>> rules;
  for (const char* lang : {"en", "fr", "zh-Hans"}) {
    std::ifstream in(fs::path(GG_SOURCE_DIR) / "content" / lang / "methodology.md");
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kRule);
         it != std::sregex_iterator(); ++it)
      rules[lang].insert((*it)[1].str() + "=" + (*it)[2].str());
  }
  CHECK(rules["en"].size() >= 5);
  CHECK(rules["fr"] == rules["en"]);
  CHECK(rules["zh-Hans"] == rules["en"]);
}
