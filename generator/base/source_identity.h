// The identity of the code that renders the site, shared by every executable of one build
// (gpuguide, gpuguide-serve, gpuguide-review, the tests, gpuguide-charts.so): a SHA-256 of the
// generator's sources and of the build's configuration (compiler, flags, library versions),
// computed at build time by generator/base/source_identity.cmake. Two executables with the
// same identity render the same bytes from the same inputs, so they share one build cache
// (base/content_cache.h); any change to a source, a flag or the compiler gives a new identity,
// and the cache of the old one is then ignored.
#pragma once

#include <string_view>

namespace gg {

// 64 lowercase hex digits.
std::string_view SourceIdentity();

}  // namespace gg
