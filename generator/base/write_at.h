// Writing without following links (issue 33): every file the program writes is created with
// openat(O_CREAT | O_EXCL | O_NOFOLLOW) in a folder it holds open, and moved into place with
// renameat in that folder, so neither a link planted where the file goes nor one where a folder
// of it goes can send the bytes elsewhere. A folder under a checked one is opened with
// OpenFolderAt (O_NOFOLLOW): a link there is refused, never followed. The callers: the build
// cache (base/content_cache.h), ReplaceFileAtomically (base/files.h: `stamp`, which also
// refuses a path that is a link, not a regular file, or read-only), the staging of the site
// (write/commit_site.h) and review's thumbnails (review/thumbnails.h).
#pragma once

#include <sys/types.h>

#include <initializer_list>
#include <string>
#include <string_view>

namespace gg {

// Opens (creating it when `create` and missing) the folder `name` of the folder open as
// `dir_fd` (AT_FDCWD: a path) without following a link at its last component; -1 with errno
// set (ELOOP or ENOTDIR when it is a link or not a folder).
int OpenFolderAt(int dir_fd, const std::string& name, bool create);

// Writes `parts` to a new file `tmp_name` of the folder open as `dir_fd` (never through a link:
// a file or link of that name is a failure), optionally fsyncs it, then renames it to `name` in
// the same folder (a link there is replaced, not followed). `mode`: its permission bits. On
// failure removes the temporary file, sets *error ("cannot write NAME: <the system's reason>")
// and returns false.
bool WriteFileAt(int dir_fd, const std::string& tmp_name, const std::string& name,
                 std::initializer_list<std::string_view> parts, bool sync, mode_t mode,
                 std::string* error);

}  // namespace gg
