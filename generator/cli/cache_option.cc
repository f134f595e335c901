#include "cli/cache_option.h"

#include <ostream>

#include "base/path_policy.h"
#include "base/source_identity.h"

namespace gg {

const OptionDecl& CacheOption() {
  static const OptionDecl decl = {"--cache", "DIR",
                                  "keep drawings of earlier builds here (default: ROOT/.cache)"};
  return decl;
}

const OptionDecl& NoCacheOption() {
  static const OptionDecl decl = {"--no-cache", "", "build cold: neither read nor write the cache"};
  return decl;
}

const OptionDecl& CacheLimitOption() {
  static const OptionDecl decl = {
      "--cache-limit", "MIB",
      "after the build, keep the cache under MIB mebibytes by removing the oldest entries the "
      "build did not use (default 512)"};
  return decl;
}

bool CacheLimitOf(const ParsedArgs& args, int64_t* bytes, std::ostream& err) {
  *bytes = kDefaultCacheLimitBytes;
  if (!args.Has("--cache-limit")) return true;
  long mib = 0;
  if (!ParseIntOption(*args.Last("--cache-limit"), 1, 1 << 20, &mib)) {
    err << "gpuguide: error: --cache-limit takes a whole number of MiB from 1 to 1048576, not '"
        << *args.Last("--cache-limit") << "'\n";
    return false;
  }
  *bytes = static_cast<int64_t>(mib) << 20;
  return true;
}

std::string CacheDirOf(const ParsedArgs& args, const std::string& root) {
  if (args.Has("--no-cache")) return "";
  return args.Or("--cache", root + "/.cache");
}

bool OpenCacheDir(const std::string& root, const std::string& cache_dir,
                  std::unique_ptr<ContentCache>* cache, std::ostream& err) {
  cache->reset();
  if (cache_dir.empty()) return true;
  std::string why = CheckOutputFolder(root, cache_dir);
  if (!why.empty()) {
    err << "gpuguide: error: --cache '" << cache_dir << "': " << why << "\n";
    return false;
  }
  std::string warning;
  // Keyed on the sources' identity, not the executable's: gpuguide, gpuguide-serve and
  // gpuguide-review of one build share the cache (review reuses what build made). The chart
  // renderer gpuguide loads carries the same identity, or is refused (charts/backend.h).
  *cache = ContentCache::Open(cache_dir, "source:" + std::string(SourceIdentity()), &warning);
  if (!warning.empty()) err << "gpuguide: warning: " << warning << "\n";
  return true;
}

}  // namespace gg
