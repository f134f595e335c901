// Commits a complete plan to the output folder so that readers of that folder only ever see
// the old site or the new one, never a mix:
//  0. an exclusive lock (flock on "<parent>/.<name>.lock") is taken, so that two builds into
//     the same folder commit one after the other, never interleaved; the second waits;
//  1. the new tree is assembled in a staging folder next to it, named uniquely per build
//     ("<parent>/.<name>.staging-<pid>-<time>-<n>");
//     a file whose bytes equal the current one is hard-linked from the current site, so it
//     keeps its modification time (rsync and HTTP caches see it unchanged);
//  2. the staging folder and the output folder are swapped with one atomic
//     renameat2(RENAME_EXCHANGE) (a plain rename when there is no output folder yet);
//  3. the old tree, now in the staging name, becomes the standby tree
//     ("<parent>/.<name>.standby"), or is removed when that name is taken.
// The standby tree is the site before the current one. Most of its files are hard links of
// the current site's (every file the last build did not change), so it costs little room, and
// the next build stages into it instead of into an empty folder: it is renamed to the staging
// name, then only what differs is changed. A file that is the current site's own (same inode)
// and is unchanged again stays as it is; any other file is unlinked and written or linked
// anew (never written through: it may be a link of a file of the current site); what the plan
// no longer has is removed. A one-price edit of the guide thus touches ~30 of ~700 files
// instead of linking 700 files and ~270 folders and removing as many. Nothing of the standby
// tree is trusted but the identity of its files: it is used only when it held nothing but
// files and folders when listed, and neither it nor the output folder was replaced since (by
// another build); otherwise it is removed and the staging folder starts empty.
// Links: nothing is written, read or linked through a symbolic link. Files are made with
// openat(O_EXCL) in the staging folder's descriptor; an old file is compared and linked from
// its folder's descriptor without following a link, and what was linked is checked to be a
// regular file; the output folder is listed with whatever else it holds (links, FIFOs, empty
// folders), and such a folder is not "as recorded" (cli/up_to_date.h), so the next build
// leaves them out of the new site. A mount point as the output folder is refused up front
// (a rename cannot swap it), and an output folder whose parent is not writable is an error
// saying so.
// A failure or a kill at any point before step 2 leaves the output folder exactly as it was;
// stale staging folders of killed runs are removed (under the lock) at the start of the next
// one; one that cannot be removed is left alone and does not block the build.
// The caller checks the output folder against the path policy (base/path_policy.h) first.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/file_tree.h"
#include "base/output_file.h"

namespace gg {

class OutputLock;

// "<parent>/.<name>.standby" for the output folder "<parent>/<name>".
std::string StandbyFolderOf(const std::string& out_dir);

// The output folder and its standby tree as listed before a build (ListOutputTrees), for
// Staging::Open. An inode is 0 when its folder is missing.
struct OutputTrees {
  bool output_listed = false;
  std::vector<TreeFile> output;  // ListTreeFiles of the output folder
  uint64_t output_inode = 0;
  bool inodes_agree = false;  // the output's folder entries give its files' own inodes
  // The output folder holds nothing but its files and their folders (HoldsOnlyFiles): no
  // link, FIFO or empty folder that the build must remove. Only then does its listing say
  // what it holds (cli/up_to_date.h).
  bool output_clean = false;
  bool standby_listed = false;
  TreeContents standby;  // ListTreeStrict of the standby tree
  uint64_t standby_inode = 0;
};
// Lists both, at once (a missing or unreadable one is not listed). No lock is taken:
// Staging::Open checks under its lock that neither folder was replaced since.
OutputTrees ListOutputTrees(const std::string& out_dir);

struct CommitStats {
  int written = 0;             // new or changed files
  int unchanged = 0;           // identical bytes, linked from the previous site
  int removed = 0;             // files of the previous site that the plan no longer has
  int stale_staging_left = 0;  // leftover staging folders that could not be removed
};

// One commit, in two steps, so that files can be placed while the rest of the site is still
// being made (OutputSink): Open takes the lock and makes the staging folder (steps 0 and 1),
// Place puts a file in it (from any thread), Commit places the plan's other files and swaps
// (steps 1 to 3). Destroyed without a successful Commit — a build that failed, an error —
// it removes its staging folder: the output folder is never touched before the swap.
class Staging : public OutputSink {
 public:
  Staging();
  Staging(const Staging&) = delete;
  Staging& operator=(const Staging&) = delete;
  ~Staging() override;

  // previous: as for CommitSite. want_hashes: the caller records the output (the build cache):
  // Place returns each file's content hash and Commit's `committed` covers placed files too.
  // listed: the output folder and its standby tree as listed before the build; without it (or
  // when it cannot be used) any standby tree is removed and staging starts from an empty
  // folder. False and *error when the folder cannot be staged.
  bool Open(const std::string& out_dir, const std::function<void()>& on_wait,
            const OutputHashes* previous, bool want_hashes, std::string* error,
            const OutputTrees* listed = nullptr);
  // Whether staging started from the standby tree (for tests and --verbose).
  bool FromStandby() const { return from_standby_; }
  // False when `previous` was given but is not used: another build replaced the output folder
  // after `listed` was made. The caller must then not plan files without bytes from it either
  // (BuildOptions::previous_output).
  bool PreviousTrusted() const { return !previous_stale_; }
  // Thread-safe. After the first failure every Place fails; Failure() says why.
  bool Place(const std::string& path, const std::string& bytes, std::string* hash) override;
  std::string Failure() const;
  // The plan's files marked placed must have been placed by this Staging.
  bool Commit(const std::vector<OutputFile>& plan, CommitStats* stats, std::string* error,
              std::vector<TreeFile>* committed = nullptr);

 private:
  struct Placed {
    bool kept = false;  // linked from the old site
    TreeFile file;
  };
  // A standby file: its path, and, when it is the current site's file at the same path (same
  // inode), that file's listing in output_files_ (size and time included); else null.
  struct StandbyFile {
    std::string path;
    const TreeFile* output = nullptr;
  };
  class OldFolder;  // the old site's folder of a path, opened when first needed
  // Sets up staging from the standby tree (renamed to the staging name already), after
  // output_files_.
  void AdoptStandby(const TreeContents& standby);
  // With a standby tree: makes room for a file at `path` where the standby has a folder of
  // that name, or a file where `path` needs a folder. False with *why on failure.
  bool ClearWayFor(const std::string& path, std::string* why);
  // Makes the folders of `path` in the staging folder (once each); false with errno set.
  bool MakeFoldersOf(const std::string& path);
  // The old site's folder of `path`, opened without following a link; -1 without an old site.
  int OpenOldFolderOf(const std::string& path) const;
  // Links (from the old folder of `path`) or writes one file, or keeps the standby's; *kept
  // says whether the old site's file is the content. bytes_hash: ContentHashHex(bytes) when
  // the caller has it, else empty. False and *why on failure.
  bool PlaceOne(const std::string& path, const std::string& bytes,
                const std::string& unchanged_hash, const std::string& bytes_hash,
                OldFolder* old_folder, bool* kept, TreeFile* stat, std::string* why);
  // With a standby tree, before the swap: removes what the standby had and the plan has not.
  bool RemoveUnplanned(const std::set<std::string>& planned, std::string* error);

  std::unique_ptr<OutputLock> lock_;
  std::string out_, staging_;
  int staging_fd_ = -1;
  bool have_old_ = false, want_hashes_ = false, committed_ = false;
  bool from_standby_ = false;
  bool previous_stale_ = false;  // `previous` was given and dropped (see PreviousTrusted)
  // The standby tree, when staging started from it: its files and folders as listed, fixed
  // after Open (read without the lock), and each file's state (0 untouched, 1 placed over or
  // kept, 2 removed), by index.
  std::vector<StandbyFile> standby_files_;
  std::unordered_map<std::string, size_t> standby_index_;
  std::unique_ptr<std::atomic<unsigned char>[]> standby_state_;
  std::set<std::string> standby_folders_;
  // The output folder's files as listed before the build (when it was not replaced since),
  // fixed after Open: the listing of a file linked from there, and how standby files are
  // known to be the current site's.
  std::unordered_map<std::string, TreeFile> output_files_;
  const OutputHashes* previous_ = nullptr;
  int stale_left_ = 0;
  mutable std::mutex mu_;  // guards what follows
  std::set<std::string> folders_;
  std::map<std::string, Placed> placed_;
  std::string failure_;
  std::atomic<bool> failed_{false};  // failure_ is set (read without the lock)
};

// Returns false and sets *error when the plan could not be committed; the output folder is
// then untouched. Paths must be unique, relative, without "..".
// on_wait, when given, is called once if another build holds the lock (before waiting for it).
// previous, when given, holds the content hash of each file of the output folder as the last
// commit wrote it, which the caller has checked is still so (the folder's listing of sizes,
// times and inodes unchanged): a file is then compared by hash instead of being read. A file
// planned without bytes (OutputFile::unchanged_hash) is linked from the output folder; if it
// is gone there, the commit fails and the output folder is untouched.
// committed, when given, receives each plan file's TreeFile (size, time, inode) as committed,
// in plan order: the listing of the new output folder without walking it.
bool CommitSite(const std::string& out_dir, const std::vector<OutputFile>& plan, CommitStats* stats,
                std::string* error, const std::function<void()>& on_wait = {},
                const OutputHashes* previous = nullptr, std::vector<TreeFile>* committed = nullptr);

}  // namespace gg
