#include "base/path_policy.h"

#include <sys/stat.h>

#include <filesystem>

namespace gg {
namespace fs = std::filesystem;

namespace {

// The absolute path with every existing symbolic link resolved (the part that does not exist
// yet is appended as written, normalised).
fs::path Resolved(const std::string& p) {
  std::error_code ec;
  fs::path abs = fs::absolute(p, ec).lexically_normal();
  fs::path r = fs::weakly_canonical(abs, ec);
  if (ec) r = abs;
  if (!r.empty() && r.filename().empty()) r = r.parent_path();  // drop a trailing '/'
  return r;
}

// Whether `inner` is `outer` or lies below it (both resolved).
bool IsWithin(const fs::path& inner, const fs::path& outer) {
  auto i = inner.begin();
  for (auto o = outer.begin(); o != outer.end(); ++o, ++i) {
    if (i == inner.end() || *i != *o) return false;
  }
  return true;
}

}  // namespace

std::string CheckOutputFolder(const std::string& root, const std::string& out) {
  fs::path r = Resolved(root), o = Resolved(out);
  if (o == r) return "the output folder is the project folder itself";
  if (IsWithin(r, o)) return "the output folder contains the project folder";
  for (const char* name : kInputFolders) {
    fs::path in = Resolved((fs::path(root) / name).string());
    if (o == in) return std::string("the output folder is the input folder ") + name + "/";
    if (IsWithin(o, in))
      return std::string("the output folder lies inside the input folder ") + name + "/";
  }
  return "";
}

namespace {

// Whether some component of rel, below root, is a symbolic link (lstat of each prefix). A
// missing component ends the walk: such a path is reported by whoever reads it.
bool HasLinkBelowRoot(const std::string& root, const std::string& rel) {
  std::string path = root;
  for (size_t start = 0;;) {
    const size_t slash = rel.find('/', start);
    path += '/';
    path.append(rel, start, slash == std::string::npos ? std::string::npos : slash - start);
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0) return false;
    if (S_ISLNK(st.st_mode)) return true;
    if (slash == std::string::npos) return false;
    start = slash + 1;
  }
}

}  // namespace

InputPathStatus CheckInputPath(const std::string& root, const std::string& rel) {
  // A plain relative path none of whose components is a link lies inside root, whatever root
  // itself resolves to: a few lstat calls instead of resolving every component of both
  // absolute paths (realpath's readlink per component), for each of the ~800 files a build
  // reads.
  if (IsPlainRelativePath(rel) && !HasLinkBelowRoot(root, rel)) return InputPathStatus::kOk;
  std::error_code ec;
  fs::path p = fs::path(root) / rel;
  if (!fs::exists(fs::symlink_status(p, ec))) return InputPathStatus::kOk;
  fs::path target = fs::canonical(p, ec);
  if (ec) return InputPathStatus::kBroken;  // ELOOP, dangling link, unreadable component
  fs::path r = fs::canonical(root, ec);
  if (ec) return InputPathStatus::kOk;
  return IsWithin(target, r) ? InputPathStatus::kOk : InputPathStatus::kLeavesProject;
}

bool IsPlainRelativePath(const std::string& rel) {
  if (rel.empty() || rel[0] == '/') return false;
  size_t start = 0;
  while (true) {
    size_t slash = rel.find('/', start);
    std::string part =
        rel.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (part.empty() || part == "." || part == "..") return false;
    if (slash == std::string::npos) return true;
    start = slash + 1;
  }
}

}  // namespace gg
