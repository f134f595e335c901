// calc-value.js: the "Value" tool of the calculator page (directive gpu-calculator-value),
// started by calculator.js. Workload, cost basis (the card, or the cost of ownership at the
// reader's electricity price, utilisation and years), new or used, segment and budget → the
// `rank` request → the ranked table and a bar list of performance per 1,000 USD. Estimates
// carry "≈" as on the static pages. An ownership field left at its default (data-default,
// the guide's assumption) is not sent, so the default form gives the guide's own ranking.
// Results follow the form as the reader types; the state lives in the URL (v-… parameters).

const FIELDS = ["v-region", "v-workload", "v-cost", "v-condition", "v-segment", "v-budget", "v-electricity", "v-utilisation", "v-years"];
const OWNERSHIP = [["v-electricity", "electricity_usd_per_kwh", 1], ["v-utilisation", "utilisation", 100], ["v-years", "years", 1]];
const BARS = 15;
// The request fields that hold numbers: [form field, scale] (errorMessages in calculator.js).
const NUMBERS = { electricity_usd_per_kwh: ["v-electricity", 1], utilisation: ["v-utilisation", 100],
  years: ["v-years", 1], budget_usd: ["v-budget", 1] };

// The rank request of a form state (get: field → text; defaults: the ownership fields').
function valueRequest(get, defaults, numberOf) {
  const r = { command: "rank", workload: get("v-workload"), cost: get("v-cost") };
  if (get("v-region") !== "") r.region = get("v-region");
  if (get("v-condition") !== "any") r.conditions = [get("v-condition")];
  if (get("v-segment") !== "all") r.segments = [get("v-segment")];
  if (r.cost === "ownership")
    for (const [name, key, scale] of OWNERSHIP)
      if (get(name).trim() !== defaults[name]) r[key] = numberOf(get(name), scale);
  if (r.cost !== "none" && get("v-budget").trim() !== "") r.budget_usd = numberOf(get("v-budget"), 1);
  return r;
}

class ValueTool {
  constructor(root, calc, t, ui) {
    Object.assign(this, { root, calc, t, ui });
    this.form = root.querySelector(".calc-form");
    this.status = root.querySelector(".calc-status");
    this.results = root.querySelector(".calc-results");
    const locale = root.dataset.locale;
    this.locale = locale;
    this.perf = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    this.usd = ui.money(locale, "USD");
    this.int = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    this.names = JSON.parse(root.querySelector(".calc-names").textContent);
  }

  control(name) {
    return this.form.elements.namedItem(name);
  }

  get(name) {
    const control = this.control(name);
    return control ? control.value : "";  // no region field without regions
  }

  request() {
    const defaults = Object.fromEntries(OWNERSHIP.map(([name]) => [name, this.control(name).dataset.default]));
    return valueRequest((name) => this.get(name), defaults, this.ui.numberOf);
  }

  // The "≈" mark of an estimate, read out as its label (one element: the stylesheet draws the
  // "≈" and clips the label, as for the marks the build writes).
  mark(label) {
    const { element } = this.ui;
    return element("span", { class: "est-mark", title: label }, `${label}: `);
  }

  cell(estimated, label, text) {
    const span = document.createElement("span");
    if (estimated) span.append(this.mark(label));
    span.append(text);
    return span;
  }

  async run() {
    // The ownership fields matter only for that basis.
    this.root.querySelector(".calc-ownership").disabled = this.get("v-cost") !== "ownership";
    const request = JSON.stringify(this.request());
    this.root.dataset.request = request; // what was asked (the tests compare it)
    const answer = JSON.parse(await this.calc.answer(request));
    this.results.replaceChildren();
    if (answer.error) {
      const messages = this.ui.errorMessages(answer.error, this.t, this.form, NUMBERS, this.root.dataset.locale);
      this.status.textContent = `${this.t["calc.error"]} ${messages.join(" ")}`;
      return;
    }
    this.usd = this.ui.money(this.locale, answer.currency ?? "USD");  // the region's money
    const rows = answer.ranking;
    const best = rows[0];
    if (!best) this.status.textContent = this.t["calc.value.summary.none"];
    else if (answer.cost === "none")
      this.status.textContent = this.ui.fill(this.t["calc.value.summary.speed"], { count: this.int.format(rows.length), gpu: this.names[best.gpu] });
    else
      this.status.textContent = this.ui.fill(this.t["calc.value.summary"], {
        count: this.int.format(rows.length), gpu: this.names[best.gpu], value: this.perf.format(best.perf_per_kusd) });
    if (best) this.results.append(this.table(answer), ...(answer.cost === "none" ? [] : [this.bars(rows)]));
  }

  table(answer) {
    const t = this.t;
    const priced = answer.cost !== "none";
    const headers = [t["col.rank"], t["col.gpu"], t["col.relative_perf_short"]];
    if (priced) headers.push(t[answer.cost === "ownership" ? "col.cost_ownership" : "col.cost_gpu"], t["col.condition"], t["col.perf_per_kusd"]);
    const rows = answer.ranking.map((e) => {
      const name = this.names[e.gpu];
      const row = [this.int.format(e.rank), e.pareto ? this.cell(false, "", `${name} ★`) : name,
        this.cell(e.source === "estimated", t["chart.estimated"], this.perf.format(e.relative_perf))];
      if (priced)
        row.push(this.cell(e.price_estimated, t["price.estimated"], this.usd.format(e.cost_usd)),
          t[`condition.${e.condition}`], this.perf.format(e.perf_per_kusd));
      return row;
    });
    const caption = this.ui.fill(t["calc.value.caption"], {
      workload: this.control("v-workload").selectedOptions[0].textContent, basis: t[`basis.${answer.cost}`] });
    const box = this.ui.table(caption, headers, rows, headers.map((_, i) => i !== 1 && i !== 4), 1);
    if (priced) box.append(this.ui.element("p", { class: "calc-note" }, `★ ${t["calc.value.pareto"]}`));
    return box;
  }

  // A bar list of the best values: a list (read as one) with bars drawn by CSS widths.
  bars(rows) {
    const { element } = this.ui;
    const top = rows.slice(0, BARS);
    const max = Math.max(...top.map((e) => e.perf_per_kusd));
    const title = this.ui.fill(this.t["calc.value.chart"], { n: this.int.format(top.length) });
    const items = top.map((e) => {
      const bar = element("span", { class: "calc-bar", "aria-hidden": "true" });
      bar.style.width = `${(100 * e.perf_per_kusd / max).toFixed(1)}%`;
      const estimated = e.source === "estimated" || e.price_estimated;
      return element("li", {}, element("span", { class: "calc-bar-label" }, this.names[e.gpu]),
        element("span", { class: "calc-bar-track" }, bar),
        element("span", { class: "calc-bar-value" }, this.cell(estimated, this.t["chart.estimated"], this.perf.format(e.perf_per_kusd))));
    });
    return element("figure", { class: "calc-bars" }, element("figcaption", {}, title), element("ol", {}, ...items));
  }

  start() {
    this.ui.startForm(this, FIELDS, () => this.ui.followRegion(this.form, "v-region", "v-electricity"));
  }
}

export function start(root, calc, strings, ui) {
  new ValueTool(root, calc, strings, ui).start();
}
