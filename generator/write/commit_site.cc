#include "write/commit_site.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>

#include <filesystem>
#include <functional>
#include <set>
#include <vector>

#include "base/content_cache.h"
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

// Writes a new file; on failure sets *why to the system's reason (a full disk: "No space left
// on device", a file size limit: "File too large").
bool WriteBytes(const fs::path& path, const std::string& bytes, std::string* why) {
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
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

bool CommitSite(const std::string& out_dir, const std::vector<OutputFile>& plan, CommitStats* stats,
                std::string* error, const std::function<void()>& on_wait,
                const OutputHashes* previous) {
  *stats = {};
  fs::path out = fs::absolute(out_dir).lexically_normal();
  if (out.filename().empty()) out = out.parent_path();
  std::error_code ec;
  fs::create_directories(out.parent_path(), ec);
  OutputLock lock;
  if (!lock.Acquire(out.parent_path() / ("." + out.filename().string() + ".lock"), on_wait, error))
    return false;
  stats->stale_staging_left = RemoveStaleStaging(out);
  fs::path staging = UniqueStaging(out);
  fs::create_directories(staging, ec);
  if (ec) {
    *error = "cannot create staging folder " + staging.string() + ": " + ec.message();
    return false;
  }
  std::set<std::string> planned;
  std::set<fs::path> folders;
  for (const auto& f : plan) {
    if (!SafeRelative(f.path) || !planned.insert(f.path).second) {
      *error = "invalid or duplicate output path '" + f.path + "'";
      fs::remove_all(staging, ec);
      return false;
    }
    folders.insert((staging / f.path).parent_path());
  }
  for (const auto& folder : folders) fs::create_directories(folder, ec);
  // Files are written on every core (each job its own file); the first failure in plan order
  // is the one reported, whatever the thread count.
  std::vector<std::string> failures(plan.size());
  std::vector<char> kept(plan.size(), 0);
  ParallelFor(static_cast<int>(plan.size()), ThreadCount(0), [&](int i) {
    const OutputFile& f = plan[static_cast<size_t>(i)];
    std::error_code fec;
    fs::path target = staging / f.path;
    fs::path old = out / f.path;
    bool same;
    if (!f.unchanged_hash.empty()) {
      same = true;  // planned without bytes: the old file is the content
    } else if (auto it = previous ? previous->find(f.path) : OutputHashes::const_iterator();
               previous && it != previous->end()) {
      same = it->second == ContentHashHex(f.bytes);  // no need to read the old file
    } else {
      std::string bytes;
      same = fs::is_regular_file(old, fec) && fs::file_size(old, fec) == f.bytes.size() &&
             ReadWholeFile(old.string(), &bytes) && bytes == f.bytes;
    }
    if (same) {
      fs::create_hard_link(old, target, fec);
      if (!fec) {
        kept[static_cast<size_t>(i)] = 1;
        return;
      }
      // Another file system or no link support: fall back to a copy that keeps the time.
      fec.clear();
      fs::copy_file(old, target, fs::copy_options::overwrite_existing, fec);
      if (!fec) {
        fs::last_write_time(target, fs::last_write_time(old, fec), fec);
        kept[static_cast<size_t>(i)] = 1;
        return;
      }
    }
    if (!f.unchanged_hash.empty()) {
      failures[static_cast<size_t>(i)] = "cannot reuse " + old.string() +
                                         " (the output folder changed during the build; build "
                                         "again)";
      return;
    }
    std::string why;
    if (!WriteBytes(target, f.bytes, &why))
      failures[static_cast<size_t>(i)] = "cannot write " + target.string() + ": " + why;
  });
  for (size_t i = 0; i < plan.size(); ++i) {
    if (!failures[i].empty()) {
      *error = failures[i];
      fs::remove_all(staging, ec);
      return false;
    }
    ++(kept[i] ? stats->unchanged : stats->written);
  }
  if (fs::is_directory(out, ec)) {
    if (previous) {  // the folder's files are known: no walk
      for (const auto& [path, hash] : *previous) stats->removed += planned.count(path) ? 0 : 1;
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
      fs::remove_all(staging, ec);
      return false;
    }
    fs::remove_all(staging, ec);  // the previous site
  } else {
    if (fs::exists(out, ec)) {
      *error = out.string() + " exists and is not a folder";
      fs::remove_all(staging, ec);
      return false;
    }
    fs::rename(staging, out, ec);
    if (ec) {
      *error = "cannot move " + staging.string() + " to " + out.string() + ": " + ec.message();
      fs::remove_all(staging, ec);
      return false;
    }
  }
  return true;
}

}  // namespace gg
