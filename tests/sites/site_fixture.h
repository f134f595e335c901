// Helpers shared by the fixture-site tests (tests/unit/site_*.cc, invalid_*.cc,
// determinism_*.cc): temporary folders, assembling a project root from a fixture site plus the
// repository's templates/ and assets/, running `gpuguide build` in-process, snapshots of an
// output tree and readable differences. Defined in tests/unit/site_fixture.cc.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace gg::testing {

// The repository (GG_SOURCE_DIR) and its tests/ folder (GG_TESTS_DIR).
std::filesystem::path SourceDir();
std::filesystem::path TestsDir();

// True when the environment variable UPDATE_GOLDEN is set to a non-empty value other than "0".
bool UpdateGolden();

// A fresh, empty folder under the system temporary folder, removed with everything in it when
// the object is destroyed (set GG_KEEP_TEMP=1 to keep it for inspection).
class TempDir {
 public:
  explicit TempDir(const std::string& prefix = "gg-test");
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Copies every file under `from` into `to` (created), replacing files that exist.
void CopyTree(const std::filesystem::path& from, const std::filesystem::path& to);

// Fills `root` (created) with tests/sites/<site> plus the repository's templates/ and assets/.
void AssembleFixtureRoot(const std::string& site, const std::filesystem::path& root);

// Applies an invalid-input case folder to `root`: every file of `overlay` except expected.txt
// and DELETE is copied over root; each line of DELETE (a path relative to root) is removed.
void ApplyOverlay(const std::filesystem::path& overlay, const std::filesystem::path& root);

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs the CLI in-process (gg::RunCli, not a tty).
CliRun RunGpuguide(const std::vector<std::string>& args);
// `gpuguide build --root ROOT --out OUT --jobs JOBS --no-cache`.
CliRun BuildSite(const std::filesystem::path& root, const std::filesystem::path& out, int jobs);

// The error and warning lines of a build's stderr, sorted, without the final summary line
// ("gpuguide: 2 error(s), 0 warning(s); ...").
std::vector<std::string> DiagnosticLines(const std::string& err);

struct FileState {
  std::string bytes;
  std::filesystem::file_time_type mtime;
};
// Every regular file under `dir`, by path relative to it ('/'-separated). Symbolic links are
// neither followed nor listed.
std::map<std::string, FileState> Snapshot(const std::filesystem::path& dir);
// Same, bytes only.
std::map<std::string, std::string> ReadTree(const std::filesystem::path& dir);

// Compares two trees of files: empty when they hold the same paths with the same bytes,
// otherwise one line per difference ("only in expected: a", "only in actual: b",
// "differs: c (sizes, first differing byte, an excerpt of each side)").
std::string CompareTrees(const std::map<std::string, std::string>& expected,
                         const std::map<std::string, std::string>& actual);

// A unified-style line diff of two texts ("-" expected, "+" actual, " " common lines); empty
// when they are equal.
std::string LineDiff(const std::string& expected, const std::string& actual);

std::string ReadFileOrEmpty(const std::filesystem::path& p);
void WriteFile(const std::filesystem::path& p, const std::string& bytes);
std::string JoinLines(const std::vector<std::string>& lines);

}  // namespace gg::testing
