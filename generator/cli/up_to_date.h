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
std::string OutputListingFrom(const std::vector<TreeFile>& files);

}  // namespace gg
