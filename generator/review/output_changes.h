// The output section of a review: which built files changed, grouped by the input changes
// that reached them (the dependency keys each page recorded, compared between the sides),
// the first page of each group word by word, with repeated boilerplate (the "prices as of" date in
// every footer, content hashes in asset names) collapsed into one line.
#pragma once

#include <string>
#include <vector>

#include "review/report.h"
#include "review/snapshot.h"

namespace gg {

// True when `before` → `after` is a date-only edit: the two lines are equal once their dates
// are masked ("2026-11-01",
// "November 1, 2026", "1 novembre 2026", "2026年11月1日"). A price edit ("$1,999" →
// "$2,099") is not one.
bool IsDateOnlyChange(const std::string& before, const std::string& after);

// True when two files differ only in content-hashed asset names (style.d31909f72e.css).
bool DiffersOnlyInAssetHashes(const std::string& before, const std::string& after);

// The changed blocks of a page's visible text, word by word: each paragraph, heading or list
// item changed as words with context; a table row as its changed cells by column name; a
// block removed or added whole as its text. What a group's example page shows.
std::vector<TextChange> PageChanges(const std::string& before_html, const std::string& after_html);

// Fills report->output_* and report->charts from the two builds. Needs report->records,
// prices, ranks, picks, answers and content already filled: they name the causes.
void CompareOutput(const Snapshot& before, const Snapshot& after, Report* report);

}  // namespace gg
