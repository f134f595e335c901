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
  size_t bad = FindInvalidUtf8(*out);
  if (bad != std::string::npos) {
    int line, col;
    LineColOf(*out, bad, &line, &col);
    diags->Error({rel, line, col}, "invalid UTF-8 byte sequence", "save the file as UTF-8");
    return false;
  }
  return true;
}

std::vector<std::string> ListFiles(const std::string& root, const std::string& dir,
                                   Diagnostics* diags) {
  std::vector<std::string> out;
  fs::path base = fs::path(root) / dir;
  std::error_code ec;
  if (!InputAllowed(root, dir, diags)) return out;
  if (!fs::is_directory(base, ec)) return out;
  for (auto it = fs::recursive_directory_iterator(base, ec);
       it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    std::string name = it->path().filename().string();
    std::error_code sec;
    if (!name.empty() && name[0] == '.') {
      if (it->is_directory(sec)) it.disable_recursion_pending();
      continue;
    }
    // Lexically: fs::relative would follow a link (and fail on a loop).
    std::string rel = it->path().lexically_relative(root).generic_string();
    if (it->is_symlink(sec) && !InputAllowed(root, rel, diags)) continue;
    if (it->is_regular_file(sec)) out.push_back(rel);
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
  fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  std::string tmp =
      (dir / ("." + target.filename().string() + ".tmp-" + std::to_string(getpid()))).string();
  struct stat st;
  mode_t mode = stat(path.c_str(), &st) == 0 ? (st.st_mode & 07777) : 0644;
  int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
  if (fd < 0) {
    *error = "cannot create " + tmp + ": " + std::strerror(errno);
    return false;
  }
  auto fail = [&](const std::string& what) {
    *error = what + ": " + std::strerror(errno);
    close(fd);
    unlink(tmp.c_str());
    return false;
  };
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail("cannot write " + tmp);
    done += static_cast<size_t>(n);
  }
  if (fsync(fd) != 0) return fail("cannot write " + tmp + " to disk");
  if (close(fd) != 0) {
    *error = "cannot write " + tmp + ": " + std::strerror(errno);
    unlink(tmp.c_str());
    return false;
  }
  if (rename(tmp.c_str(), path.c_str()) != 0) {
    *error = "cannot replace " + path + ": " + std::strerror(errno);
    unlink(tmp.c_str());
    return false;
  }
  int dfd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    fsync(dfd);
    close(dfd);
  }
  return true;
}

}  // namespace gg
