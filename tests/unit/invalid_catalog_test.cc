// The invalid-input catalog: tests/invalid/<case>/ holds the files that differ from the mini
// fixture site (tests/sites/mini), a file DELETE listing paths to remove, and expected.txt:
// "exit: N" then the exact, sorted error and warning lines of `gpuguide build` (the final
// summary line left out).
//
//  - cases named warn-* are inputs that only deserve a warning: the build succeeds (exit 0);
//  - every other case is an error: the build exits 1, prints exactly the expected lines, and
//    leaves the previous site byte for byte and time for time as it was, with no staging
//    folder next to it.
//
// To add a case: create the folder with its overlay, run
//   UPDATE_GOLDEN=1 ./build/tests/unit_tests '[invalid]'
// then READ the new expected.txt: the message must name the real problem at its line:col.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <memory>

#include "../sites/site_fixture.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

bool IsWarningCase(const std::string& name) {
  return name.rfind("warn-", 0) == 0;
}

std::vector<std::string> CaseNames(bool warnings) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(TestsDir() / "invalid")) {
    if (!e.is_directory()) continue;
    std::string name = e.path().filename().string();
    if (IsWarningCase(name) == warnings) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string Report(const CliRun& run) {
  return "exit: " + std::to_string(run.exit_code) + "\n" + JoinLines(DiagnosticLines(run.err));
}

// Runs one case into `out`; checks exit code and diagnostics against expected.txt (or writes
// it with UPDATE_GOLDEN=1).
void BuildCase(const std::string& name, const fs::path& out, int expected_exit) {
  const fs::path dir = TestsDir() / "invalid" / name;
  TempDir tmp("gg-invalid-case");
  const fs::path root = tmp.path() / "root";
  AssembleFixtureRoot("mini", root);
  ApplyOverlay(dir, root);
  CliRun run = BuildSite(root, out, 2);
  const std::string actual = Report(run);
  const fs::path expected_file = dir / "expected.txt";
  if (UpdateGolden()) {
    WriteFile(expected_file, actual);
    WARN("UPDATE_GOLDEN: wrote " << expected_file.string() << "; review it");
  }
  INFO("case " << name << "; gpuguide build stderr:\n" << run.err);
  CHECK(run.exit_code == expected_exit);
  REQUIRE(fs::is_regular_file(expected_file));
  const std::string expected = ReadFileOrEmpty(expected_file);
  CHECK(expected.rfind("exit: " + std::to_string(expected_exit) + "\n", 0) == 0);
  std::string diff = LineDiff(expected, actual);
  INFO("diagnostics differ from " << expected_file.string() << ":\n" << diff);
  CHECK(diff.empty());
}

// A site built once from the pristine fixture; every error case is built into the same
// folder and must leave it exactly as it is.
struct PristineSite {
  TempDir tmp{"gg-invalid"};
  fs::path root = tmp.path() / "root";
  fs::path out = tmp.path() / "site";
  std::map<std::string, FileState> snapshot;

  PristineSite() { AssembleFixtureRoot("mini", root); }

  // (Re)builds the pristine site unless `out` already matches the snapshot, so that one case
  // that wrongly replaced the site does not fail all the cases after it.
  void Ensure() {
    auto now = Snapshot(out);
    if (!snapshot.empty() && Same(now)) return;
    CliRun run = BuildSite(root, out, 2);
    INFO("the pristine fixture tests/sites/mini does not build:\n" << run.err);
    REQUIRE(run.exit_code == 0);
    snapshot = Snapshot(out);
    REQUIRE_FALSE(snapshot.empty());
  }

  bool Same(const std::map<std::string, FileState>& now) const {
    if (now.size() != snapshot.size()) return false;
    for (const auto& [path, state] : snapshot) {
      auto it = now.find(path);
      if (it == now.end() || it->second.bytes != state.bytes || it->second.mtime != state.mtime)
        return false;
    }
    return true;
  }

  // Every changed, added or removed file, or an empty string.
  std::string Changes() const {
    auto now = Snapshot(out);
    std::string out_text;
    for (const auto& [path, state] : snapshot) {
      auto it = now.find(path);
      if (it == now.end())
        out_text += "removed:  " + path + "\n";
      else if (it->second.bytes != state.bytes)
        out_text += "rewritten: " + path + "\n";
      else if (it->second.mtime != state.mtime)
        out_text += "touched (same bytes, new time): " + path + "\n";
    }
    for (const auto& [path, state] : now)
      if (!snapshot.count(path)) out_text += "added:    " + path + "\n";
    return out_text;
  }
};

TEST_CASE("invalid-input catalog: each error is reported exactly and the site stays untouched",
          "[invalid]") {
  static std::unique_ptr<PristineSite> site;  // built once per run of the test case
  if (!site) site = std::make_unique<PristineSite>();

  const std::vector<std::string> cases = CaseNames(false);
  CHECK(cases.size() >= 24);
  for (const std::string& name : cases) {
    DYNAMIC_SECTION(name) {
      site->Ensure();
      BuildCase(name, site->out, 1);
      std::string changes = site->Changes();
      INFO("case " << name << " changed the previous site:\n" << changes);
      CHECK(changes.empty());
      std::vector<std::string> entries;
      for (const auto& e : fs::directory_iterator(site->tmp.path()))
        entries.push_back(e.path().filename().string());
      std::sort(entries.begin(), entries.end());
      CHECK(entries == std::vector<std::string>{"root", "site"});
    }
  }
}

TEST_CASE("invalid-input catalog: inputs that only deserve a warning still build",
          "[invalid][warning]") {
  const std::vector<std::string> cases = CaseNames(true);
  CHECK_FALSE(cases.empty());
  for (const std::string& name : cases) {
    DYNAMIC_SECTION(name) {
      TempDir tmp("gg-warning");
      BuildCase(name, tmp.path() / "site", 0);
      CHECK(fs::is_regular_file(tmp.path() / "site" / "index.html"));
    }
  }
}

TEST_CASE("invalid-input catalog: case folders are well formed", "[invalid]") {
  for (const auto& e : fs::directory_iterator(TestsDir() / "invalid")) {
    INFO(e.path().string());
    REQUIRE(e.is_directory());
    CHECK(fs::is_regular_file(e.path() / "expected.txt"));
    bool has_overlay = false;
    for (const auto& f : fs::recursive_directory_iterator(e.path())) {
      std::string rel = fs::relative(f.path(), e.path()).generic_string();
      if (f.is_regular_file() && rel != "expected.txt") has_overlay = true;
      // Overlay files live where the site's inputs do.
      if (f.is_regular_file() && rel != "expected.txt" && rel != "DELETE") {
        INFO(rel);
        CHECK((rel.rfind("data/", 0) == 0 || rel.rfind("content/", 0) == 0 ||
               rel.rfind("templates/", 0) == 0 || rel.rfind("assets/", 0) == 0));
      }
    }
    CHECK(has_overlay);
  }
}

}  // namespace
}  // namespace gg::testing
