// Output is a pure function of the inputs: the same bytes with 1 thread or 8, and a rebuild
// into the same folder changes nothing (same bytes, same modification times).
#include <catch2/catch.hpp>

#include <filesystem>

#include "../sites/site_fixture.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

// Builds `root` into two folders with 1 and 8 threads and compares every file and the
// diagnostics.
void CheckSameOutput(const fs::path& root, const fs::path& tmp) {
  const fs::path one = tmp / "jobs1";
  const fs::path eight = tmp / "jobs8";
  CliRun a = BuildSite(root, one, 1);
  {
    INFO("gpuguide build --root " << root.string() << " --jobs 1 failed; its diagnostics:\n"
                                  << a.err);
    REQUIRE(a.exit_code == 0);
  }
  CliRun b = BuildSite(root, eight, 8);
  {
    INFO("gpuguide build --root " << root.string() << " --jobs 8 failed; its diagnostics:\n"
                                  << b.err);
    REQUIRE(b.exit_code == 0);
  }
  std::string diag_diff = LineDiff(a.err, b.err);
  INFO("diagnostics differ between --jobs 1 and --jobs 8:\n" << diag_diff);
  CHECK(diag_diff.empty());

  auto files = ReadTree(one);
  CHECK(files.size() > 10);
  std::string diff = CompareTrees(files, ReadTree(eight));
  INFO("output of --jobs 1 (expected) and --jobs 8 (actual) differ:\n" << diff);
  CHECK(diff.empty());
}

TEST_CASE("determinism: the real site is identical with --jobs 1 and --jobs 8",
          "[determinism][slow]") {
  TempDir tmp("gg-determinism");
  CheckSameOutput(SourceDir(), tmp.path());
}

TEST_CASE("determinism: the mini site is identical with --jobs 1 and --jobs 8", "[determinism]") {
  TempDir tmp("gg-determinism");
  const fs::path root = tmp.path() / "root";
  AssembleFixtureRoot("mini", root);
  CheckSameOutput(root, tmp.path());
}

TEST_CASE("determinism: rebuilding the mini site into its folder leaves every file untouched",
          "[determinism][write]") {
  TempDir tmp("gg-determinism");
  const fs::path root = tmp.path() / "root";
  const fs::path out = tmp.path() / "site";
  AssembleFixtureRoot("mini", root);
  CliRun first = BuildSite(root, out, 2);
  INFO("diagnostics:\n" << first.err);
  REQUIRE(first.exit_code == 0);
  auto before = Snapshot(out);
  REQUIRE_FALSE(before.empty());

  CliRun second = RunGpuguide(
      {"build", "--root", root.string(), "--out", out.string(), "--jobs", "8", "--verbose"});
  INFO("second build stderr:\n" << second.err);
  REQUIRE(second.exit_code == 0);
  CHECK(second.err.find("(0 written, " + std::to_string(before.size()) +
                        " unchanged, 0 removed)") != std::string::npos);
  auto after = Snapshot(out);
  REQUIRE(after.size() == before.size());
  for (const auto& [path, state] : before) {
    INFO(path);
    auto it = after.find(path);
    REQUIRE(it != after.end());
    CHECK(it->second.bytes == state.bytes);
    CHECK(it->second.mtime == state.mtime);
  }
  // No staging folder left next to the site; only the lock file, which stays, and the standby
  // tree, the site before this one (write/commit_site.h).
  std::vector<std::string> entries;
  for (const auto& e : fs::directory_iterator(tmp.path()))
    entries.push_back(e.path().filename().string());
  std::sort(entries.begin(), entries.end());
  CHECK(entries == std::vector<std::string>{".site.lock", ".site.standby", "root", "site"});
}

}  // namespace
}  // namespace gg::testing
