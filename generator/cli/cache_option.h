// The build cache as commands ask for it: the --cache/--no-cache options that build, check,
// serve and review share, and opening the folder they name (base/content_cache.h).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>

#include "base/content_cache.h"
#include "cli/command_line.h"

namespace gg {

// --cache DIR and --no-cache. Functions, not globals: other files' static command
// declarations copy them during static initialisation.
const OptionDecl& CacheOption();
const OptionDecl& NoCacheOption();

// --cache-limit MIB: the bound ContentCache::Trim keeps the cache under after a build.
const OptionDecl& CacheLimitOption();
// Its value in bytes (kDefaultCacheLimitBytes when not given). False, with the error printed
// to err, when it is not a whole number from 1 to 1048576.
bool CacheLimitOf(const ParsedArgs& args, int64_t* bytes, std::ostream& err);

// The cache folder a command line asks for: ROOT/.cache by default, "" with --no-cache.
std::string CacheDirOf(const ParsedArgs& args, const std::string& root);

// Opens cache_dir after checking it against the path policy (it may not be or hold an
// input of root). False, with the error printed to err, when refused; a foreign or damaged
// cache is not an error (a warning is printed and *cache starts empty). An empty cache_dir
// leaves *cache null: a cold build.
bool OpenCacheDir(const std::string& root, const std::string& cache_dir,
                  std::unique_ptr<ContentCache>* cache, std::ostream& err);

}  // namespace gg
