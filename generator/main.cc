// gpuguide: a thin binary over the modules; all logic lives in cli/ and below.
// It links only what build, check, stamp and calc need: serve, diff and review run in the
// sibling executables gpuguide-serve and gpuguide-review (cli/cli.h, SeparateCommands).
#include <malloc.h>
#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/sibling.h"

int main(int argc, char** argv) {
  // A build allocates and frees many large buffers (pages, cache entries, the plan). Left to
  // glibc's defaults, each above 128 KiB is a fresh mmap and each free may give memory back,
  // so the next one page-faults again (faults are costly in VMs: ~17 % fewer per incremental
  // build with these, 3,800 → 3,200). The heap keeps what it grows to instead. (With
  // mimalloc linked, CMakeLists.txt GG_ALLOCATOR, these only tune glibc's unused heap.)
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  std::vector<std::string> args(argv + 1, argv + argc);
  static const gg::SeparateCommands kSiblings = {
      [](const std::vector<std::string>& a, std::ostream& o, std::ostream& e) {
        return gg::ExecSibling("gpuguide-serve", a, o, e);
      },
      [](const std::vector<std::string>& a, std::ostream& o, std::ostream& e) {
        return gg::ExecSibling("gpuguide-review", a, o, e);
      },
      [](const std::vector<std::string>& a, std::ostream& o, std::ostream& e) {
        return gg::ExecSibling("gpuguide-review", a, o, e);
      },
      [](const std::vector<std::string>& a, std::ostream& o, std::ostream& e) {
        return gg::ExecSibling("gpuguide-review", a, o, e);
      }};
  return gg::RunCommandLine(args, std::cout, std::cerr, isatty(STDERR_FILENO) != 0, kSiblings);
}
