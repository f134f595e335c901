// Helpers for the fixture-site tests; see tests/sites/site_fixture.h.
#include "../sites/site_fixture.h"

#include <stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "cli/cli.h"

namespace gg::testing {
namespace fs = std::filesystem;

fs::path SourceDir() {
  return fs::path(GG_SOURCE_DIR);
}
fs::path TestsDir() {
  return fs::path(GG_TESTS_DIR);
}

bool UpdateGolden() {
  const char* v = std::getenv("UPDATE_GOLDEN");
  return v != nullptr && *v != '\0' && std::string(v) != "0";
}

TempDir::TempDir(const std::string& prefix) {
  std::string tmpl = (fs::temp_directory_path() / (prefix + "-XXXXXX")).string();
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  if (mkdtemp(buf.data()) == nullptr) throw std::runtime_error("mkdtemp failed for " + tmpl);
  path_ = fs::path(buf.data());
}

TempDir::~TempDir() {
  const char* keep = std::getenv("GG_KEEP_TEMP");
  if (keep != nullptr && *keep != '\0' && std::string(keep) != "0") return;
  std::error_code ec;
  fs::remove_all(path_, ec);
}

void CopyTree(const fs::path& from, const fs::path& to) {
  if (!fs::is_directory(from)) throw std::runtime_error("not a folder: " + from.string());
  fs::create_directories(to);
  fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
}

void AssembleFixtureRoot(const std::string& site, const fs::path& root) {
  CopyTree(TestsDir() / "sites" / site, root);
  CopyTree(SourceDir() / "templates", root / "templates");
  CopyTree(SourceDir() / "assets", root / "assets");
}

void ApplyOverlay(const fs::path& overlay, const fs::path& root) {
  for (auto it = fs::recursive_directory_iterator(overlay);
       it != fs::recursive_directory_iterator(); ++it) {
    if (!it->is_regular_file()) continue;
    fs::path rel = fs::relative(it->path(), overlay);
    std::string name = rel.generic_string();
    if (name == "expected.txt" || name == "DELETE") continue;
    fs::create_directories((root / rel).parent_path());
    fs::copy_file(it->path(), root / rel, fs::copy_options::overwrite_existing);
  }
  std::ifstream del(overlay / "DELETE");
  std::string line;
  while (std::getline(del, line)) {
    if (line.empty() || line[0] == '#') continue;
    fs::path victim = root / line;
    if (!fs::exists(victim))
      throw std::runtime_error((overlay / "DELETE").string() + ": no such file to delete: " + line);
    fs::remove_all(victim);
  }
}

CliRun RunGpuguide(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  CliRun r;
  r.exit_code = gg::RunCli(args, out, err, false);
  r.out = out.str();
  r.err = err.str();
  return r;
}

CliRun BuildSite(const fs::path& root, const fs::path& out, int jobs) {
  // Cold (no cache): a test that compares two builds compares two renders, and a test
  // that builds the repository itself must not share the developer's ROOT/.cache (the test
  // binary is another executable, whose cache would replace theirs).
  return RunGpuguide({"build", "--root", root.string(), "--out", out.string(), "--jobs",
                      std::to_string(jobs), "--no-cache"});
}

std::vector<std::string> DiagnosticLines(const std::string& err) {
  static const std::regex kSummary(R"(^gpuguide: \d+ error\(s\), \d+ warning\(s\).*$)");
  std::vector<std::string> lines;
  std::istringstream in(err);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || std::regex_match(line, kSummary)) continue;
    lines.push_back(line);
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

std::map<std::string, FileState> Snapshot(const fs::path& dir) {
  std::map<std::string, FileState> files;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return files;
  // Symbolic links are not followed (a case may plant a loop or a link out of the project).
  for (auto it = fs::recursive_directory_iterator(dir, ec);
       it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    std::error_code sec;
    if (it->is_symlink(sec) || !it->is_regular_file(sec)) continue;
    files[fs::relative(it->path(), dir).generic_string()] = {ReadFileOrEmpty(it->path()),
                                                             fs::last_write_time(it->path(), sec)};
  }
  return files;
}

std::map<std::string, std::string> ReadTree(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (auto& [path, state] : Snapshot(dir)) files[path] = std::move(state.bytes);
  return files;
}

namespace {

bool IsBinary(const std::string& s) {
  return s.find('\0') != std::string::npos || s.rfind("\x89PNG", 0) == 0;
}

// A short printable excerpt of `s` around byte `at`.
std::string Excerpt(const std::string& s, size_t at) {
  size_t from = at > 30 ? at - 30 : 0;
  std::string out;
  for (size_t i = from; i < s.size() && i < at + 50; ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '\n')
      out += "\\n";
    else if (c < 0x20 || c == 0x7f)
      out += "\\x" + std::string(1, "0123456789abcdef"[c >> 4]) + "0123456789abcdef"[c & 15];
    else
      out += static_cast<char>(c);
  }
  return out;
}

}  // namespace

std::string CompareTrees(const std::map<std::string, std::string>& expected,
                         const std::map<std::string, std::string>& actual) {
  std::ostringstream out;
  auto e = expected.begin();
  auto a = actual.begin();
  while (e != expected.end() || a != actual.end()) {
    if (a == actual.end() || (e != expected.end() && e->first < a->first)) {
      out << "only in expected: " << e->first << "\n";
      ++e;
    } else if (e == expected.end() || a->first < e->first) {
      out << "only in actual:   " << a->first << "\n";
      ++a;
    } else {
      if (e->second != a->second) {
        const std::string& x = e->second;
        const std::string& y = a->second;
        size_t i = 0;
        while (i < x.size() && i < y.size() && x[i] == y[i]) ++i;
        out << "differs:          " << e->first << " (" << x.size() << " vs " << y.size()
            << " bytes; first difference at byte " << i << ")\n";
        if (!IsBinary(x) && !IsBinary(y)) {
          out << "    expected: ..." << Excerpt(x, i) << "...\n"
              << "    actual:   ..." << Excerpt(y, i) << "...\n";
        }
      }
      ++e;
      ++a;
    }
  }
  return out.str();
}

std::string LineDiff(const std::string& expected, const std::string& actual) {
  if (expected == actual) return {};
  auto split = [](const std::string& s) {
    std::vector<std::string> lines;
    std::istringstream in(s);
    std::string line;
    while (std::getline(in, line)) lines.push_back(line);
    return lines;
  };
  std::vector<std::string> x = split(expected), y = split(actual);
  // Longest common subsequence, then walk it: small inputs only (diagnostics, pages).
  size_t n = x.size(), m = y.size();
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      lcs[i][j] = x[i] == y[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::ostringstream out;
  out << "--- expected\n+++ actual\n";
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] == y[j]) {
      out << "  " << x[i] << "\n";
      ++i;
      ++j;
    } else if (j < m && (i == n || lcs[i][j + 1] > lcs[i + 1][j])) {
      out << "+ " << y[j++] << "\n";
    } else {
      out << "- " << x[i++] << "\n";
    }
  }
  if (split(expected) == split(actual)) out << "(the texts differ only in line endings)\n";
  return out.str();
}

std::string ReadFileOrEmpty(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void WriteFile(const fs::path& p, const std::string& bytes) {
  if (p.has_parent_path()) fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + p.string());
}

std::string JoinLines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

}  // namespace gg::testing
