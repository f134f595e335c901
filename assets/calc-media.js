// calc-media.js: the "Image and video" tool of the calculator page (directive
// gpu-calculator-media), started by calculator.js. Pipeline, the denoiser's weight format,
// resolution (a preset or width and height), frames (video), steps and offload mode → the
// `media` request → the peak memory by phase, the system RAM the offload mode needs, the cards
// that hold it in a desktop (cheapest first, "≈" on an estimated price) and the time per image
// or clip. The build wrote the answer for the default settings into the page (it stands
// without JavaScript); this replaces it with the live answer, formatted the same way.
// Results follow the form as the reader types; the state lives in the URL (m-… parameters).

const FIELDS = ["m-pipeline", "m-precision", "m-width", "m-height", "m-frames", "m-steps", "m-offload", "m-region"];
// The request fields that hold numbers: [form field, scale] (errorMessages in calculator.js).
const NUMBERS = { width: ["m-width", 1], height: ["m-height", 1], frames: ["m-frames", 1], steps: ["m-steps", 1] };
const CARD_ROWS = 10; // as the directive

// The media request of a form state (get: field → text; kind: the pipeline's, image | video).
export function mediaRequest(get, kind, numberOf) {
  const r = { command: "media", pipeline: get("m-pipeline"), precision: get("m-precision"),
    width: numberOf(get("m-width"), 1), height: numberOf(get("m-height"), 1) };
  if (kind === "video") r.frames = numberOf(get("m-frames"), 1);
  r.steps = numberOf(get("m-steps"), 1);
  r.offload = get("m-offload");
  if (get("m-region") !== "") r.region = get("m-region"); // prices in the region's money
  return r;
}

class MediaTool {
  constructor(root, calc, t, ui) {
    Object.assign(this, { root, calc, t, ui });
    this.form = root.querySelector(".calc-form");
    this.status = root.querySelector(".calc-status");
    this.results = root.querySelector(".calc-results");
    const locale = root.dataset.locale;
    this.gb = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    this.one = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    this.two = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    this.int = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    this.names = JSON.parse(root.querySelector(".calc-names").textContent);
  }

  control(name) {
    return this.form.elements.namedItem(name);
  }

  get(name) {
    const control = this.control(name);
    return control ? control.value : ""; // no region field without regions
  }

  kind() {
    return this.control("m-pipeline").selectedOptions[0].dataset.kind;
  }

  // The preset matching width × height, else "other"; frames only for a video.
  sync() {
    const size = `${this.get("m-width").trim()}x${this.get("m-height").trim()}`;
    const preset = [...this.control("m-size").options].some((o) => o.value === size);
    this.control("m-size").value = preset ? size : "custom";
    this.control("m-frames").disabled = this.kind() !== "video";
  }

  // A new pipeline starts at its own defaults (resolution, frames, steps).
  pipelineDefaults() {
    const d = this.control("m-pipeline").selectedOptions[0].dataset;
    for (const [name, value] of [["m-width", d.width], ["m-height", d.height], ["m-frames", d.frames], ["m-steps", d.steps]])
      this.control(name).value = value;
    this.sync();
  }

  readUrl() {
    this.ui.formFromUrl(this.form, FIELDS);
    this.sync();
  }

  // A duration as the directive writes it: seconds under 100, minutes under 100, hours.
  duration(s) {
    if (s < 100) return this.ui.fill(this.t["calc.media.seconds"], { n: (s < 10 ? this.one : this.int).format(s) });
    if (s < 6000) return this.ui.fill(this.t["calc.media.minutes"], { n: this.one.format(s / 60) });
    return this.ui.fill(this.t["calc.media.hours"], { n: this.one.format(s / 3600) });
  }

  async run() {
    this.sync();
    const request = JSON.stringify(mediaRequest((name) => this.get(name), this.kind(), this.ui.numberOf));
    this.root.dataset.request = request; // what was asked (the tests compare it)
    const answer = JSON.parse(await this.calc.answer(request));
    this.results.replaceChildren();
    if (answer.error) {
      const messages = this.ui.errorMessages(answer.error, this.t, this.form, NUMBERS, this.root.dataset.locale);
      this.status.textContent = `${this.t["calc.error"]} ${messages.join(" ")}`;
      return;
    }
    this.usd = this.ui.money(this.root.dataset.locale, answer.currency ?? "USD"); // the region's money
    this.status.textContent = this.summary(answer);
    this.results.append(this.phases(answer),
      this.ui.element("p", { class: "calc-note" }, this.ui.fill(this.t["calc.media.note"], { context: this.two.format(answer.cuda_context_bytes / 1e9) })));
    if (answer.cards.length > 0) this.results.append(this.cards(answer));
    if (answer.cards.length > CARD_ROWS)
      this.results.append(this.ui.element("p", { class: "calc-note" },
        this.ui.fill(this.t["calc.media.cards.more"], { n: this.int.format(answer.cards.length - CARD_ROWS) })));
  }

  summary(a) {
    const t = this.t;
    const said = [this.ui.fill(t[`calc.media.summary.${a.peak_phase}`], { peak: this.gb.format(a.peak_bytes / 1e9) })];
    said.push(a.host_bytes > 0 ? this.ui.fill(t["calc.media.summary.ram"], { ram: this.gb.format(a.host_bytes / 1e9) })
      : t["calc.media.summary.noram"]);
    const best = a.cards[0];
    if (best && best.price_usd !== null)
      said.push(this.ui.fill(t[a.kind === "video" ? "calc.media.summary.video" : "calc.media.summary.image"], {
        gpu: this.names[best.gpu], price: `${best.price_estimated ? "≈ " : ""}${this.usd.format(best.price_usd)}`,
        time: this.duration(best.total_seconds),
        per_second: best.seconds_per_video_second === null ? "" : this.duration(best.seconds_per_video_second) }));
    else said.push(t["calc.media.summary.nocard"]);
    return said.join(" ");
  }

  phases(a) {
    const t = this.t;
    const gb = (bytes) => this.gb.format(bytes / 1e9);
    const rows = a.phases.map((p) => {
      const name = t[`calc.media.phase.${p.phase}`];
      return [p.phase === a.peak_phase ? this.ui.fill(t["calc.media.peak"], { phase: name }) : name,
        gb(p.weights_bytes), gb(p.activation_bytes), gb(p.total_bytes), gb(p.host_bytes)];
    });
    return this.ui.table(t["calc.media.phases.caption"], [t["calc.media.col.phase"], t["calc.media.col.weights"],
      t["calc.media.col.activations"], t["calc.media.col.total"], t["calc.media.col.ram"]], rows, [false, true, true, true, true]);
  }

  cards(a) {
    const t = this.t;
    const video = a.kind === "video";
    const rows = a.cards.slice(0, CARD_ROWS).map((c) => {
      const row = [this.names[c.gpu], this.gb.format(c.usable_bytes / 1e9),
        c.price_usd === null ? t["calc.unpriced"] : this.ui.priced(c.price_estimated, t["price.estimated"], this.usd.format(c.price_usd)),
        this.duration(c.total_seconds)];
      if (video) row.push(this.duration(c.seconds_per_video_second));
      return row;
    });
    const headers = [t["col.gpu"], t["calc.media.col.usable"], t["calc.media.col.price"], t[video ? "calc.media.col.video" : "calc.media.col.image"]];
    if (video) headers.push(t["calc.media.col.per_second"]);
    return this.ui.table(t["calc.media.cards.caption"], headers, rows, headers.map((_, i) => i > 0));
  }

  start() {
    this.root.querySelector(".calc-media-fields").disabled = false;
    this.control("m-pipeline").addEventListener("change", () => this.pipelineDefaults());
    this.control("m-size").addEventListener("change", () => {
      const [width, height] = this.get("m-size").split("x");
      if (height === undefined) return; // "other": the reader types them
      this.control("m-width").value = width;
      this.control("m-height").value = height;
    });
    this.ui.startForm(this, FIELDS);
  }
}

export function start(root, calc, strings, ui) {
  new MediaTool(root, calc, strings, ui).start();
}
