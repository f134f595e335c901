// The safety policies of base/ (URLs, paths), stamp's text edit, serve's path mapping and the
// writer's lock: table-driven, each row a case from issue 9.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <thread>

#include "../sites/site_fixture.h"
#include "base/files.h"
#include "base/path_policy.h"
#include "base/url_policy.h"
#include "cli/serve_command.h"
#include "content/stamp.h"
#include "data/field_ranges.h"
#include "write/commit_site.h"

namespace gg {
namespace {

namespace fs = std::filesystem;

TEST_CASE("url policy: only relative, root-relative, fragment and data: URLs are local") {
  struct Case {
    const char* url;
    bool local;
  };
  const Case cases[] = {
      {"img/a.png", true},
      {"../assets/a.css", true},
      {"/assets/a.css", true},
      {"#top", true},
      {"", true},
      {"data:image/png;base64,AAAA", true},
      {"DATA:image/png;base64,AAAA", true},
      {"a/b:c.png", true},  // the colon comes after a slash: a path
      {"http://evil.example/a.png", false},
      {"https://evil.example/a.png", false},
      {"http:evil.example/a.png", false},
      {"https:/evil.example/a.png", false},
      {"HTTPS://EVIL.EXAMPLE/A.PNG", false},
      {"HtTp://evil.example", false},
      {"//evil.example/a.png", false},
      {"\\\\evil.example/a.png", false},
      {"/\\evil.example/a.png", false},
      {"  //evil.example/a.png", false},
      {"\t//evil.example", false},
      {"ht\ntp://evil.example", false},
      {"javascript:alert(1)", false},
      {"file:///etc/passwd", false},
      {"ftp://evil.example", false},
  };
  for (const auto& c : cases) {
    INFO(c.url);
    CHECK(IsLocalUrl(c.url) == c.local);
  }
}

TEST_CASE("url policy: CSS url() in every quoting, @import, comments skipped") {
  auto urls = CssResourceUrls(
      "a{background:url(x.png)} b{background:URL( \"//h/y.png\" )} /* url(http://no) */\n"
      "@import 'HTTP://h/c.css'; c{src:url('f.woff2')}");
  std::vector<std::string> got;
  for (const auto& u : urls) got.push_back(u.url);
  CHECK(got == std::vector<std::string>{"x.png", "//h/y.png", "HTTP://h/c.css", "f.woff2"});
}

TEST_CASE("url policy: markup lists what loads, not links or namespaces") {
  auto urls = MarkupResourceUrls(
      "<svg xmlns=\"http://www.w3.org/2000/svg\"><image href=\"https://h/a.png\"/>"
      "<use xlink:href='#s'/><a href=\"https://h/page\">x</a>"
      "<link rel=\"alternate\" href=\"https://h/fr/\"><link rel=\"stylesheet\" href=\"//h/s.css\">"
      "<img srcset=\"a.png 1x, https://h/b.png 2x\"><p style=\"background:url(http:h/c.png)\">"
      "<style>x{background:url(//h/d.png)}</style><!-- <img src=\"http://h/e\"> --></svg>");
  std::vector<std::string> got;
  for (const auto& u : urls) got.push_back(u.url);
  CHECK(got == std::vector<std::string>{"https://h/a.png", "#s", "//h/s.css", "a.png",
                                        "https://h/b.png", "http:h/c.png", "//h/d.png"});
}

TEST_CASE("path policy: the output folder may not be, contain or lie inside an input") {
  testing::TempDir tmp("gg-policy");
  const fs::path root = tmp.path() / "proj";
  for (const char* d : {"data", "content/en", "templates", "assets"})
    fs::create_directories(root / d);
  fs::create_directory_symlink(root / "data", tmp.path() / "data-link");
  struct Case {
    fs::path out;
    std::string why;
  };
  const Case cases[] = {
      {root / "site", ""},
      {tmp.path() / "elsewhere", ""},
      {root, "the output folder is the project folder itself"},
      {root / ".", "the output folder is the project folder itself"},
      {root / "site" / "..", "the output folder is the project folder itself"},
      {tmp.path(), "the output folder contains the project folder"},
      {"/", "the output folder contains the project folder"},
      {root / "data", "the output folder is the input folder data/"},
      {root / "data/", "the output folder is the input folder data/"},
      {root / "content" / "en", "the output folder lies inside the input folder content/"},
      {root / "templates" / "x" / "y", "the output folder lies inside the input folder templates/"},
      {root / "assets", "the output folder is the input folder assets/"},
      {tmp.path() / "data-link", "the output folder is the input folder data/"},
  };
  for (const auto& c : cases) {
    INFO(c.out.string());
    CHECK(CheckOutputFolder(root.string(), c.out.string()) == c.why);
  }
}

TEST_CASE("path policy: input reads, with and without links, never block") {
  // ReadInputFile opens a link-free path in one openat2 call and falls back to the full
  // check for anything else: every row must read as the policy says, whichever path it takes.
  testing::TempDir tmp("gg-inputs");
  const fs::path root = tmp.path() / "proj";
  fs::create_directories(root / "content/en/deep");
  fs::create_directories(root / "data");
  {
    std::ofstream(root / "content/en/deep/page.md") << "# Page\n";
    std::ofstream(root / "data/real.json") << "{}";
    std::ofstream(tmp.path() / "secret.txt") << "secret";
  }
  fs::create_symlink("real.json", root / "data/alias.json");
  fs::create_directory_symlink(root / "content/en/deep", root / "content/en/linked");
  fs::create_symlink(tmp.path() / "secret.txt", root / "data/leak.json");
  fs::create_symlink(root / "data/nowhere.json", root / "data/dangling.json");
  REQUIRE(mkfifo((root / "data/pipe.json").c_str(), 0644) == 0);
  struct Case {
    const char* rel;
    const char* text;   // expected bytes when read
    const char* error;  // else a part of the error message
  };
  const Case cases[] = {
      {"content/en/deep/page.md", "# Page\n", nullptr},
      {"data/real.json", "{}", nullptr},
      {"data/alias.json", "{}", nullptr},                  // a link inside the project
      {"content/en/linked/page.md", "# Page\n", nullptr},  // under a linked folder
      {"data/leak.json", nullptr, "leads outside the project"},
      {"data/dangling.json", nullptr, "dangling symbolic link"},
      {"data/missing.json", nullptr, "does not exist"},
      {"content/en/deep", nullptr, "not a regular file"},
      {"data/pipe.json", nullptr, "not a regular file"},  // a FIFO: refused, not waited on
  };
  for (const auto& c : cases) {
    CAPTURE(c.rel);
    Diagnostics d;
    std::string text;
    const bool ok = ReadInputFile(root.string(), c.rel, &text, &d, false);
    if (c.text) {
      CHECK(ok);
      CHECK(text == c.text);
      CHECK_FALSE(d.HasErrors());
    } else {
      CHECK_FALSE(ok);
      REQUIRE(d.HasErrors());
      CHECK_THAT(d.Sorted().front().message, Catch::Contains(c.error));
    }
  }
}

TEST_CASE("path policy: plain relative paths") {
  CHECK(IsPlainRelativePath("content/fr/guide.md"));
  for (const char* bad : {"", "/etc/passwd", "content/fr/../en/x.md", "./x", "a//b", "a/", ".."})
    CHECK_FALSE(IsPlainRelativePath(bad));
  std::string lang;
  CHECK(IsLanguagePagePath("content/fr/a/b.md", &lang));
  CHECK(lang == "fr");
  CHECK_FALSE(IsLanguagePagePath("content/fr/../en/x.md", &lang));
  CHECK_FALSE(IsLanguagePagePath("content/fr/.md", &lang));
  CHECK_FALSE(IsLanguagePagePath("content/x.md", &lang));
}

TEST_CASE("stamp: sets translation_of in place, keeps CRLF and a missing final newline") {
  struct Case {
    const char* in;
    const char* out;
  };
  const Case cases[] = {
      {"---\ntitle: T\n---\nBody\n", "---\ntitle: T\ntranslation_of: abc\n---\nBody\n"},
      {"---\ntitle: T\ntranslation_of: old\n---\nBody",
       "---\ntitle: T\ntranslation_of: abc\n---\nBody"},
      {"---\r\ntitle: T\r\n---\r\nBody\r\n",
       "---\r\ntitle: T\r\ntranslation_of: abc\r\n---\r\nBody\r\n"},
      {"---\r\ntitle: T\r\ntranslation_of: old\r\n---\r\n---\r\n",
       "---\r\ntitle: T\r\ntranslation_of: abc\r\n---\r\n---\r\n"},
      {"no front matter\n", ""},
  };
  for (const auto& c : cases) {
    INFO(c.in);
    CHECK(WithTranslationOf(c.in, "abc") == c.out);
  }
}

TEST_CASE("files: ReplaceFileAtomically replaces whole, keeps mode, fails cleanly") {
  testing::TempDir tmp("gg-replace");
  fs::path f = tmp.path() / "x.md";
  testing::WriteFile(f, "old");
  fs::permissions(f, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  std::string error;
  REQUIRE(ReplaceFileAtomically(f.string(), "new bytes", &error));
  CHECK(testing::ReadFileOrEmpty(f) == "new bytes");
  CHECK((fs::status(f).permissions() & fs::perms::group_read) != fs::perms::none);
  CHECK(std::distance(fs::directory_iterator(tmp.path()), fs::directory_iterator()) == 1);
  CHECK_FALSE(ReplaceFileAtomically((tmp.path() / "missing-dir" / "y.md").string(), "z", &error));
  CHECK(error.find("cannot create") == 0);
}

TEST_CASE("serve: paths map into the served folder only; folders get their slash") {
  testing::TempDir tmp("gg-serve");
  fs::path site = tmp.path() / "site";
  fs::create_directories(site / "en");
  testing::WriteFile(site / "en" / "index.html", "en");
  testing::WriteFile(site / "a.css", "css");
  testing::WriteFile(tmp.path() / "secret.txt", "secret");
  fs::create_symlink(tmp.path() / "secret.txt", site / "leak.txt");
  fs::create_symlink("a.css", site / "alias.css");
  struct Case {
    const char* path;
    ServeTarget::Kind kind;
    const char* what;  // file name or redirect location
  };
  const Case cases[] = {
      {"/en/", ServeTarget::kFile, "index.html"},
      {"/en", ServeTarget::kRedirect, "/en/"},
      {"/a.css", ServeTarget::kFile, "a.css"},
      {"/alias.css", ServeTarget::kFile, "a.css"},
      {"/leak.txt", ServeTarget::kNotFound, ""},
      {"/../secret.txt", ServeTarget::kNotFound, ""},
      {"/en/../../secret.txt", ServeTarget::kNotFound, ""},
      {"/missing", ServeTarget::kNotFound, ""},
      {"relative", ServeTarget::kNotFound, ""},
  };
  for (const auto& c : cases) {
    INFO(c.path);
    ServeTarget t = ResolveServeTarget(site.string(), c.path);
    CHECK(t.kind == c.kind);
    if (c.kind == ServeTarget::kFile) CHECK(fs::path(t.file).filename() == c.what);
    if (c.kind == ServeTarget::kRedirect) CHECK(t.location == c.what);
  }
}

TEST_CASE("write: a second commit into the same folder waits for the lock; stale staging goes") {
  testing::TempDir tmp("gg-lock");
  fs::path out = tmp.path() / "site";
  // A leftover staging folder that cannot be removed must not block the build.
  fs::create_directories(tmp.path() / ".site.staging" / "sub");
  testing::WriteFile(tmp.path() / ".site.staging" / "sub" / "f", "x");
  fs::permissions(tmp.path() / ".site.staging" / "sub",
                  fs::perms::owner_read | fs::perms::owner_exec);
  CommitStats st;
  std::string err;
  REQUIRE(CommitSite(out.string(), {{"a.html", "A"}}, &st, &err));
  CHECK_FALSE((fs::exists(tmp.path() / ".site.staging" / "sub" / "f") &&
               st.stale_staging_left == 0));  // removed, or counted as left behind
  std::error_code ec;
  fs::permissions(tmp.path() / ".site.staging" / "sub", fs::perms::owner_all, ec);
  fs::remove_all(tmp.path() / ".site.staging", ec);
  // Hold the lock as another build would; the commit must wait, then finish.
  int fd = open((tmp.path() / ".site.lock").c_str(), O_RDWR);
  REQUIRE(fd >= 0);
  REQUIRE(flock(fd, LOCK_EX) == 0);
  bool waited = false, done = false;
  std::thread t([&] {
    done = CommitSite(out.string(), {{"a.html", "B"}}, &st, &err, [&] { waited = true; });
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(testing::ReadFileOrEmpty(out / "a.html") == "A");  // nothing published while locked
  flock(fd, LOCK_UN);
  close(fd);
  t.join();
  CHECK(waited);
  CHECK(done);
  CHECK(testing::ReadFileOrEmpty(out / "a.html") == "B");
  for (const auto& e : fs::directory_iterator(tmp.path())) {
    std::string name = e.path().filename().string();
    INFO(name);
    // The site the second commit replaced stays as the standby tree (write/commit_site.h).
    CHECK((name == "site" || name == ".site.lock" || name == ".site.standby"));
  }
}

TEST_CASE("stamp (command): a CRLF page is stamped; a path leaving its language is refused") {
  testing::TempDir tmp("gg-stamp");
  const fs::path root = tmp.path() / "root";
  testing::AssembleFixtureRoot("mini", root);
  // CRLF: the translator's editor wrote Windows line ends.
  const fs::path fr = root / "content" / "fr" / "index.md";
  std::string text = testing::ReadFileOrEmpty(fr), crlf;
  for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  testing::WriteFile(fr, crlf);
  auto run = testing::RunGpuguide({"stamp", "--root", root.string(), "content/fr/index.md"});
  INFO(run.err);
  CHECK(run.exit_code == 0);
  const std::string stamped = testing::ReadFileOrEmpty(fr);
  CHECK(stamped.find("\r\ntranslation_of: ") != std::string::npos);
  CHECK(stamped.find("\r\n---\r\n") != std::string::npos);
  for (size_t i = 0; i < stamped.size(); ++i)
    if (stamped[i] == '\n') CHECK((i > 0 && stamped[i - 1] == '\r'));
  // content/fr/../en/… would stamp the English source itself.
  auto before = testing::Snapshot(root);
  for (const char* bad : {"content/fr/../en/index.md", "content/fr/./index.md", "/etc/passwd",
                          "content/en/index.md"}) {
    INFO(bad);
    auto r = testing::RunGpuguide({"stamp", "--root", root.string(), bad});
    CHECK(r.exit_code == 2);
    CHECK(r.err.rfind("gpuguide: error: ", 0) == 0);
  }
  auto after = testing::Snapshot(root);
  CHECK(before.size() == after.size());
  for (const auto& [path, state] : before) {
    INFO(path);
    REQUIRE(after.count(path));
    CHECK(after[path].bytes == state.bytes);
    CHECK(after[path].mtime == state.mtime);
  }
}

TEST_CASE("write: two builds at once into the same folder each publish a whole site",
          "[write][slow]") {
  // They used to share one staging folder: one could publish the other's half-written tree
  // (293 of 876 files) and exit 0.
  testing::TempDir tmp("gg-two-builds");
  const fs::path root = tmp.path() / "root";
  testing::AssembleFixtureRoot("mini", root);
  REQUIRE(testing::BuildSite(root, tmp.path() / "reference", 2).exit_code == 0);
  const auto reference = testing::ReadTree(tmp.path() / "reference");
  REQUIRE(reference.size() > 20);
  const fs::path out = tmp.path() / "site";
  for (int round = 0; round < 3; ++round) {
    pid_t pids[2];
    for (pid_t& pid : pids) {
      pid = fork();
      REQUIRE(pid >= 0);
      if (pid == 0) _exit(testing::BuildSite(root, out, 2).exit_code);
    }
    for (pid_t pid : pids) {
      int status = 0;
      waitpid(pid, &status, 0);
      CHECK(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 0);
    }
    INFO("round " << round);
    CHECK(testing::CompareTrees(reference, testing::ReadTree(out)) == "");
  }
  for (const auto& e : fs::directory_iterator(tmp.path())) {
    std::string name = e.path().filename().string();
    INFO(name);
    CHECK((name == "root" || name == "reference" || name == "site" || name == ".site.lock" ||
           name == ".site.standby" || name == ".reference.lock"));
  }
}

TEST_CASE("data/README.md states every range of data/field_ranges.cc") {
  const std::string readme = testing::ReadFileOrEmpty(testing::SourceDir() / "data" / "README.md");
  auto num = [](double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, x == static_cast<long long>(x) ? "%.0f" : "%g", x);
    return std::string(buf);
  };
  int n = 0;
  const FieldRange* ranges = FieldRanges(&n);
  REQUIRE(n > 30);
  for (int i = 0; i < n; ++i) {
    const auto& r = ranges[i];
    std::string row = std::string("| ") + r.what + " | `" + r.key + "` | " + num(r.min) + " | " +
                      num(r.max) + " |";
    INFO(row);
    CHECK(readme.find(row) != std::string::npos);
  }
}

}  // namespace
}  // namespace gg
