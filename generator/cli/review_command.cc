#include "cli/review_command.h"

#include <cstdlib>
#include <iostream>
#include <memory>

#include "base/suggest.h"
#include "cli/cache_option.h"
#include "review/render.h"
#include "review/review.h"

namespace gg {

const CommandDecl& ReviewCommandDecl() {
  static const CommandDecl decl = {
      "review",
      "what a change to data or content means: prices, ranks, picks, translations",
      {{"--head", "REF", "review a revision instead of the working tree"},
       {"--format", "F",
        "text (default), markdown (a pull-request comment under 60,000 characters) or json"},
       {"--root", "DIR", "the git checkout (default: the current folder)"},
       {"--jobs", "N", "render each side with N threads (default: one per core)"},
       {"--threshold", "PCT",
        "smallest relative move of a VRAM, tok/s, price or break-even answer reported "
        "(default 2)"},
       {"--thumbnails", "DIR", "write before/after PNGs of changed charts to DIR"},
       {"--thumbnails-url", "URL", "prefix of the thumbnail links in the Markdown"},
       CacheOption(),
       NoCacheOption()},
      "[BASE]",
      "  What the change from BASE (default: the merge-base of HEAD with the default branch:\n"
      "  origin/HEAD, main or master) to the working tree or REF means: data records, current\n"
      "  prices and the observations behind them, rank moves, persona picks and flowchart\n"
      "  leaves, LLM fit / VRAM / tok/s and break-even answers, content and translations, new\n"
      "  diagnostics, then the output files grouped by cause. Both sides are built in memory,\n"
      "  reusing the build cache (ROOT/.cache) for what the change does not reach; the working\n"
      "  tree and site/ are not touched. JSON schema: generator/review/README.md.\n"
      "  Exit status: 0 the head builds clean, 1 it has errors, 2 the review could not run.\n"};
  return decl;
}

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
  std::unique_ptr<ContentCache> cache;
  if (!OpenCacheDir(o.root, CacheDirOf(f, o.root), &cache, err)) return 2;
  o.cache = cache.get();
  Report report;
  if (!RunReview(o, &report, &error)) {
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
