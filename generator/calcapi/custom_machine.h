// The reader's own machine in a request: "machine" as an object instead of an id,
// {"base": "desktop", "slots": 4, "psu_w": 1600, "circuit": "na-20a"} (calc/custom_machine.h;
// every field optional). AnswerRequest answers such a request on the data with that machine
// added under the id "custom", so every command that takes a machine takes one.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "calcapi/calc_api.h"
#include "model/model.h"

namespace gg::calcapi {

// The machine, or nullopt with one message per problem appended to `errors` (all of them):
// not an object, an unknown field ("did you mean"), base not a machine id, slots not a whole
// number from 1 to 16, psu_w not a number from 100 to 20000, an unknown circuit id ("did you
// mean", else the ids listed). A number out of range also adds a problem to `problems`
// ({"field": "machine.slots", "min", "max", "whole", "message"}, as the request's own numbers
// do), for a page to say in its reader's language.
std::optional<Machine> ReadCustomMachine(const Dataset& data, const Json& v,
                                         std::vector<std::string>* errors, Json* problems);

}  // namespace gg::calcapi
