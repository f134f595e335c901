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

const std::vector<CommandDecl>& PricesCommandDecls() {
  static const OptionDecl root = {"--root", "DIR", "project folder (default: the current folder)"};
  static const std::vector<CommandDecl> decls = {
      {"prices add",
       "record one price observation in data/prices.json",
       {root,
        {"--condition", "C", "new or used"},
        {"--region", "R", "US (USD before sales tax), EU (EUR incl. VAT) or CN (CNY incl. VAT)"},
        {"--currency", "X", "the region's currency (default: it)"},
        {"--kind", "K",
         "listing (new, in stock at a shop), sold (a used card's sale), msrp, "
         "quote or estimate"},
        {"--date", "D", "the day the price was seen, YYYY-MM-DD (default: today, UTC)"},
        {"--source", "TEXT", "the shop, marketplace or publication and the product's name"},
        {"--url", "URL", "the page the price was seen on (required unless --kind estimate)"},
        {"--note", "TEXT", "anything a reviewer needs (a lot divided by its card count …)"},
        {"--estimate-method", "M", "estimates only: how it was made (data/README.md)"},
        {"--evidence-url", "URL", "estimates only: the evidence it rests on"},
        {"--evidence-date", "D", "estimates only: the date of that evidence"}},
       "GPU PRICE",
       "  Validates the observation like the loader (did-you-mean for ids and names), refuses a\n"
       "  duplicate, warns when PRICE is more than 35 % from the current price, inserts it after\n"
       "  the card's other observations without touching the rest of the file, then prints what\n"
       "  it changes: current prices, rank moves, picks and flowchart leaves.\n"},
      {"prices remove",
       "remove one price observation from data/prices.json (the inverse of add)",
       {root,
        {"--date", "D", "the observation's date"},
        {"--condition", "C", "its condition"},
        {"--region", "R", "its region"}},
       "GPU PRICE",
       "  Exactly one observation must match.\n"},
      {"prices import",
       "add every row of a price CSV to data/prices.json, or none",
       {root},
       "FILE.csv",
       "  Header: gpu,condition,region,currency,price,kind,date,source,url,note,estimate_method,\n"
       "  evidence_url,evidence_date (data/README.md). Every bad row is reported as\n"
       "  FILE:line:col in one run and nothing is written; duplicates (of the file or of\n"
       "  prices.json) are bad rows.\n"},
      {"prices status",
       "each card's current price per condition and region, its basis and age",
       {root,
        {"--region", "R", "only this region (US, EU, CN)"},
        {"--stale", "", "only stale prices"},
        {"--fail-stale", "", "exit 1 when a price is stale (for a scheduled CI check)"},
        {"--as-of", "D", "the day ages are counted to (default: today, UTC)"}},
       "",
       "  Basis: n sourced (market: listings, sales, quotes; msrp: list prices) or estimate.\n"
       "  A price is stale when its evidence (newest observation, or an estimate's\n"
       "  evidence_date) is older than price_stale_days (assumptions.json) on the --as-of day;\n"
       "  the pages count from the newest observation in the data instead.\n"}};
  return decls;
}

}  // namespace gg
