// The recommendation engine: constraints (from a persona or a flowchart leaf) → ranked
// picks, each with the reason it wins, so the guide can say *why* without hard-coding a GPU.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "calc/assumptions.h"
#include "calc/cost.h"
#include "calc/performance.h"
#include "calc/power.h"
#include "calc/prices.h"
#include "model/model.h"

namespace gg::calc {

struct Constraints {
  Workload workload = Workload::kInference16;
  CostBasis cost = CostBasis::kGpu;      // kNone: rank by speed alone
  double min_memory_gb = 0;              // per card
  std::optional<double> max_budget_usd;  // card prices for `count` cards, whatever the basis
  std::vector<Condition> conditions;     // empty = any
  std::vector<Segment> segments;         // empty = all
  int count = 1;                         // the most cards bought ("up to"); < 1 counts as 1
  std::vector<std::string> vendors;      // allowed vendors ("nvidia", "amd"); empty = all
  std::string machine;  // machines.json id the cards go into; "" (or unknown): not checked
  int machines = 1;     // machines the cards are spread over; < 1 counts as 1
  double min_total_memory_gb = 0;  // memory the cards hold together (a model split across
                                   // them); 0 = none
  std::string task{};              // Persona::task: "" or "media"; the gates of that task apply too
};

// The persona's / flowchart query's constraints. A cost string other than "gpu" or
// "ownership" (validate rejects it) is read as "gpu".
Constraints ConstraintsFromPersona(const Persona& persona);
Constraints ConstraintsFromQuery(const FlowQuery& query);

// Why a pick is where it is: about the next faster card (the slowest of the GPUs faster than
// the pick), or why a card is excluded.
enum class Reason {
  kSpeed,       // no GPU is faster for this workload
  kValue,       // the next faster card qualifies but gives less performance per dollar
  kRunnerUp,    // the next faster card qualifies and ranks above (better value): pick below it
  kMemory,      // the next faster card has less than min_memory_gb
  kBudget,      // … costs more than max_budget_usd
  kCondition,   // … has no current price in the allowed conditions (but has one in another)
  kSegment,     // … is outside the allowed segments
  kVendor,      // … is from a vendor the constraints leave out
  kNoPrice,     // … has no current price at all
  kSingleUnit,  // … is a whole system (calc/systems.h), and the constraints need several units
  // … does not fit the machine (calc/power.h, checked after memory, before prices):
  kFormFactor,  // the machine takes no GPU of its form factor
  kSlots,       // `count` of them exceed its slots or board
  kPsu,         // they need a larger PSU than it offers
  kCircuit,     // they draw more than its circuit carries continuously
  kConnectors,  // its PSU lacks their power cables
  kGate,        // it lacks a feature the workload or the build needs (calc/gates.h): the
                // gate's id is given with the reason
};
const char* ReasonId(Reason r);  // "speed", "value", "runner_up", "memory", "budget", …

// One failed check of a card: its reason, and for kGate the gate's id.
struct Failure {
  Reason reason = Reason::kMemory;
  std::string gate;
  bool operator==(const Failure& o) const { return reason == o.reason && gate == o.gate; }
};

// How many cards of a GPU are bought, "up to" constraints.count in steps of `machines`
// (each machine holds the same number): the fewest that hold min_total_memory_gb for an
// inference workload (layers split across cards: more cards add memory, not speed), the
// most that pass every check for training (data parallel: each card adds speed).
struct Pick {
  int rank = 0;  // 1-based position among the picks
  std::string gpu;
  int count = 1;                        // cards bought
  PerfValue perf;                       // one card's
  std::optional<BasisCost> cost;        // cost of `count` cards on the basis (kNone: kGpu),
                                        // absent when unpriced (kNone without a budget)
  std::optional<double> perf_per_kusd;  // build perf ÷ cost × 1,000 (build perf: perf ×
                                        // count for training, perf for inference); absent
                                        // with kNone
  // Why this card is here. Rank 1: the limit that decided, about `next_faster`: a card that
  // would rank above this one (priced, with a better value; by speed alone, faster) but
  // fails a check —
  // one that fails a single check first, then one within the profile's memory, segments
  // and vendors, then a priced one, then the best-ranked (its first failed check: kMemory …
  // kGate, with `gate`);
  // when none would, kValue about the slowest eligible faster card, or kSpeed. Rank > 1:
  // kRunnerUp.
  Reason reason = Reason::kSpeed;
  std::string gate;                        // with kGate: the gate's id
  std::string next_faster;                 // GPU the reason is about; "" for kSpeed and kRunnerUp
  int next_faster_count = 0;               // … the count its reason was found for
  std::optional<Build> build;              // with a machine: this pick's build in one machine
  std::optional<Build> next_faster_build;  // … and the other card's (its limit explains a
                                           // machine reason)
};

struct Exclusion {
  std::string gpu;
  double perf = 0;
  int count = 1;                    // the count its checks were reported for (see Pick)
  Reason reason = Reason::kMemory;  // the first failed check, in the order segment, vendor,
                                    // gate, single unit, memory, machine, condition / no
                                    // price, budget
  std::string gate;                 // with kGate
  std::vector<Failure> failures;    // every failed check, in that order (reason first)
  std::optional<Build> build;       // with a machine, once segment, vendor and memory pass
};

struct Recommendation {
  // GPUs meeting every constraint, best first: highest perf_per_kusd, then perf, then id;
  // with kNone by perf, then id. A price is required unless the basis is kNone and there is
  // no budget.
  std::vector<Pick> picks;
  std::optional<Pick> fastest;      // the fastest of the picks (ties by id)
  std::vector<Exclusion> excluded;  // GPUs with a performance value that fail, fastest first
};

// GPUs without a performance value for the workload are not considered at all. Every feature
// gate of data.gates that applies to the workload and the build is checked (calc/gates.h).
// With a machine (constraints.machine names one of data.machines) a GPU whose build of
// count ÷ machines cards does not fit it is excluded with the limit as its reason. The
// count tried for each GPU is described at Pick; a GPU none of whose counts passes is
// excluded with the failures of its natural count (the fewest holding the memory for
// inference, the most for training).
Recommendation Recommend(const Dataset& data, const PerformanceTable& performance,
                         const CurrentPrices& prices, const Assumptions& assumptions,
                         const Constraints& constraints);

// The pick of that rank (1 = best), as a flowchart leaf's "rank" asks; nullopt past the end
// or for rank < 1.
std::optional<Pick> NthPick(const Recommendation& recommendation, int rank);

}  // namespace gg::calc
