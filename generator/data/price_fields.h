// One price observation's rules beyond JSON types, shared by every way an observation comes
// in: prices.json (the loader), `gpuguide prices add` (command-line flags) and
// `gpuguide prices import` (CSV columns). Each problem names the field it concerns, so the
// caller reports it where that field was written (a JSON value's line:col, a flag, a CSV
// column).
#pragma once

#include <string>
#include <vector>

#include "model/model.h"

namespace gg {

struct FieldProblem {
  std::string field;    // prices.json field name ("region", "evidence_url" …)
  std::string message;  // "'EUR' is not the currency of region 'US' (USD)"
  std::string hint;     // "did you mean 'US'?" or a fix; may be empty
};

// The checks that do not depend on the JSON form: region known (did you mean), currency the
// region's, url a plain http(s) address, and the estimate's fields present exactly on an
// estimate (estimate_method, evidence_url, evidence_date) with evidence_url a web address or
// a reference `prices.json#GPU/CONDITION/REGION/DATE` / `gpus.json#GPU`. Empty = valid.
std::vector<FieldProblem> CheckPriceObservation(const PriceObservation& o);

// Two observations are duplicates when they record the same price of the same card in the
// same condition, region, currency and kind on the same day from the same address (url, else
// the first web address in the source, else the source's text). The key says so in one string.
std::string DuplicateKey(const PriceObservation& o);

// The reference prices.json#GPU/CONDITION/REGION/DATE naming o.
std::string DataReferenceOf(const PriceObservation& o);

// Whether s is a reference to the data itself that evidence_url may hold.
bool IsDataReference(const std::string& s);

// An observation given as text fields (a CSV row, command-line flags), with the names of
// prices.json. Empty strings are absent fields.
struct PriceFields {
  std::string gpu, condition, region, currency, price, kind, date, source, url, note,
      estimate_method, evidence_url, evidence_date;
};

// Parses and checks fields into *out (loc left empty) by the loader's rules: required fields,
// enums with a did-you-mean (condition, kind, estimate_method), ISO dates within the data's
// years, price a plain decimal number within the price range, then CheckPriceObservation.
// The GPU id is not checked here (the caller knows the GPUs). Empty = valid.
std::vector<FieldProblem> ParsePriceFields(const PriceFields& f, PriceObservation* out);

}  // namespace gg
