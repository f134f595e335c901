// base/file_tree.h: listing a tree by folder descriptors, and removing a tree by its known files.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../sites/site_fixture.h"
#include "base/file_tree.h"

namespace fs = std::filesystem;
using gg::testing::TempDir;

namespace {

void Write(const fs::path& p, const std::string& bytes) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << bytes;
}

std::vector<std::string> Paths(const std::vector<gg::TreeFile>& files) {
  std::vector<std::string> out;
  for (const auto& f : files) out.push_back(f.path);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("file tree: every regular file is listed with its size and inode, links are not",
          "[base]") {
  TempDir tmp("gg-tree");
  const fs::path root = tmp.path() / "site";
  Write(root / "index.html", "home");
  Write(root / "en/gpus/a/index.html", "12345");
  Write(root / "assets/x.css", "");
  fs::create_directories(root / "empty/folder");
  fs::create_symlink(root / "index.html", root / "en/link.html");
  fs::create_directory_symlink(root / "en", root / "en-link");
  std::vector<gg::TreeFile> files;
  REQUIRE(gg::ListTreeFiles(root.string(), &files));
  CHECK(Paths(files) ==
        std::vector<std::string>{"assets/x.css", "en/gpus/a/index.html", "index.html"});
  for (const auto& f : files) {
    INFO(f.path);
    CHECK(f.size == static_cast<int64_t>(fs::file_size(root / f.path)));
    CHECK(f.inode != 0);
    CHECK(f.mtime_ns > 0);
  }
  std::vector<gg::TreeFile> none;
  CHECK_FALSE(gg::ListTreeFiles((tmp.path() / "missing").string(), &none));
  // Strictly (the standby tree, write/commit_site.h): folders too, empty ones included, and
  // anything but files and folders is a failure — a link to a file or to a folder.
  gg::TreeContents strict;
  CHECK_FALSE(gg::ListTreeStrict(root.string(), &strict));
  fs::remove(root / "en/link.html");
  strict = {};
  CHECK_FALSE(gg::ListTreeStrict(root.string(), &strict));
  fs::remove(root / "en-link");
  strict = {};
  REQUIRE(gg::ListTreeStrict(root.string(), &strict));
  CHECK(Paths(strict.files) ==
        std::vector<std::string>{"assets/x.css", "en/gpus/a/index.html", "index.html"});
  std::sort(strict.folders.begin(), strict.folders.end());
  CHECK(strict.folders ==
        std::vector<std::string>{"assets", "empty", "empty/folder", "en", "en/gpus", "en/gpus/a"});
  // The tree's own name is not followed when it is a link.
  fs::create_directory_symlink(root, tmp.path() / "site-link");
  strict = {};
  CHECK_FALSE(gg::ListTreeStrict((tmp.path() / "site-link").string(), &strict));
}

TEST_CASE("file tree: a tree is removed by its known files, and by a walk when it has more",
          "[base]") {
  TempDir tmp("gg-tree");
  const std::vector<std::string> known = {"index.html", "en/index.html", "en/gpus/a/index.html",
                                          "en/gpus/b/index.html", "assets/x.css"};
  for (int threads : {1, 2}) {
    const fs::path exact = tmp.path() / ("exact" + std::to_string(threads));
    for (const auto& p : known) Write(exact / p, p);
    CHECK(gg::RemoveKnownTree(exact.string(), known, threads));
    CHECK_FALSE(fs::exists(exact));
  }
  // A file the list does not name (added by hand to the output folder), an empty folder and a
  // link: the known files go first, then the walk removes the rest; the link's target stays.
  const fs::path more = tmp.path() / "more";
  for (const auto& p : known) Write(more / p, p);
  Write(more / "en/gpus/a/notes.txt", "mine");
  fs::create_directories(more / "en/extra/deeper");
  Write(tmp.path() / "outside.txt", "keep");
  fs::create_symlink(tmp.path() / "outside.txt", more / "en/outside-link");
  CHECK(gg::RemoveKnownTree(more.string(), known, 2));
  CHECK_FALSE(fs::exists(more));
  CHECK(fs::exists(tmp.path() / "outside.txt"));
  // A known file already gone is no failure.
  const fs::path gone = tmp.path() / "gone";
  for (const auto& p : known) Write(gone / p, p);
  fs::remove(gone / "en/gpus/b/index.html");
  CHECK(gg::RemoveKnownTree(gone.string(), known, 1));
  CHECK_FALSE(fs::exists(gone));
}
