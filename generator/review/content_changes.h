// The content section of a review: content files changed per language, translations made
// stale or re-stamped, and diagnostics the change adds or removes.
#pragma once

#include "review/report.h"
#include "review/snapshot.h"

namespace gg {

// Fills report->content, translations, new_errors, new_warnings and fixed_errors.
// Diagnostics are matched on (severity, file, message, hint), not on line:col, so an edit
// that shifts lines does not make old warnings look new; the new ones keep the head's
// file:line:col.
void CompareContent(const Snapshot& before, const Snapshot& after, Report* report);

}  // namespace gg
