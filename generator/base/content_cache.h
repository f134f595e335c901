// A content-addressed store of build products on disk (ROOT/.cache/ by default), so that an
// incremental build reuses what an earlier build already made for the same inputs: chart
// drawings keyed by their scene, pages keyed by what they read.
//
// Trust. A product is only ever found under the hash of everything it was made from, and
// the cache is marked with the identity of the code that made it (cli/cache_option.cc: its
// sources' hash, base/source_identity.h): a cache of another build is a foreign cache — it is
// reported once (a warning) and its entries are never read. Every entry carries a checksum
// of its bytes; an entry that fails it (a torn or edited file) is reported, ignored and
// rewritten. The worst a damaged cache can do is make a build cold.
//
// Durability. An entry is written to a temporary file and renamed into place, so a killed
// build leaves whole entries or none; leftover temporary files are ignored. The cache never
// deletes anything outside its own folder, and within it only its own entry and temporary
// files.
//
// Size. Every edit adds entries (a page under the values it read, a chart under its scene),
// so without a bound a long `serve` session or months of price updates fill the disk. Trim
// keeps the entries under a byte limit: past it, the entries this process neither read nor
// wrote are removed oldest first (by the time they were written) until a quarter of the limit
// is free again. What the current build used is never removed, so a build that itself needs
// more than the limit keeps all of it. Removing an entry only costs a later miss.
//
// Thread safety. Get and Put may be called concurrently from several threads.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace gg {

// 128-bit XXH3 of the bytes as 32 lowercase hex digits: a content hash for cache keys (not a
// security boundary: the cache is the user's own folder).
std::string ContentHashHex(std::string_view bytes);

// Builds a cache key from typed fields: every field is written with its length or its exact
// bytes, so two different field lists never produce the same key text.
class KeyWriter {
 public:
  KeyWriter& Str(std::string_view s);
  KeyWriter& Num(double v);  // exact bits; -0.0 and 0.0 differ, which only costs a miss
  KeyWriter& Int(int64_t v);
  KeyWriter& Bool(bool b) { return Int(b ? 1 : 0); }
  const std::string& text() const { return text_; }
  std::string Hash() const { return ContentHashHex(text_); }

 private:
  std::string text_;
};

// Length-prefixed packing of several byte strings into one entry, and back. Unpack returns
// false (and leaves *fields unspecified) on truncated or malformed bytes.
std::string PackFields(const std::vector<std::string_view>& fields);
bool UnpackFields(std::string_view bytes, std::vector<std::string>* fields);
// The same fields as views into `bytes`, which must outlive them.
bool UnpackFieldViews(std::string_view bytes, std::vector<std::string_view>* fields);

// The default limit of Trim: a cold build of the guide leaves about 22 MB, and a price edit
// that reaches many pages adds up to 10 MB; 512 MiB is some fifty such edits.
inline constexpr int64_t kDefaultCacheLimitBytes = int64_t{512} << 20;

struct CacheTrim {
  bool listed = false;       // false: nothing was written, or the size kept in the folder shows
                             // the entries are under the limit, and nothing was looked at
  int64_t bytes_before = 0;  // the entries' bytes when listed
  int64_t bytes_after = 0;
  int removed = 0;  // entries and leftover temporary files removed
};

struct CacheStats {
  int hits = 0;
  int misses = 0;
  int writes = 0;
  int corrupt = 0;  // entries that failed their checksum (ignored, rewritten)
};

class ContentCache {
 public:
  // Opens the cache in `dir` (created when missing) for products of the executable whose
  // identity is `identity`. When the folder holds a cache of another identity or format, that
  // is said in *warning and the old entries are removed (they could never be found again). On
  // failure (the folder cannot be created or written) returns null and says why in *warning:
  // the build then runs without a cache.
  static std::unique_ptr<ContentCache> Open(const std::string& dir, const std::string& identity,
                                            std::string* warning);

  // The entry of `kind` ("chart", "page") under `key`, or nothing (missing or corrupt).
  std::optional<std::string> Get(std::string_view kind, std::string_view key);
  // Stores bytes under key; failures (full disk) are counted as misses to come, not errors.
  void Put(std::string_view kind, std::string_view key, std::string_view bytes);

  CacheStats Stats() const;
  const std::string& dir() const { return dir_; }

  // Keeps the entries under `limit_bytes` (see Size above). Cheap when this process wrote
  // nothing (returns at once) or the folder's recorded size (the file SIZE: the bytes after
  // the last trim plus what was written since, an upper bound) is under the limit; otherwise
  // lists the folder (one stat per entry) and removes. Leftover temporary files older than an
  // hour (a killed build's) are removed when listing. Call it once, after the build, with no
  // Get or Put running.
  CacheTrim Trim(int64_t limit_bytes);

 private:
  explicit ContentCache(std::string dir) : dir_(std::move(dir)) {}
  std::string PathOf(std::string_view kind, std::string_view key) const;

  void Used(std::string_view kind, std::string_view key);

  std::string dir_;
  std::atomic<int> hits_{0}, misses_{0}, writes_{0}, corrupt_{0}, temp_counter_{0};
  std::atomic<int64_t> written_bytes_{0};
  std::mutex used_mu_;
  std::unordered_set<std::string> used_;  // "kind/key" of every entry read or written
};

}  // namespace gg
