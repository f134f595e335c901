// The calculators' data bundle: the data files the calculator (calcapi) reads, minified into
// one JSON document that the site publishes next to calc.wasm, so the browser answers from
// exactly the data the build used. The bundle holds the files themselves (not a second
// format), and the wasm reads it back with the build's own parsers (load_dataset.h), so the
// two Datasets cannot drift apart. Pure: no file I/O, GLib or threads.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostics.h"
#include "model/model.h"

namespace gg {

// The files of data/ the calculator reads, in the order they are loaded.
const std::vector<std::string>& CalcBundleFiles();
// Whether a file of CalcBundleFiles may be absent (genmodels.json, machines.json and engines.json,
// as data/ may lack them; regions.json: a site without regions): the bundle then simply does not
// hold it.
bool CalcBundleFileOptional(const std::string& name);

// {"format": 1, "files": {"assumptions.json": {…}, …}}: each file's JSON without whitespace
// (numbers round-trip exactly), keys sorted, so equal data gives equal bytes. texts maps
// "gpus.json" → file text; a file missing from it (unless optional), or not valid JSON (as the
// loader parses it: json_doc.h), is reported to diags at data/<name> and the bundle is then empty.
std::string MakeCalcBundle(const std::map<std::string, std::string>& texts, Diagnostics* diags);
// MakeCalcBundle in two steps, so that a build can keep each file's part by its text: one
// file's minified JSON ("" when it is not valid JSON, reported to diags), and the bundle from
// the parts of every file of CalcBundleFiles, by name.
std::string CalcBundlePart(const std::string& name, const std::string& text, Diagnostics* diags);
std::string AssembleCalcBundle(const std::map<std::string, std::string>& parts);

// Reads a bundle back into *out with the parsers of load_dataset.h (each file as
// data/<name>). Problems (not a bundle, a file missing, a bad record) go to diags.
void LoadCalcBundle(std::string_view bundle, Dataset* out, Diagnostics* diags);

}  // namespace gg
