#include "cli/cache_option.h"

#include <ostream>

#include "base/path_policy.h"

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
  *cache = ContentCache::Open(cache_dir, ExecutableIdentity(), &warning);
  if (!warning.empty()) err << "gpuguide: warning: " << warning << "\n";
  return true;
}

}  // namespace gg
