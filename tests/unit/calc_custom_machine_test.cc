// The reader's own machine (calc/custom_machine.h, calcapi/custom_machine.h; issue 31): its
// slots, PSU and circuit, checked like a machine of the data, with hand arithmetic.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>

#include "calc/custom_machine.h"
#include "calc_fixture.h"
#include "cli/calc_command.h"
#include "machines_fixture.h"

namespace gg {
namespace {

using Json = nlohmann::json;

// The fixture's machines: desktop on 120 V/15 A and 230 V/16 A, workstation on 120 V/20 A and
// 230 V/16 A, the servers on 415 V/32 A three-phase.
Dataset WithCircuitIds() {
  return calc_test::WithMachines(calc_test::TestDataset());
}

TEST_CASE("Custom machine: the base with the reader's slots, PSU and circuit",
          "[calc][custom_machine]") {
  const Dataset data = WithCircuitIds();
  CHECK(calc::CircuitIds(data) ==
        std::vector<std::string>{"120v-15a", "230v-16a", "120v-20a", "415v-32a-3ph"});
  struct Case {
    calc::CustomMachineSpec spec;
    bool made;
    int max_gpus, expansion_slots;
    std::vector<double> psu_sizes_w;
    std::vector<std::string> circuits;
  };
  const std::vector<double> desktop_psus = {550, 650, 750, 850, 1000, 1200, 1300, 1600};
  const Case cases[] = {
      {{}, true, 2, 7, desktop_psus, {"120v-15a", "230v-16a"}},
      {{"desktop", 4, 1000.0, "120v-20a"}, true, 4, 7, {1000}, {"120v-20a"}},
      {{"workstation", 3, std::nullopt, std::nullopt},
       true,
       3,
       8,
       {1000, 1300, 1600, 2200},
       {"120v-20a", "230v-16a"}},
      {{"desk", 4, 1000.0, "120v-20a"}, false, 0, 0, {}, {}},
      {{"desktop", 4, 1000.0, "120v-15"}, false, 0, 0, {}, {}},
  };
  for (const Case& c : cases) {
    INFO(c.spec.base << " " << c.spec.circuit.value_or("-"));
    const auto m = calc::MakeCustomMachine(data, c.spec);
    REQUIRE(m.has_value() == c.made);
    if (!m) continue;
    CHECK(m->id == "custom");
    CHECK(m->max_gpus == c.max_gpus);
    CHECK(m->expansion_slots == c.expansion_slots);
    CHECK(m->psu_sizes_w == c.psu_sizes_w);
    std::vector<std::string> ids;
    for (const Circuit& x : m->circuits) ids.push_back(calc::CircuitId(x));
    CHECK(ids == c.circuits);
  }
}

struct Run {
  int code;
  Json out;
  std::string err;
};

// With --json the answer (or a refusal) comes as JSON on stdout; without, errors on stderr.
Run Fit(std::vector<std::string> more, bool json = true) {
  static const Dataset data = WithCircuitIds();
  std::vector<std::string> args = {"fit",    "--model",   "llama-3.1-70b", "--precision",
                                   "q4_k_m", "--context", "8192"};
  if (json) args.push_back("--json");
  args.insert(args.end(), more.begin(), more.end());
  std::ostringstream out, err;
  const int code = RunCalcCommand(args, data, out, err);
  return {code, code == 0 && json ? Json::parse(out.str()) : Json(), err.str()};
}

const Json* ConfigOf(const Json& j, const std::string& gpu) {
  for (const Json& c : j["configs"])
    if (c["gpu"] == gpu) return &c;
  return nullptr;
}

TEST_CASE("calc fit --slots --psu-w --circuit: the reader's machine decides",
          "[calc][cli][custom_machine]") {
  // 70B at 4 bits (about 42 GB) on 12 GB RTX 3060s: four cards. A desktop takes two.
  const Run desktop = Fit({});
  REQUIRE(desktop.code == 0);
  CHECK(ConfigOf(desktop.out, "rtx-3060") == nullptr);
  // A workstation case with four slots, a 1,600 W PSU on a 15 A circuit: 4 × 170 + 450 =
  // 1,130 W; 1,130 ÷ 0.8 = 1,412.5 W ≤ 1,600 W; 1,130 ÷ 0.92 = 1,228 W at the wall ≤ 1,440 W.
  const Run mine =
      Fit({"--machine", "workstation", "--slots", "4", "--psu-w", "1600", "--circuit", "120v-15a"});
  REQUIRE(mine.code == 0);
  const Json* c = ConfigOf(mine.out, "rtx-3060");
  REQUIRE(c != nullptr);
  CHECK((*c)["count"] == 4);
  CHECK((*c)["machine"] == "custom");
  CHECK((*c)["power_w"] == 1130);
  CHECK((*c)["psu_w"] == 1600);
  CHECK(mine.out["machine"] == "custom");
  // A 1,000 W PSU does not carry 1,412.5 W: the four 3060s are not offered.
  const Run small =
      Fit({"--machine", "workstation", "--slots", "4", "--psu-w", "1000", "--circuit", "120v-15a"});
  REQUIRE(small.code == 0);
  CHECK(ConfigOf(small.out, "rtx-3060") == nullptr);
  // Four slots in a desktop case: seven slot positions take three double-width cards.
  const Run tower = Fit({"--slots", "4", "--psu-w", "1600", "--circuit", "120v-15a"});
  REQUIRE(tower.code == 0);
  CHECK(ConfigOf(tower.out, "rtx-3060") == nullptr);
}

TEST_CASE("calc fit: a bad custom machine, every problem in one run",
          "[calc][cli][custom_machine]") {
  struct Case {
    std::vector<std::string> args;
    std::string err;
  };
  const Case cases[] = {
      {{"--circuit", "120v-15"}, "error: unknown circuit '120v-15'; did you mean '120v-15a'?\n"},
      {{"--circuit", "mains"},
       "error: unknown circuit 'mains'; expected one of 120v-15a, 230v-16a, 120v-20a, "
       "415v-32a-3ph\n"},
      {{"--slots", "0"},
       "error: 'machine.slots' must be a whole number of cards from 1 to 16, got 0\n"},
      {{"--slots", "2.5"},
       "error: 'machine.slots' must be a whole number of cards from 1 to 16, got 2.5\n"},
      {{"--psu-w", "50"},
       "error: 'machine.psu_w' must be a number of watts from 100 to 20000, got 50\n"},
      {{"--psu-w", "lots"}, "error: option --psu-w expects a number of at least 0, got 'lots'\n"},
      {{"--machine", "dekstop", "--slots", "0", "--psu-w", "50", "--circuit", "230-16a"},
       "error: unknown machine 'dekstop'; did you mean 'desktop'?\n"
       "error: 'machine.slots' must be a whole number of cards from 1 to 16, got 0\n"
       "error: 'machine.psu_w' must be a number of watts from 100 to 20000, got 50\n"
       "error: unknown circuit '230-16a'; did you mean '230v-16a'?\n"},
  };
  for (const Case& c : cases) {
    INFO(c.args.front() << " " << c.args.back());
    const Run r = Fit(c.args, /*json=*/false);
    CHECK(r.code == 2);
    CHECK(r.err == c.err);
  }
}

}  // namespace
}  // namespace gg
