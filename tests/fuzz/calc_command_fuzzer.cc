// Fuzzes `gpuguide calc`: the input is the argument list, one argument per line, run against
// the repository's data set, as `gpuguide calc ARGS…` would.
#include <sstream>
#include <vector>

#include "cli/calc_command.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string> args;
  std::string cur;
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == '\n') {
      args.push_back(cur);
      cur.clear();
    } else {
      cur += static_cast<char>(data[i]);
    }
  }
  if (!cur.empty()) args.push_back(cur);
  if (args.size() > 64) return 0;
  std::ostringstream out, err;
  gg::RunCalcCommand(args, gg::fuzz::RealDataset(), out, err);
  return 0;
}
