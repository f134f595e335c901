// Listing and removing a folder tree through folder descriptors (openat, fstatat, unlinkat):
// every name is resolved from its own folder, never again from the root, and a file costs one
// system call. The output folder of the guide holds ~700 files in ~270 folders, listed before
// and removed after every build (write/commit_site.h), so path walks were a fifth of a small
// incremental build.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace gg {

// A regular file of a tree, as the system reports it (not followed through links).
struct TreeFile {
  std::string path;  // relative to the tree's root, '/' separated
  int64_t size = 0;
  int64_t mtime_ns = 0;
  // The inode's change time: set by the kernel on every write, time change (touch -d) or link,
  // so unlike mtime no one can put it back. The output folder's listing carries it
  // (cli/up_to_date.h): a file rewritten with its time kept lists differently.
  int64_t ctime_ns = 0;
  uint64_t inode = 0;
};

// What a tree holds besides its regular files: its folders, and every other entry (a symbolic
// link, a FIFO, a socket, a device), by relative path.
struct TreeExtras {
  std::vector<std::string> folders;
  std::vector<std::string> others;
};

// Every regular file under `dir` (symbolic links are neither followed nor listed), in no
// particular order. Returns false, with *out incomplete, when `dir` or a folder in it cannot be
// read; `dir` missing is such a failure.
bool ListTreeFiles(const std::string& dir, std::vector<TreeFile>* out);
// The same, and *inodes_agree says whether every file's folder entry gave its own inode (see
// ListTreeStrict; overlayfs, for one, may not).
bool ListTreeFiles(const std::string& dir, std::vector<TreeFile>* out, bool* inodes_agree);
// The same, and *extras receives the tree's folders and other entries (when not null).
bool ListTreeFiles(const std::string& dir, std::vector<TreeFile>* out, bool* inodes_agree,
                   TreeExtras* extras);

// Whether a tree listed as `files` and `extras` holds nothing but those files and the folders
// they are in: no other entry (link, FIFO…) and no folder without a file under it.
bool HoldsOnlyFiles(const std::vector<TreeFile>& files, const TreeExtras& extras);

// A tree's regular files and folders (relative paths), each folder before what it holds.
struct TreeContents {
  std::vector<TreeFile> files;
  std::vector<std::string> folders;
};

// Every regular file and folder under `dir` (not followed if it is a symbolic link itself), for
// a tree that must hold nothing else: false, with *out incomplete, when `dir` or a folder in it
// cannot be read, or when it holds anything else (a symbolic link, a device, a socket). Files
// are named from their folders' entries alone: each has the inode its entry gives, and size
// and time -1 (no system call per file).
bool ListTreeStrict(const std::string& dir, TreeContents* out);

// The TreeFile of `name` in the folder open as `dir_fd`, at `path`; false when it is not a
// regular file (or cannot be read).
bool StatTreeFile(int dir_fd, const char* name, std::string path, TreeFile* out);

// The folder of a relative path ("" for one at the top), and that folder with every folder
// above it added to *folders (sorted, so a folder comes before everything under it).
std::string FolderOf(const std::string& path);
void AddFolderAndParents(const std::string& folder, std::set<std::string>* folders);

// Removes the tree at `dir`, which is expected to hold exactly the regular files `files`
// (relative paths) and their folders: they are unlinked folder by folder (on `threads`
// threads), then the folders deepest first. Anything else in it (a file that is not listed, a
// folder left non-empty) falls back to a full walk (std::filesystem::remove_all). Returns
// whether `dir` is gone.
bool RemoveKnownTree(const std::string& dir, const std::vector<std::string>& files, int threads);

}  // namespace gg
