// Nothing lost: a build killed at any moment leaves the output folder exactly as the previous
// build left it, or exactly as the new one would — never a mix, never empty.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "base/files.h"
#include "cli/cli.h"

namespace fs = std::filesystem;

namespace {

std::map<std::string, std::string> Snapshot(const fs::path& dir) {
  std::map<std::string, std::string> files;
  if (!fs::exists(dir)) return files;
  for (const auto& rel : gg::ListFiles(dir.string(), "")) {
    std::string bytes;
    gg::ReadWholeFile((dir / rel).string(), &bytes);
    files[rel] = bytes;
  }
  return files;
}

int Build(const fs::path& root, const fs::path& out) {
  std::ostringstream o, e;
  return gg::RunCli({"build", "--root", root.string(), "--out", out.string(), "--jobs", "2"}, o, e, false);
}

}  // namespace

TEST_CASE("a build killed at any moment leaves the old site or the new one, whole", "[write][slow]") {
  fs::path tmp = fs::temp_directory_path() / ("gg-kill-test-" + std::to_string(getpid()));
  fs::remove_all(tmp);
  fs::path root = tmp / "root";
  fs::create_directories(root);
  for (const char* dir : {"data", "content", "templates", "assets"})
    fs::copy(fs::path(GG_SOURCE_DIR) / dir, root / dir, fs::copy_options::recursive);
  fs::path out = tmp / "site";
  REQUIRE(Build(root, out) == 0);
  auto old_site = Snapshot(out);
  REQUIRE(old_site.size() > 100);

  // New inputs that change many pages: a site title of another length.
  std::string old_json, new_json;
  REQUIRE(gg::ReadWholeFile((root / "data/site.json").string(), &old_json));
  new_json = old_json;
  new_json.replace(new_json.find("\"gpuguide\""), 10, "\"gpuguide (test)\"");
  { std::ofstream(root / "data/site.json") << new_json; }
  fs::path probe = tmp / "probe";
  auto t0 = std::chrono::steady_clock::now();
  REQUIRE(Build(root, probe) == 0);
  double full_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  auto new_site = Snapshot(probe);
  REQUIRE(new_site != old_site);

  // Every round starts from the OLD site in `out` and the NEW inputs, so that each kill can
  // expose a mix of the two (after a round that published the new site, the old one is built
  // back first; otherwise every later round would compare the new site with itself).
  int saw_old = 0, saw_new = 0;
  for (double fraction : {0.1, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0, 1.05, 1.2, 1.5}) {
    pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) _exit(Build(root, out));
    std::this_thread::sleep_for(std::chrono::microseconds(static_cast<long>(full_ms * fraction * 1000)));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    auto now = Snapshot(out);
    INFO("killed at " << fraction << " of " << full_ms << " ms");
    bool is_old = now == old_site, is_new = now == new_site;
    CHECK((is_old || is_new));
    saw_old += is_old;
    saw_new += is_new;
    if (!is_old) {  // put the old site back for the next round
      { std::ofstream(root / "data/site.json") << old_json; }
      REQUIRE(Build(root, out) == 0);
      REQUIRE(Snapshot(out) == old_site);
      { std::ofstream(root / "data/site.json") << new_json; }
    }
  }
  INFO("rounds that left the old site: " << saw_old << ", the new one: " << saw_new);
  CHECK(saw_old > 0);  // the kills did land during builds
  fs::remove_all(tmp);
}
