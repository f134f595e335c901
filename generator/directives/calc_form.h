// The pieces the calculator page's forms share (directives gpu-calculator,
// gpu-calculator-value, gpu-calculator-rent): labelled controls, the strings a script writes
// into its results, and the tool's container. Each tool is a <div class="calculator"> that
// stays hidden until assets/calculator.js has loaded calc.wasm and the tool's module and shown
// its form; the page's Markdown carries what a reader without JavaScript needs. Every text is
// HTML-escaped; the strings travel as JSON in a <script type="application/json">.
#pragma once

#include <string>
#include <vector>

#include "directives/directive.h"

namespace gg::calcform {

std::string Attr(const std::string& name, const std::string& value);
std::string Option(const std::string& value, const std::string& label, bool selected,
                   const std::string& extra = "");
// One labelled control: <p class="calc-field"><label for="calc-ID">…</label> control</p>.
std::string Field(const std::string& id, const std::string& label, const std::string& control);
std::string Select(const std::string& id, const std::string& options);
// A whole number in [min, max].
std::string NumberInput(const std::string& id, int64_t value, int64_t max, int64_t min = 1);
// A decimal number ≥ 0 (step any); value "" leaves it empty (an optional field).
std::string DecimalInput(const std::string& id, const std::string& value,
                         const std::string& max = "");
// The shortest text that reads back as v (0.18, 1700, 15: whole numbers without ".0").
std::string ShortestNumber(double v);
// A fraction as a percentage for a form field, to 6 decimals (0.15 → "15", not
// "15.000000000000002").
std::string PercentText(double fraction);
// The region the tool computes for (data/regions.json): a labelled select of the regions, the
// page language's selected, each option carrying data-currency and data-electricity (its
// household price per kWh, as the electricity fields write it) for the script; "" without
// regions. The tool sends it as the request's `region`, and it is part of the URL state.
std::string RegionField(const PageContext& ctx, const std::string& id);
// <script type="application/json" class="CLASS">…</script> holding JSON text that is safe in
// a script element ('<' written as \u003c: no "</script" or "<!--").
std::string JsonScript(const std::string& css_class, const std::string& json_text);
// {"key": "the page language's string", …} as JSON text.
std::string ScriptStrings(const PageContext& ctx, const std::vector<std::string>& keys);

// True when the build publishes the calculator (calc.wasm and its scripts among the assets);
// records the page's dependency on them. `module` is the tool's script ("calc-value.js"), or
// "" for the form built into calculator.js.
bool CalculatorAvailable(const PageContext& ctx, const std::string& module);
// <link> (once per tool: browsers fetch it once) and the opening <div class="calculator"
// data-tool=… hidden …> with the URLs the script loads.
std::string OpenTool(const PageContext& ctx, const std::string& tool, const std::string& module);
// The status line (aria-live), the results container, the strings, </div>, and the script.
std::string CloseTool(const PageContext& ctx, const std::vector<std::string>& keys);

}  // namespace gg::calcform
