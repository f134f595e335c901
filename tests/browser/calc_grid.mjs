// The request grid of the calculator page test (calculator.mjs): ≥ 300 settings of the four
// tools (Will it fit?, Value, Own or rent, Image and video), each set on the page's form and submitted; what
// the page shows is recorded with the requests it made. check() then compares, for every
// request, the answer of native calcapi (native_answers, the build's own loader), the
// answer of the page's calc.wasm (the page's own runtime in the same page) byte for byte,
// and what the page shows with the native answer formatted with the page's Intl locale.

// ------------------------------------------------------------------ the grid
// The build fields of the fit form at their defaults: each card's own machine, one kind of card,
// nothing in system RAM; the reader's own machine at the form's defaults (used only when chosen).
const noBuild = { machine: 'auto', custom_slots: '2', custom_psu_w: '1600', custom_circuit: 'auto', gpus: '', offload: 'none',
  ram_gbs: '', ram_gb: '', min_tps: '' };

// The circuits the form offers on each page: its region's household ones (calc/regions.h keeps
// a machine's circuits of the page's region) and the data centre's.
const PAGE_CIRCUITS = { en: ['auto', '120v-15a', '120v-20a', '415v-32a-3ph'], fr: ['auto', '230v-16a'],
  'zh-Hans': ['auto', '220v-10a', '220v-16a'] };

export function fitGrid(models, gpus) {
  const out = [];
  models.forEach((m, i) => {
    const at = (n) => Math.min(n, m.max_context);
    const lang = ['en', 'fr', 'zh-Hans'][i % 3];
    // The build fields (calc/placement.h) are set on every setting, so none stays from the last.
    const base = { tool: 'fit', lang, model: m.id, batch: 1, mode: 'inference', engine: '', prompt_tokens: 1024, ...noBuild };
    out.push({ ...base, precision: 'native', kv_precision: 'bf16', context: at(4096), gpu: gpus[i % gpus.length], count: 1 + (i % 4) });
    out.push({ ...base, precision: 'q4_k_m', kv_precision: 'q8_0', context: at(32768), gpu: 'rtx-4090', count: 2 });
    out.push({ ...base, precision: i % 2 ? 'fp16' : 'fp8', kv_precision: 'fp8', context: m.max_context, batch: 2, gpu: 'h100-sxm', count: 8 });
    out.push({ ...base, precision: 'bf16', kv_precision: 'bf16', context: 2048, mode: ['full', 'lora', 'qlora'][i % 3], gpu: 'rtx-4090', count: 1 });
    // A machine, a mixed set, weights in system RAM at the platform's or a typed bandwidth, a
    // minimum speed.
    const q4 = { ...base, precision: 'q4_k_m', kv_precision: 'bf16', context: at(8192), gpu: 'rtx-4090', count: 1 };
    out.push({ ...q4, machine: ['desktop', 'workstation', 'server-pcie-4', 'server-hgx-8'][i % 4] });
    if (gpus.includes('rtx-3090')) out.push({ ...q4, gpus: i % 2 ? 'rtx-3090, rtx-4090' : 'rtx-3090,rtx-3090,rtx-4090' });
    out.push({ ...q4, machine: 'desktop', offload: i % 2 ? 'experts' : 'layers', ram_gbs: i % 3 ? '' : '51.2', min_tps: i % 4 ? '' : '5' });
    // The system RAM's size (calc/sysram.h), offload beside a mixed set (calc/mixed_offload.h),
    // the reader's own machine (calc/custom_machine.h).
    if (i % 2 === 0) { // every language in turn (i % 3)
      const bf16 = { ...q4, precision: 'bf16', context: at(4096) };
      out.push({ ...bf16, offload: 'layers', ram_gb: ['', '32', '256'][(i / 2) % 3] });
      if (gpus.includes('rtx-3090')) out.push({ ...bf16, gpus: 'rtx-3090,rtx-4090', offload: 'layers', ram_gb: (i / 2) % 2 ? '64' : '' });
      out.push({ ...q4, machine: 'custom', custom_slots: String(1 + ((i / 2) % 4)), custom_psu_w: ['850', '1600', '2200'][i % 3],
        custom_circuit: PAGE_CIRCUITS[lang][(i / 2) % PAGE_CIRCUITS[lang].length] });
    }
    // Engines and serving: users around the knee, a prompt, an engine a card may not run.
    out.push({ ...base, precision: 'q4_k_m', kv_precision: 'bf16', context: at(4096), batch: [1, 8, 64][i % 3],
      engine: ['vllm', 'mlx', 'llama.cpp/vulkan', 'llama.cpp/rocm'][i % 4], prompt_tokens: [512, 8192][i % 2],
      gpu: ['rtx-4090', 'mac-studio-m4-max-128gb', 'dgx-spark'][i % 3], count: 1 });
  });
  // A mixed set with an unknown card: the calculator says which.
  out.push({ tool: 'fit', lang: 'fr', model: models[0].id, precision: 'q4_k_m', kv_precision: 'bf16', context: 2048, batch: 1, mode: 'inference', gpu: 'rtx-4090', count: 1, ...noBuild, gpus: 'rtx-409' });
  // The reader's machine out of range: said in the page's language with the field's label.
  out.push({ tool: 'fit', lang: 'zh-Hans', model: models[0].id, precision: 'q4_k_m', kv_precision: 'bf16', context: 2048, batch: 1, mode: 'inference', engine: '', prompt_tokens: 1024, gpu: 'rtx-4090', count: 1, ...noBuild, machine: 'custom', custom_psu_w: '50' });
  // Errors: past the model's context, an empty field.
  out.push({ tool: 'fit', lang: 'en', model: models[0].id, precision: 'q4_k_m', kv_precision: 'bf16', context: models[0].max_context + 1, batch: 1, mode: 'inference', engine: '', prompt_tokens: 1024, gpu: 'rtx-4090', count: 1, ...noBuild });
  out.push({ tool: 'fit', lang: 'fr', model: models[1].id, precision: 'q4_k_m', kv_precision: 'bf16', context: '', batch: 1, mode: 'inference', engine: '', prompt_tokens: 1024, gpu: 'rtx-4090', count: 1, ...noBuild });
  return out;
}

export function valueGrid() {
  const out = [];
  const base = { 'v-budget': '', 'v-electricity': null, 'v-utilisation': null, 'v-years': null };
  let i = 0;
  const lang = () => ['en', 'fr', 'zh-Hans'][i++ % 3];
  for (const workload of ['inference8', 'inference16', 'training16'])
    for (const cost of ['gpu', 'ownership', 'none'])
      for (const condition of ['any', 'new', 'used'])
        for (const segment of ['all', 'consumer', 'datacenter'])
          out.push({ tool: 'value', lang: lang(), ...base, 'v-workload': workload, 'v-cost': cost, 'v-condition': condition, 'v-segment': segment });
  for (const workload of ['inference8', 'inference16', 'training16']) {
    const own = { tool: 'value', ...base, 'v-workload': workload, 'v-cost': 'ownership', 'v-condition': 'any', 'v-segment': 'all' };
    for (const change of [{ 'v-electricity': '0.35' }, { 'v-utilisation': '50' }, { 'v-years': '3' }, { 'v-electricity': '0' },
      { 'v-electricity': '0.4', 'v-utilisation': '100', 'v-years': '1.5' }])
      out.push({ ...own, lang: lang(), ...change });
    for (const cost of ['gpu', 'ownership'])
      for (const budget of ['1000', '5000'])
        out.push({ ...own, lang: lang(), 'v-cost': cost, 'v-budget': budget });
  }
  // Errors: out of range, not a number.
  const bad = { tool: 'value', ...base, 'v-workload': 'training16', 'v-cost': 'ownership', 'v-condition': 'any', 'v-segment': 'all' };
  out.push({ ...bad, lang: 'en', 'v-years': '101' }, { ...bad, lang: 'fr', 'v-utilisation': '150' },
    { ...bad, lang: 'zh-Hans', 'v-electricity': '' }, { ...bad, lang: 'en', 'v-cost': 'gpu', 'v-budget': '-3' });
  return out;
}

export function rentGrid(desktops, offers) {
  const out = [];
  let i = 0;
  const lang = () => ['en', 'fr', 'zh-Hans'][i++ % 3];
  const custom = { 'r-cost': '2500', 'r-watts': '550', 'r-per-hour': '0.69' };
  for (const desktop of desktops)
    for (const offer of offers)
      for (const [u, e] of [['15', '0.18'], ['50', '0.4'], ['100', '0.1']])
        out.push({ tool: 'rent', lang: lang(), ...custom, 'r-desktop': desktop, 'r-offer': offer, 'r-utilisation': u, 'r-electricity': e });
  for (const cost of ['1500', '4000'])
    for (const watts of ['350', '700'])
      for (const perHour of ['0.2', '0.69', '2'])
        for (const u of ['10', '40'])
          out.push({ tool: 'rent', lang: lang(), 'r-desktop': 'custom', 'r-offer': 'custom', 'r-cost': cost, 'r-watts': watts, 'r-per-hour': perHour, 'r-utilisation': u, 'r-electricity': '0.25' });
  const bad = { tool: 'rent', ...custom, 'r-desktop': 'custom', 'r-offer': 'custom', 'r-utilisation': '20', 'r-electricity': '0.3' };
  out.push({ ...bad, lang: 'en', 'r-utilisation': '150' }, { ...bad, lang: 'fr', 'r-cost': '-5' },
    { ...bad, lang: 'zh-Hans', 'r-per-hour': '' }, { ...bad, lang: 'en', 'r-per-hour': '0.01' });
  return out;
}

// Image and video: every pipeline at its defaults and at a few settings (formats, offload modes,
// sizes, frames, steps), then bad input. pipelines: [{id, kind, width, height, frames, steps}].
export function mediaGrid(pipelines) {
  const out = [];
  let i = 0;
  const lang = () => ['en', 'fr', 'zh-Hans'][i++ % 3];
  for (const p of pipelines) {
    const base = { tool: 'media', kind: p.kind, 'm-pipeline': p.id, 'm-width': String(p.width), 'm-height': String(p.height),
      'm-frames': String(p.frames), 'm-steps': String(p.steps) };
    out.push({ ...base, lang: lang(), 'm-precision': 'bf16', 'm-offload': 'none' });
    for (const [precision, offload] of [['fp8', 'phases'], ['q4_k', 'model'], ['nvfp4', 'sequential'], ['q8_0', 'none']])
      out.push({ ...base, lang: lang(), 'm-precision': precision, 'm-offload': offload });
    out.push({ ...base, lang: lang(), 'm-precision': 'fp8', 'm-offload': 'none', 'm-width': '1920', 'm-height': '1080', 'm-steps': '8' });
    if (p.kind === 'video')
      for (const frames of ['33', '121'])
        out.push({ ...base, lang: lang(), 'm-precision': 'fp8', 'm-offload': 'model', 'm-frames': frames });
  }
  // Errors: out of range, not whole, empty.
  const p = pipelines.find((x) => x.kind === 'video') ?? pipelines[0];
  const bad = { tool: 'media', kind: p.kind, 'm-pipeline': p.id, 'm-precision': 'bf16', 'm-offload': 'none', 'm-width': String(p.width),
    'm-height': String(p.height), 'm-frames': String(p.frames), 'm-steps': String(p.steps) };
  out.push({ ...bad, lang: 'en', 'm-width': '32' }, { ...bad, lang: 'fr', 'm-steps': '2.5' },
    { ...bad, lang: 'zh-Hans', 'm-height': '' }, { ...bad, lang: 'en', 'm-frames': '20000' });
  return out;
}

// The requests the page must make for a setting (what the test expects, written out again
// here so a wrong mapping from the form to the request fails the test).
// The region each language's pages price in (data/site.json), which the fit, value, rent and
// media forms send as their region field's default.
export const PAGE_REGION = { en: 'US', fr: 'EU', 'zh-Hans': 'CN' };

export function expectedRequests(c, defaults) {
  const num = (text, scale) => (/^\s*(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(text) ? Number(text) / scale : text.trim());
  if (c.tool === 'fit') {
    const whole = (v) => (/^\d+$/.test(String(v)) ? Number(v) : String(v));
    // In inference the batch field is the number of users (one sequence each).
    const base = { model: c.model, precision: c.precision, kv_precision: c.kv_precision, mode: c.mode };
    base[c.mode === 'inference' ? 'users' : 'batch'] = whole(c.batch);
    if (c.engine) base.engine = c.engine;
    const build = {};
    if (c.machine === 'custom') {
      build.machine = { slots: num(c.custom_slots, 1), psu_w: num(c.custom_psu_w, 1) };
      if (c.custom_circuit !== 'auto') build.machine.circuit = c.custom_circuit;
    } else if (c.machine && c.machine !== 'auto') {
      build.machine = c.machine;
    }
    const ids = (c.gpus ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '');
    if (ids.length > 0) build.gpus = ids;
    if (c.offload && c.offload !== 'none') build.offload = c.offload;
    for (const name of ['ram_gbs', 'ram_gb', 'min_tps']) if ((c[name] ?? '').trim() !== '') build[name] = num(c[name], 1);
    const fit = { command: 'fit', ...base, ...build, context: whole(c.context) };
    if (c.mode === 'inference') fit.prompt_tokens = whole(c.prompt_tokens);
    fit.region = PAGE_REGION[c.lang];
    const out = [fit];
    if (c.mode === 'inference') out.push({ command: 'maxctx', ...base, gpu: c.gpu, count: whole(c.count) });
    return out;
  }
  if (c.tool === 'value') {
    const get = (name) => c[name] ?? defaults[name];
    const r = { command: 'rank', workload: get('v-workload'), cost: get('v-cost'), region: PAGE_REGION[c.lang] };
    if (get('v-condition') !== 'any') r.conditions = [get('v-condition')];
    if (get('v-segment') !== 'all') r.segments = [get('v-segment')];
    if (r.cost === 'ownership')
      for (const [name, key, scale] of [['v-electricity', 'electricity_usd_per_kwh', 1], ['v-utilisation', 'utilisation', 100], ['v-years', 'years', 1]])
        if (get(name).trim() !== defaults[name]) r[key] = num(get(name), scale);
    if (r.cost !== 'none' && get('v-budget').trim() !== '') r.budget_usd = num(get('v-budget'), 1);
    return [r];
  }
  if (c.tool === 'media') {
    const r = { command: 'media', pipeline: c['m-pipeline'], precision: c['m-precision'], width: num(c['m-width'], 1), height: num(c['m-height'], 1) };
    if (c.kind === 'video') r.frames = num(c['m-frames'], 1);
    r.steps = num(c['m-steps'], 1);
    r.offload = c['m-offload'];
    r.region = PAGE_REGION[c.lang];
    return [r];
  }
  const r = { command: 'breakeven', region: PAGE_REGION[c.lang] };
  if (c['r-desktop'] === 'custom') Object.assign(r, { desktop_cost_usd: num(c['r-cost'], 1), desktop_watts: num(c['r-watts'], 1) });
  else r.gpu = c['r-desktop'];
  if (c['r-offer'] === 'custom') r.cloud_usd_per_hour = num(c['r-per-hour'], 1);
  else r.cloud = c['r-offer'];
  r.utilisation = num(c['r-utilisation'], 100);
  r.electricity_usd_per_kwh = num(c['r-electricity'], 1);
  return [r];
}

// ------------------------------------------------------------------ on the page
// Sets the tool's fields (null: leave the page's default), submits, and records what shows.
export async function submit(page, c) {
  return page.evaluate(async (c) => {
    const root = document.querySelector(`.calculator[data-tool="${c.tool}"]`);
    const form = root.querySelector('form');
    for (const [name, value] of Object.entries(c)) {
      if (name === 'tool' || name === 'lang' || name === 'kind') continue;
      const control = form.elements.namedItem(name);
      if (!control) throw new Error(`no field ${name} in ${c.tool}`);
      control.value = value === null ? control.defaultValue : String(value); // null: the page's default
    }
    const answered = Number(root.dataset.answers ?? 0);
    form.requestSubmit();
    // The calculator answers from a worker: wait for this answer and any still queued.
    while (Number(root.dataset.answers ?? 0) <= answered || root.hasAttribute('aria-busy'))
      await new Promise((resolve) => setTimeout(resolve, 5));
    // An estimate mark reads as its label; the "≈" it shows is drawn by the stylesheet.
    const text = (cell) => { const c = cell.cloneNode(true); c.querySelectorAll('.est-mark').forEach((m) => m.replaceWith('≈')); return c.textContent; };
    const cells = (row) => [...row.cells].map(text);
    return {
      status: root.querySelector('.calc-status').textContent,
      request: root.dataset.request ?? null,
      tables: [...root.querySelectorAll('.calc-results table')].map((t) => [...t.tBodies[0].rows].map(cells)),
      bars: [...root.querySelectorAll('.calc-bars li')].length,
      chart: root.querySelector('.calc-results svg[role="img"]') !== null,
    };
  }, c);
}

// The page's own calc.wasm, loaded a second time in the page for the test: answers texts.
export async function wasmAnswers(page, requests) {
  return page.evaluate(async (requests) => {
    const root = document.querySelector('.calculator');
    if (!window.testCalc) {
      const { createCalculator } = await import(new URL(root.dataset.runtime, document.baseURI).href);
      const bytes = async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer());
      window.testCalc = await createCalculator(await bytes(root.dataset.wasm), await bytes(root.dataset.data));
    }
    return requests.map((r) => window.testCalc.answer(r));
  }, requests);
}

// ------------------------------------------------------------------ the comparison
// Checks what one setting showed against the native answers; returns the problems.
export async function checkShown(page, c, shown, answers, names) {
  return page.evaluate(([c, shown, answers, names]) => {
    const locale = document.querySelector('.calculator').dataset.locale;
    const strings = (tool) => JSON.parse(document.querySelector(`.calculator[data-tool="${tool}"] .calc-strings`).textContent);
    const t = strings(c.tool);
    const gb = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const int = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const speed = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const perf = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // Prices in the answer's currency: the page's region's (calcapi answers name it).
    const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: answers[0].currency ?? 'USD', maximumFractionDigits: 0 });
    const days = new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long', maximumFractionDigits: 0 });
    const problems = [];
    const want = (ok, what) => { if (!ok) problems.push(what); };
    const first = answers[0];
    if (first.error) {
      // A number out of its range comes back as a problem, said in the page's language with the
      // field's label (errorMessages in assets/calculator.js); any other error as its message.
      const problem = (first.error.problems ?? []).find((p) => p.message === first.error.messages[0]);
      if (problem) {
        const key = problem.max === null ? 'calc.invalid.min' : problem.whole ? 'calc.invalid.whole' : 'calc.invalid.range';
        const words = t[key].split('{field}')[1].split('{min}')[0];
        want(shown.status.includes(words), `status '${shown.status}' lacks '${words}' for '${first.error.messages[0]}'`);
      } else {
        want(shown.status.includes(first.error.messages[0]), `status '${shown.status}' lacks the error '${first.error.messages[0]}'`);
      }
      want(shown.tables.length === 0, 'a table shows with an error');
      return problems;
    }
    if (c.tool === 'fit') {
      // A page that failed to answer shows no table (its script logs why): say so, not crash.
      if (shown.tables.length === 0) return [`no table shown; status '${shown.status}'`];
      const total = gb.format(first.memory.total_bytes / 1e9);
      want(shown.status.includes(names.models[c.model]) && shown.status.includes(total), `status '${shown.status}' lacks ${total}`);
      want(shown.tables[0].at(-1)[1] === total, `memory total ${shown.tables[0].at(-1)[1]} ≠ ${total}`);
      const cfg = first.configs[0];
      // With a mixed set, its shares come before the configurations: one row per card.
      const configs = shown.tables[first.mixed ? 2 : 1];
      if (first.mixed) {
        const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
        want(shown.tables[1].length === first.mixed.gpus.length &&
          shown.tables[1].every((row, i) => row[1] === pct.format(first.mixed.fractions[i])), `mixed shares ${JSON.stringify(shown.tables[1])}`);
      }
      if (cfg) {
        const row = configs[0];
        // The machine column names the machine (a unified-memory system is its own).
        const machine = cfg.machine ? t[`machine.${cfg.machine}.name`] : t['machine.itself'];
        want(row[5].includes(machine), `machine cell '${row[5]}' lacks '${machine}'`);
        const price = cfg.price_usd === null ? t['calc.unpriced'] : usd.format(cfg.price_usd);
        want(row[0].startsWith(names.gpus[cfg.gpu]) && row[1] === int.format(cfg.count) && row[2] === gb.format(cfg.per_gpu_bytes / 1e9) &&
          // An estimated price carries its mark before the figure (price_estimated, issue 30).
          row[3].endsWith(price) && (row[3] !== price) === Boolean(cfg.price_estimated),
          `first configuration ${row.join(' | ')} ≠ ${names.gpus[cfg.gpu]} | ${cfg.count} | ${price}`);
      }
      // System RAM: the first offloaded configuration's need, in the page's format.
      const offloaded = first.configs.find((x) => x.offload && x.offload.ram);
      if (offloaded) want(shown.status.includes(gb.format(offloaded.offload.ram.need_gb)), `status '${shown.status}' lacks the RAM need ${offloaded.offload.ram.need_gb}`);
      if (first.ram_short && first.ram_short.length)
        want(shown.status.includes(names.gpus[first.ram_short[0]]), `status lacks ${first.ram_short[0]}, short of system RAM`);
      // Serving: the cheapest configuration's users and per-user speed; the cards an engine
      // does not run on, by name.
      const s = first.cheapest && first.cheapest.serving;
      if (s) want(shown.status.includes(speed.format(s.per_user_tokens_per_s)) && shown.status.includes(int.format(s.max_users)),
        `status '${shown.status}' lacks the serving figures ${s.per_user_tokens_per_s} / ${s.max_users}`);
      if (first.engine_unsupported && first.engine_unsupported.length)
        want(shown.status.includes(names.gpus[first.engine_unsupported[0]]), `status lacks the unsupported ${first.engine_unsupported[0]}`);
      const maxctx = answers[1];
      if (maxctx && maxctx.error) want(shown.status.includes(maxctx.error.messages[0]), `status lacks the maxctx error ${maxctx.error.messages[0]}`);
      else if (maxctx && maxctx.max_context > 0) want(shown.status.includes(int.format(maxctx.max_context)), `status '${shown.status}' lacks ${int.format(maxctx.max_context)} tokens`);
    } else if (c.tool === 'value') {
      const rows = shown.tables[0] ?? [];
      want(rows.length === first.ranking.length, `${rows.length} rows for ${first.ranking.length} GPUs`);
      first.ranking.forEach((e, i) => {
        const row = [...(rows[i] ?? []), '', '', '', '', '', ''];
        const name = names.gpus[e.gpu] + (e.pareto ? ' ★' : '');
        want(row[0] === int.format(e.rank) && row[1] === name && row[2].endsWith(perf.format(e.relative_perf)) &&
          row[2].includes('≈') === (e.source === 'estimated'), `row ${i + 1}: ${row.join(' | ')} ≠ ${e.rank} | ${name} | ${e.relative_perf} ${e.source}`);
        if (first.cost !== 'none')
          want(row[3].endsWith(usd.format(e.cost_usd)) && row[3].includes('≈') === e.price_estimated && row[5] === perf.format(e.perf_per_kusd),
            `row ${i + 1}: ${row.join(' | ')} ≠ ${usd.format(e.cost_usd)} (${e.price_estimated}) | ${perf.format(e.perf_per_kusd)}`);
      });
      if (first.ranking.length && first.cost !== 'none') {
        want(shown.status.includes(names.gpus[first.ranking[0].gpu]) && shown.status.includes(perf.format(first.ranking[0].perf_per_kusd)), `status '${shown.status}'`);
        want(shown.bars === Math.min(15, first.ranking.length), `${shown.bars} bars`);
      }
      if (!first.ranking.length) want(shown.status === t['calc.value.summary.none'], `status '${shown.status}' for no GPU`);
    } else if (c.tool === 'media') {
      const peak = gb.format(first.peak_bytes / 1e9);
      want(shown.status.includes(peak), `status '${shown.status}' lacks the peak ${peak}`);
      const phases = shown.tables[0] ?? [];
      want(phases.length === 3 && first.phases.every((ph, i) => phases[i][3] === gb.format(ph.total_bytes / 1e9) &&
        phases[i][4] === gb.format(ph.host_bytes / 1e9) && phases[i][0].startsWith(t[`calc.media.phase.${ph.phase}`])),
      `phases ${JSON.stringify(phases)} ≠ ${first.phases.map((ph) => ph.total_bytes)}`);
      const cards = shown.tables[1] ?? [];
      want(cards.length === Math.min(10, first.cards.length), `${cards.length} card rows for ${first.cards.length} cards`);
      first.cards.slice(0, 10).forEach((card, i) => {
        const row = [...(cards[i] ?? []), '', '', ''];
        const price = card.price_usd === null ? t['calc.unpriced'] : usd.format(card.price_usd);
        want(row[0] === names.gpus[card.gpu] && row[1] === gb.format(card.usable_bytes / 1e9) && row[2].endsWith(price) &&
          row[2].includes('≈') === Boolean(card.price_estimated), `card ${i + 1}: ${row.join(' | ')} ≠ ${names.gpus[card.gpu]} | ${price} (${card.price_estimated})`);
      });
      const best = first.cards[0];
      if (best && best.price_usd !== null) want(shown.status.includes(names.gpus[best.gpu]), `status '${shown.status}' lacks ${names.gpus[best.gpu]}`);
      else want(shown.status.includes(t['calc.media.summary.nocard']), `status '${shown.status}' lacks "no card"`);
    } else {
      if (first.break_even_days === null) want(shown.status === t['calc.rent.summary.never'], `status '${shown.status}' for never`);
      else want(shown.status.includes(days.format(first.break_even_days)), `status '${shown.status}' lacks ${days.format(first.break_even_days)}`);
      const cellsWanted = [first.desktop_cost_usd, first.electricity_usd_per_year, first.cloud_usd_per_year].map((v) => usd.format(v));
      // An estimated card or cloud price carries its mark (price_estimated, cloud_price_estimated).
      const cellsShown = shown.tables[0].map((r) => r[1]);
      // A cloud price quoted in US dollars on another region's page says it was converted, in
      // brackets after the amount (calc-rent.js): the amount is what is compared.
      const amount = (v) => v.replace('≈', '').replace(/\s*[（(][^（(）)]*[）)]$/, '');
      want(JSON.stringify(cellsShown.map(amount)) === JSON.stringify(cellsWanted), `costs ${cellsShown} ≠ ${cellsWanted}`);
      want(cellsShown[0].includes('≈') === Boolean(first.price_estimated) && cellsShown[2].includes('≈') === Boolean(first.cloud_price_estimated),
        `cost marks ${cellsShown} ≠ estimated ${first.price_estimated}, ${first.cloud_price_estimated}`);
      want(shown.chart, 'no cost-over-time chart');
    }
    return problems;
  }, [c, shown, answers, names]);
}
