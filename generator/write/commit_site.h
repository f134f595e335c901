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
//  3. the old tree, now in the staging name, is removed (without walking it when its files
//     are known: base/file_tree.h).
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
#include <vector>

#include "base/file_tree.h"
#include "base/output_file.h"

namespace gg {

class OutputLock;

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
  // False and *error when the folder cannot be staged.
  bool Open(const std::string& out_dir, const std::function<void()>& on_wait,
            const OutputHashes* previous, bool want_hashes, std::string* error);
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
  // Makes the folders of `path` in the staging folder (once each); false with errno set.
  bool MakeFoldersOf(const std::string& path);
  // The old site's folder of `path`, opened without following a link; -1 without an old site.
  int OpenOldFolderOf(const std::string& path) const;
  // Links (from old_fd, the old folder of `path`) or writes one file; *kept says which.
  // bytes_hash: ContentHashHex(bytes) when the caller has it, else empty. False and *why on
  // failure.
  bool PlaceOne(const std::string& path, const std::string& bytes,
                const std::string& unchanged_hash, const std::string& bytes_hash, int old_fd,
                bool* kept, TreeFile* stat, std::string* why);

  std::unique_ptr<OutputLock> lock_;
  std::string out_, staging_;
  int staging_fd_ = -1;
  bool have_old_ = false, want_hashes_ = false, committed_ = false;
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
