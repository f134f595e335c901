// The declarations (name, options, help) of the commands that run in executables of their
// own: `serve` in gpuguide-serve, `diff` and `review` in gpuguide-review (cli/cli.h says why).
// They live apart from the commands' code so that the lean gpuguide executable can list them
// in its usage and check their command lines without linking what they run.
#pragma once

#include "cli/command_line.h"

namespace gg {

const CommandDecl& ReviewCommandDecl();
const CommandDecl& DiffCommandDecl();
// `prices add`, `prices remove`, `prices import`, `prices status` (cli/prices_command.h).
const std::vector<CommandDecl>& PricesCommandDecls();
// Defined in cli.cc: it shares the build's options.
const CommandDecl& ServeCommandDecl();

}  // namespace gg
