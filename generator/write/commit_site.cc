#include "write/commit_site.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "base/files.h"

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

bool WriteBytes(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  return static_cast<bool>(out);
}

}  // namespace

bool CommitSite(const std::string& out_dir, const std::vector<OutputFile>& plan, CommitStats* stats,
                std::string* error) {
  *stats = {};
  fs::path out = fs::absolute(out_dir).lexically_normal();
  if (out.filename().empty()) out = out.parent_path();
  fs::path staging = out.parent_path() / ("." + out.filename().string() + ".staging");
  std::error_code ec;
  fs::create_directories(out.parent_path(), ec);
  fs::remove_all(staging, ec);
  if (ec) {
    *error = "cannot remove stale staging folder " + staging.string() + ": " + ec.message();
    return false;
  }
  fs::create_directories(staging, ec);
  if (ec) {
    *error = "cannot create staging folder " + staging.string() + ": " + ec.message();
    return false;
  }
  std::set<std::string> planned;
  for (const auto& f : plan) {
    if (!SafeRelative(f.path) || !planned.insert(f.path).second) {
      *error = "invalid or duplicate output path '" + f.path + "'";
      fs::remove_all(staging, ec);
      return false;
    }
    fs::path target = staging / f.path;
    fs::create_directories(target.parent_path(), ec);
    fs::path old = out / f.path;
    std::string previous;
    bool same = fs::is_regular_file(old, ec) && fs::file_size(old, ec) == f.bytes.size() &&
                ReadWholeFile(old.string(), &previous) && previous == f.bytes;
    if (same) {
      fs::create_hard_link(old, target, ec);
      if (!ec) {
        ++stats->unchanged;
        continue;
      }
      // Another file system or no link support: fall back to a copy that keeps the time.
      fs::copy_file(old, target, fs::copy_options::overwrite_existing, ec);
      if (!ec) {
        fs::last_write_time(target, fs::last_write_time(old, ec), ec);
        ++stats->unchanged;
        continue;
      }
    }
    if (!WriteBytes(target, f.bytes)) {
      *error = "cannot write " + target.string();
      fs::remove_all(staging, ec);
      return false;
    }
    ++stats->written;
  }
  if (fs::is_directory(out, ec)) {
    for (auto it = fs::recursive_directory_iterator(out, ec);
         it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it->is_regular_file() && !planned.count(fs::relative(it->path(), out).generic_string()))
        ++stats->removed;
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
