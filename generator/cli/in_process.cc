// RunCli: every command in this process. A file of its own so that an executable that does
// not call it (gpuguide, generator/main.cc) links none of serve's, diff's or review's code.
#include "cli/cli.h"
#include "cli/command_decls.h"
#include "cli/diff_command.h"
#include "cli/prices_command.h"
#include "cli/review_command.h"
#include "cli/serve_command.h"

namespace gg {

int RunCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, bool tty) {
  static const SeparateCommands kHere = {
      [](const std::vector<std::string>& a, std::ostream& o, std::ostream& e) {
        return RunServeCommand(ServeCommandDecl(), a, o, e);
      },
      RunDiffCommand, RunReviewCommand, RunPricesCommand};
  return RunCommandLine(args, out, err, tty, kHere);
}

}  // namespace gg
