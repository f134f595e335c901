#include "review/review.h"

#include <filesystem>
#include <memory>
#include <thread>

#include "review/content_changes.h"
#include "review/git_tree.h"
#include "review/output_changes.h"
#include "review/records.h"
#include "review/snapshot.h"
#include "review/thumbnails.h"

namespace gg {
namespace fs = std::filesystem;

bool RunReview(const ReviewOptions& o, Report* report, std::string* error) {
  *report = {};
  std::string base = o.base;
  if (base.empty() && !DefaultBase(o.root, &base, error)) return false;
  std::string base_commit, head_commit;
  if (!ResolveRevision(o.root, base, &base_commit, error)) return false;
  if (!o.head.empty() && !ResolveRevision(o.root, o.head, &head_commit, error)) return false;

  TempDir tmp;
  if (!tmp.ok()) {
    *error = "cannot create a temporary folder";
    return false;
  }
  std::string base_dir = tmp.path() + "/base", head_dir = o.root;
  fs::create_directories(base_dir);
  if (!ExportRevision(o.root, base_commit, base_dir, error)) return false;
  std::string head_label = "working tree";
  if (!head_commit.empty()) {
    head_dir = tmp.path() + "/head";
    fs::create_directories(head_dir);
    if (!ExportRevision(o.root, head_commit, head_dir, error)) return false;
    head_label = o.head + " (" + head_commit.substr(0, 10) + ")";
  }
  Snapshot before, after;
  const std::string base_label = base + " (" + base_commit.substr(0, 10) + ")";
  if (o.cache) {
    // With a cache the sides build one after the other, so the second reuses every page and
    // chart the change does not reach instead of both rendering them at once.
    before = TakeSnapshot(base_dir, base_label, o.jobs, o.cache);
    after = TakeSnapshot(head_dir, head_label, o.jobs, o.cache);
  } else {
    // Cold, the two sides build at the same time: each build has serial phases (load,
    // validate, compute, plan) that the other's parallel rendering fills.
    std::thread base_build([&] { before = TakeSnapshot(base_dir, base_label, o.jobs, nullptr); });
    after = TakeSnapshot(head_dir, head_label, o.jobs, nullptr);
    base_build.join();
  }
  // Output does not depend on the order or on the cache.

  Report& r = *report;
  r.base_label = before.label;
  r.head_label = after.label;
  r.base_built = before.built;
  r.head_built = after.built;
  r.records = DiffRecords(before.data_files, after.data_files);
  if (before.data_ok && after.data_ok)
    CompareConsequences(before, after, o.thresholds, &r);
  else
    r.consequences_note = std::string("not computed: the data of the ") +
                          (after.data_ok ? "base" : "head") + " has errors";
  CompareContent(before, after, &r);
  if (before.built && after.built) {
    CompareOutput(before, after, &r);
    if (!o.thumbnails_dir.empty() && !WriteThumbnails(before, after, o.thumbnails_dir, &r, error))
      return false;
  }
  return true;
}

}  // namespace gg
