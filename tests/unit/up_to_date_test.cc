// The output listing's racy entries (cli/up_to_date.h): a file changed in the clock's current
// tick must never let a later listing match, or a same-tick rewrite (size and times kept)
// would be trusted by the next no-change build.
#include "cli/up_to_date.h"

#include <catch2/catch.hpp>

namespace gg {
namespace {

TreeFile File(const std::string& path, int64_t ctime_ns) {
  TreeFile f;
  f.path = path;
  f.size = 10;
  f.mtime_ns = 1000;
  f.ctime_ns = ctime_ns;
  f.inode = 7;
  return f;
}

TEST_CASE("a listing marks the files changed at or after racy_from as racy", "[up_to_date]") {
  const std::vector<TreeFile> files = {File("a.html", 4'000'000), File("b.html", 8'000'000)};
  struct Case {
    int64_t racy_from;
    bool a_racy, b_racy;
  };
  for (const Case& c : {Case{0, false, false}, Case{9'000'000, false, false},
                        Case{8'000'000, false, true}, Case{4'000'000, true, true}}) {
    CAPTURE(c.racy_from);
    const std::string listing = OutputListingFrom(files, c.racy_from);
    CHECK((listing.find("a.html 10 1000 4000000 7 racy\n") != std::string::npos) == c.a_racy);
    CHECK((listing.find("b.html 10 1000 8000000 7 racy\n") != std::string::npos) == c.b_racy);
    // A fresh listing (what the next build makes of the folder) never carries the mark, so it
    // equals the recorded one only when no file was racy.
    CHECK((listing == OutputListingFrom(files)) == (!c.a_racy && !c.b_racy));
  }
}

TEST_CASE("waiting past the newest change clears files written before the wait", "[up_to_date]") {
  const int64_t now = FileClockNowNs();
  const std::vector<TreeFile> files = {File("a.html", now - 1), File("b.html", now)};
  const int64_t racy_from = WaitPastNewestChange(files);
  CHECK(racy_from > now);
  CHECK(OutputListingFrom(files, racy_from) == OutputListingFrom(files));
  // A change time the clock cannot reach within the wait (a file stamped in the future) stays
  // racy rather than trusted.
  const std::vector<TreeFile> future = {File("c.html", now + 3'600'000'000'000)};
  CHECK(OutputListingFrom(future, WaitPastNewestChange(future, 2)) != OutputListingFrom(future));
}

}  // namespace
}  // namespace gg
