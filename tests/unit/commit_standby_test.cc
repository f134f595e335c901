// write/commit_site.h: the standby tree. A commit keeps the site it replaces next to the output
// folder, and the next commit stages into it, changing only what differs. Whatever state the
// standby is in, the committed site must be exactly the plan, and the current site must not
// change before the swap.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "../sites/site_fixture.h"
#include "base/content_cache.h"
#include "base/file_tree.h"
#include "base/files.h"
#include "write/commit_site.h"

namespace fs = std::filesystem;
using gg::testing::TempDir;

namespace {

// Every entry under `dir`: "path=bytes" for a file, "path/" for a folder, sorted.
std::vector<std::string> TreeOf(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string rel = e.path().lexically_relative(dir).generic_string();
    if (e.is_symlink()) {
      out.push_back(rel + "@");
    } else if (e.is_directory()) {
      out.push_back(rel + "/");
    } else {
      std::string bytes;
      gg::ReadWholeFile(e.path().string(), &bytes);
      out.push_back(rel + "=" + bytes);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The tree a plan must give (its folders included).
std::vector<std::string> Expected(const std::map<std::string, std::string>& plan) {
  std::vector<std::string> out;
  std::set<std::string> folders;
  for (const auto& [path, bytes] : plan) {
    out.push_back(path + "=" + bytes);
    gg::AddFolderAndParents(gg::FolderOf(path), &folders);
  }
  for (const auto& f : folders) out.push_back(f + "/");
  std::sort(out.begin(), out.end());
  return out;
}

uint64_t InodeOf(const fs::path& p) {
  struct stat st;
  return lstat(p.c_str(), &st) == 0 ? st.st_ino : 0;
}

// A plan of files with their bytes, and its content hashes (as the build cache records them).
std::vector<gg::OutputFile> FilesOf(const std::map<std::string, std::string>& plan) {
  std::vector<gg::OutputFile> files;
  for (const auto& [path, bytes] : plan) files.push_back({path, bytes});
  return files;
}
gg::OutputHashes HashesOf(const std::map<std::string, std::string>& plan) {
  gg::OutputHashes hashes;
  for (const auto& [path, bytes] : plan) hashes[path] = gg::ContentHashHex(bytes);
  return hashes;
}

// The listing a commit gave of the files it placed (kept, linked or written) must be the
// folder's own: the next build trusts it to know that nothing was touched.
void CheckListing(const fs::path& out, const std::vector<gg::TreeFile>& committed) {
  std::vector<gg::TreeFile> listed;
  REQUIRE(gg::ListTreeFiles(out.string(), &listed));
  std::map<std::string, gg::TreeFile> listed_at;
  for (const auto& f : listed) listed_at[f.path] = f;
  REQUIRE(committed.size() == listed.size());
  for (const auto& f : committed) {
    INFO(f.path);
    CHECK(listed_at[f.path].inode == f.inode);
    CHECK(listed_at[f.path].size == f.size);
    CHECK(listed_at[f.path].mtime_ns == f.mtime_ns);
  }
}

// One build's commit as RunBuild makes it: the trees listed first, the previous output's
// hashes known (as the build cache records them), pages placed while the plan is made (the
// paths in `placed`), the rest committed with the plan. Returns whether staging started from
// the standby tree.
struct Build {
  fs::path out;
  gg::OutputHashes hashes;  // of the output folder as the last commit left it
  bool have_hashes = false;

  bool Commit(const std::map<std::string, std::string>& plan,
              const std::set<std::string>& placed = {}, gg::CommitStats* stats = nullptr) {
    const gg::OutputTrees trees = gg::ListOutputTrees(out.string());
    gg::Staging staging;
    std::string error;
    REQUIRE(staging.Open(out.string(), {}, have_hashes ? &hashes : nullptr, true, &error, &trees));
    std::vector<gg::OutputFile> files;
    for (const auto& [path, bytes] : plan) {
      gg::OutputFile f{path, bytes};
      if (placed.count(path)) {
        std::string hash;
        REQUIRE(staging.Place(path, bytes, &hash));
        f.bytes.clear();
        f.placed = true;
        f.placed_hash = hash;
      }
      files.push_back(std::move(f));
    }
    gg::CommitStats local;
    std::vector<gg::TreeFile> committed;
    const bool ok = staging.Commit(files, stats ? stats : &local, &error, &committed);
    INFO(error);
    REQUIRE(ok);
    CheckListing(out, committed);
    hashes = HashesOf(plan);
    have_hashes = true;
    return staging.FromStandby();
  }
};

}  // namespace

TEST_CASE(
    "standby tree: each commit gives exactly its plan, the current site untouched till the swap",
    "[write]") {
  TempDir tmp("gg-standby");
  Build b{tmp.path() / "site", {}, false};
  const fs::path standby = tmp.path() / ".site.standby";
  CHECK(gg::StandbyFolderOf(b.out.string()) == standby.string());
  CHECK(gg::StandbyFolderOf(b.out.string() + "/") == standby.string());

  // Build 1 into nothing: no standby made (there was no old site).
  std::map<std::string, std::string> v1 = {
      {"index.html", "home 1"}, {"a/index.html", "A"},       {"b/index.html", "B"},
      {"x", "file x"},          {"deep/er/index.html", "D"}, {"gone/soon/index.html", "G"}};
  CHECK_FALSE(b.Commit(v1));
  CHECK(TreeOf(b.out) == Expected(v1));
  CHECK_FALSE(fs::exists(standby));

  // Build 2: the old site becomes the standby tree.
  std::map<std::string, std::string> v2 = v1;
  v2["index.html"] = "home 2";
  CHECK_FALSE(b.Commit(v2));
  CHECK(TreeOf(b.out) == Expected(v2));
  REQUIRE(fs::is_directory(standby));
  CHECK(TreeOf(standby) == Expected(v1));
  // Unchanged files are one file in both trees.
  CHECK(InodeOf(standby / "a/index.html") == InodeOf(b.out / "a/index.html"));
  const auto a_time = fs::last_write_time(b.out / "a/index.html");

  // Build 3 stages into the standby: a file unchanged twice stays; a page changed now and
  // placed while building; one back to its old bytes; a file that becomes a folder and a
  // folder that becomes a file; a folder that goes; a new deep one.
  std::map<std::string, std::string> v3 = {
      {"index.html", "home 1"},           // back to build 1's bytes (not build 2's)
      {"a/index.html", "A"},              // unchanged since build 1: kept in place
      {"b/index.html", "B changed"},      // changed: placed during the build
      {"x/index.html", "x is a folder"},  // "x" was a file
      {"deep", "deep is a file"},         // "deep/" was a folder
      {"new/one/index.html", "N"}};
  const std::string b_before = [&] {
    std::string s;
    gg::ReadWholeFile((b.out / "b/index.html").string(), &s);
    return s;
  }();
  {
    const gg::OutputTrees trees = gg::ListOutputTrees(b.out.string());
    gg::Staging staging;
    std::string error;
    REQUIRE(staging.Open(b.out.string(), {}, &b.hashes, true, &error, &trees));
    CHECK(staging.FromStandby());
    CHECK_FALSE(fs::exists(standby));  // taken as this build's staging folder
    std::string hash;
    REQUIRE(staging.Place("b/index.html", "B changed", &hash));
    REQUIRE(staging.Place("x/index.html", "x is a folder", &hash));
    // The standby's b/index.html was a link of the current site's: never written through.
    std::string now;
    gg::ReadWholeFile((b.out / "b/index.html").string(), &now);
    CHECK(now == b_before);
    CHECK(TreeOf(b.out) == Expected(v2));
    std::vector<gg::OutputFile> files;
    for (const auto& [path, bytes] : v3) {
      files.push_back({path, bytes});
      if (path == "b/index.html" || path == "x/index.html") {  // placed above
        files.back().bytes.clear();
        files.back().placed = true;
      }
    }
    gg::CommitStats stats;
    std::vector<gg::TreeFile> committed;
    const bool ok = staging.Commit(files, &stats, &error, &committed);
    INFO(error);
    REQUIRE(ok);
    CHECK(stats.unchanged == 1);  // a/index.html
    CHECK(stats.written == 5);
    CHECK(stats.removed == 3);       // x, deep/er/index.html, gone/soon/index.html
    CheckListing(b.out, committed);  // after the swap: the folder's own
  }
  CHECK(TreeOf(b.out) == Expected(v3));
  CHECK(fs::last_write_time(b.out / "a/index.html") == a_time);
  CHECK(TreeOf(standby) == Expected(v2));
  b.hashes = HashesOf(v3);

  // Build 4, the same plan: every file of the standby (build 2's site) is replaced or removed.
  CHECK(b.Commit(v3, {"index.html"}));
  CHECK(TreeOf(b.out) == Expected(v3));
  CHECK(TreeOf(standby) == Expected(v3));
  CHECK(fs::last_write_time(b.out / "a/index.html") == a_time);

  // Something foreign in the standby (a link, here to a file outside): not staged into, removed.
  const fs::path outside = tmp.path() / "outside.txt";
  std::ofstream(outside) << "secret";
  fs::create_symlink(outside, standby / "a/leak.html");
  std::map<std::string, std::string> v5 = v3;
  v5["a/index.html"] = "A 5";
  CHECK_FALSE(b.Commit(v5));
  CHECK(TreeOf(b.out) == Expected(v5));
  CHECK(TreeOf(standby) == Expected(v3));
  std::string secret;
  gg::ReadWholeFile(outside.string(), &secret);
  CHECK(secret == "secret");

  // A file edited in the standby is not trusted: it is not the current site's file (another
  // inode), so it is replaced.
  {
    const fs::path edited = standby / "new/one/index.html";
    fs::remove(edited);
    std::ofstream(edited) << "tampered";
  }
  std::map<std::string, std::string> v6 = v5;
  v6["index.html"] = "home 6";
  CHECK(b.Commit(v6));
  CHECK(TreeOf(b.out) == Expected(v6));

  // The standby replaced after it was listed (another build committed meanwhile): not used.
  {
    const gg::OutputTrees trees = gg::ListOutputTrees(b.out.string());
    fs::rename(standby, tmp.path() / "moved");
    fs::create_directories(standby / "other");
    gg::Staging staging;
    std::string error;
    REQUIRE(staging.Open(b.out.string(), {}, &b.hashes, true, &error, &trees));
    CHECK_FALSE(staging.FromStandby());
    CHECK_FALSE(fs::exists(standby));  // removed: the commit makes a new one
    const std::vector<gg::OutputFile> files = FilesOf(v6);
    gg::CommitStats stats;
    REQUIRE(staging.Commit(files, &stats, &error));
  }
  CHECK(TreeOf(b.out) == Expected(v6));
  CHECK(TreeOf(standby) == Expected(v6));

  // The output folder replaced after it was listed (another build committed in between, as
  // far as this one can tell): neither the listing nor the hashes recorded for it are used.
  {
    const gg::OutputTrees trees = gg::ListOutputTrees(b.out.string());
    fs::rename(b.out, tmp.path() / "other-build");
    fs::create_directories(b.out);
    std::ofstream(b.out / "index.html") << "another build's page";
    gg::Staging staging;
    std::string error;
    REQUIRE(staging.Open(b.out.string(), {}, &b.hashes, true, &error, &trees));
    CHECK_FALSE(staging.PreviousTrusted());
    CHECK_FALSE(staging.FromStandby());
    const std::vector<gg::OutputFile> files = FilesOf(v6);
    gg::CommitStats stats;
    std::vector<gg::TreeFile> committed;
    REQUIRE(staging.Commit(files, &stats, &error, &committed));
    CHECK(stats.written == static_cast<int>(v6.size()));  // nothing taken from the new folder
    CheckListing(b.out, committed);
  }
  CHECK(TreeOf(b.out) == Expected(v6));
  {  // As it is when nothing happened in between.
    const gg::OutputTrees trees = gg::ListOutputTrees(b.out.string());
    gg::Staging staging;
    std::string error;
    REQUIRE(staging.Open(b.out.string(), {}, &b.hashes, true, &error, &trees));
    CHECK(staging.PreviousTrusted());
    CHECK(staging.FromStandby());
    const std::vector<gg::OutputFile> files = FilesOf(v6);
    gg::CommitStats stats;
    REQUIRE(staging.Commit(files, &stats, &error));
    CHECK(stats.unchanged == static_cast<int>(v6.size()));
  }
  CHECK(TreeOf(b.out) == Expected(v6));

  // A failed build after staging into the standby: the site stays, the standby is gone (it
  // was this build's staging folder), and the next build starts from an empty folder.
  {
    const gg::OutputTrees trees = gg::ListOutputTrees(b.out.string());
    gg::Staging staging;
    std::string error;
    REQUIRE(staging.Open(b.out.string(), {}, &b.hashes, true, &error, &trees));
    REQUIRE(staging.FromStandby());
    std::string hash;
    REQUIRE(staging.Place("a/index.html", "never committed", &hash));
  }
  CHECK(TreeOf(b.out) == Expected(v6));
  CHECK_FALSE(fs::exists(standby));
  CHECK_FALSE(b.Commit(v1));
  CHECK(TreeOf(b.out) == Expected(v1));
  CHECK(TreeOf(standby) == Expected(v6));
}
