// The guide's prose must not type a figure the data determines: every price and memory size
// reaches a page through a `gpu:` reference or a directive. This scans content/**.md outside
// fenced blocks and inline code spans for a digit next to a currency sign or a memory unit.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
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

// Figures that look data-determined: "$1,599", "1 599 $", "24 GB", "80GB", "24 Go", "5 000 美元".
std::vector<std::string> FindTypedFigures(const std::string& prose) {
  // std::regex works on bytes: multi-byte signs and spaces are alternatives, not classes.
  static const std::regex kFigure(
      "(?:(?:\\$|€|¥|￥)\\s?\\d)|"
      "(?:\\d(?:[\\d.,]|\\s|\xC2\xA0|\xE2\x80\xAF)*(?:\\$|€|USD|US\\$|美元|dollars?\\b|GB\\b|"
      "GiB\\b|TB\\b|Go\\b|Gio\\b|To\\b))");
  std::vector<std::string> hits;
  std::istringstream in(prose);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    for (auto it = std::sregex_iterator(line.begin(), line.end(), kFigure);
         it != std::sregex_iterator(); ++it)
      hits.push_back(std::to_string(n) + ": " + it->str());
  }
  return hits;
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

TEST_CASE("content types no data-determined figure outside references and directives",
          "[content]") {
  namespace fs = std::filesystem;
  std::vector<std::string> problems;
  int files = 0;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(GG_SOURCE_DIR) / "content")) {
    if (!e.is_regular_file() || e.path().extension() != ".md") continue;
    if (e.path().filename() == "README.md") continue;  // documents the syntax itself
    ++files;
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    for (const auto& hit : FindTypedFigures(StripCode(ss.str())))
      problems.push_back(fs::relative(e.path(), GG_SOURCE_DIR).string() + ":" + hit);
  }
  CHECK(files >= 21);  // 7 pages × 3 languages at least
  std::string all;
  for (const auto& p : problems) all += p + "\n";
  INFO(all);
  CHECK(problems.empty());
}
