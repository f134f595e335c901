#include "base/files.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/text.h"

namespace gg {
namespace fs = std::filesystem;

bool ReadWholeFile(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  *out = ss.str();
  return !in.bad();
}

bool ReadInputFile(const std::string& root, const std::string& rel, std::string* out,
                   Diagnostics* diags, bool check_text) {
  fs::path p = fs::path(root) / rel;
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) {
    diags->Error({rel, 0, 0}, "cannot read file: it does not exist or is not a regular file");
    return false;
  }
  if (!ReadWholeFile(p.string(), out)) {
    diags->Error({rel, 0, 0}, "cannot read file");
    return false;
  }
  if (!check_text) return true;
  if (out->empty()) {
    diags->Error({rel, 1, 1}, "file is empty");
    return false;
  }
  if (StartsWith(*out, "\xEF\xBB\xBF")) {
    diags->Error({rel, 1, 1}, "file starts with a UTF-8 byte-order mark",
                 "save it as UTF-8 without BOM");
    return false;
  }
  size_t bad = FindInvalidUtf8(*out);
  if (bad != std::string::npos) {
    int line, col;
    LineColOf(*out, bad, &line, &col);
    diags->Error({rel, line, col}, "invalid UTF-8 byte sequence", "save the file as UTF-8");
    return false;
  }
  return true;
}

std::vector<std::string> ListFiles(const std::string& root, const std::string& dir) {
  std::vector<std::string> out;
  fs::path base = fs::path(root) / dir;
  std::error_code ec;
  if (!fs::is_directory(base, ec)) return out;
  for (auto it = fs::recursive_directory_iterator(base, ec);
       it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    std::string name = it->path().filename().string();
    if (!name.empty() && name[0] == '.') {
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file()) {
      out.push_back(fs::relative(it->path(), root).generic_string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool FileExists(const std::string& path) {
  std::error_code ec;
  return fs::exists(path, ec);
}

}  // namespace gg
