#include "base/file_tree.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <map>
#include <set>
#include <system_error>

#include "base/parallel.h"

namespace gg {

namespace {

// How a tree is listed: with `folders`, every folder is listed there too and an entry that is
// neither a regular file nor a folder fails the listing; without `stat_files`, a file is only
// named, with the inode its folder entry gives (size and time -1: no system call per file);
// with `inodes_agree`, it is set false when an entry's inode differs from the file's own (file
// systems such as overlayfs), which would make inodes from folder entries meaningless.
struct ListMode {
  std::vector<std::string>* folders = nullptr;
  bool stat_files = true;
  bool* inodes_agree = nullptr;
  // Without `folders`: every folder and every other entry (not followed) is named here.
  TreeExtras* extras = nullptr;
};

int64_t Ns(const struct timespec& t) {
  return static_cast<int64_t>(t.tv_sec) * 1000000000LL + t.tv_nsec;
}

// Lists the folder open as `fd` (taken over and closed) under the relative path `prefix`. Its
// entries are read as the kernel gives them (getdents64): opendir would add an fstat and an
// fcntl per folder, a third of the system calls of listing the guide's output.
bool ListFrom(int fd, const std::string& prefix, std::vector<TreeFile>* out, const ListMode& mode) {
  alignas(8) char buf[16384];
  bool ok = true;
  for (;;) {
    const ssize_t n = getdents64(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = ok && n == 0;
      break;
    }
    for (ssize_t at = 0; at < n && ok;) {
      const auto* e = reinterpret_cast<const struct dirent64*>(buf + at);
      at += e->d_reclen;
      const char* name = e->d_name;
      if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
      unsigned char type = e->d_type;
      struct stat st;
      bool have_stat = false;
      if (type == DT_UNKNOWN) {  // file systems that do not fill d_type
        if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
          ok = false;
          break;
        }
        have_stat = true;
        type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_LNK;
      }
      if (mode.folders && type != DT_DIR && type != DT_REG) {
        ok = false;
        break;
      }
      std::string path = prefix.empty() ? std::string(name) : prefix + '/' + name;
      if (type != DT_DIR && type != DT_REG) {
        if (mode.extras) mode.extras->others.push_back(std::move(path));
        continue;
      }
      if (type == DT_DIR) {
        int sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (mode.folders) mode.folders->push_back(path);
        if (mode.extras) mode.extras->folders.push_back(path);
        if (sub < 0 || !ListFrom(sub, path, out, mode)) {
          ok = false;
          break;
        }
      } else if (type == DT_REG) {
        TreeFile f;
        if (!mode.stat_files) {
          f.path = std::move(path);
          f.size = f.mtime_ns = -1;
          f.inode = e->d_ino;
        } else if (have_stat) {
          f.path = std::move(path);
          f.size = st.st_size;
          f.mtime_ns = Ns(st.st_mtim);
          f.ctime_ns = Ns(st.st_ctim);
          f.inode = st.st_ino;
        } else if (!StatTreeFile(fd, name, path, &f)) {
          if (mode.folders) {  // replaced by something else since it was listed
            ok = false;
            break;
          }
          // Replaced by a non-file since it was listed.
          if (mode.extras) mode.extras->others.push_back(std::move(path));
          continue;
        }
        if (mode.inodes_agree && f.inode != e->d_ino) *mode.inodes_agree = false;
        out->push_back(std::move(f));
      }
    }
    if (!ok) break;
  }
  close(fd);
  return ok;
}

}  // namespace

bool StatTreeFile(int dir_fd, const char* name, std::string path, TreeFile* out) {
  struct stat st;
  if (fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode)) return false;
  out->path = std::move(path);
  out->size = st.st_size;
  out->mtime_ns = Ns(st.st_mtim);
  out->ctime_ns = Ns(st.st_ctim);
  out->inode = st.st_ino;
  return true;
}

bool ListTreeFiles(const std::string& dir, std::vector<TreeFile>* out) {
  bool inodes_agree;
  return ListTreeFiles(dir, out, &inodes_agree);
}

bool ListTreeFiles(const std::string& dir, std::vector<TreeFile>* out, bool* inodes_agree) {
  return ListTreeFiles(dir, out, inodes_agree, nullptr);
}

bool ListTreeFiles(const std::string& dir, std::vector<TreeFile>* out, bool* inodes_agree,
                   TreeExtras* extras) {
  int fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;
  *inodes_agree = true;
  ListMode mode;
  mode.inodes_agree = inodes_agree;
  mode.extras = extras;
  return ListFrom(fd, "", out, mode);
}

bool ListTreeStrict(const std::string& dir, TreeContents* out) {
  int fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return false;
  ListMode mode;
  mode.folders = &out->folders;
  mode.stat_files = false;
  return ListFrom(fd, "", &out->files, mode);
}

bool HoldsOnlyFiles(const std::vector<TreeFile>& files, const TreeExtras& extras) {
  if (!extras.others.empty()) return false;
  std::set<std::string> needed;
  for (const TreeFile& f : files) AddFolderAndParents(FolderOf(f.path), &needed);
  if (needed.size() != extras.folders.size()) return false;
  for (const auto& folder : extras.folders)
    if (!needed.count(folder)) return false;
  return true;
}

std::string FolderOf(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash);
}

void AddFolderAndParents(const std::string& folder, std::set<std::string>* folders) {
  for (size_t at = folder.size(); at != std::string::npos && at > 0;
       at = folder.rfind('/', at - 1)) {
    if (!folders->insert(folder.substr(0, at)).second) break;  // its parents are in already
  }
}

bool RemoveKnownTree(const std::string& dir, const std::vector<std::string>& files, int threads) {
  // Files by folder, and every folder with its ancestors.
  std::map<std::string, std::vector<std::string>> by_folder;
  std::set<std::string> folders;
  for (const auto& p : files) {
    const std::string folder = FolderOf(p);
    by_folder[folder].push_back(p.substr(folder.empty() ? 0 : folder.size() + 1));
    AddFolderAndParents(folder, &folders);
  }
  std::vector<const std::pair<const std::string, std::vector<std::string>>*> jobs;
  for (const auto& entry : by_folder) jobs.push_back(&entry);
  ParallelFor(static_cast<int>(jobs.size()), threads, [&](int i) {
    const auto& [folder, names] = *jobs[static_cast<size_t>(i)];
    const std::string path = folder.empty() ? dir : dir + '/' + folder;
    int fd = open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return;  // the fallback below removes whatever is left
    for (const auto& name : names) unlinkat(fd, name.c_str(), 0);
    close(fd);
  });
  // Deepest first: in reverse order a folder comes after everything under it.
  bool clean = true;
  for (auto it = folders.rbegin(); it != folders.rend() && clean; ++it)
    clean = rmdir((dir + '/' + *it).c_str()) == 0;
  if (clean && rmdir(dir.c_str()) == 0) return true;
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  return !ec && !std::filesystem::exists(dir, ec);
}

}  // namespace gg
