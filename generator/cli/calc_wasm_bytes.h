// calc.wasm, the calculator compiled to WebAssembly (generator/wasm/calc_wasm.cmake), embedded in
// the binary so that a build publishes the module that matches its own calculator. The definition
// is generated into the build folder.
#pragma once

#include <string_view>

namespace gg {

// The module's bytes; empty when the binary was built without the wasm toolchain.
std::string_view CalcWasmBytes();

}  // namespace gg
