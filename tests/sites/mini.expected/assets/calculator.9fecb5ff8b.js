// calculator.js: starts the tools of the calculator page and holds the "Will it fit?" form
// (directive gpu-calculator). Loads calc.wasm and the data bundle once through
// calc-runtime.js; each tool (a .calculator element, data-tool fit | value | rent | media) then
// answers its form with the build's own calculator. "Will it fit?" is here: the memory
// breakdown and cheapest configurations (fit), and the largest context on the chosen card
// (maxctx). The other tools are modules named by data-module (calc-value.js, calc-rent.js,
// calc-media.js), given the calculator, their strings and the helpers below. Each form's state lives in the
// URL query (its own parameters), so a result can be shared; numbers are formatted with Intl
// for the page's locale; a short summary is announced through the tool's aria-live status.
// Without this script the page still explains and links to the static tables (the forms
// stay hidden). The model may also be a pasted Hugging Face config.json (model "config"): the
// text goes to the calculator as the request's "config", the message beside the box says
// what it read or why it cannot, and the text stays out of the URL (the page says so).
// Checked before anything is answered: a number in the URL that its field does not take
// (outside its min and max, not whole where a whole number is asked) is shown as an error
// and the field keeps its default; a pasted text over CONFIG_LIMIT is refused at once, and
// the text itself goes to the worker as it is (calc-worker.js puts it in the request), so
// the page's thread never parses or copies it into JSON; a number the calculator refuses is
// said in the page's language (the answer's "problems", generator/calcapi/README.md).
// The machine may be the reader's own (its slots, PSU and circuit, shown while "custom" is
// chosen); with weights in system RAM the answer says whether the RAM holds them.

const FIELDS = ["model", "precision", "kv_precision", "context", "batch", "mode", "engine", "prompt_tokens", "gpu", "count",
  "machine", "custom_slots", "custom_psu_w", "custom_circuit", "gpus", "offload", "ram_gbs", "ram_gb", "min_tps", "region"];
const WHOLE = new Set(["context", "batch", "count", "prompt_tokens"]);
// The request fields of this form that hold numbers: [form field, scale]. In inference the
// batch field is sent as "users" (one sequence per user).
const NUMBERS = {
  context: ["context", 1], batch: ["batch", 1], users: ["batch", 1], count: ["count", 1],
  prompt_tokens: ["prompt_tokens", 1], ram_gbs: ["ram_gbs", 1], ram_gb: ["ram_gb", 1], "machine.slots": ["custom_slots", 1], "machine.psu_w": ["custom_psu_w", 1], min_tps: ["min_tps", 1],
};
// The longest config.json text the page takes: 1 MB (a config.json is a few kilobytes).
const CONFIG_LIMIT = 1_000_000;

// "{model} needs {total} GB" with the named values filled in.
function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function element(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

// An accessible table like the static ones (directives/html.cc): a captioned table in a
// focusable scrolling region; the cell in column `rowHeader` (default the first) of each row
// is its header.
// A price, with the "≈" mark of an estimate before it (one element: the stylesheet draws the
// "≈" and clips the label, as for the marks the build writes).
function priced(estimated, label, text) {
  const span = element("span", {});
  if (estimated) span.append(element("span", { class: "est-mark", title: label }, `${label}: `));
  span.append(text);
  return span;
}

function table(caption, headers, rows, numeric, rowHeader = 0) {
  const head = element("tr", {}, ...headers.map((h, i) =>
    element("th", numeric[i] ? { scope: "col", class: "num" } : { scope: "col" }, h)));
  const body = rows.map((cells) => element("tr", {}, ...cells.map((c, i) =>
    i === rowHeader ? element("th", { scope: "row" }, c) : element("td", numeric[i] ? { class: "num" } : {}, c))));
  return element("div", { class: "table-scroll", role: "region", tabindex: "0", "aria-label": caption },
    element("table", { class: "data" }, element("caption", {}, caption),
      element("thead", {}, head), element("tbody", {}, ...body)));
}

class CalculatorForm {
  constructor(root, calc, strings) {
    this.root = root;
    this.calc = calc;
    this.t = strings;
    this.form = root.querySelector(".calc-form");
    this.status = root.querySelector(".calc-status");
    this.configStatus = root.querySelector(".calc-config-status");
    this.configField = root.querySelector(".calc-config-field");
    this.results = root.querySelector(".calc-results");
    const locale = root.dataset.locale;
    this.locale = locale;
    this.gb = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    this.int = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    this.speed = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    this.seconds = new Intl.NumberFormat(locale, { maximumSignificantDigits: 2 });
    this.usd = money(locale, "USD");
  }

  control(name) {
    return this.form.elements.namedItem(name);
  }

  // The model first: the context field's maximum is the model's.
  readUrl() {
    formFromUrl(this.form, ["model"]);
    this.limitContext();
    formFromUrl(this.form, FIELDS.filter((name) => name !== "model"));
    this.limitContext();
  }

  writeUrl() {
    formToUrl(this.form, FIELDS);
  }

  // The context field's maximum follows the chosen model; the config.json box shows with
  // the "config" choice.
  limitContext() {
    const option = this.control("model").selectedOptions[0];
    if (option) this.control("context").max = option.dataset.maxContext;
    if (this.configField) this.configField.hidden = !this.pasted();
    const custom = this.root.querySelector(".calc-custom-machine");
    if (custom) custom.hidden = this.control("machine").value !== "custom";
  }

  // True when the model is the pasted config.json.
  pasted() {
    return this.configField !== null && this.control("model").value === "config";
  }

  value(name) {
    const text = this.control(name).value.trim();
    return WHOLE.has(name) && /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
  }

  // The pasted text travels beside the request, not inside its JSON (the worker joins them).
  async ask(request) {
    const { config, ...rest } = request;
    return JSON.parse(await this.calc.answer(JSON.stringify(rest), config));
  }

  messages(error) {
    return errorMessages(error, this.t, this.form, NUMBERS, this.root.dataset.locale);
  }

  // A text over CONFIG_LIMIT: refused, nothing answered.
  refuseConfig(length) {
    const mb = new Intl.NumberFormat(this.root.dataset.locale, { maximumFractionDigits: 1 });
    const message = fill(this.t["calc.config.too_large"], { size: mb.format(length / 1e6), limit: mb.format(CONFIG_LIMIT / 1e6) });
    this.configStatus.textContent = message;
    this.status.textContent = message;
    this.results.replaceChildren();
  }

  name(selectName, id) {
    const option = [...this.control(selectName).options].find((o) => o.value === id);
    return option ? option.textContent : id;
  }

  configText(c) {
    const text = `${this.int.format(c.count)} × ${this.name("gpu", c.gpu)}`;
    const machine = c.machine ? this.machineName(c) : this.t["machine.itself"];
    if (c.price_usd === null) return `${text} (${machine})`;
    return `${text} (${c.price_estimated ? "≈ " : ""}${this.usd.format(c.price_usd)}, ${machine})`;
  }

  watts(w) {
    return `${this.int.format(w)} W`;
  }

  // The machine a configuration goes into ("2 × GPU server with eight SXM or OAM modules").
  machineName(c) {
    const name = this.t[`machine.${c.machine}.name`] ?? c.machine;
    return c.machines > 1 ? fill(this.t["unit.machines"], { n: this.int.format(c.machines), machine: name }) : name;
  }

  // The machine column: its name, the build's power and PSU; a unified-memory system is its
  // own machine.
  machineText(c) {
    if (!c.machine || c.power_w === null) return this.t["machine.itself"];
    return fill(this.t["unit.machine_build"], {
      machine: this.machineName(c), power: this.watts(c.power_w),
      psu: c.psu_w === null ? "—" : this.watts(c.psu_w),
    });
  }

  // The build fields of a fit request: the machine ("auto": each card's own), a mixed set of
  // cards, weights kept in system RAM, that memory's bandwidth and the slowest speed accepted.
  placement() {
    const p = {};
    const machine = this.control("machine");
    if (machine && machine.value === "custom") {
      // The reader's own machine (generator/calcapi/README.md): a desktop with their figures.
      p.machine = { slots: numberOf(this.control("custom_slots").value, 1), psu_w: numberOf(this.control("custom_psu_w").value, 1) };
      const circuit = this.control("custom_circuit").value;
      if (circuit !== "auto") p.machine.circuit = circuit;
    } else if (machine && machine.value !== "auto") {
      p.machine = machine.value;
    }
    const gpus = this.control("gpus");
    const ids = gpus ? gpus.value.split(",").map((id) => id.trim()).filter((id) => id !== "") : [];
    if (ids.length > 0) p.gpus = ids;
    const offload = this.control("offload");
    if (offload && offload.value !== "none") p.offload = offload.value;
    for (const name of ["ram_gbs", "ram_gb", "min_tps"]) {
      const field = this.control(name);
      if (field && field.value.trim() !== "") p[name] = numberOf(field.value, 1);
    }
    return p;
  }

  // Whether the system RAM holds the offloaded weights (calc/sysram.h), for `config` in
  // `machine`: the need against the reader's size or the machine's.
  ramSentence(config, r, machine) {
    const key = r.verdict === "fits" ? (r.reader_gb !== null ? "calc.ram.fits_reader" : "calc.ram.fits_typical")
      : r.verdict === "unchecked" ? "calc.ram.unchecked" : `calc.ram.${r.verdict}`;
    return fill(this.t[key], {
      config, machine, need: this.gb.format(r.need_gb), reserve: this.int.format(r.reserve_bytes / 1e9),
      have: this.int.format(r.reader_gb ?? r.typical_gb ?? 0), max: this.int.format(r.max_gb ?? 0),
    });
  }

  // The first offloaded configuration's RAM, and the cards left out for want of RAM.
  ramText(fit) {
    const out = [];
    const c = fit.configs.find((x) => x.offload && x.offload.ram);
    if (c) {
      out.push(this.ramSentence(`${this.int.format(c.count)} × ${this.name("gpu", c.gpu)}`, c.offload.ram,
        c.machine ? this.machineName(c) : ""));
    }
    if (fit.ram_short && fit.ram_short.length > 0) {
      out.push(fill(this.t[fit.ram_gb !== null ? "calc.ram.short.reader" : "calc.ram.short.machine"], {
        have: this.int.format(fit.ram_gb ?? 0), gpus: fit.ram_short.map((id) => this.name("gpu", id)).join(", "),
      }));
    }
    return out;
  }

  // The mixed set's answer: one sentence, each card's share, the warnings.
  mixedResult(m) {
    const names = m.gpus.map((id) => this.name("gpu", id)).join(" + ");
    const machine = this.t[`machine.${m.machine}.name`] ?? m.machine;
    let said;
    if (m.build && m.build.limit !== "fits") {
      said = fill(this.t["calc.mixed.machine"], { machine, gpus: names, limit: this.t[`calc.limit.${m.build.limit}`] });
    } else if (!m.fits) {
      said = fill(this.t["calc.mixed.memory"], { gpus: names });
    } else {
      const build = m.build ? fill(this.t["unit.machine_build"], { machine, power: this.watts(m.build.power_w),
        psu: m.build.psu_w === null ? "—" : this.watts(m.build.psu_w) }) : machine;
      said = fill(this.t["calc.mixed.fits"], { gpus: names, machine, build,
        tokens: m.tokens_per_s === null ? "—" : this.speed.format(m.tokens_per_s) });
    }
    const o = m.offload;
    if (o) {
      said += ` ${fill(this.t["calc.mixed.offloaded"], { layers: this.int.format(o.layers_on_cpu),
        gb: this.gb.format(o.ram_bytes / 1e9), gbs: this.gb.format(o.ram_gbs) })} ${this.ramSentence(names, o.ram, machine)}`;
    }
    const pct = new Intl.NumberFormat(this.root.dataset.locale, { style: "percent", maximumFractionDigits: 1 });
    const rows = m.gpus.map((id, i) => [this.name("gpu", id), pct.format(m.fractions[i]),
      this.gb.format(m.card_bytes[i] / 1e9), this.gb.format(m.usable_bytes[i] / 1e9)]);
    const parts = [element("p", {}, said), table(this.t["calc.mixed.caption"],
      [this.t["col.gpu"], this.t["calc.col.share"], this.t["calc.col.per_gpu_gb"], this.t["calc.col.usable_gb"]],
      rows, [false, true, true, true])];
    for (const w of m.warnings) parts.push(element("p", {}, this.t[`calc.warning.${w}`]));
    return { said, parts };
  }

  // The model part of a request: the id, or the pasted text; null (with the message shown)
  // when the box is empty.
  modelRequest() {
    if (this.configStatus) this.configStatus.textContent = "";
    if (!this.pasted()) return { model: this.value("model") };
    const text = this.control("config").value;
    if (text.length > CONFIG_LIMIT) {
      this.refuseConfig(text.length);
      return null;
    }
    if (text.trim() !== "") return { config: text };
    this.configStatus.textContent = this.t["calc.config.empty"];
    this.status.textContent = this.t["calc.config.empty"];
    return null;
  }

  // What the calculator read from the pasted config.json, or why it could not.
  showConfig(fit) {
    if (!this.pasted()) return;
    if (fit.error) {
      // The calculator prefixes the config's own problems with "config: "; beside the box
      // that goes without saying.
      const messages = this.messages(fit.error).map((m) => m.replace(/^config: /, ""));
      this.configStatus.textContent = `${this.t["calc.config.invalid"]} ${messages.join(" ")}`;
      return;
    }
    const c = fit.memory.config;
    const billions = new Intl.NumberFormat(this.root.dataset.locale, { maximumFractionDigits: 2 });
    this.configStatus.textContent = [fill(this.t["calc.config.read"], {
      architecture: c.architecture, params: billions.format(c.params / 1e9),
      active: billions.format(c.active_params / 1e9), layers: this.int.format(c.layers),
      context: this.int.format(c.max_context),
    }), ...c.notices].join(" ");
  }

  async run() {
    const picked = this.modelRequest();
    this.results.replaceChildren();
    if (!picked) return;
    const base = { ...picked };
    for (const name of ["precision", "kv_precision", "mode"]) base[name] = this.value(name);
    // Serving: in inference each user is one sequence of the batch.
    base[base.mode === "inference" ? "users" : "batch"] = this.value("batch");
    const engine = this.control("engine") ? this.value("engine") : "";
    if (engine !== "") base.engine = engine;
    const region = this.control("region");
    const fit = await this.ask({
      command: "fit", ...base, ...this.placement(), context: this.value("context"),
      ...(base.mode === "inference" ? { prompt_tokens: this.value("prompt_tokens") } : {}),
      ...(region ? { region: region.value } : {}),
    });
    // Prices in the answer's currency: the region's (calcapi `fit` with `region`).
    this.usd = money(this.locale, fit.currency ?? "USD");
    this.showConfig(fit);
    // The largest context is a question about inference only.
    const maxctx = base.mode === "inference"
      ? await this.ask({ command: "maxctx", ...base, gpu: this.value("gpu"), count: this.value("count") }) : null;
    this.results.replaceChildren();
    const errors = [fit, maxctx].filter((a) => a && a.error).flatMap((a) => this.messages(a.error));
    if (fit.error) {
      this.status.textContent = `${this.t["calc.error"]} ${[...new Set(errors)].join(" ")}`;
      return;
    }
    const said = [];
    const model = this.name("model", fit.memory.model);
    const total = this.gb.format(fit.memory.total_bytes / 1e9);
    said.push(fit.cheapest
      ? fill(this.t["calc.summary"], { model, total, config: this.configText(fit.cheapest) })
      : fill(this.t["calc.summary.none"], { model, total }));
    if (fit.cheapest && fit.cheapest.serving) said.push(...this.servingText(fit.cheapest));
    if (fit.engine_unsupported && fit.engine_unsupported.length > 0) {
      said.push(fill(this.t["calc.engine.unsupported"], {
        engine: this.name("engine", fit.engine), n: this.int.format(fit.engine_unsupported.length),
        gpus: fit.engine_unsupported.map((id) => this.name("gpu", id)).join(", "),
      }));
    }
    if (!maxctx) {
      // training: no largest context
    } else if (maxctx.error) {
      said.push(`${this.t["calc.error"]} ${this.messages(maxctx.error).join(" ")}`);
    } else {
      const config = `${this.int.format(maxctx.count)} × ${this.name("gpu", maxctx.gpu)}`;
      said.push(maxctx.max_context === 0
        ? fill(this.t["calc.maxctx.weights"], { config })
        : fill(this.t["calc.maxctx.result"], {
          config, tokens: this.int.format(maxctx.max_context),
          limit: this.t[maxctx.limited_by === "model" ? "calc.limited.model" : "calc.limited.memory"],
        }));
      if (maxctx.engine && !maxctx.engine.runs) {
        said.push(fill(this.t["calc.engine.card_unsupported"], {
          engine: this.name("engine", maxctx.engine.id), gpu: this.name("gpu", maxctx.gpu),
        }));
      }
    }
    if (fit.too_slow.length > 0)
      said.push(fill(this.t["calc.too_slow"], { gpus: fit.too_slow.map((id) => this.name("gpu", id)).join(", ") }));
    said.push(...this.ramText(fit));
    const mixed = fit.mixed ? this.mixedResult(fit.mixed) : null;
    if (mixed) said.push(mixed.said);
    this.status.textContent = said.join(" ");
    this.results.append(this.memoryTable(fit.memory), ...(mixed ? mixed.parts : []), this.configTable(fit.configs));
  }

  answer() {
    return answerInOrder(this);
  }

  // The serving sentences of a configuration: users, per-user and total speed, the knee, the
  // time to the first token, and what is known of the engine on that card.
  servingText(c) {
    const s = c.serving;
    const config = `${this.int.format(c.count)} × ${this.name("gpu", c.gpu)}`;
    const out = [fill(this.t["calc.serving"], {
      config, users: this.int.format(s.users), per_user: this.speed.format(s.per_user_tokens_per_s),
      aggregate: this.speed.format(s.aggregate_tokens_per_s), max: this.int.format(s.max_users),
    })];
    if (s.knee_users !== null) out.push(fill(this.t["calc.serving.knee"], { knee: this.int.format(s.knee_users) }));
    if (s.time_to_first_token_s !== null) {
      out.push(fill(this.t["calc.serving.ttft"], {
        prompt: this.int.format(s.prompt_tokens), prefill: this.int.format(s.prefill_tokens_per_s),
        ttft: this.seconds.format(s.time_to_first_token_s),
      }));
    }
    const e = c.engine;
    if (e) {
      const engine = this.name("engine", e.id);
      const level = this.t[`calc.engine.level.${e.level}`];
      if (level) out.push(fill(this.t["calc.engine.level"], { engine, gpu: this.name("gpu", c.gpu), level }));
      if (!e.reference && e.decode_factor === null) out.push(fill(this.t["calc.engine.no_factor"], { engine }));
    }
    return out;
  }

  memoryTable(m) {
    const parts = [["calc.part.weights", m.weights_bytes - (m.host_bytes ?? 0)], ["calc.part.kv", m.kv_cache_bytes],
      ["calc.part.activations", m.activations_bytes], ["calc.part.gradients", m.gradients_bytes],
      ["calc.part.optimizer", m.optimizer_bytes], ["calc.part.overhead", m.overhead_bytes]];
    const rows = parts.filter(([, bytes]) => bytes > 0).map(([key, bytes]) => [this.t[key], this.gb.format(bytes / 1e9)]);
    rows.push([this.t["calc.part.total"], this.gb.format(m.total_bytes / 1e9)]);
    return table(this.t["calc.memory.caption"], [this.t["calc.col.part"], this.t["calc.col.gb"]], rows, [false, true]);
  }

  configTable(configs) {
    if (configs.length === 0) return element("p", {}, this.t["calc.configs.none"]);
    const rows = configs.slice(0, 10).map((c) => {
      const notes = [];
      if (c.precision_substituted) notes.push(fill(this.t["calc.substituted"], { precision: c.precision }));
      if (c.offload) notes.push(fill(this.t["calc.offloaded"], { layers: this.int.format(c.offload.layers_on_cpu), gb: this.gb.format(c.offload.ram_bytes / 1e9) }));
      return [
        notes.length > 0 ? `${this.name("gpu", c.gpu)} (${notes.join(", ")})` : this.name("gpu", c.gpu),
        this.int.format(c.count), this.gb.format(c.per_gpu_bytes / 1e9),
        c.price_usd === null ? this.t["calc.unpriced"]
          : priced(c.price_estimated, this.t["price.estimated"], this.usd.format(c.price_usd)),
        c.tokens_per_s === null ? "—" : this.speed.format(c.tokens_per_s), this.machineText(c)];
    });
    return table(this.t["calc.configs.caption"],
      [this.t["col.gpu"], this.t["col.cards"], this.t["calc.col.per_gpu_gb"], this.t["col.config_price"], this.t["col.tokens_per_s"],
        this.t["col.machine"]],
      rows, [false, true, true, true, true, false]);
  }

  start() {
    this.readUrl();
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.writeUrl();
      this.answer();
    });
    this.control("model").addEventListener("change", () => this.limitContext());
    this.control("machine").addEventListener("change", () => this.limitContext());
    // The pasted text is answered as the reader types (after a pause), and never written to
    // the URL.
    const config = this.control("config");
    if (config) {
      let timer = 0;
      // A paste over the limit never reaches the box: refused before the page lays it out.
      config.addEventListener("paste", (event) => {
        const length = event.clipboardData ? event.clipboardData.getData("text/plain").length : 0;
        if (length <= CONFIG_LIMIT) return;
        event.preventDefault();
        clearTimeout(timer);
        this.refuseConfig(length);
      });
      config.addEventListener("input", () => {
        clearTimeout(timer);
        if (config.value.length > CONFIG_LIMIT) { // dropped or typed past the limit
          const length = config.value.length;
          config.value = "";
          this.refuseConfig(length);
          return;
        }
        timer = setTimeout(() => this.answer(), 300);
      });
    }
    this.root.hidden = false;
    this.answer();
  }
}

// A typed number divided by scale (a percentage by 100); anything else, and a number too
// large to be one (1e400), is sent as typed, so the calculator names the problem ("'years'
// must be a number from 0 to 100, got \"x\"") instead of taking the default.
function numberOf(text, scale) {
  const n = Number(text);
  return /^\s*(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(text) && Number.isFinite(n) ? n / scale : text.trim();
}

// The UI strings of the tool holding `form`.
function stringsOf(form) {
  return JSON.parse(form.closest(".calculator").querySelector(".calc-strings").textContent);
}

// The label of a form's field, as the reader sees it.
function labelOf(form, name) {
  const label = form.querySelector(`label[for="calc-${name}"]`);
  return label ? label.textContent.trim() : name;
}

// Whether a number field takes `text`: a finite number within its min and max, whole when
// its step is 1.
function takes(control, text) {
  if (!/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(text)) return false;
  const n = Number(text);
  if (!Number.isFinite(n)) return false;
  if (control.min !== "" && n < Number(control.min)) return false;
  if (control.max !== "" && n > Number(control.max)) return false;
  return control.step !== "1" || Number.isInteger(n);
}

// Whole amounts of `currency` in the locale's notation.
function money(locale, currency) {
  return new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 });
}

// The region select of a tool (calc_form.h RegionField): when the reader picks another region,
// an electricity field still at the old region's price takes the new one's (data-electricity)
// and keeps it as its default. Nothing without the select.
function followRegion(form, regionName, electricityName) {
  const region = form.elements.namedItem(regionName);
  const electricity = form.elements.namedItem(electricityName);
  if (!region || !electricity) return;
  let price = region.selectedOptions[0]?.dataset.electricity;
  region.addEventListener("change", () => {
    const next = region.selectedOptions[0]?.dataset.electricity;
    if (next === undefined) return;
    if (electricity.value.trim() === price) electricity.value = next;
    if (electricity.dataset.default !== undefined) electricity.dataset.default = next;
    price = next;
  }, { capture: true });
}

// The URL's query → the named fields of a form (a value a select does not offer is ignored).
// A number its field does not take is not answered: the field keeps its default and an alert
// above the form says which value of the link was put back.
function formFromUrl(form, fields) {
  const params = new URLSearchParams(window.location.search);
  const refused = [];
  for (const name of fields) {
    const value = params.get(name);
    const control = form.elements.namedItem(name);
    if (value === null || !control) continue;
    if (control.tagName === "SELECT" && ![...control.options].some((o) => o.value === value)) continue;
    if (control.type === "number" && (value.trim() !== "" || control.required) && !takes(control, value)) {
      refused.push({ field: labelOf(form, name), value, default: control.defaultValue });
      continue;
    }
    control.value = value;
  }
  form.parentElement.querySelector(":scope > .calc-url-problems")?.remove();
  if (refused.length === 0) return;
  const t = stringsOf(form);
  form.before(element("p", { class: "calc-url-problems", role: "alert" },
    refused.map((r) => fill(t["calc.url.reset"], r)).join(" ")));
}

// The messages of an error answer; a number out of its range (the answer's problems) is said
// in the page's language with the field's label, and so is a problem of a pasted config.json. `fields` maps a request field to
// [form field, scale] (a percentage field takes the fraction × 100).
function errorMessages(error, t, form, fields, locale) {
  if (error.kind === "internal") return [t["calc.internal"]];
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  const said = new Map();
  for (const p of error.problems ?? []) {
    // A problem of the pasted config.json, by its code (generator/calcapi/README.md).
    if (p.field === "config" && t[`calc.config.problem.${p.code}`]) {
      const d = p.detail ?? {};
      said.set(p.message, fill(t[`calc.config.problem.${p.code}`], { field: p.path, got: d.got ?? "",
        name: d.name ?? "", max: d.max === undefined ? "" : number.format(d.max),
        line: d.line === undefined ? "" : number.format(d.line),
        column: d.column === undefined ? "" : number.format(d.column) }));
      continue;
    }
    if (!(p.field in fields)) continue;
    const [name, scale] = fields[p.field];
    const key = p.max === null ? "calc.invalid.min" : p.whole ? "calc.invalid.whole" : "calc.invalid.range";
    said.set(p.message, fill(t[key], { field: labelOf(form, name), min: number.format(p.min * scale),
      max: p.max === null ? "" : number.format(p.max * scale) }));
  }
  return [...new Set(error.messages.map((m) => said.get(m) ?? m))];
}

// The named fields of a form → the URL's query, keeping the other tools' parameters.
function formToUrl(form, fields) {
  const params = new URLSearchParams(window.location.search);
  for (const name of fields) {
    const control = form.elements.namedItem(name);
    if (control) params.set(name, control.value);  // a tool without regions has no region field
  }
  window.history.replaceState(null, "", `?${params}`);
}

// Runs tool.run() after the runs already asked for (the calculator answers asynchronously, so
// answers are shown in the order the inputs changed), counts answers in data-answers (tests
// wait on it) and marks the tool aria-busy while runs are pending.
function answerInOrder(tool) {
  tool.pending = (tool.pending ?? 0) + 1;
  tool.root.setAttribute("aria-busy", "true");
  tool.queue = (tool.queue ?? Promise.resolve()).then(async () => {
    try {
      await tool.run();
    } catch (error) {
      console.warn(error);
    }
    tool.root.dataset.answers = String(Number(tool.root.dataset.answers ?? 0) + 1);
    if (--tool.pending === 0) tool.root.removeAttribute("aria-busy");
  });
  return tool.queue;
}

// Starts the form of a tool module (calc-value.js, calc-rent.js, calc-media.js; tool: {root,
// form, run()}, readUrl() when reading the URL needs more than the fields): its fields from the
// URL (afterRead() then, e.g. followRegion), then an answer now, on submit and on every change,
// each written back to the URL first (writeUrl() when writing needs more than the fields).
function startForm(tool, fields, afterRead) {
  if (tool.readUrl) tool.readUrl();
  else formFromUrl(tool.form, fields);
  if (afterRead) afterRead();
  const update = () => {
    if (tool.writeUrl) tool.writeUrl();
    else formToUrl(tool.form, fields);
    answerInOrder(tool);
  };
  tool.form.addEventListener("submit", (event) => {
    event.preventDefault();
    update();
  });
  tool.form.addEventListener("change", update);
  tool.form.addEventListener("input", update);
  tool.root.hidden = false;
  return answerInOrder(tool);
}

// What the tool modules share with this one.
const helpers = { element, table, priced, fill, numberOf, formFromUrl, formToUrl, answerInOrder, errorMessages, money, followRegion, startForm };

// Starts one tool; a tool that cannot start says so in its status line.
async function startTool(root, calc) {
  const strings = JSON.parse(root.querySelector(".calc-strings").textContent);
  try {
    if (root.dataset.tool === "fit") {
      new CalculatorForm(root, calc, strings).start();
    } else {
      const tool = await import(new URL(root.dataset.module, document.baseURI).href);
      tool.start(root, calc, strings, helpers);
    }
  } catch (error) {
    cannotStart(root, strings);
    console.warn(error);
  }
}

// A tool that cannot start says so in its status line, its form hidden; one whose answer the
// build wrote (data-static: Image and video) keeps that answer and its disabled form.
function cannotStart(root, strings) {
  if ("static" in root.dataset) return;
  root.querySelector(".calc-form").hidden = true;
  root.hidden = false;
  root.querySelector(".calc-status").textContent = strings["calc.failed"];
}

// The calculator in a worker (calc-worker.js): resolves to {dataErrors, answer(text, config)
// -> Promise of the answer text} (config: a pasted config.json text, put into the request by
// the worker); answers come back in the order asked.
function startWorker(first) {
  const url = (name) => new URL(first.dataset[name], document.baseURI).href;
  const worker = new Worker(url("worker"), { type: "module" });
  const waiting = new Map();
  let next = 0;
  return new Promise((resolve, reject) => {
    worker.onerror = (event) => reject(new Error(event.message || "calc-worker.js failed"));
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.ready === false) reject(new Error(m.error));
      else if (m.ready) {
        resolve({
          dataErrors: m.dataErrors,
          answer: (request, config) => new Promise((done) => {
            waiting.set(++next, done);
            worker.postMessage({ id: next, request, config });
          }),
        });
      } else {
        waiting.get(m.id)(m.answer);
        waiting.delete(m.id);
      }
    };
    worker.postMessage({ init: { runtime: url("runtime"), wasm: url("wasm"), data: url("data"),
      locale: first.dataset.locale } });
  });
}

async function main(roots) {
  let calc = null;
  try {
    calc = await startWorker(roots[0]);
    if (calc.dataErrors) throw new Error("calc.wasm could not read its data");
  } catch (error) {
    console.warn(error);
    calc = null;
  }
  for (const root of roots) {
    // One task per tool, so the page stays responsive while they answer.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (calc) {
      await startTool(root, calc);
    } else {
      cannotStart(root, JSON.parse(root.querySelector(".calc-strings").textContent));
    }
  }
}

const roots = [...document.querySelectorAll(".calculator")];
if (roots.length) main(roots);
