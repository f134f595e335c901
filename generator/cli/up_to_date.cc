#include "cli/up_to_date.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <vector>

#include "base/content_cache.h"

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

std::string ListingLine(const std::string& rel, const struct stat& st) {
  const long long mtime_ns =
      static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
  return rel + ' ' + std::to_string(st.st_size) + ' ' + std::to_string(mtime_ns) + ' ' +
         std::to_string(st.st_ino);
}

std::string Joined(std::vector<std::string> lines) {
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (const auto& l : lines) out += l + '\n';
  return out;
}

}  // namespace

std::string OutputListing(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return "";
  std::vector<std::string> lines;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_symlink(ec) || !it->is_regular_file(ec)) continue;
    struct stat st;
    if (::lstat(it->path().c_str(), &st) != 0) return "";
    lines.push_back(ListingLine(it->path().lexically_relative(dir).generic_string(), st));
  }
  if (ec) return "";
  return Joined(std::move(lines));
}

std::string OutputListingOf(const std::string& dir, const std::vector<std::string>& paths) {
  std::vector<std::string> lines;
  for (const auto& rel : paths) {
    struct stat st;
    if (::lstat((dir + "/" + rel).c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return "";
    lines.push_back(ListingLine(rel, st));
  }
  return Joined(std::move(lines));
}

}  // namespace gg
