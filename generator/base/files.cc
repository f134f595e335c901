#include "base/files.h"

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/path_policy.h"
#include "base/text.h"
#include "base/write_at.h"

namespace gg {
namespace fs = std::filesystem;

namespace {

// Reports an input that the path policy refuses; false when it may not be read.
bool InputAllowed(const std::string& root, const std::string& rel, Diagnostics* diags) {
  switch (CheckInputPath(root, rel)) {
    case InputPathStatus::kOk:
      return true;
    case InputPathStatus::kLeavesProject:
      if (diags)
        diags->Error({rel, 0, 0}, "symbolic link leads outside the project; it is not read",
                     "copy the file into the project instead");
      return false;
    case InputPathStatus::kBroken:
      if (diags)
        diags->Error({rel, 0, 0}, "symbolic link loop or dangling symbolic link",
                     "remove the link or point it at a file of the project");
      return false;
  }
  return false;
}

}  // namespace

namespace {
const InputSnapshot* g_snapshot = nullptr;  // the open scope's, if any
}  // namespace

InputSnapshotScope::InputSnapshotScope(const InputSnapshot* snapshot) {
  g_snapshot = snapshot;
}
InputSnapshotScope::~InputSnapshotScope() {
  g_snapshot = nullptr;
}

namespace {

// Reads the open regular file fd (closing it) into *out: one allocation of its size and
// read() into it (a stream copy costs three copies, which showed when an incremental build
// reads its 500 cached pages). A read that fills the size fstat gave is the last: a file that
// grows while it is read is a race the build cannot win anyway.
bool ReadOpenFile(int fd, std::string* out) {
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return false;
  }
  out->resize(static_cast<size_t>(st.st_size));
  size_t done = 0;
  for (;;) {
    if (done == out->size()) out->resize(done + 4096);  // grew since fstat: read on
    ssize_t n = ::read(fd, out->data() + done, out->size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ::close(fd);
      return false;
    }
    if (n == 0) break;
    done += static_cast<size_t>(n);
    if (done == static_cast<size_t>(st.st_size)) break;
  }
  ::close(fd);
  out->resize(done);
  return true;
}

// Opens root/rel for reading when no component of the path is a symbolic link (openat2's
// RESOLVE_NO_SYMLINKS, Linux 5.6): such a path is inside root whatever root resolves to, which
// is what the path policy asks (base/path_policy.h), in one system call instead of an lstat per
// component. -1 when the path has a link, does not exist, or the kernel lacks openat2: the
// caller then takes the policy's full check.
int OpenWithoutLinks(const std::string& root, const std::string& rel) {
#ifdef SYS_openat2
  if (!IsPlainRelativePath(rel)) return -1;
  const std::string path = root + "/" + rel;
  struct open_how how = {};
  how.flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK;  // a FIFO must not block the build
  how.resolve = RESOLVE_NO_SYMLINKS;
  return static_cast<int>(::syscall(SYS_openat2, AT_FDCWD, path.c_str(), &how, sizeof how));
#else
  (void)root;
  (void)rel;
  return -1;
#endif
}

}  // namespace

bool ReadWholeFile(const std::string& path, std::string* out) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  return ReadOpenFile(fd, out);
}

bool ReadInputFile(const std::string& root, const std::string& rel, std::string* out,
                   Diagnostics* diags, bool check_text) {
  const std::string* held = nullptr;
  if (g_snapshot && g_snapshot->root == root) {
    auto it = g_snapshot->bytes.find(rel);
    if (it != g_snapshot->bytes.end()) held = &it->second;
  }
  // The common case, a file reached without links: checked and read in four system calls.
  const int fd = held ? -1 : OpenWithoutLinks(root, rel);
  if (fd >= 0) {
    if (!ReadOpenFile(fd, out)) {
      diags->Error({rel, 0, 0}, "cannot read file: it does not exist or is not a regular file");
      return false;
    }
  } else if (!InputAllowed(root, rel, diags)) {
    return false;
  } else if (held) {
    *out = *held;
  } else {
    const fs::path p = fs::path(root) / rel;  // built here only: its parse is per file
    std::error_code ec;
    if (!fs::is_regular_file(p, ec)) {
      diags->Error({rel, 0, 0}, "cannot read file: it does not exist or is not a regular file");
      return false;
    }
    if (!ReadWholeFile(p.string(), out)) {
      diags->Error({rel, 0, 0}, "cannot read file");
      return false;
    }
  }
  if (!check_text) return true;
  if (out->empty()) {
    diags->Error({rel, 1, 1}, "file is empty");
    return false;
  }
  if (StartsWith(*out, "\xEF\xBB\xBF")) {
    diags->Error({rel, 1, 1}, "file starts with a UTF-8 byte-order mark",
                 "save it as UTF-8 without BOM");
    return false;
  }
  return CheckUtf8Text(rel, *out, diags);
}

bool CheckUtf8Text(const std::string& file, const std::string& text, Diagnostics* diags) {
  const size_t bad = FindInvalidUtf8(text);
  if (bad == std::string::npos) return true;
  int line, col;
  LineColOf(text, bad, &line, &col);
  diags->Error({file, line, col}, "invalid UTF-8 byte sequence", "save the file as UTF-8");
  return false;
}

std::vector<std::string> ListFiles(const std::string& root, const std::string& dir,
                                   Diagnostics* diags) {
  std::vector<std::string> out;
  fs::path base = fs::path(root) / dir;
  std::error_code ec;
  if (!InputAllowed(root, dir, diags)) return out;
  if (!fs::is_directory(base, ec)) return out;
  // Lexically: fs::relative would follow a link (and fail on a loop).
  auto rel_of = [&](const fs::path& p) { return p.lexically_relative(root).generic_string(); };
  // A folder that cannot be read is an error at its path: its files would be missing from the
  // site without a word otherwise.
  auto unreadable = [&](const fs::path& folder, const std::error_code& why) {
    if (diags)
      diags->Error({rel_of(folder), 0, 0}, "cannot read this folder: " + why.message(),
                   "make it readable (chmod u+rx) or remove it");
  };
  // Folder by folder (links to folders are not followed), so that each failure is named.
  std::vector<fs::path> folders = {base};
  while (!folders.empty()) {
    const fs::path folder = std::move(folders.back());
    folders.pop_back();
    fs::directory_iterator it(folder, ec), end;
    if (ec) {
      unreadable(folder, ec);
      continue;
    }
    for (; !ec && it != end; it.increment(ec)) {
      std::string name = it->path().filename().string();
      if (!name.empty() && name[0] == '.') continue;  // hidden files and folders
      std::string rel = rel_of(it->path());
      std::error_code sec;
      const bool link = it->is_symlink(sec);
      if (link && !InputAllowed(root, rel, diags)) continue;
      if (!link && it->is_directory(sec))
        folders.push_back(it->path());
      else if (it->is_regular_file(sec))
        out.push_back(rel);
    }
    if (ec) unreadable(folder, ec);
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool FileExists(const std::string& path) {
  std::error_code ec;
  return fs::exists(path, ec);
}

bool ReplaceFileAtomically(const std::string& path, const std::string& bytes, std::string* error) {
  fs::path target(path);
  const fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  const std::string name = target.filename().string();
  const int dfd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0) {
    *error = "cannot create " + path + ": its folder " + dir.string() +
             " cannot be opened: " + std::strerror(errno);
    return false;
  }
  struct stat st;
  mode_t mode = 0644;
  if (fstatat(dfd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
    const char* refused = S_ISLNK(st.st_mode)    ? "is a symbolic link; it is not written through"
                          : !S_ISREG(st.st_mode) ? "is not a regular file"
                          : (st.st_mode & 0222) == 0
                              ? "is read-only (no write permission); make it writable first"
                              : nullptr;
    if (refused) {
      *error = path + " " + refused;
      close(dfd);
      return false;
    }
    mode = st.st_mode & 07777;
  }
  const std::string tmp = "." + name + ".tmp-" + std::to_string(getpid());
  unlinkat(dfd, tmp.c_str(), 0);  // a killed run's, of this process id
  std::string why;
  const bool ok = WriteFileAt(dfd, tmp, name, {bytes}, true, mode, &why);
  if (!ok) {
    // The reason names the file by its path, not by the temporary name alone.
    *error = why;
    const size_t at = why.find(tmp);
    if (at != std::string::npos) error->replace(at, tmp.size(), (dir / tmp).string());
    const size_t at_name = error->find("cannot replace " + name);
    if (at_name != std::string::npos)
      error->replace(at_name, 15 + name.size(), "cannot replace " + path);
  } else {
    fsync(dfd);
  }
  close(dfd);
  return ok;
}

}  // namespace gg
