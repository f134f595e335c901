#include "cli/up_to_date.h"

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "base/content_cache.h"
#include "base/file_tree.h"

namespace gg {

std::string PackRecord(const BuildRecord& r) {
  KeyWriter counts;
  counts.Int(r.errors).Int(r.warnings).Int(r.pages).Int(r.files);
  return PackFields({"record/1", counts.text(), r.diagnostics, r.output_listing});
}

std::optional<BuildRecord> UnpackRecord(const std::string& bytes) {
  std::vector<std::string> f;
  if (!UnpackFields(bytes, &f) || f.size() != 4 || f[0] != "record/1") return std::nullopt;
  int64_t n[4];
  if (f[1].size() != sizeof n) return std::nullopt;
  std::memcpy(n, f[1].data(), sizeof n);
  BuildRecord r;
  r.errors = static_cast<int>(n[0]);
  r.warnings = static_cast<int>(n[1]);
  r.pages = static_cast<int>(n[2]);
  r.files = static_cast<int>(n[3]);
  r.diagnostics = std::move(f[2]);
  r.output_listing = std::move(f[3]);
  return r;
}

namespace {

std::string ListingLine(const TreeFile& f) {
  return f.path + ' ' + std::to_string(f.size) + ' ' + std::to_string(f.mtime_ns) + ' ' +
         std::to_string(f.ctime_ns) + ' ' + std::to_string(f.inode);
}

std::string Joined(std::vector<std::string> lines) {
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (const auto& l : lines) out += l + '\n';
  return out;
}

}  // namespace

std::string OutputListing(const std::string& dir) {
  std::vector<TreeFile> files;
  bool inodes_agree;
  TreeExtras extras;
  if (!ListTreeFiles(dir, &files, &inodes_agree, &extras) || !HoldsOnlyFiles(files, extras))
    return "";
  return OutputListingFrom(files);
}

std::string OutputListingFrom(const std::vector<TreeFile>& files, int64_t racy_from_ns) {
  std::vector<std::string> lines;
  lines.reserve(files.size());
  for (const auto& f : files) {
    if (f.path.empty()) return "";
    lines.push_back(ListingLine(f));
    if (racy_from_ns > 0 && f.ctime_ns >= racy_from_ns) lines.back() += " racy";
  }
  return Joined(std::move(lines));
}

int64_t FileClockNowNs() {
  timespec ts{};
  clock_gettime(CLOCK_REALTIME_COARSE, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

int64_t WaitPastNewestChange(const std::vector<TreeFile>& files, int max_wait_ms) {
  int64_t newest = 0;
  for (const auto& f : files) newest = std::max(newest, f.ctime_ns);
  for (int waited = 0; FileClockNowNs() <= newest && waited < max_wait_ms; ++waited)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return FileClockNowNs();
}

}  // namespace gg
