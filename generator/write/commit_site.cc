#include "write/commit_site.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>

#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <vector>

#include "base/content_cache.h"
#include "base/file_tree.h"
#include "base/files.h"
#include "base/parallel.h"

namespace gg {
namespace fs = std::filesystem;

namespace {

bool SafeRelative(const std::string& p) {
  if (p.empty() || p[0] == '/') return false;
  for (const auto& part : fs::path(p)) {
    if (part == ".." || part == ".") return false;
  }
  return true;
}

}  // namespace

// An exclusive flock on "<parent>/.<name>.lock", held for the whole commit. The lock file
// itself is never removed (removing it would let a third build lock a fresh inode while the
// second still holds the old one). The kernel drops the lock when the process dies.
class OutputLock {
 public:
  bool Acquire(const fs::path& lock_path, const std::function<void()>& on_wait,
               std::string* error) {
    fd_ = open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) {
      *error = "cannot open the lock file " + lock_path.string() + ": " + std::strerror(errno);
      return false;
    }
    if (flock(fd_, LOCK_EX | LOCK_NB) == 0) return true;
    if (errno != EWOULDBLOCK) {
      *error = "cannot lock " + lock_path.string() + ": " + std::strerror(errno);
      return false;
    }
    if (on_wait) on_wait();
    while (flock(fd_, LOCK_EX) != 0) {
      if (errno != EINTR) {
        *error = "cannot lock " + lock_path.string() + ": " + std::strerror(errno);
        return false;
      }
    }
    return true;
  }
  ~OutputLock() {
    if (fd_ >= 0) close(fd_);  // releases the lock
  }

 private:
  int fd_ = -1;
};

namespace {

// A staging name no other build uses: pid, time and a counter. Builds never share a staging
// folder, so a leftover one (killed build, undeletable files) cannot block or mix into a
// later build.
fs::path UniqueStaging(const fs::path& out) {
  static std::atomic<unsigned> counter{0};
  auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return out.parent_path() /
         ("." + out.filename().string() + ".staging-" + std::to_string(getpid()) + "-" +
          std::to_string(now) + "-" + std::to_string(counter++));
}

// Removes staging folders of earlier builds of the same output ("." name ".staging*"). Runs
// under the lock, so none of them belongs to a live build. Failures are left for later runs.
int RemoveStaleStaging(const fs::path& out) {
  std::string prefix = "." + out.filename().string() + ".staging";
  std::error_code ec;
  int left = 0;
  for (auto it = fs::directory_iterator(out.parent_path(), ec);
       !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (name.compare(0, prefix.size(), prefix) != 0) continue;
    std::error_code rec;
    fs::remove_all(it->path(), rec);
    if (rec) ++left;
  }
  return left;
}

// Writes a new file `name` (a path relative to the folder open as `dir_fd`); on failure sets *why
// to the system's reason (a full disk: "No space left on device", a file size limit: "File too
// large").
bool WriteBytesAt(int dir_fd, const std::string& name, const std::string& bytes, std::string* why) {
  int fd = openat(dir_fd, name.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    *why = std::strerror(errno);
    return false;
  }
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      *why = n < 0 ? std::strerror(errno) : "nothing written";
      close(fd);
      return false;
    }
    done += static_cast<size_t>(n);
  }
  if (close(fd) != 0) {
    *why = std::strerror(errno);
    return false;
  }
  return true;
}

}  // namespace

Staging::Staging() = default;

Staging::~Staging() {
  if (staging_fd_ >= 0) close(staging_fd_);
  if (!staging_.empty() && !committed_) {
    std::error_code ec;
    fs::remove_all(staging_, ec);
  }
}

bool Staging::Open(const std::string& out_dir, const std::function<void()>& on_wait,
                   const OutputHashes* previous, bool want_hashes, std::string* error) {
  fs::path out = fs::absolute(out_dir).lexically_normal();
  if (out.filename().empty()) out = out.parent_path();
  std::error_code ec;
  fs::create_directories(out.parent_path(), ec);
  lock_ = std::make_unique<OutputLock>();
  if (!lock_->Acquire(out.parent_path() / ("." + out.filename().string() + ".lock"), on_wait,
                      error))
    return false;
  stale_left_ = RemoveStaleStaging(out);
  const fs::path staging = UniqueStaging(out);
  fs::create_directories(staging, ec);
  if (ec) {
    *error = "cannot create staging folder " + staging.string() + ": " + ec.message();
    return false;
  }
  out_ = out.string();
  staging_ = staging.string();
  staging_fd_ = open(staging_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (staging_fd_ < 0) {
    *error = "cannot open " + staging_ + ": " + std::strerror(errno);
    return false;
  }
  have_old_ = fs::is_directory(out, ec);
  previous_ = previous;
  want_hashes_ = want_hashes;
  return true;
}

bool Staging::MakeFoldersOf(const std::string& path) {
  const std::string folder = FolderOf(path);
  if (folder.empty()) return true;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (folders_.count(folder)) return true;  // a sibling made it
  }
  // Made outside the lock (two threads making one folder: the second sees EEXIST), parents
  // first: in sorted order a folder comes before everything under it. Holding the lock over
  // mkdirat made the render threads wait on each other (futex was 2 % of a synthetic build).
  std::set<std::string> needed;
  AddFolderAndParents(folder, &needed);
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto it = needed.begin(); it != needed.end();)
      it = it->empty() || folders_.count(*it) ? needed.erase(it) : std::next(it);
  }
  for (const auto& f : needed)
    if (mkdirat(staging_fd_, f.c_str(), 0777) != 0 && errno != EEXIST) return false;
  std::lock_guard<std::mutex> lock(mu_);
  folders_.insert(needed.begin(), needed.end());
  return true;
}

int Staging::OpenOldFolderOf(const std::string& path) const {
  if (!have_old_) return -1;
  const std::string folder = FolderOf(path);
  return open((folder.empty() ? fs::path(out_) : fs::path(out_) / folder).c_str(),
              O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

bool Staging::PlaceOne(const std::string& path, const std::string& bytes,
                       const std::string& unchanged_hash, const std::string& bytes_hash, int old_fd,
                       bool* kept, TreeFile* stat, std::string* why) {
  *kept = false;
  std::error_code fec;
  const fs::path old = fs::path(out_) / path;
  bool same;
  if (!unchanged_hash.empty()) {
    same = true;  // planned without bytes: the old file is the content
  } else if (auto it = previous_ ? previous_->find(path) : OutputHashes::const_iterator();
             previous_ && it != previous_->end()) {
    // No need to read the old file.
    same = it->second == (bytes_hash.empty() ? ContentHashHex(bytes) : bytes_hash);
  } else {
    std::string old_bytes;
    same = old_fd >= 0 && fs::is_regular_file(old, fec) &&
           fs::file_size(old, fec) == bytes.size() && ReadWholeFile(old.string(), &old_bytes) &&
           old_bytes == bytes;
  }
  if (same && old_fd >= 0) {
    const std::string folder = FolderOf(path);
    const std::string name = path.substr(folder.empty() ? 0 : folder.size() + 1);
    if (linkat(old_fd, name.c_str(), staging_fd_, path.c_str(), 0) == 0) {
      *kept = true;
    } else {
      // Another file system or no link support: a copy that keeps the time.
      const fs::path target = fs::path(staging_) / path;
      fec.clear();
      fs::copy_file(old, target, fs::copy_options::overwrite_existing, fec);
      if (!fec) {
        fs::last_write_time(target, fs::last_write_time(old, fec), fec);
        *kept = true;
      }
    }
  }
  if (!*kept) {
    if (!unchanged_hash.empty()) {
      *why = "cannot reuse " + old.string() +
             " (the output folder changed during the build; build again)";
      return false;
    }
    std::string reason;
    if (!WriteBytesAt(staging_fd_, path, bytes, &reason)) {
      *why = "cannot write " + (fs::path(staging_) / path).string() + ": " + reason;
      return false;
    }
  }
  if (stat) StatTreeFile(staging_fd_, path.c_str(), path, stat);
  return true;
}

bool Staging::Place(const std::string& path, const std::string& bytes, std::string* hash) {
  if (failed_.load(std::memory_order_relaxed)) return false;
  std::string why;
  bool ok = SafeRelative(path);
  if (!ok) why = "invalid output path '" + path + "'";
  if (ok && !MakeFoldersOf(path)) {
    why = "cannot create the folder of " + (fs::path(staging_) / path).string() + ": " +
          std::strerror(errno);
    ok = false;
  }
  Placed placed;
  // Hashed once: the caller records it, and PlaceOne compares it with the previous build's.
  const std::string bytes_hash = want_hashes_ ? ContentHashHex(bytes) : std::string();
  if (ok) {
    const int old_fd = OpenOldFolderOf(path);
    ok = PlaceOne(path, bytes, std::string(), bytes_hash, old_fd, &placed.kept,
                  want_hashes_ ? &placed.file : nullptr, &why);
    if (old_fd >= 0) close(old_fd);
  }
  std::lock_guard<std::mutex> lock(mu_);
  if (!ok) {
    if (failure_.empty()) failure_ = why;
    failed_ = true;
    return false;
  }
  placed_[path] = std::move(placed);
  if (hash) *hash = bytes_hash;
  return true;
}

std::string Staging::Failure() const {
  std::lock_guard<std::mutex> lock(mu_);
  return failure_;
}

bool Staging::Commit(const std::vector<OutputFile>& plan, CommitStats* stats, std::string* error,
                     std::vector<TreeFile>* committed) {
  *stats = {};
  stats->stale_staging_left = stale_left_;
  if (committed) committed->assign(plan.size(), TreeFile{});
  if (const std::string failed = Failure(); !failed.empty()) {
    *error = failed;
    return false;
  }
  const fs::path out(out_), staging(staging_);
  std::error_code ec;
  // The plan by folder ("" is the top); every path checked, once.
  std::set<std::string> planned;
  std::map<std::string, std::vector<size_t>> by_folder;
  for (size_t i = 0; i < plan.size(); ++i) {
    const std::string& p = plan[i].path;
    if (!SafeRelative(p) || !planned.insert(p).second) {
      *error = "invalid or duplicate output path '" + p + "'";
      return false;
    }
    if (plan[i].placed) {
      if (!placed_.count(p)) {
        *error = "'" + p + "' was planned as placed but never was";
        return false;
      }
      continue;
    }
    by_folder[FolderOf(p)].push_back(i);
    if (!MakeFoldersOf(p)) {
      *error = "cannot create " + (staging / FolderOf(p)).string() + ": " + std::strerror(errno);
      return false;
    }
  }
  // Files are placed on every core, a folder per job. New files are named from the staging
  // folder's descriptor by their whole path (the staging tree is this build's own): no
  // descriptor per folder, which was two of a page's nine system calls. Old files are named
  // from their folder's descriptor, opened without following a link, and only when there is
  // an old site: a first build into a new folder opens nothing of it. The first failure in
  // plan order is the one reported, whatever the thread count.
  std::vector<const std::pair<const std::string, std::vector<size_t>>*> jobs;
  for (const auto& entry : by_folder) jobs.push_back(&entry);
  std::vector<std::string> failures(plan.size());
  std::vector<char> kept(plan.size(), 0);
  ParallelFor(static_cast<int>(jobs.size()), ThreadCount(0), [&](int j) {
    const auto& indices = jobs[static_cast<size_t>(j)]->second;
    const int old_fd = OpenOldFolderOf(plan[indices.front()].path);  // the job's one folder
    for (size_t i : indices) {
      bool k = false;
      PlaceOne(plan[i].path, plan[i].bytes, plan[i].unchanged_hash, std::string(), old_fd, &k,
               committed ? &(*committed)[i] : nullptr, &failures[i]);
      kept[i] = k ? 1 : 0;
    }
    if (old_fd >= 0) close(old_fd);
  });
  for (size_t i = 0; i < plan.size(); ++i) {
    if (!failures[i].empty()) {
      *error = failures[i];
      return false;
    }
    if (plan[i].placed) {
      const Placed& p = placed_.at(plan[i].path);
      kept[i] = p.kept ? 1 : 0;
      if (committed) (*committed)[i] = p.file;
    }
    ++(kept[i] ? stats->unchanged : stats->written);
  }
  if (staging_fd_ >= 0) {
    close(staging_fd_);
    staging_fd_ = -1;
  }
  if (fs::is_directory(out, ec)) {
    if (previous_) {  // the folder's files are known: no walk
      for (const auto& [path, hash] : *previous_) stats->removed += planned.count(path) ? 0 : 1;
    } else {
      for (auto it = fs::recursive_directory_iterator(out, ec);
           it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_regular_file() &&
            !planned.count(it->path().lexically_relative(out).generic_string()))
          ++stats->removed;
      }
    }
    if (renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, out.c_str(), RENAME_EXCHANGE) != 0) {
      *error = "cannot swap " + staging.string() + " and " + out.string();
      return false;
    }
    committed_ = true;  // the staging name now holds the previous site
    // The previous site, now under the staging name: when its files are known, removed
    // without walking it.
    if (previous_) {
      std::vector<std::string> old_files;
      old_files.reserve(previous_->size());
      for (const auto& [path, hash] : *previous_) old_files.push_back(path);
      RemoveKnownTree(staging.string(), old_files, ThreadCount(0));
    } else {
      fs::remove_all(staging, ec);
    }
  } else {
    if (fs::exists(out, ec)) {
      *error = out.string() + " exists and is not a folder";
      return false;
    }
    fs::rename(staging, out, ec);
    if (ec) {
      *error = "cannot move " + staging.string() + " to " + out.string() + ": " + ec.message();
      return false;
    }
    committed_ = true;
  }
  return true;
}

bool CommitSite(const std::string& out_dir, const std::vector<OutputFile>& plan, CommitStats* stats,
                std::string* error, const std::function<void()>& on_wait,
                const OutputHashes* previous, std::vector<TreeFile>* committed) {
  *stats = {};
  if (committed) committed->assign(plan.size(), TreeFile{});
  Staging staging;
  if (!staging.Open(out_dir, on_wait, previous, false, error)) return false;
  return staging.Commit(plan, stats, error, committed);
}

}  // namespace gg
