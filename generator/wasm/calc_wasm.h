// The WebAssembly module's exports (calc.wasm, built by generator/wasm/calc_wasm.cmake): the browser
// hands the calculators' data bundle (data/calc_bundle.h) over once, then asks questions as
// request JSON and gets the answer JSON of calcapi::AnswerRequestText, byte for byte what
// `gpuguide calc … --json` prints. Also compiled natively (module `wasm`), so the same
// entry points are unit-testable without a JavaScript engine.
//
// Memory: the caller writes its bytes into a buffer from gg_alloc, passes (pointer, size),
// and frees answers with gg_free. Nothing here throws or aborts on bad input.
#pragma once

#include <cstddef>

extern "C" {

// size bytes of memory (at least 1), or null when memory is exhausted.
char* gg_alloc(size_t size);
void gg_free(char* ptr);

// Parses the data bundle and keeps the Dataset for every later answer (a second call
// replaces it). Returns the number of errors found (0: ready); with errors, every answer is a
// data error ({"error": {"exit_code": 1, "kind": "data", …}}) listing them.
int gg_load_data(const char* bundle, size_t size);

// The answer to one request as NUL-terminated UTF-8 JSON, ending with "\n" (the caller frees
// it with gg_free). Before gg_load_data, a data error.
char* gg_answer(const char* request, size_t size);
}
