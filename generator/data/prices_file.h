// Editing prices.json as text, so that a maintainer's command changes nothing but the
// observation it adds or removes (the file keeps its layout, key order and number forms),
// and reading the price CSV that `gpuguide prices import` takes. Pure functions: the caller
// reads and writes the files.
#pragma once

#include <string>
#include <vector>

#include "model/model.h"

namespace gg {

// One observation as prices.json writes it: an object whose members are indented by
// `indent` + 2 spaces and whose closing brace by `indent`; the opening brace carries no
// indent (the caller places it). Keys in the file's order (gpu, date, condition, region,
// currency, price, kind, source, url, note, estimate_method, evidence_url, evidence_date),
// empty strings left out; price_text is written as the number (a plain decimal).
std::string ObservationBlock(const PriceObservation& o, const std::string& price_text,
                             const std::string& indent);

// The byte ranges [begin, end) of the items of the top-level "observations" array, in
// order; false with *error when the text has no such array (prices.json is parsed by the
// loader first, so this only guards against surprises).
struct ItemSpan {
  size_t begin = 0, end = 0;
};
bool ObservationSpans(const std::string& text, std::vector<ItemSpan>* items, std::string* error);

// Inserts o after the last observation of its GPU (the file keeps each card's observations
// together, newest last), or at the end of the array when the GPU has none, indented like
// its neighbours. *index is the new item's position. RemoveObservation(result, *index)
// gives the text back byte for byte.
bool InsertObservation(const std::string& text, const std::vector<PriceObservation>& existing,
                       const PriceObservation& o, const std::string& price_text, std::string* out,
                       size_t* index, std::string* error);

// Removes the item at index with the separator before it (after it, for the first item).
bool RemoveObservation(const std::string& text, size_t index, std::string* out, std::string* error);

// RFC 4180 CSV: records of fields separated by commas, fields optionally in double quotes
// (a quote inside doubled; commas and line breaks allowed inside), CRLF or LF line ends.
struct CsvField {
  std::string text;
  int line = 0;  // 1-based line and column (in bytes) where the field starts
  int col = 0;
};
struct CsvRecord {
  std::vector<CsvField> fields;
  int line = 0;
};
// Parses text; false with *error and *line/*col set at the first malformed quote.
bool ParseCsv(const std::string& text, std::vector<CsvRecord>* records, std::string* error,
              int* line, int* col);

// The exact header `prices import` requires (docs: data/README.md).
const std::vector<std::string>& PriceCsvColumns();

}  // namespace gg
