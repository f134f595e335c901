#include <catch2/catch.hpp>

#include <grp.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "../sites/site_fixture.h"
#include "cli/diff_command.h"

using namespace gg;

TEST_CASE("visible text keeps rows, cells and paragraphs, not markup", "[cli][diff]") {
  std::string html =
      "<html><head><title>T</title></head><body><h2 id=\"x\">Prices &amp; picks</h2>"
      "<p>One <a href=\"#\">link</a>\n  here.</p><table><tr><th scope=\"row\">RTX 4090</th>"
      "<td class=\"num\">$1,999</td></tr></table></body></html>";
  CHECK(VisibleTextLines(html) ==
        std::vector<std::string>{"Prices & picks", "One link here.", "RTX 4090 | $1,999"});
}

TEST_CASE("the line diff shows removed and added lines in page order", "[cli][diff]") {
  struct Case {
    std::vector<std::string> before, after, diff;
  } cases[] = {
      {{"a", "b", "c"}, {"a", "b", "c"}, {}},
      {{"a", "b", "c"}, {"a", "B", "c"}, {"- b", "+ B"}},
      {{"a"}, {"a", "new"}, {"+ new"}},
      {{"old", "a"}, {"a"}, {"- old"}},
  };
  for (const auto& c : cases) CHECK(DiffLines(c.before, c.after) == c.diff);
}

namespace {

struct ChildRun {
  int exit_code = -1;
  std::string err;
  std::string out;
};

// Runs `gpuguide ARGS` in a child process, as the user nobody (65534) when the tests run as
// root, since permissions do not stop root's reads, and with its address space limited to
// what it uses now plus `extra_mib` when that is not 0. The child reports through a pipe.
ChildRun RunInChild(const std::vector<std::string>& args, long extra_mib) {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    close(fds[0]);
    if (geteuid() == 0 && (setgroups(0, nullptr) != 0 || setgid(65534) != 0 || setuid(65534) != 0))
      _exit(98);
    if (extra_mib > 0) {
      std::string status = gg::testing::ReadFileOrEmpty("/proc/self/status");
      size_t at = status.find("VmSize:");
      long kib = at == std::string::npos ? 0 : std::atol(status.c_str() + at + 7);
      rlim_t limit = static_cast<rlim_t>(kib + extra_mib * 1024) * 1024;
      struct rlimit rl = {limit, limit};
      if (kib == 0 || setrlimit(RLIMIT_AS, &rl) != 0) _exit(97);
    }
    auto run = gg::testing::RunGpuguide(args);
    std::string report = std::to_string(run.exit_code) + "\n" + std::to_string(run.out.size()) +
                         "\n" + run.out + run.err;
    for (size_t done = 0; done < report.size();) {
      ssize_t n = write(fds[1], report.data() + done, report.size() - done);
      if (n <= 0) break;
      done += static_cast<size_t>(n);
    }
    _exit(0);
  }
  close(fds[1]);
  std::string report;
  char buf[65536];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;)
    report.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  ChildRun r;
  INFO("child status " << status);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  size_t nl1 = report.find('\n'), nl2 = report.find('\n', nl1 + 1);
  REQUIRE(nl2 != std::string::npos);
  r.exit_code = std::stoi(report.substr(0, nl1));
  size_t out_size = std::stoul(report.substr(nl1 + 1, nl2 - nl1 - 1));
  r.out = report.substr(nl2 + 1, out_size);
  r.err = report.substr(nl2 + 1 + out_size);
  return r;
}

}  // namespace

TEST_CASE("diff: a file that cannot be read is an error, not an empty page", "[cli][diff]") {
  namespace fs = std::filesystem;
  gg::testing::TempDir tmp("gg-diff");
  // Readable by the user the child runs as (nobody when the tests run as root).
  fs::permissions(tmp.path(), fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                  fs::perms::others_read | fs::perms::others_exec);
  fs::create_directories(tmp.path() / "a");
  fs::create_directories(tmp.path() / "b");
  gg::testing::WriteFile(tmp.path() / "a" / "index.html", "<body><p>x</p></body>");
  gg::testing::WriteFile(tmp.path() / "b" / "index.html", "<body><p>y</p></body>");
  fs::permissions(tmp.path() / "b" / "index.html", fs::perms::none);
  auto run = RunInChild({"diff", (tmp.path() / "a").string(), (tmp.path() / "b").string()}, 0);
  fs::permissions(tmp.path() / "b" / "index.html", fs::perms::owner_all);
  CHECK(run.exit_code == 1);
  CHECK(run.err.find("index.html: error: cannot read the file") != std::string::npos);
  CHECK(run.out.find("    + y") == std::string::npos);  // not compared with an empty page
}

TEST_CASE("diff: two 60,000-line pages compare in memory linear in their length", "[cli][diff]") {
  // The first diff held a (lines before) x (lines after) table: 3.6e9 cells for these two
  // pages, which aborted. Here the child may use only 512 MiB more than it holds at the start.
  namespace fs = std::filesystem;
  gg::testing::TempDir tmp("gg-diff-long");
  fs::permissions(tmp.path(), fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                  fs::perms::others_read | fs::perms::others_exec);
  std::string a = "<body>", b = "<body>";
  int changed = 0;
  for (int i = 0; i < 60000; ++i) {
    std::string line = "<p>row " + std::to_string(i) + " of the long page</p>\n";
    a += line;
    if (i % 997 == 0) {
      b += "<p>row " + std::to_string(i) + " changed</p>\n";
      ++changed;
    } else {
      b += line;
    }
  }
  gg::testing::WriteFile(tmp.path() / "a" / "long.html", a + "</body>");
  gg::testing::WriteFile(tmp.path() / "b" / "long.html", b + "</body>");
  auto run = RunInChild({"diff", (tmp.path() / "a").string(), (tmp.path() / "b").string()}, 512);
  INFO(run.err);
  CHECK(run.exit_code == 0);
  CHECK(run.out.find("    - row 997 of the long page\n    + row 997 changed\n") !=
        std::string::npos);
  size_t minus = 0;
  for (size_t at = 0; (at = run.out.find("\n    - ", at)) != std::string::npos; ++at) ++minus;
  CHECK(static_cast<int>(minus) == changed);
  CHECK(run.out.find("0 added, 0 removed, 1 changed, 0 unchanged") != std::string::npos);
}
