#include "wasm/calc_wasm.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "calcapi/calc_api.h"
#include "calcapi/json_text.h"
#include "data/calc_bundle.h"

namespace {

// The data every answer uses; replaced by gg_load_data.
struct Loaded {
  gg::Dataset data;
  std::string error_answer;  // non-empty when the data cannot be used
};

Loaded& State() {
  static Loaded state{{},
                      "{\n  \"error\": {\n    \"exit_code\": 1,\n    \"kind\": \"data\",\n"
                      "    \"messages\": [\n      \"no calculator data loaded\"\n    ]\n  }\n}\n"};
  return state;
}

char* Copy(const std::string& text) {
  char* out = gg_alloc(text.size() + 1);
  if (out == nullptr) return nullptr;
  std::memcpy(out, text.data(), text.size());
  out[text.size()] = '\0';
  return out;
}

}  // namespace

extern "C" {

char* gg_alloc(size_t size) {
  return static_cast<char*>(std::malloc(size == 0 ? 1 : size));
}

void gg_free(char* ptr) {
  std::free(ptr);
}

int gg_load_data(const char* bundle, size_t size) {
  Loaded& s = State();
  s.data = gg::Dataset{};
  gg::Diagnostics diags;
  gg::LoadCalcBundle(std::string_view(bundle, size), &s.data, &diags);
  s.error_answer.clear();
  if (!diags.HasErrors()) return 0;
  gg::calcapi::Json e;
  e["error"]["exit_code"] = gg::calcapi::kDataError;
  e["error"]["kind"] = "data";
  e["error"]["messages"] = gg::calcapi::Json::array();
  for (const gg::Diagnostic& d : diags.Sorted())
    if (d.severity == gg::Severity::kError)
      e["error"]["messages"].push_back(gg::FormatDiagnostic(d));
  s.error_answer = gg::calcapi::AnswerText(e);
  return diags.ErrorCount();
}

char* gg_answer(const char* request, size_t size) {
  const Loaded& s = State();
  if (!s.error_answer.empty()) return Copy(s.error_answer);
  return Copy(gg::calcapi::AnswerRequestText(s.data, std::string_view(request, size)));
}
}
