// `gpuguide calc …`: the calculations of generator/calc on the command line, for checking a
// figure of the guide by hand or from scripts (--json).
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "model/model.h"

namespace gg {

// Runs one calc subcommand. args exclude the leading "calc":
//   vram      --model ID --precision P [--kv-precision P] --context N [--batch N]
//             [--mode inference|full|lora|qlora] [--checkpointing] [--json]
//   fit       the vram options + [--segment S]… [--condition new|used]… [--max-gpus N]
//   breakeven --desktop-cost USD --desktop-watts W --cloud-per-hour USD --utilisation U
//             --electricity USD_PER_KWH [--json]
//   rank      --workload W [--cost none|gpu|ownership] [--segment S]… [--condition C]…
//             [--count N] [--json]
//   --root DIR  the project whose data/ to use (every subcommand)
//   --help    (also after a subcommand)
// Results go to `out` (JSON with --json, a table otherwise). Errors go to `err` as
// "error: …" lines. Returns 0 on success, 1 when the data's assumptions are unusable (their
// diagnostics are printed), 2 for a bad command line: unknown subcommand, option or id
// (with "did you mean"), a missing option, a malformed number.
int RunCalcCommand(const std::vector<std::string>& args, const Dataset& data, std::ostream& out,
                   std::ostream& err);
// The same, loading the data from --root DIR (default ".") once the command line is valid;
// `load` prints the data's problems and returns false when the data is unusable (exit 1).
// Every calc subcommand ("calc vram", …), declared once: the parser reads these, and
// `calc --help` / `calc vram --help` print them.
const std::vector<CommandDecl>& CalcCommands();

using DatasetLoader = std::function<bool(const std::string& root, Dataset* out)>;
int RunCalcCommand(const std::vector<std::string>& args, const DatasetLoader& load,
                   std::ostream& out, std::ostream& err);

}  // namespace gg
