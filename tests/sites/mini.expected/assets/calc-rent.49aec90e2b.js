// calc-rent.js: the "Own or rent" tool of the calculator page (directive
// gpu-calculator-rent), started by calculator.js. The reader's desktop (price, watts) or a
// desktop around a card of the data, against a cloud offer of the data or a price typed in,
// at the reader's utilisation and electricity price → the `breakeven` request → the
// break-even, what each side costs, and the cumulative cost of both over time (an SVG line
// chart whose figures are the answer's; the table holds them as text). Results follow the
// form as the reader types; the state lives in the URL (r-… parameters).

const FIELDS = ["r-region", "r-desktop", "r-cost", "r-watts", "r-offer", "r-per-hour", "r-utilisation", "r-electricity"];
const SVG = "http://www.w3.org/2000/svg";
// The request fields that hold numbers: [form field, scale] (errorMessages in calculator.js).
const NUMBERS = { desktop_cost_usd: ["r-cost", 1], desktop_watts: ["r-watts", 1],
  cloud_usd_per_hour: ["r-per-hour", 1], utilisation: ["r-utilisation", 100], electricity_usd_per_kwh: ["r-electricity", 1] };

// The breakeven request of a form state (get: field → text).
function rentRequest(get, numberOf) {
  const r = { command: "breakeven" };
  if (get("r-region") !== "") r.region = get("r-region");
  if (get("r-desktop") === "custom") {
    r.desktop_cost_usd = numberOf(get("r-cost"), 1);
    r.desktop_watts = numberOf(get("r-watts"), 1);
  } else {
    r.gpu = get("r-desktop");
  }
  if (get("r-offer") === "custom") r.cloud_usd_per_hour = numberOf(get("r-per-hour"), 1);
  else r.cloud = get("r-offer");
  r.utilisation = numberOf(get("r-utilisation"), 100);
  r.electricity_usd_per_kwh = numberOf(get("r-electricity"), 1);
  return r;
}

// Years the chart spans: twice the break-even, 1 to 10 years; 5 when owning never wins.
function horizonYears(days) {
  return days === null ? 5 : Math.min(10, Math.max(1, Math.ceil((2 * days) / 365)));
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child);
  return node;
}

class RentTool {
  constructor(root, calc, t, ui) {
    Object.assign(this, { root, calc, t, ui });
    this.form = root.querySelector(".calc-form");
    this.status = root.querySelector(".calc-status");
    this.results = root.querySelector(".calc-results");
    const locale = root.dataset.locale;
    this.locale = locale;
    this.usd = ui.money(locale, "USD");
    this.days = new Intl.NumberFormat(locale, { style: "unit", unit: "day", unitDisplay: "long", maximumFractionDigits: 0 });
    this.months = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    this.years = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    this.percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
    this.int = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  }

  control(name) {
    return this.form.elements.namedItem(name);
  }

  get(name) {
    const control = this.control(name);
    return control ? control.value : "";  // no region field without regions
  }

  async run() {
    // The typed-in figures count only with "my own figures"; otherwise they show the data's.
    const ownDesktop = this.get("r-desktop") === "custom";
    const ownPrice = this.get("r-offer") === "custom";
    this.control("r-cost").readOnly = this.control("r-watts").readOnly = !ownDesktop;
    this.control("r-per-hour").readOnly = !ownPrice;
    const request = JSON.stringify(rentRequest((name) => this.get(name), this.ui.numberOf));
    this.root.dataset.request = request; // what was asked (the tests compare it)
    const a = JSON.parse(await this.calc.answer(request));
    this.results.replaceChildren();
    if (a.error) {
      const messages = this.ui.errorMessages(a.error, this.t, this.form, NUMBERS, this.root.dataset.locale);
      this.status.textContent = `${this.t["calc.error"]} ${messages.join(" ")}`;
      return;
    }
    if (!ownDesktop) {
      this.control("r-cost").value = String(a.desktop_cost_usd);
      this.control("r-watts").value = String(a.desktop_watts);
    }
    if (!ownPrice) this.control("r-per-hour").value = String(a.cloud_usd_per_hour);
    const utilisation = this.ui.numberOf(this.get("r-utilisation"), 100);
    const summary = a.break_even_days === null ? this.t["calc.rent.summary.never"]
      : this.ui.fill(this.t["calc.rent.summary"], { days: this.days.format(a.break_even_days),
        months: this.months.format(a.break_even_months), util: this.percent.format(utilisation) });
    // A break-even computed from an estimated price is an estimate too.
    const estimated = (a.price_estimated && !ownDesktop) || (a.cloud_price_estimated && !ownPrice);
    this.status.replaceChildren(this.ui.priced(estimated, this.t["price.estimated"], summary));
    const t = this.t;
    this.usd = this.ui.money(this.locale, a.currency ?? "USD");  // the region's money
    // The desktop's cost and the cloud's rest on estimates when the answer says so (a typed-in
    // figure never does): they carry the "≈" mark as on the static pages. A cloud price of the
    // data, quoted in US dollars, is converted into the region's money and says so.
    const mark = t["price.estimated"];
    const converted = a.cloud_converted && !ownPrice ? t["price.converted_text"] : "";
    const rows = [[t["calc.rent.row.desktop"],
      this.ui.priced(a.price_estimated && !ownDesktop, mark, this.usd.format(a.desktop_cost_usd))],
      [t["calc.rent.row.electricity"], this.usd.format(a.electricity_usd_per_year)],
      [t["calc.rent.row.cloud"],
        this.ui.priced(a.cloud_price_estimated && !ownPrice, mark, this.usd.format(a.cloud_usd_per_year) + converted)]];
    this.results.append(this.ui.table(t["calc.rent.caption"], [t["calc.rent.col.item"], a.currency ?? t["calc.rent.col.usd"]], rows, [false, true]),
      this.chart(a));
  }

  // Cumulative cost: owning = desktop + electricity × years; renting = cloud × years.
  chart(a) {
    const years = horizonYears(a.break_even_days);
    const own = (y) => a.desktop_cost_usd + a.electricity_usd_per_year * y;
    const rent = (y) => a.cloud_usd_per_year * y;
    const top = Math.max(own(years), rent(years), 1);
    const [w, h, left, right, topPad, bottom] = [360, 220, 64, 12, 12, 36];
    const x = (y) => left + ((w - left - right) * y) / years;
    const yPx = (usd) => topPad + (h - topPad - bottom) * (1 - usd / top);
    const label = this.ui.fill(this.t["calc.rent.chart"], { years: this.int.format(years) });
    const g = svg("svg", { viewBox: `0 0 ${w} ${h}`, role: "img", "aria-label": label, class: "calc-chart" },
      svg("title", {}, label));
    // Axes with the start, the middle and the end of each.
    for (const f of [0, 0.5, 1]) {
      g.append(svg("line", { x1: left, x2: w - right, y1: yPx(top * f), y2: yPx(top * f), class: "calc-grid" }),
        svg("text", { x: left - 4, y: yPx(top * f) + 4, "text-anchor": "end" }, this.usd.format(top * f)),
        svg("text", { x: x(years * f), y: h - bottom + 16, "text-anchor": "middle" }, this.years.format(years * f)));
    }
    g.append(svg("text", { x: (left + w - right) / 2, y: h - 4, "text-anchor": "middle" }, this.t["calc.rent.axis.years"]));
    for (const [fn, name, cls] of [[own, "calc.rent.line.own", "calc-own"], [rent, "calc.rent.line.rent", "calc-rent"]]) {
      g.append(svg("line", { x1: x(0), y1: yPx(fn(0)), x2: x(years), y2: yPx(fn(years)), class: cls }),
        // The line's name at its end, under it when the end is at the top.
        svg("text", { x: x(years) - 2, y: yPx(fn(years)) < 24 ? yPx(fn(years)) + 14 : yPx(fn(years)) - 6, "text-anchor": "end", class: cls }, this.t[name]));
    }
    if (a.break_even_days !== null && a.break_even_days / 365 <= years) {
      const bx = x(a.break_even_days / 365);
      g.append(svg("line", { x1: bx, x2: bx, y1: topPad, y2: h - bottom, class: "calc-mark" }),
        svg("text", { x: bx + 3, y: topPad + 10 }, this.t["calc.rent.breakeven"]));
    }
    return this.ui.element("figure", { class: "calc-figure" }, g);
  }

  start() {
    this.ui.startForm(this, FIELDS, () => this.ui.followRegion(this.form, "r-region", "r-electricity"));
  }
}

export function start(root, calc, strings, ui) {
  new RentTool(root, calc, strings, ui).start();
}
