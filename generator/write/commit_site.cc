#include "write/commit_site.h"

#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>

#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <thread>
#include <vector>

#include "base/content_cache.h"
#include "base/file_tree.h"
#include "base/files.h"
#include "base/parallel.h"
#include "base/text.h"

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
    // Never through a link: O_CREAT would otherwise make the file a planted link names.
    fd_ = open(lock_path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd_ < 0) {
      *error = "cannot open the lock file " + lock_path.string() + ": " +
               (errno == ELOOP ? std::string("it is a symbolic link (remove it)")
                               : std::string(std::strerror(errno)));
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

// Writes a new file `name` (a path relative to the folder open as `dir_fd`; one already there is
// a failure, never written through); on failure sets *why
// to the system's reason (a full disk: "No space left on device", a file size limit: "File too
// large").
bool WriteBytesAt(int dir_fd, const std::string& name, const std::string& bytes, std::string* why) {
  int fd = openat(dir_fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
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

// Reads the regular file `name` of the folder open as `dir_fd` without following a link; false
// when it is anything else or cannot be read. *st receives its status.
bool ReadRegularAt(int dir_fd, const std::string& name, std::string* out, struct stat* st) {
  const int fd = openat(dir_fd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return false;
  bool ok = fstat(fd, st) == 0 && S_ISREG(st->st_mode);
  if (ok) {
    out->resize(static_cast<size_t>(st->st_size));
    size_t done = 0;
    while (ok && done < out->size()) {
      const ssize_t n = read(fd, out->data() + done, out->size() - done);
      if (n < 0 && errno == EINTR) continue;
      ok = n > 0;
      if (ok) done += static_cast<size_t>(n);
    }
  }
  close(fd);
  return ok;
}

// Whether the old site's file `name` (in the folder open as `dir_fd`) is a regular file holding
// exactly `bytes`: read, never followed through a link.
bool SameBytesAt(int dir_fd, const std::string& name, const std::string& bytes) {
  if (dir_fd < 0) return false;
  struct stat st;
  if (fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) ||
      static_cast<size_t>(st.st_size) != bytes.size())
    return false;
  std::string old;
  return ReadRegularAt(dir_fd, name, &old, &st) && old == bytes;
}

// The inode of the folder at `path` (not followed if it is a link); 0 when there is none.
uint64_t FolderInode(const std::string& path) {
  struct stat st;
  if (lstat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return 0;
  return st.st_ino;
}

// The output folder as an absolute path without a trailing '/': its siblings (lock, staging,
// standby) are named from its parent and its name.
fs::path NormalOutputPath(const std::string& out_dir) {
  fs::path out = fs::absolute(out_dir).lexically_normal();
  if (out.filename().empty()) out = out.parent_path();
  return out;
}

// Why `out` cannot be swapped: it is a mount point (or the root of one): "" otherwise or when
// it does not exist.
std::string MountPointProblem(const fs::path& out) {
  struct statx sx;
  bool mount_root = false;
  if (statx(AT_FDCWD, out.c_str(), AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &sx) != 0 ||
      !S_ISDIR(sx.stx_mode))
    return "";
  if (sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) {
    mount_root = (sx.stx_attributes & STATX_ATTR_MOUNT_ROOT) != 0;
  } else {
    struct stat parent;
    mount_root = stat(out.parent_path().c_str(), &parent) == 0 &&
                 makedev(sx.stx_dev_major, sx.stx_dev_minor) != parent.st_dev;
  }
  if (!mount_root) return "";
  return out.string() +
         " is a mount point: a build swaps its output folder for the new site with one rename, "
         "which a mount point refuses; build into a folder inside it (--out " +
         (out / "site").string() + ") and serve that";
}

}  // namespace

std::string StandbyFolderOf(const std::string& out_dir) {
  const fs::path out = NormalOutputPath(out_dir);
  return (out.parent_path() / ("." + out.filename().string() + ".standby")).string();
}

OutputTrees ListOutputTrees(const std::string& out_dir) {
  OutputTrees t;
  // Each folder's inode is taken before it is listed: a swap after that shows as another inode
  // under the lock. The standby tree is listed on a thread of its own.
  std::thread standby_listing([&] {
    const std::string standby = StandbyFolderOf(out_dir);
    t.standby_inode = FolderInode(standby);
    t.standby_listed = t.standby_inode != 0 && ListTreeStrict(standby, &t.standby);
  });
  t.output_inode = FolderInode(out_dir);
  TreeExtras extras;
  t.output_listed =
      t.output_inode != 0 && ListTreeFiles(out_dir, &t.output, &t.inodes_agree, &extras);
  t.output_clean = t.output_listed && HoldsOnlyFiles(t.output, extras);
  standby_listing.join();
  return t;
}

// The old site's folder of one path, opened the first time something needs it: a file kept
// from the standby tree needs nothing of the old site.
class Staging::OldFolder {
 public:
  OldFolder(const Staging* staging, std::string path) : staging_(staging), path_(std::move(path)) {}
  ~OldFolder() {
    if (fd_ >= 0) close(fd_);
  }
  OldFolder(const OldFolder&) = delete;
  OldFolder& operator=(const OldFolder&) = delete;
  int fd() {
    if (fd_ == kUnopened) fd_ = staging_->OpenOldFolderOf(path_);
    return fd_;
  }

 private:
  static constexpr int kUnopened = -2;
  const Staging* staging_;
  std::string path_;
  int fd_ = kUnopened;
};

Staging::Staging() = default;

Staging::~Staging() {
  if (staging_fd_ >= 0) close(staging_fd_);
  if (!staging_.empty() && !committed_) {
    std::error_code ec;
    fs::remove_all(staging_, ec);
  }
}

bool Staging::Open(const std::string& out_dir, const std::function<void()>& on_wait,
                   const OutputHashes* previous, bool want_hashes, std::string* error,
                   const OutputTrees* listed) {
  const fs::path out = NormalOutputPath(out_dir);
  std::error_code ec;
  fs::create_directories(out.parent_path(), ec);
  if (ec) {
    *error = "cannot create " + out.parent_path().string() + ", the folder of " + out.string() +
             ": " + ec.message();
    return false;
  }
  // The new site is assembled beside the old one, and the lock is taken there: the folder
  // that holds the output folder must be writable. Its real reason, not the lock file's.
  if (access(out.parent_path().c_str(), W_OK | X_OK) != 0) {
    *error = "cannot write in " + out.parent_path().string() + ", the folder of " + out.string() +
             " (a build assembles the new site there and swaps it in): " + std::strerror(errno);
    return false;
  }
  // A mount point cannot be swapped by a rename: said before anything is built.
  if (std::string why = MountPointProblem(out); !why.empty()) {
    *error = why;
    return false;
  }
  lock_ = std::make_unique<OutputLock>();
  bool waited = false;  // another build held the lock: what was listed before may be stale
  auto wait = [&] {
    waited = true;
    if (on_wait) on_wait();
  };
  if (!lock_->Acquire(out.parent_path() / ("." + out.filename().string() + ".lock"), wait, error))
    return false;
  stale_left_ = RemoveStaleStaging(out);
  const fs::path staging = UniqueStaging(out);
  const std::string standby = StandbyFolderOf(out.string());
  have_old_ = fs::is_directory(out, ec);
  // What was listed before the lock describes the output folder still, unless another build
  // committed since (this one waited for it, or the folder is another one now). Then neither
  // that listing nor the hashes recorded for it say what the folder holds.
  const bool listing_current =
      !listed || (!waited && FolderInode(out.string()) == listed->output_inode);
  // The standby tree is staged into when it was listed whole, along with the output folder,
  // and neither folder has been replaced since.
  const bool usable = listed && listing_current && have_old_ && listed->output_listed &&
                      listed->inodes_agree && listed->standby_listed &&
                      FolderInode(standby) == listed->standby_inode;
  if (usable && rename(standby.c_str(), staging.c_str()) == 0) {
    from_standby_ = true;
  } else {
    if (fs::symlink_status(standby, ec).type() != fs::file_type::not_found)
      fs::remove_all(standby, ec);  // a link is removed, not followed
    fs::create_directories(staging, ec);
    if (ec) {
      *error = "cannot create staging folder " + staging.string() + ": " + ec.message();
      return false;
    }
  }
  out_ = out.string();
  staging_ = staging.string();
  staging_fd_ = open(staging_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (staging_fd_ < 0) {
    *error = "cannot open " + staging_ + ": " + std::strerror(errno);
    return false;
  }
  previous_ = listing_current ? previous : nullptr;
  previous_stale_ = previous && !listing_current;
  want_hashes_ = want_hashes;
  if (listed && listed->output_listed && listing_current && have_old_) {
    // A file linked from the output folder is the one listed there: its listing is that one.
    output_files_.reserve(listed->output.size());
    for (const TreeFile& f : listed->output) output_files_.emplace(f.path, f);
  }
  if (from_standby_) AdoptStandby(listed->standby);
  return true;
}

void Staging::AdoptStandby(const TreeContents& standby) {
  standby_files_.reserve(standby.files.size());
  for (const TreeFile& f : standby.files) {
    auto it = output_files_.find(f.path);
    const bool shared = it != output_files_.end() && it->second.inode == f.inode;
    standby_files_.push_back({f.path, shared ? &it->second : nullptr});
  }
  for (size_t i = 0; i < standby_files_.size(); ++i)
    standby_index_.emplace(standby_files_[i].path, i);
  standby_state_ = std::make_unique<std::atomic<unsigned char>[]>(standby_files_.size());
  for (size_t i = 0; i < standby_files_.size(); ++i) standby_state_[i] = 0;
  standby_folders_.insert(standby.folders.begin(), standby.folders.end());
  folders_ = standby_folders_;  // they exist already
}

bool Staging::ClearWayFor(const std::string& path, std::string* why) {
  // A file where `path` needs a folder (a page that was "x" and is now "x/index.html").
  for (std::string folder = FolderOf(path); !folder.empty(); folder = FolderOf(folder)) {
    auto it = standby_index_.find(folder);
    if (it == standby_index_.end()) continue;
    std::lock_guard<std::mutex> lock(mu_);
    if (standby_state_[it->second] != 0) continue;  // placed over or removed already
    if (unlinkat(staging_fd_, folder.c_str(), 0) != 0 && errno != ENOENT) {
      *why =
          "cannot remove " + (fs::path(staging_) / folder).string() + ": " + std::strerror(errno);
      return false;
    }
    standby_state_[it->second] = 2;
  }
  // A folder where `path` is a file: the plan has nothing under it, so all of it goes.
  if (standby_folders_.count(path)) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!folders_.count(path)) return true;  // removed already
    std::error_code ec;
    fs::remove_all(fs::path(staging_) / path, ec);
    if (ec) {
      *why = "cannot remove " + (fs::path(staging_) / path).string() + ": " + ec.message();
      return false;
    }
    const std::string under = path + '/';
    for (size_t i = 0; i < standby_files_.size(); ++i)
      if (StartsWith(standby_files_[i].path, under)) standby_state_[i] = 2;
    folders_.erase(path);
    for (auto it = folders_.lower_bound(under); it != folders_.end() && StartsWith(*it, under);)
      it = folders_.erase(it);
  }
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
  const int top = open(out_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (top < 0 || folder.empty()) return top;
  // No component below the output folder is followed if it is a link (a folder of the site
  // replaced by a link to elsewhere is not the old site): one openat2 call where the kernel
  // has it, else one openat per component.
  struct open_how how = {};
  how.flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC;
  how.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH;
  long fd = syscall(SYS_openat2, top, folder.c_str(), &how, sizeof how);
  if (fd >= 0 || (errno != ENOSYS && errno != EPERM)) {
    close(top);
    return static_cast<int>(fd);
  }
  int at = top;
  for (const auto& part : fs::path(folder)) {
    const int next = openat(at, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    close(at);
    if (next < 0) return -1;
    at = next;
  }
  return at;
}

bool Staging::PlaceOne(const std::string& path, const std::string& bytes,
                       const std::string& unchanged_hash, const std::string& bytes_hash,
                       OldFolder* old_folder, bool* kept, TreeFile* stat, std::string* why) {
  *kept = false;
  const fs::path old = fs::path(out_) / path;
  const std::string folder = FolderOf(path);
  const std::string name = path.substr(folder.empty() ? 0 : folder.size() + 1);
  bool same;
  if (!unchanged_hash.empty()) {
    same = true;  // planned without bytes: the old file is the content
  } else if (auto it = previous_ ? previous_->find(path) : OutputHashes::const_iterator();
             previous_ && it != previous_->end()) {
    // No need to read the old file.
    same = it->second == (bytes_hash.empty() ? ContentHashHex(bytes) : bytes_hash);
  } else {
    same = have_old_ && SameBytesAt(old_folder->fd(), name, bytes);
  }
  if (from_standby_) {
    auto it = standby_index_.find(path);
    if (it != standby_index_.end()) {
      unsigned char untouched = 0;
      if (standby_state_[it->second].compare_exchange_strong(untouched, 1)) {
        const StandbyFile& s = standby_files_[it->second];
        if (same && s.output) {  // the current site's own file, already in place
          *kept = true;
          if (stat) *stat = *s.output;
          return true;
        }
        // Never written through: it may be a link of a file of the current site.
        if (unlinkat(staging_fd_, path.c_str(), 0) != 0 && errno != ENOENT) {
          *why = "cannot replace " + (fs::path(staging_) / path).string() + ": " +
                 std::strerror(errno);
          return false;
        }
      }
    }
  }
  if (same && old_folder->fd() >= 0) {
    // linkat without AT_SYMLINK_FOLLOW would link a symbolic link itself: what was linked is
    // checked to be a regular file (a link planted since the listing is never published).
    // The link changed the file's ctime: it is listed anew.
    TreeFile linked;
    if (linkat(old_folder->fd(), name.c_str(), staging_fd_, path.c_str(), 0) == 0) {
      if (StatTreeFile(staging_fd_, path.c_str(), path, &linked)) {
        *kept = true;
        if (stat) *stat = std::move(linked);
        return true;
      }
      unlinkat(staging_fd_, path.c_str(), 0);
    } else {
      // Another file system or no link support: a copy that keeps the time.
      std::string old_bytes, reason;
      struct stat st;
      if (ReadRegularAt(old_folder->fd(), name, &old_bytes, &st) &&
          WriteBytesAt(staging_fd_, path, old_bytes, &reason)) {
        const struct timespec times[2] = {st.st_atim, st.st_mtim};
        utimensat(staging_fd_, path.c_str(), times, AT_SYMLINK_NOFOLLOW);
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
  if (ok && from_standby_) ok = ClearWayFor(path, &why);
  if (ok && !MakeFoldersOf(path)) {
    why = "cannot create the folder of " + (fs::path(staging_) / path).string() + ": " +
          std::strerror(errno);
    ok = false;
  }
  Placed placed;
  // Hashed once: the caller records it, and PlaceOne compares it with the previous build's.
  const std::string bytes_hash = want_hashes_ ? ContentHashHex(bytes) : std::string();
  if (ok) {
    OldFolder old_folder(this, path);
    ok = PlaceOne(path, bytes, std::string(), bytes_hash, &old_folder, &placed.kept,
                  want_hashes_ ? &placed.file : nullptr, &why);
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
    if (from_standby_ && !ClearWayFor(p, error)) return false;
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
    OldFolder old_folder(this, plan[indices.front()].path);  // the job's one folder
    for (size_t i : indices) {
      bool k = false;
      PlaceOne(plan[i].path, plan[i].bytes, plan[i].unchanged_hash, std::string(), &old_folder, &k,
               committed ? &(*committed)[i] : nullptr, &failures[i]);
      kept[i] = k ? 1 : 0;
    }
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
  if (from_standby_ && !RemoveUnplanned(planned, error)) return false;
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
      const int why = errno;
      *error = "cannot swap " + staging.string() + " and " + out.string() + ": " +
               std::strerror(why) +
               (why == EBUSY    ? " (is it a mount point? build into a folder inside it)"
                : why == EINVAL ? " (the file system cannot exchange two folders atomically)"
                                : "");
      return false;
    }
    committed_ = true;  // the staging name now holds the previous site
    // The previous site, now under the staging name, is the next build's standby tree (a
    // standby name that is taken — by an empty folder a rename replaces — is left alone).
    // Otherwise it is removed: without walking it when its files are known.
    if (rename(staging.c_str(), StandbyFolderOf(out_).c_str()) == 0) {
      // kept
    } else if (previous_) {
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

bool Staging::RemoveUnplanned(const std::set<std::string>& planned, std::string* error) {
  for (size_t i = 0; i < standby_files_.size(); ++i) {
    if (standby_state_[i] != 0) continue;  // placed over, kept or removed
    // Not planned: every planned file was placed, which marks its standby file.
    const std::string& path = standby_files_[i].path;
    if (unlinkat(staging_fd_, path.c_str(), 0) != 0 && errno != ENOENT) {
      *error =
          "cannot remove " + (fs::path(staging_) / path).string() + ": " + std::strerror(errno);
      return false;
    }
    standby_state_[i] = 2;
  }
  // The standby's folders that hold no planned file, deepest first (in reverse order a folder
  // comes after everything under it). One gone already or made a file (ClearWayFor) is fine.
  std::set<std::string> planned_folders;
  for (const auto& p : planned) AddFolderAndParents(FolderOf(p), &planned_folders);
  for (auto it = standby_folders_.rbegin(); it != standby_folders_.rend(); ++it) {
    if (planned_folders.count(*it)) continue;
    if (unlinkat(staging_fd_, it->c_str(), AT_REMOVEDIR) != 0 && errno != ENOENT &&
        errno != ENOTDIR) {
      *error = "cannot remove " + (fs::path(staging_) / *it).string() + ": " + std::strerror(errno);
      return false;
    }
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
