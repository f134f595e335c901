// Fuzzes `gpuguide calc`: the input is the argument list, one argument per line, run against
// the repository's data set, as `gpuguide calc ARGS…` would. An input that starts with '{' is
// a request's JSON text instead, answered as calc.wasm answers the page (AnswerRequestText):
// its "config" may hold a pasted config.json (seeds.sh adds deeply nested ones).
#include <sstream>
#include <string_view>
#include <vector>

#include "calcapi/calc_api.h"
#include "cli/calc_command.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 0 && data[0] == '{') {
    gg::calcapi::AnswerRequestText(gg::fuzz::RealDataset(),
                                   std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
  }
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
