// calc/sysram.h: whether the system RAM holds an offloaded configuration (issue 31), by hand:
// a RAM size of N GB holds N × 2^30 bytes; the need is offloaded + host + reserve × 10^9.
#include <catch2/catch.hpp>

#include "calc/sysram.h"

namespace gg::calc {
namespace {

using Catch::Detail::Approx;

TEST_CASE("sysram: the need against the reader's size, then the machine's", "[calc][sysram]") {
  const MachineRam desktop{32, 192};  // 34.36 GB and 206.16 GB in bytes
  const MachineRam max_only{0, 192};
  const MachineRam bare;  // no RAM figures
  struct Case {
    double offloaded_gb, host_gb, reserve_gb;
    MachineRam machine;
    double reader_gb;
    double need_bytes;
    RamVerdict verdict;
  };
  const Case cases[] = {
      // 20 + 1 + 4 = 25 GB ≤ 32 GiB = 34.36 GB: the usual desktop holds it.
      {20, 1, 4, desktop, 0, 25e9, RamVerdict::kFits},
      // 40 + 1 + 4 = 45 GB > 34.36 GB, ≤ 206.16 GB: more RAM than usual, still possible.
      {40, 1, 4, desktop, 0, 45e9, RamVerdict::kAboveTypical},
      // 250 + 1 + 4 = 255 GB > 206.16 GB: no desktop board takes it.
      {250, 1, 4, desktop, 0, 255e9, RamVerdict::kAboveMax},
      // The reader's 48 GB = 51.54 GB holds 45 GB; their 32 GB does not.
      {40, 1, 4, desktop, 48, 45e9, RamVerdict::kFits},
      {40, 1, 4, desktop, 32, 45e9, RamVerdict::kTooSmall},
      // The reader's size decides even above the machine's maximum (they have it).
      {250, 1, 4, desktop, 256, 255e9, RamVerdict::kFits},
      // Either side of 32 GiB = 34.36 GB.
      {34.3, 0, 0, desktop, 0, 34.3e9, RamVerdict::kFits},
      {34.4, 0, 0, desktop, 0, 34.4e9, RamVerdict::kAboveTypical},
      // Only a maximum: within it fits.
      {40, 1, 4, max_only, 0, 45e9, RamVerdict::kFits},
      // Nothing known: unchecked.
      {40, 1, 4, bare, 0, 45e9, RamVerdict::kUnchecked},
      // Negative counts count as 0.
      {-5, -1, 4, desktop, 0, 4e9, RamVerdict::kFits},
  };
  for (const Case& c : cases) {
    INFO(c.offloaded_gb << " GB offloaded, reader " << c.reader_gb);
    const RamCheck r =
        CheckSystemRam(c.offloaded_gb * 1e9, c.host_gb * 1e9, c.reserve_gb, c.machine, c.reader_gb);
    CHECK(r.need_bytes == Approx(c.need_bytes));
    CHECK(r.need_gb == Approx(c.need_bytes / 1073741824.0));
    CHECK(RamVerdictId(r.verdict) == std::string(RamVerdictId(c.verdict)));
    CHECK(RamPossible(r.verdict) ==
          (c.verdict != RamVerdict::kTooSmall && c.verdict != RamVerdict::kAboveMax));
    CHECK(r.reader_gb.has_value() == (c.reader_gb > 0));
  }
}

TEST_CASE("sysram: the assumptions and the ids", "[calc][sysram]") {
  Dataset d;
  CHECK(RamReserveGb(d) == 0);
  CHECK(MachineRamOf(d, "server-hgx-8").max_gb == 0);
  for (const auto& [id, gb] :
       std::vector<std::pair<std::string, double>>{{"ram_reserve_gb", 4},
                                                   {"ram_gb_server_hgx_8", 2048},
                                                   {"ram_max_gb_server_hgx_8", 4096}}) {
    Assumption a;
    a.id = id;
    a.number = gb;
    d.assumptions.push_back(a);
  }
  CHECK(RamReserveGb(d) == 4);
  // The machine id with '-' as '_'.
  CHECK(MachineRamOf(d, "server-hgx-8").typical_gb == 2048);
  CHECK(MachineRamOf(d, "server-hgx-8").max_gb == 4096);
  CHECK(MachineRamOf(d, "desktop").typical_gb == 0);
  CHECK(MachineRamOf(d, "").max_gb == 0);
  CHECK(RamVerdictIds() ==
        std::vector<std::string>{"unchecked", "fits", "above_typical", "too_small", "above_max"});
  CHECK(RamSizeBytes(64) == Approx(68.719476736e9));
}

}  // namespace
}  // namespace gg::calc
