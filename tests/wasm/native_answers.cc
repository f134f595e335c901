// The native side of the wasm equality test (tests/wasm/equality.mjs):
//   native_answers --root R --assets DIR   writes DIR/calc.wasm and DIR/calc-data.json, the
//                                          two files a site build publishes (the wasm embedded
//                                          in this binary, the bundle of R/data/)
//   native_answers --root R --answer       reads requests, one per line, each the request's
//                                          bytes in hex (so invalid UTF-8 passes); writes each
//                                          answer of calcapi::AnswerRequestText over the Dataset of
//                                          the build's own loader (LoadDataset), then a NUL byte
#include <fstream>
#include <iostream>
#include <string>

#include "calcapi/calc_api.h"
#include "cli/calc_wasm_bytes.h"
#include "data/load_dataset.h"
#include "site/calc_assets.h"

namespace {

bool FromHex(const std::string& hex, std::string* out) {
  auto digit = [](char c) {
    return c >= '0' && c <= '9' ? c - '0' : (c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1);
  };
  if (hex.size() % 2) return false;
  for (size_t i = 0; i < hex.size(); i += 2) {
    int hi = digit(hex[i]), lo = digit(hex[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out->push_back(static_cast<char>(hi * 16 + lo));
  }
  return true;
}

int WriteAssets(const std::string& root, const std::string& dir) {
  gg::AssetSet assets;
  gg::Diagnostics diags;
  gg::AddCalculatorAssets(gg::LoadDataset(root, &diags).texts, gg::CalcWasmBytes(), &assets);
  if (assets.on_demand.size() != 2) {
    std::cerr
        << "native_answers: no calculator assets (no calc.wasm in this binary, or bad data)\n";
    return 1;
  }
  for (const auto& [name, file] : assets.on_demand)
    std::ofstream(dir + "/" + name, std::ios::binary) << file.bytes;
  return 0;
}

int Answer(const std::string& root) {
  gg::Diagnostics diags;
  gg::Dataset data = gg::LoadDataset(root, &diags);
  if (diags.HasErrors()) {
    std::cerr << diags.Render();
    return 1;
  }
  std::string line;
  while (std::getline(std::cin, line)) {
    std::string request;
    if (!FromHex(line, &request)) {
      std::cerr << "native_answers: a line is not hex\n";
      return 2;
    }
    std::cout << gg::calcapi::AnswerRequestText(data, request) << '\0';
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string root = ".";
  std::string assets;
  bool answer = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--root" && i + 1 < argc) {
      root = argv[++i];
    } else if (a == "--assets" && i + 1 < argc) {
      assets = argv[++i];
    } else if (a == "--answer") {
      answer = true;
    } else {
      std::cerr << "usage: native_answers --root R (--assets DIR | --answer)\n";
      return 2;
    }
  }
  if (!assets.empty()) return WriteAssets(root, assets);
  if (answer) return Answer(root);
  std::cerr << "usage: native_answers --root R (--assets DIR | --answer)\n";
  return 2;
}
