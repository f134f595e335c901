// The enums of calc/ as the rest of the program spells them (see model/enums.h): the ids stay
// written once in calc/*.cc (CostBasisId, MemoryModeId, OptimizerId); this adds the ordered
// lists, parsing with "did you mean" and the messages. Header-only, outside calc.wasm's
// sources.
#pragma once

#include "calc/cost.h"
#include "calc/memory.h"
#include "model/enums.h"

namespace gg::calc {

inline const EnumSpelling<CostBasis>& CostBases() {
  static const EnumSpelling<CostBasis> s(
      "cost basis", "", {CostBasis::kNone, CostBasis::kGpu, CostBasis::kOwnership}, CostBasisId);
  return s;
}

// The cost bases that need a price: every one but kNone (gpu, ownership).
inline std::vector<std::string> PricedCostBasisIds() {
  std::vector<std::string> ids;
  for (CostBasis b : CostBases().Values())
    if (b != CostBasis::kNone) ids.push_back(CostBases().Id(b));
  return ids;
}

inline const EnumSpelling<MemoryMode>& MemoryModes() {
  static const EnumSpelling<MemoryMode> s(
      "mode", "",
      {MemoryMode::kInference, MemoryMode::kFull, MemoryMode::kLora, MemoryMode::kQlora},
      MemoryModeId);
  return s;
}

inline const EnumSpelling<Optimizer>& Optimizers() {
  static const EnumSpelling<Optimizer> s(
      "optimizer", "", {Optimizer::kAdamW, Optimizer::kAdamW8bit, Optimizer::kPagedAdamW8bit},
      OptimizerId);
  return s;
}

}  // namespace gg::calc
