#include "cli/up_to_date.h"

#include <algorithm>
#include <cstring>
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

std::string OutputListingFrom(const std::vector<TreeFile>& files) {
  std::vector<std::string> lines;
  lines.reserve(files.size());
  for (const auto& f : files) {
    if (f.path.empty()) return "";
    lines.push_back(ListingLine(f));
  }
  return Joined(std::move(lines));
}

}  // namespace gg
