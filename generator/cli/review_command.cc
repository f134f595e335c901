#include "cli/review_command.h"

#include <cstdlib>
#include <iostream>
#include <memory>

#include "base/suggest.h"
#include "cli/cache_option.h"
#include "cli/command_decls.h"
#include "review/render.h"
#include "review/review.h"

namespace gg {

int RunReviewCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const CommandDecl& decl = ReviewCommandDecl();
  ParsedArgs f;
  std::string error;
  if (!ParseCommandLine(decl, args, 1, &f, &error)) {
    err << "gpuguide: error: " << error << "\n" << CommandHelp(decl);
    return 2;
  }
  if (f.Has("--help")) {
    out << CommandHelp(decl);
    return 0;
  }
  ReviewOptions o;
  o.root = f.Or("--root", ".");
  o.head = f.Or("--head", "");
  std::string format = f.Or("--format", "text");
  if (format != "text" && format != "markdown" && format != "json") {
    std::string hint = DidYouMean(format, {"text", "markdown", "json"});
    err << "gpuguide: error: --format takes text, markdown or json, not '" << format << "'"
        << (hint.empty() ? "" : "; " + hint) << "\n";
    return 2;
  }
  if (const std::string* jobs = f.Last("--jobs")) {
    long n = 0;
    if (!ParseIntOption(*jobs, 1, 256, &n)) {
      err << "gpuguide: error: --jobs takes a whole number from 1 to 256, not '" << *jobs << "'\n";
      return 2;
    }
    o.jobs = static_cast<int>(n);
  }
  if (const std::string* t = f.Last("--threshold")) {
    char* end = nullptr;
    double pct = std::strtod(t->c_str(), &end);
    if (t->empty() || *end || !(pct >= 0 && pct <= 1000)) {
      err << "gpuguide: error: --threshold takes a percentage from 0 to 1000, not '" << *t << "'\n";
      return 2;
    }
    o.thresholds.relative = pct / 100;
  }
  o.thumbnails_dir = f.Or("--thumbnails", "");
  std::string thumbnails_url = f.Or("--thumbnails-url", "");
  if (f.positional.size() > 1) {
    err << "gpuguide: error: review takes one base revision, not " << f.positional.size() << "\n"
        << CommandHelp(decl);
    return 2;
  }
  if (!f.positional.empty()) o.base = f.positional[0];
  int64_t cache_limit = 0;
  if (!CacheLimitOf(f, &cache_limit, err)) return 2;
  std::unique_ptr<ContentCache> cache;
  if (!OpenCacheDir(o.root, CacheDirOf(f, o.root), &cache, err)) return 2;
  o.cache = cache.get();
  Report report;
  const bool reviewed = RunReview(o, &report, &error);
  // Both sides' entries were kept: the cache is held to its limit as after a build.
  if (cache) cache->Trim(cache_limit);
  if (!reviewed) {
    err << "gpuguide: error: " << error << "\n";
    return 2;
  }
  if (format == "markdown")
    out << RenderReviewMarkdown(report, thumbnails_url);
  else if (format == "json")
    out << RenderReviewJson(report);
  else
    out << RenderReviewText(report);
  return report.HeadFails() ? 1 : 0;
}

}  // namespace gg
