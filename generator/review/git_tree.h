// Reading another revision of the project with git, without touching the working tree:
// `git archive REV | tar -x` into a private temporary folder that is removed afterwards.
#pragma once

#include <string>

namespace gg {

// A temporary folder (under $TMPDIR or /tmp), removed with everything in it on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  bool ok() const { return !path_.empty(); }

 private:
  std::string path_;
};

// Runs `git -C root <args>` and returns its standard output (trailing newline removed) in
// *out. False, with git's message in *error, when git fails or is missing.
bool RunGit(const std::string& root, const std::string& args, std::string* out, std::string* error);

// The revision a review compares against when none is given: the merge-base of HEAD with the
// default branch (origin/HEAD's target, else main, else master). False with a message when
// root is not a git checkout or none of those branches exists.
bool DefaultBase(const std::string& root, std::string* rev, std::string* error);

// The full commit id of a revision name ("main", "HEAD~1", a hash), or false with a message.
bool ResolveRevision(const std::string& root, const std::string& name, std::string* commit,
                     std::string* error);

// Writes the tree of `commit` (its tracked files as committed) into dir, which must exist.
bool ExportRevision(const std::string& root, const std::string& commit, const std::string& dir,
                    std::string* error);

}  // namespace gg
