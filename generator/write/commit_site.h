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

#include <functional>
#include <string>
#include <vector>

#include "base/file_tree.h"
#include "base/output_file.h"

namespace gg {

struct CommitStats {
  int written = 0;             // new or changed files
  int unchanged = 0;           // identical bytes, linked from the previous site
  int removed = 0;             // files of the previous site that the plan no longer has
  int stale_staging_left = 0;  // leftover staging folders that could not be removed
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
