// The calculator's one entry point: a request (JSON) → an answer (JSON), given a Dataset.
// The command line (`gpuguide calc …`), the site's calculators (WebAssembly) and tests all
// call this, so one question gets one answer everywhere. The request and answer formats are
// documented in generator/calcapi/README.md.
//
// Pure: no file I/O, threads, ICU, GLib or exceptions (it compiles with
// clang --target=wasm32-wasi -fno-exceptions). Every problem of a request is reported in one
// answer; nothing here throws or aborts on bad input.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"

namespace gg::calcapi {

using Json = nlohmann::ordered_json;

// Exit codes, as the command line uses them.
inline constexpr int kOk = 0;
inline constexpr int kDataError = 1;     // the data's assumptions are unusable
inline constexpr int kRequestError = 2;  // unknown command, field or id; a value out of range

struct Answer {
  int exit_code = kOk;
  // exit_code 0: the result object (README.md). Otherwise {"error": {"exit_code": N,
  // "kind": "request"|"data", "messages": ["…", …]}}: request messages without the leading
  // "error: " ("unknown model 'x'; did you mean 'y'?"), data messages as formatted
  // diagnostics ("data/assumptions.json: error: missing assumption 'bits_nf4'").
  Json body;
};

// Answers a parsed request. A request that is not an object, lacks "command", names an
// unknown command or field, or holds a value of the wrong type or range gives exit code 2
// with every problem found.
Answer AnswerRequest(const Dataset& data, const Json& request);

// The same from JSON text, returning the answer's bytes: body.dump(2) + "\n" (invalid UTF-8
// in echoed input replaced by U+FFFD). Malformed JSON text is a request error
// ("request is not valid JSON"), and so is one nested deeper than 64 levels ("request nested
// deeper than 64 levels", calcapi/json_text.h).
std::string AnswerRequestText(const Dataset& data, std::string_view request_json);

// "unknown <what> '<word>'" with "did you mean", or else (for the short fixed lists of
// enums, list_all) every valid id. Shared by the CLI's flag checks and the request checks.
std::string UnknownId(const std::string& what, const std::string& word,
                      const std::vector<std::string>& ids, bool list_all = true);

}  // namespace gg::calcapi
