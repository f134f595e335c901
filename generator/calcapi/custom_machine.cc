#include "calcapi/custom_machine.h"

#include <cmath>

#include "base/suggest.h"
#include "calc/custom_machine.h"
#include "calcapi/json_text.h"

namespace gg::calcapi {

std::optional<Machine> ReadCustomMachine(const Dataset& data, const Json& v,
                                         std::vector<std::string>* errors, Json* problems) {
  auto out_of_range = [&](const char* field, int64_t lo, int64_t hi, bool whole) {
    problems->push_back(Json{
        {"field", field}, {"min", lo}, {"max", hi}, {"whole", whole}, {"message", errors->back()}});
  };
  const size_t before = errors->size();
  if (!v.is_object()) {
    errors->push_back(
        "'machine' must be a machine id or an object {\"slots\", \"psu_w\", "
        "\"circuit\"}, got " +
        ShownJson(v));
    return std::nullopt;
  }
  static const std::vector<std::string> kFields = {"base", "slots", "psu_w", "circuit"};
  calc::CustomMachineSpec spec;
  for (const auto& [key, value] : v.items()) {
    if (key == "base") {
      std::vector<std::string> ids;
      for (const Machine& m : data.machines) ids.push_back(m.id);
      if (!value.is_string())
        errors->push_back("'machine.base' must be a machine id, got " + ShownJson(value));
      else if (data.FindMachine(value.get<std::string>()) == nullptr)
        errors->push_back(UnknownId("machine", value.get<std::string>(), ids));
      else
        spec.base = value.get<std::string>();
    } else if (key == "slots") {
      const bool whole = value.is_number() && std::isfinite(value.get<double>()) &&
                         value.get<double>() == std::floor(value.get<double>());
      if (!whole || value.get<double>() < 1 || value.get<double>() > calc::kMaxCustomSlots) {
        errors->push_back("'machine.slots' must be a whole number of cards from 1 to " +
                          std::to_string(calc::kMaxCustomSlots) + ", got " + ShownJson(value));
        out_of_range("machine.slots", 1, calc::kMaxCustomSlots, true);
      } else
        spec.slots = static_cast<int>(value.get<double>());
    } else if (key == "psu_w") {
      if (!value.is_number() || !std::isfinite(value.get<double>()) ||
          value.get<double>() < calc::kMinCustomPsuW ||
          value.get<double>() > calc::kMaxCustomPsuW) {
        errors->push_back("'machine.psu_w' must be a number of watts from 100 to 20000, got " +
                          ShownJson(value));
        out_of_range("machine.psu_w", 100, 20000, false);
      } else
        spec.psu_w = value.get<double>();
    } else if (key == "circuit") {
      const std::vector<std::string> ids = calc::CircuitIds(data);
      if (!value.is_string())
        errors->push_back("'machine.circuit' must be a circuit id, got " + ShownJson(value));
      else if (calc::FindCircuit(data, value.get<std::string>()) == nullptr)
        errors->push_back(UnknownId("circuit", value.get<std::string>(), ids));
      else
        spec.circuit = value.get<std::string>();
    } else {
      const std::string hint = DidYouMean(key, kFields);
      errors->push_back("unknown field 'machine." + key + "'" + (hint.empty() ? "" : "; " + hint));
    }
  }
  if (errors->size() != before) return std::nullopt;
  return calc::MakeCustomMachine(data, spec);
}

}  // namespace gg::calcapi
