// The fingerprint of everything a build reads: every file the loaders list under data/,
// content/, templates/ and assets/ (path and bytes) and the options that change the output.
// Two builds with the same fingerprint, by the same executable (the cache's identity), give
// the same plan and the same diagnostics: the no-change fast path of `build` and `check`
// (cli/up_to_date.h) rests on this. Reading costs one pass over the inputs (a few MB).
#pragma once

#include <string>

#include "site/build.h"

namespace gg {

// 32 hex digits. Files that cannot be read are fingerprinted as unreadable (the build that
// follows reports them), so a fingerprint is always returned.
std::string InputFingerprint(const BuildOptions& options);

}  // namespace gg
