#include "review/git_tree.h"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace gg {
namespace fs = std::filesystem;

namespace {

std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs a shell command; stdout into *out, stderr (merged by the caller) for messages.
int RunCommand(const std::string& command, std::string* out) {
  out->clear();
  FILE* p = popen(command.c_str(), "r");
  if (!p) return -1;
  std::array<char, 65536> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) out->append(buf.data(), n);
  int status = pclose(p);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

bool IsRevisionName(const std::string& s) {
  if (s.empty() || s[0] == '-') return false;
  for (char c : s)
    if (c == ' ' || c == '\'' || c == '"' || c == '\\' || c == '`' || c == '$' || c == ';')
      return false;
  return true;
}

}  // namespace

TempDir::TempDir() {
  const char* tmp = std::getenv("TMPDIR");
  std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/gpuguide-review-XXXXXX";
  if (mkdtemp(templ.data())) path_ = templ;
}

TempDir::~TempDir() {
  if (path_.empty()) return;
  std::error_code ec;
  fs::remove_all(path_, ec);
}

bool RunGit(const std::string& root, const std::string& args, std::string* out,
            std::string* error) {
  std::string text;
  int rc = RunCommand("git -C " + ShellQuote(root) + " " + args + " 2>&1", &text);
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  if (rc != 0) {
    *error = "git " + args + ": " + (text.empty() ? "failed" : text);
    return false;
  }
  *out = text;
  return true;
}

bool ResolveRevision(const std::string& root, const std::string& name, std::string* commit,
                     std::string* error) {
  if (!IsRevisionName(name)) {
    *error = "'" + name + "' is not a revision name";
    return false;
  }
  if (!RunGit(root, "rev-parse --verify --quiet " + ShellQuote(name + "^{commit}"), commit,
              error)) {
    *error = "unknown revision '" + name + "' in " + root;
    return false;
  }
  return true;
}

bool DefaultBase(const std::string& root, std::string* rev, std::string* error) {
  std::string branch, ignored;
  if (!RunGit(root, "symbolic-ref --quiet --short refs/remotes/origin/HEAD", &branch, &ignored)) {
    branch.clear();
    for (const char* b : {"main", "master", "origin/main", "origin/master"}) {
      std::string c;
      if (RunGit(root, std::string("rev-parse --verify --quiet ") + b + "^{commit}", &c,
                 &ignored)) {
        branch = b;
        break;
      }
    }
  }
  if (branch.empty()) {
    *error = "no default branch (origin/HEAD, main or master) in " + root +
             "; give the base revision: gpuguide review BASE";
    return false;
  }
  if (!RunGit(root, "merge-base HEAD " + ShellQuote(branch), rev, error)) {
    *error = "no merge-base of HEAD and " + branch + ": " + *error;
    return false;
  }
  return true;
}

bool ExportRevision(const std::string& root, const std::string& commit, const std::string& dir,
                    std::string* error) {
  if (!IsRevisionName(commit)) {
    *error = "'" + commit + "' is not a revision name";
    return false;
  }
  // Two steps rather than a pipe: /bin/sh has no pipefail, and a failed archive must not
  // pass for an empty tree.
  std::string tar = dir + "/.gpuguide-revision.tar", out;
  int rc = RunCommand("git -C " + ShellQuote(root) + " archive --format=tar -o " + ShellQuote(tar) +
                          " " + ShellQuote(commit) + " 2>&1 && tar -x -f " + ShellQuote(tar) +
                          " -C " + ShellQuote(dir) + " 2>&1",
                      &out);
  std::error_code ec;
  fs::remove(tar, ec);
  if (rc != 0) {
    while (!out.empty() && out.back() == '\n') out.pop_back();
    *error = "could not read revision " + commit + " with git archive: " + out;
    return false;
  }
  return true;
}

}  // namespace gg
