#include "cli/command_decls.h"

#include "cli/cache_option.h"

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
       NoCacheOption(),
       CacheLimitOption()},
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

const CommandDecl& DiffCommandDecl() {
  static const CommandDecl decl = {
      "diff",
      "show what changed between two built sites, page by page",
      {},
      "OLD_SITE NEW_SITE",
      "  Prints the files added, removed and changed between two builds, and for each\n"
      "  changed page the visible lines (table rows, paragraphs) that changed.\n"
      "  To see what a change to the sources means, use gpuguide review.\n"};
  return decl;
}

}  // namespace gg
