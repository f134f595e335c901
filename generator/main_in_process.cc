// gpuguide-serve and gpuguide-review: every command in one process (cli/cli.h, RunCli).
// gpuguide runs them for `serve`, `diff` and `review`, whose libraries it does not link.
#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return gg::RunCli(args, std::cout, std::cerr, isatty(STDERR_FILENO) != 0);
}
