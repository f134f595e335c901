// The gpuguide command line. Exit codes: 0 success, 1 problems in the input (every problem
// printed first, as file:line:col), 2 a bad command line (usage printed, with a did-you-mean
// for a mistyped command or flag).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "base/content_cache.h"
#include "site/build.h"

namespace gg {

// args excludes the program name. out/err receive normal output and diagnostics.
// `is_tty` turns on the one-line summary at the end of a build.
// Runs every command in this process (cli/in_process.cc): the tests, gpuguide-serve and
// gpuguide-review use it.
int RunCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, bool is_tty);

// The commands whose libraries the build does not need: `diff` / `review` / `prices` (libxml2,
// librsvg; `serve` goes with them, cli/http_server.h). Loading those ~20 shared libraries costs
// about 22 ms of dynamic linking per run, a third of a no-change build, so the gpuguide executable
// leaves them out and runs these commands by executing a sibling (generator/main.cc), as git runs
// git-<command>. Every runner gets the whole argument list, the command name first.
using CommandRunner = int (*)(const std::vector<std::string>& args, std::ostream& out,
                              std::ostream& err);
struct SeparateCommands {
  CommandRunner serve;
  CommandRunner diff;
  CommandRunner review;
  CommandRunner prices;
};
// RunCli with those three commands handed to `separate`; the others run here.
int RunCommandLine(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                   bool is_tty, const SeparateCommands& separate);

// What `build`, `check` and `serve` ask of the pipeline, once their command line is parsed.
struct BuildRequest {
  BuildOptions options;
  bool write = true;     // false: check only
  std::string out_dir;   // where the site is committed (write only)
  bool verbose = false;  // phase timings and word counts
  bool tty = false;      // the one-line summary
  // Drawings of earlier builds are read from and kept in this folder (base/content_cache.h);
  // empty: a cold build that leaves no cache.
  std::string cache_dir;
  // After the build the cache is trimmed to this many bytes (ContentCache::Trim).
  int64_t cache_limit = kDefaultCacheLimitBytes;
};

// Runs the pipeline (site/build.h) and, when req.write, commits the site to req.out_dir
// (write/commit_site.h). Prints diagnostics to err. Exit code as for RunCli.
int RunBuild(const BuildRequest& req, std::ostream& out, std::ostream& err);

}  // namespace gg
