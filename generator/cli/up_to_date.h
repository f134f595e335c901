// The no-change fast path of `build` and `check`. A finished build leaves a record in the
// cache under the fingerprint of its inputs (site/input_fingerprint.h) and its output folder:
// its diagnostics, its counts and the listing of the output folder it committed (path, size,
// modification time, inode of every file). A later build with the same fingerprint whose
// output folder still lists exactly the same replays the diagnostics and stops: the plan it
// would make is the one already there. Anything else (an edited input, a touched or deleted
// output file, another executable, a damaged record) means a real build.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/file_tree.h"

namespace gg {

struct BuildRecord {
  std::string diagnostics;  // as printed (Diagnostics::Render)
  int errors = 0;
  int warnings = 0;
  int pages = 0;
  int files = 0;
  std::string output_listing;  // OutputListing of the committed folder; empty for `check`
};

std::string PackRecord(const BuildRecord& record);
std::optional<BuildRecord> UnpackRecord(const std::string& bytes);

// One line per regular file under dir, sorted by path: "path size mtime-ns ctime-ns inode".
// Empty when the folder does not exist, cannot be listed, or holds anything but its files and
// their folders (a symbolic link, a FIFO, an empty folder): a build must then remove it.
std::string OutputListing(const std::string& dir);
// The same listing made from the files a commit placed (write/commit_site.h), without walking
// the folder. Empty when one of them could not be read (its path is empty).
//
// Racy files (git's "racily clean" entries): a file whose change time is not older than
// `racy_from_ns` could still be rewritten within the same clock tick, keeping its size and
// both times, and no later listing would see it. Its line is marked " racy", so the listing
// can never equal a fresh one: the next build compares every file by its bytes (the slow,
// safe path) and records a listing without the mark. 0 marks nothing.
std::string OutputListingFrom(const std::vector<TreeFile>& files, int64_t racy_from_ns = 0);

// The file system's clock as it stamps change times (CLOCK_REALTIME_COARSE: the time of the
// last tick), in nanoseconds since the epoch.
int64_t FileClockNowNs();

// Waits, at most max_wait_ms, until FileClockNowNs() has passed the newest change time of
// `files` — one clock tick, 4 ms at 250 Hz — so that a file rewritten after the record is
// taken gets a later change time than the record holds; returns FileClockNowNs() then, to be
// given to OutputListingFrom as racy_from_ns (a file the wait did not clear is marked racy).
int64_t WaitPastNewestChange(const std::vector<TreeFile>& files, int max_wait_ms = 50);

}  // namespace gg
