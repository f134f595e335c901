#include "base/content_cache.h"

#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file_tree.h"
#include "base/files.h"
#include "base/text.h"
#include "base/write_at.h"

namespace gg {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kFormat = "gpuguide-cache/1";
constexpr std::string_view kEntryMagic = "GGC1 ";

std::string Hex128(XXH128_hash_t h) {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(h.high64),
                static_cast<unsigned long long>(h.low64));
  return buf;
}

bool IsHexName(const std::string& name) {
  if (name.size() != 32) return false;
  for (char c : name)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

// Removes the cache's own files (entries and temporary files) under dir; nothing else.
void RemoveOwnEntries(const std::string& dir) {
  std::error_code ec;
  for (fs::directory_iterator kinds(dir, ec), end; !ec && kinds != end; kinds.increment(ec)) {
    if (!kinds->is_directory(ec) || kinds->is_symlink(ec)) continue;
    for (fs::directory_iterator it(kinds->path(), ec); !ec && it != end; it.increment(ec)) {
      const std::string name = it->path().filename().string();
      if (it->is_regular_file(ec) && (IsHexName(name) || name.find(".tmp.") != std::string::npos))
        fs::remove(it->path(), ec);
    }
  }
}

// Writes `parts` to `dir`/`sub`/`name` (`sub` created when missing; "" for `dir` itself) by
// way of a temporary file `tmp` renamed over it: a reader sees the whole file or the old one.
// Nothing is followed through a link (base/write_at.h): `dir` is opened without following its
// own last component, `sub` likewise, so a link in the cache sends nothing elsewhere. Nothing
// waits for the disk (a lost entry or hint only costs a miss or a recount). False when any
// step fails.
bool WriteThenRename(const std::string& dir, const std::string& sub, const std::string& tmp,
                     const std::string& name, std::initializer_list<std::string_view> parts) {
  const int dir_fd = OpenFolderAt(AT_FDCWD, dir, false);
  if (dir_fd < 0) return false;
  const int sub_fd = sub.empty() ? dir_fd : OpenFolderAt(dir_fd, sub, true);
  std::string error;
  const bool ok = sub_fd >= 0 && WriteFileAt(sub_fd, tmp, name, parts, false, 0644, &error);
  if (sub_fd >= 0 && sub_fd != dir_fd) close(sub_fd);
  close(dir_fd);
  return ok;
}

// The recorded size (SIZE): only a hint, an upper bound that a lost write makes a listing
// correct.
void WriteSizeHint(const std::string& dir, int64_t bytes) {
  WriteThenRename(dir, "", "SIZE.tmp." + std::to_string(::getpid()), "SIZE",
                  {std::to_string(bytes) + "\n"});
}

}  // namespace

std::string ContentHashHex(std::string_view bytes) {
  return Hex128(XXH3_128bits(bytes.data(), bytes.size()));
}

KeyWriter& KeyWriter::Str(std::string_view s) {
  Int(static_cast<int64_t>(s.size()));
  text_.append(s);
  return *this;
}

KeyWriter& KeyWriter::Num(double v) {
  char bytes[sizeof v];
  std::memcpy(bytes, &v, sizeof v);
  text_.append(bytes, sizeof v);
  return *this;
}

KeyWriter& KeyWriter::Int(int64_t v) {
  char bytes[sizeof v];
  std::memcpy(bytes, &v, sizeof v);
  text_.append(bytes, sizeof v);
  return *this;
}

std::string PackFields(const std::vector<std::string_view>& fields) {
  // KeyWriter's layout, in a buffer sized once (an index entry is ~1 MB).
  size_t total = sizeof(int64_t);
  for (auto f : fields) total += sizeof(int64_t) + f.size();
  std::string out;
  out.reserve(total);
  auto put_int = [&](int64_t v) {
    char bytes[sizeof v];
    std::memcpy(bytes, &v, sizeof v);
    out.append(bytes, sizeof v);
  };
  put_int(static_cast<int64_t>(fields.size()));
  for (auto f : fields) {
    put_int(static_cast<int64_t>(f.size()));
    out.append(f);
  }
  return out;
}

bool UnpackFieldViews(std::string_view bytes, std::vector<std::string_view>* fields) {
  fields->clear();
  auto read_int = [&](int64_t* v) {
    if (bytes.size() < sizeof *v) return false;
    std::memcpy(v, bytes.data(), sizeof *v);
    bytes.remove_prefix(sizeof *v);
    return true;
  };
  int64_t n = 0;
  if (!read_int(&n) || n < 0 || n > 1 << 20) return false;
  for (int64_t i = 0; i < n; ++i) {
    int64_t len = 0;
    if (!read_int(&len) || len < 0 || static_cast<uint64_t>(len) > bytes.size()) return false;
    fields->push_back(bytes.substr(0, static_cast<size_t>(len)));
    bytes.remove_prefix(static_cast<size_t>(len));
  }
  return bytes.empty();
}

bool UnpackFields(std::string_view bytes, std::vector<std::string>* fields) {
  fields->clear();
  std::vector<std::string_view> views;
  if (!UnpackFieldViews(bytes, &views)) return false;
  fields->assign(views.begin(), views.end());
  return true;
}

std::unique_ptr<ContentCache> ContentCache::Open(const std::string& dir,
                                                 const std::string& identity,
                                                 std::string* warning) {
  warning->clear();
  if (identity.empty()) {
    *warning = "cannot read the gpuguide executable to identify its cache; building without it";
    return nullptr;
  }
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec)) {
    *warning = "cannot create the cache folder " + dir + "; building without it";
    return nullptr;
  }
  // Entries are written without following a link (WriteThenRename): the folder itself must
  // not be one, and a link among its folders is named (nothing is written through it).
  if (const int fd = OpenFolderAt(AT_FDCWD, dir, false); fd >= 0) {
    close(fd);
  } else {
    *warning = "cannot use the cache folder " + dir + ": " +
               (errno == ELOOP || errno == ENOTDIR
                    ? std::string("it is a symbolic link, and nothing is written through a link")
                    : std::string(std::strerror(errno))) +
               "; building without it";
    return nullptr;
  }
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (!it->is_symlink(ec)) continue;
    if (!warning->empty()) *warning += "\ngpuguide: warning: ";
    *warning += "the cache folder " + dir + " holds a symbolic link, " +
                it->path().filename().string() +
                "; nothing is written through it (remove the link)";
  }
  const std::string expected = std::string(kFormat) + "\n" + identity + "\n";
  const std::string format_file = dir + "/FORMAT";
  std::string found;
  if (ReadWholeFile(format_file, &found) && found != expected) {
    *warning = found.rfind(std::string(kFormat) + "\n", 0) == 0
                   ? "the cache in " + dir +
                         " was written by another build of gpuguide; it is ignored and "
                         "replaced (this build is cold)"
                   : "the cache in " + dir +
                         " is not a gpuguide cache of this format; it is "
                         "ignored and replaced (this build is cold)";
    RemoveOwnEntries(dir);
    std::error_code removed;
    fs::remove(dir + "/SIZE", removed);  // it counted the removed entries
  }
  if (found != expected) {
    std::string error;
    if (!ReplaceFileAtomically(format_file, expected, &error)) {
      *warning = "cannot write the cache folder " + dir + " (" + error + "); building without it";
      return nullptr;
    }
  }
  return std::unique_ptr<ContentCache>(new ContentCache(dir));
}

std::string ContentCache::PathOf(std::string_view kind, std::string_view key) const {
  return dir_ + "/" + std::string(kind) + "/" + std::string(key);
}

std::optional<std::string> ContentCache::Get(std::string_view kind, std::string_view key) {
  std::string bytes;
  if (!ReadWholeFile(PathOf(kind, key), &bytes)) {
    ++misses_;
    return std::nullopt;
  }
  // "GGC1 " + 32 hex digits of the payload's hash + "\n" + payload.
  const size_t header = kEntryMagic.size() + 33;
  if (bytes.size() < header || bytes.compare(0, kEntryMagic.size(), kEntryMagic) != 0 ||
      bytes[header - 1] != '\n' ||
      bytes.compare(kEntryMagic.size(), 32,
                    ContentHashHex(std::string_view(bytes).substr(header))) != 0) {
    ++corrupt_;
    ++misses_;
    return std::nullopt;
  }
  ++hits_;
  Used(kind, key);
  bytes.erase(0, header);
  return bytes;
}

void ContentCache::Used(std::string_view kind, std::string_view key) {
  std::string name;
  name.reserve(kind.size() + 1 + key.size());
  name.append(kind).append("/").append(key);
  std::lock_guard<std::mutex> lock(used_mu_);
  used_.insert(std::move(name));
}

void ContentCache::Put(std::string_view kind, std::string_view key, std::string_view bytes) {
  const std::string name(key);
  const std::string tmp =
      name + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(temp_counter_++);
  if (!WriteThenRename(dir_, std::string(kind), tmp, name,
                       {kEntryMagic, ContentHashHex(bytes), "\n", bytes}))
    return;
  ++writes_;
  written_bytes_ += static_cast<int64_t>(bytes.size() + kEntryMagic.size() + 33);
  Used(kind, key);
}

CacheTrim ContentCache::Trim(int64_t limit_bytes) {
  CacheTrim trim;
  const int64_t written = written_bytes_.exchange(0);
  if (written == 0) return trim;
  const std::string size_file = dir_ + "/SIZE";
  std::string text;
  int64_t recorded = -1;
  if (ReadWholeFile(size_file, &text)) {
    char* end = nullptr;
    const long long v = std::strtoll(text.c_str(), &end, 10);
    if (end != text.c_str() && *end == '\n' && v >= 0) recorded = v;
  }
  if (recorded >= 0 && recorded + written <= limit_bytes) {
    WriteSizeHint(dir_, recorded + written);
    return trim;
  }
  // List the entries: kind/<32 hex digits> (and kind/*.tmp.*, a killed build's leftovers).
  std::vector<TreeFile> files;
  ListTreeFiles(dir_, &files);  // an unreadable subfolder: trim what could be listed
  const int64_t now_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                             std::chrono::system_clock::now().time_since_epoch())
                             .count();
  constexpr int64_t kHourNs = int64_t{3600} * 1000 * 1000 * 1000;
  std::vector<const TreeFile*> removable;
  std::error_code ec;
  for (const TreeFile& f : files) {
    const size_t slash = f.path.find('/');
    if (slash == std::string::npos || f.path.find('/', slash + 1) != std::string::npos) continue;
    const std::string leaf = f.path.substr(slash + 1);
    if (leaf.find(".tmp.") != std::string::npos) {
      if (now_ns - f.mtime_ns > kHourNs && fs::remove(dir_ + "/" + f.path, ec)) ++trim.removed;
      continue;
    }
    if (!IsHexName(leaf)) continue;
    trim.bytes_before += f.size;
    if (!used_.count(f.path)) removable.push_back(&f);
  }
  trim.listed = true;
  trim.bytes_after = trim.bytes_before;
  if (trim.bytes_before > limit_bytes) {
    // Oldest first; the path breaks ties, so the same folder is always trimmed the same way.
    std::sort(removable.begin(), removable.end(), [](const TreeFile* a, const TreeFile* b) {
      return a->mtime_ns != b->mtime_ns ? a->mtime_ns < b->mtime_ns : a->path < b->path;
    });
    const int64_t target = limit_bytes - limit_bytes / 4;
    for (const TreeFile* f : removable) {
      if (trim.bytes_after <= target) break;
      if (!fs::remove(dir_ + "/" + f->path, ec)) continue;
      trim.bytes_after -= f->size;
      ++trim.removed;
    }
  }
  WriteSizeHint(dir_, trim.bytes_after);
  return trim;
}

CacheStats ContentCache::Stats() const {
  return {hits_.load(), misses_.load(), writes_.load(), corrupt_.load()};
}

}  // namespace gg
