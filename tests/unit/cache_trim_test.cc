// ContentCache::Trim (base/content_cache.h): the cache stays under its limit, oldest unused
// entries first; what the build used, and anything that is not the cache's own, is kept.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "../sites/site_fixture.h"
#include "base/content_cache.h"
#include "base/files.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

std::string Key(int i) {
  return ContentHashHex("entry " + std::to_string(i));
}

// The entry's file, as Put names it.
fs::path EntryPath(const fs::path& dir, int i) {
  return dir / "page" / Key(i);
}

// An entry written `age` ago (its file's time set back).
void PutAged(ContentCache* cache, const fs::path& dir, int i, size_t bytes,
             std::chrono::hours age) {
  cache->Put("page", Key(i), std::string(bytes, 'x'));
  fs::last_write_time(EntryPath(dir, i), fs::file_time_type::clock::now() - age);
}

std::string SizeFile(const fs::path& dir) {
  std::string text;
  ReadWholeFile((dir / "SIZE").string(), &text);
  return text;
}

TEST_CASE("cache trim: oldest unused entries go first; used ones and foreign files stay",
          "[cache]") {
  TempDir tmp("gg-trim");
  const fs::path dir = tmp.path() / "c";
  std::string warning;
  {
    // An earlier build: ten entries of 1,000 bytes, entry i written 20 - i hours ago.
    auto earlier = ContentCache::Open(dir.string(), "identity-a", &warning);
    REQUIRE(earlier);
    for (int i = 0; i < 10; ++i) PutAged(earlier.get(), dir, i, 1000, std::chrono::hours(20 - i));
    const CacheTrim none = earlier->Trim(int64_t{1} << 20);  // first trim: lists, removes none
    CHECK(none.listed);
    CHECK(none.removed == 0);
  }
  // Not the cache's own: never removed, whatever their age.
  {
    std::ofstream(dir / "page" / "notes.txt") << "mine";
    std::ofstream(dir / "README") << "mine";
  }
  // A killed build's temporary files: an old one is removed, a fresh one may still be written.
  const fs::path old_tmp = dir / "page" / (Key(99) + ".tmp.1.0");
  const fs::path new_tmp = dir / "page" / (Key(98) + ".tmp.2.0");
  std::ofstream(old_tmp) << "partial";
  std::ofstream(new_tmp) << "partial";
  fs::last_write_time(old_tmp, fs::file_time_type::clock::now() - std::chrono::hours(2));

  auto cache = ContentCache::Open(dir.string(), "identity-a", &warning);
  REQUIRE(cache);
  // This build uses the two oldest entries and writes one new.
  REQUIRE(cache->Get("page", Key(0)));
  REQUIRE(cache->Get("page", Key(1)));
  cache->Put("page", Key(10), std::string(1000, 'y'));

  // Each entry is 1,000 bytes plus a 38-byte header: 11 of them are 11,418 bytes. A limit of
  // 8,000 trims to 6,000 or less: the 3 entries used stay, and the oldest unused go.
  const CacheTrim trim = cache->Trim(8000);
  CHECK(trim.listed);
  CHECK(trim.bytes_before == 11 * 1038);
  CHECK(trim.bytes_after <= 6000);
  CHECK(trim.bytes_after == 5 * 1038);
  CHECK(trim.removed == 6 + 1);  // entries 2..7, and the old temporary file
  for (int i : {0, 1, 8, 9, 10}) CHECK(fs::exists(EntryPath(dir, i)));
  for (int i = 2; i <= 7; ++i) CHECK_FALSE(fs::exists(EntryPath(dir, i)));
  CHECK(fs::exists(dir / "page" / "notes.txt"));
  CHECK(fs::exists(dir / "README"));
  CHECK(fs::exists(dir / "FORMAT"));
  CHECK_FALSE(fs::exists(old_tmp));
  CHECK(fs::exists(new_tmp));
  CHECK(SizeFile(dir) == std::to_string(5 * 1038) + "\n");
  // A kept entry still reads back whole.
  CHECK(cache->Get("page", Key(9)) == std::string(1000, 'x'));

  // Nothing written since: nothing to do, nothing looked at.
  const CacheTrim idle = cache->Trim(1);
  CHECK_FALSE(idle.listed);
  CHECK(idle.removed == 0);
}

TEST_CASE(
    "cache trim: under the limit only the recorded size grows; a build's own entries "
    "are kept even past the limit",
    "[cache]") {
  TempDir tmp("gg-trim");
  const fs::path dir = tmp.path() / "c";
  std::string warning;
  auto cache = ContentCache::Open(dir.string(), "identity-a", &warning);
  REQUIRE(cache);
  for (int i = 0; i < 4; ++i) cache->Put("page", Key(i), std::string(500, 'x'));
  // No SIZE yet: the first trim lists.
  CacheTrim first = cache->Trim(1 << 20);
  CHECK(first.listed);
  CHECK(first.bytes_after == 4 * 538);
  CHECK(SizeFile(dir) == std::to_string(4 * 538) + "\n");
  // Under the limit: the recorded size grows by what was written, without a listing.
  cache->Put("page", Key(4), std::string(500, 'x'));
  CacheTrim second = cache->Trim(1 << 20);
  CHECK_FALSE(second.listed);
  CHECK(SizeFile(dir) == std::to_string(5 * 538) + "\n");
  // Past the limit, but every entry was used by this process: all are kept.
  cache->Put("page", Key(5), std::string(500, 'x'));
  CacheTrim third = cache->Trim(1000);
  CHECK(third.listed);
  CHECK(third.removed == 0);
  CHECK(third.bytes_after == 6 * 538);
  for (int i = 0; i < 6; ++i) CHECK(fs::exists(EntryPath(dir, i)));
}

TEST_CASE("cache trim: a cache replaced for another executable forgets its recorded size",
          "[cache]") {
  TempDir tmp("gg-trim");
  const fs::path dir = tmp.path() / "c";
  std::string warning;
  {
    auto old = ContentCache::Open(dir.string(), "identity-a", &warning);
    old->Put("page", Key(0), std::string(5000, 'x'));
    old->Trim(1 << 20);
    REQUIRE_FALSE(SizeFile(dir).empty());
  }
  auto cache = ContentCache::Open(dir.string(), "identity-b", &warning);
  REQUIRE(cache);
  CHECK_FALSE(warning.empty());
  CHECK_FALSE(fs::exists(dir / "SIZE"));
}

}  // namespace
}  // namespace gg::testing
