// gpuguide: a thin binary over the modules; all logic lives in cli/ and below.
#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return gg::RunCli(args, std::cout, std::cerr, isatty(STDERR_FILENO) != 0);
}
