// The invalid-input catalog: tests/invalid/<case>/ holds the files that differ from the mini
// fixture site (tests/sites/mini), a file DELETE listing paths to remove, and expected.txt:
// "exit: N" then the exact, sorted error and warning lines of `gpuguide build` (the final
// summary line left out; the case's temporary folder written as {tmp}). An optional file SETUP
// prepares what files cannot express, one instruction a line:
//   out PATH            build into PATH instead of the previous site ({root} is the case's
//                       project, {tmp}/site the previous site), e.g. "out {root}/data"
//   symlink LINK TARGET create ROOT/LINK as a symbolic link to TARGET ({tmp}, {root} substituted)
//   move-out DIR        move ROOT/DIR to {tmp}/outside-DIR and leave a link to it in its place
//   outside NAME        create the file {tmp}/NAME (a target for links that leave the project)
//
//  - cases named warn-* are inputs that only deserve a warning: the build succeeds (exit 0);
//  - every other case is an error: the build exits with the code of expected.txt (1 for bad
//    input, 2 for a bad command line), prints exactly the expected lines, and leaves the
//    previous site AND every input file byte for byte and time for time as they were, with
//    no staging folder next to the site (only its lock file).
//
// To add a case: create the folder with its overlay, run
//   UPDATE_GOLDEN=1 ./build/tests/unit_tests '[invalid]'
// then READ the new expected.txt: the message must name the real problem at its line:col.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <sstream>

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

void ReplaceAll(std::string* s, const std::string& from, const std::string& to) {
  for (size_t at = 0; (at = s->find(from, at)) != std::string::npos; at += to.size())
    s->replace(at, from.size(), to);
}

std::string Report(const CliRun& run, const fs::path& tmp, const fs::path& root) {
  std::string text =
      "exit: " + std::to_string(run.exit_code) + "\n" + JoinLines(DiagnosticLines(run.err));
  // Paths of the temporary folder differ per run.
  ReplaceAll(&text, root.string(), "{root}");
  ReplaceAll(&text, tmp.string(), "{tmp}");
  return text;
}

std::string Substitute(std::string s, const fs::path& tmp, const fs::path& root) {
  ReplaceAll(&s, "{root}", root.string());
  ReplaceAll(&s, "{tmp}", tmp.string());
  return s;
}

// Applies SETUP (see the top of the file); returns the output folder to build into.
fs::path ApplySetup(const fs::path& dir, const fs::path& tmp, const fs::path& root,
                    const fs::path& default_out) {
  fs::path out = default_out;
  std::istringstream in(ReadFileOrEmpty(dir / "SETUP"));
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string op, a, b;
    words >> op >> a >> b;
    if (op.empty() || op[0] == '#') continue;
    INFO("SETUP of " << dir.string() << ": " << line);
    if (op == "out") {
      out = Substitute(a, tmp, root);
    } else if (op == "symlink") {
      fs::create_directories((root / a).parent_path());
      fs::create_symlink(Substitute(b, tmp, root), root / a);
    } else if (op == "move-out") {
      fs::rename(root / a, tmp / ("outside-" + a));
      fs::create_directory_symlink(tmp / ("outside-" + a), root / a);
    } else if (op == "outside") {
      WriteFile(tmp / a, "outside the project\n");
    } else {
      FAIL("unknown SETUP instruction '" << op << "'");
    }
  }
  return out;
}

// Runs one case (into `out` unless its SETUP names another folder) in the temporary folder
// `tmp`; checks exit code and diagnostics against expected.txt (or writes it with
// UPDATE_GOLDEN=1), and that no input file of the case's project changed.
void BuildCase(const std::string& name, const fs::path& tmp, const fs::path& out, bool warning) {
  const fs::path dir = TestsDir() / "invalid" / name;
  const fs::path root = tmp / ("root-" + name);
  AssembleFixtureRoot("mini", root);
  ApplyOverlay(dir, root);
  fs::path target = ApplySetup(dir, tmp, root, out);
  const auto inputs = Snapshot(root);
  CliRun run = BuildSite(root, target, 2);
  const std::string actual = Report(run, tmp, root);
  const fs::path expected_file = dir / "expected.txt";
  if (UpdateGolden()) {
    WriteFile(expected_file, actual);
    WARN("UPDATE_GOLDEN: wrote " << expected_file.string() << "; review it");
  }
  INFO("case " << name << "; gpuguide build stderr:\n" << run.err);
  REQUIRE(fs::is_regular_file(expected_file));
  const std::string expected = ReadFileOrEmpty(expected_file);
  if (warning) {
    CHECK(run.exit_code == 0);
    CHECK(expected.rfind("exit: 0\n", 0) == 0);
  } else {
    CHECK(run.exit_code != 0);
    CHECK((expected.rfind("exit: 1\n", 0) == 0 || expected.rfind("exit: 2\n", 0) == 0));
  }
  std::string diff = LineDiff(expected, actual);
  INFO("diagnostics differ from " << expected_file.string() << ":\n" << diff);
  CHECK(diff.empty());
  // Whatever the input and the flags, no input file may be lost, rewritten or touched.
  const auto after = Snapshot(root);
  std::string changed;
  for (const auto& [path, state] : inputs) {
    auto it = after.find(path);
    if (it == after.end())
      changed += "removed: " + path + "\n";
    else if (it->second.bytes != state.bytes || it->second.mtime != state.mtime)
      changed += "changed: " + path + "\n";
  }
  INFO("case " << name << " changed its input files:\n" << changed);
  CHECK(changed.empty());
  fs::remove_all(root);
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
  CHECK(cases.size() >= 80);
  for (const std::string& name : cases) {
    DYNAMIC_SECTION(name) {
      site->Ensure();
      BuildCase(name, site->tmp.path(), site->out, false);
      std::string changes = site->Changes();
      INFO("case " << name << " changed the previous site:\n" << changes);
      CHECK(changes.empty());
      std::vector<std::string> entries;
      for (const auto& e : fs::directory_iterator(site->tmp.path()))
        entries.push_back(e.path().filename().string());
      std::sort(entries.begin(), entries.end());
      entries.erase(std::remove_if(entries.begin(), entries.end(),
                                   [](const std::string& e) {
                                     return e.rfind("outside", 0) == 0;  // SETUP's files
                                   }),
                    entries.end());
      CHECK(entries == std::vector<std::string>{".site.lock", "root", "site"});
      for (const auto& e : fs::directory_iterator(site->tmp.path()))
        if (e.path().filename().string().rfind("outside", 0) == 0) fs::remove_all(e.path());
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
      BuildCase(name, tmp.path(), tmp.path() / "site", true);
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
      if (f.is_regular_file() && rel != "expected.txt" && rel != "DELETE" && rel != "SETUP") {
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
