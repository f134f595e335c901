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

std::string OutputListing(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return "";
  std::vector<std::string> lines;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_symlink(ec) || !it->is_regular_file(ec)) continue;
    struct stat st;
    if (::lstat(it->path().c_str(), &st) != 0) return "";
    const long long mtime_ns =
        static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
    lines.push_back(it->path().lexically_relative(dir).generic_string() + ' ' +
                    std::to_string(st.st_size) + ' ' + std::to_string(mtime_ns) + ' ' +
                    std::to_string(st.st_ino));
  }
  if (ec) return "";
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (const auto& l : lines) out += l + '\n';
  return out;
}

}  // namespace gg
