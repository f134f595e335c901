// `gpuguide review`: what a change to the guide's sources means. Builds the base revision
// (read with git into a private temporary folder) and the head (the working tree, or a
// revision) completely in memory, then compares their models — data records, current
// prices, ranks, picks, flowchart leaves, LLM answers, break-even days — their content and
// diagnostics, and last their output. Never writes to the working tree or site/; the only
// files it writes are chart thumbnails, in thumbnails_dir when one is given, and entries of
// the build cache when one is given (content-addressed: both sides share it safely).
#pragma once

#include <string>

#include "base/content_cache.h"
#include "review/consequences.h"
#include "review/report.h"

namespace gg {

struct ReviewOptions {
  std::string root = ".";  // a git checkout
  std::string base;        // revision; "" = merge-base of HEAD with the default branch
  std::string head;        // revision; "" = the working tree as it is
  int jobs = 0;
  ReviewThresholds thresholds;
  std::string thumbnails_dir;  // where before/after PNGs of changed charts go; "" = none
  // Products of earlier builds (base/content_cache.h), read and extended by both sides, so a
  // review after a build, or the head after the base, renders only what the change reaches.
  // Null: both sides build cold, at the same time.
  ContentCache* cache = nullptr;
};

// Fills *report. False, with *error set, only when the review itself cannot run (not a git
// checkout, unknown revision, git missing); build errors on either side are part of the
// report (Report::AddsErrors), not a failure of the review.
bool RunReview(const ReviewOptions& options, Report* report, std::string* error);

}  // namespace gg
