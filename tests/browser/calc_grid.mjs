// The request grid of the calculator page test (calculator.mjs): ≥ 300 settings of the three
// tools (Will it fit?, Value, Own or rent), each set on the page's form and submitted; what
// the page shows is recorded with the requests it made. check() then compares, for every
// request, the answer of native calcapi (native_answers, the build's own loader), the
// answer of the page's calc.wasm (the page's own runtime in the same page) byte for byte,
// and what the page shows with the native answer formatted with the page's Intl locale.

// ------------------------------------------------------------------ the grid
export function fitGrid(models, gpus) {
  const out = [];
  models.forEach((m, i) => {
    const at = (n) => Math.min(n, m.max_context);
    const lang = ['en', 'fr', 'zh-Hans'][i % 3];
    const base = { tool: 'fit', lang, model: m.id, batch: 1, mode: 'inference' };
    out.push({ ...base, precision: 'native', kv_precision: 'bf16', context: at(4096), gpu: gpus[i % gpus.length], count: 1 + (i % 4) });
    out.push({ ...base, precision: 'q4_k_m', kv_precision: 'q8_0', context: at(32768), gpu: 'rtx-4090', count: 2 });
    out.push({ ...base, precision: i % 2 ? 'fp16' : 'fp8', kv_precision: 'fp8', context: m.max_context, batch: 2, gpu: 'h100-sxm', count: 8 });
    out.push({ ...base, precision: 'bf16', kv_precision: 'bf16', context: 2048, mode: ['full', 'lora', 'qlora'][i % 3], gpu: 'rtx-4090', count: 1 });
  });
  // Errors: past the model's context, an empty field.
  out.push({ tool: 'fit', lang: 'en', model: models[0].id, precision: 'q4_k_m', kv_precision: 'bf16', context: models[0].max_context + 1, batch: 1, mode: 'inference', gpu: 'rtx-4090', count: 1 });
  out.push({ tool: 'fit', lang: 'fr', model: models[1].id, precision: 'q4_k_m', kv_precision: 'bf16', context: '', batch: 1, mode: 'inference', gpu: 'rtx-4090', count: 1 });
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

// The requests the page must make for a setting (what the test expects, written out again
// here so a wrong mapping from the form to the request fails the test).
export function expectedRequests(c, defaults) {
  const num = (text, scale) => (/^\s*(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(text) ? Number(text) / scale : text.trim());
  if (c.tool === 'fit') {
    const whole = (v) => (/^\d+$/.test(String(v)) ? Number(v) : String(v));
    const base = { model: c.model, precision: c.precision, kv_precision: c.kv_precision, batch: whole(c.batch), mode: c.mode };
    const out = [{ command: 'fit', ...base, context: whole(c.context) }];
    if (c.mode === 'inference') out.push({ command: 'maxctx', ...base, gpu: c.gpu, count: whole(c.count) });
    return out;
  }
  if (c.tool === 'value') {
    const get = (name) => c[name] ?? defaults[name];
    const r = { command: 'rank', workload: get('v-workload'), cost: get('v-cost') };
    if (get('v-condition') !== 'any') r.conditions = [get('v-condition')];
    if (get('v-segment') !== 'all') r.segments = [get('v-segment')];
    if (r.cost === 'ownership')
      for (const [name, key, scale] of [['v-electricity', 'electricity_usd_per_kwh', 1], ['v-utilisation', 'utilisation', 100], ['v-years', 'years', 1]])
        if (get(name).trim() !== defaults[name]) r[key] = num(get(name), scale);
    if (r.cost !== 'none' && get('v-budget').trim() !== '') r.budget_usd = num(get('v-budget'), 1);
    return [r];
  }
  const r = { command: 'breakeven' };
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
      if (name === 'tool' || name === 'lang') continue;
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
    const perf = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
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
      const total = gb.format(first.memory.total_bytes / 1e9);
      want(shown.status.includes(names.models[c.model]) && shown.status.includes(total), `status '${shown.status}' lacks ${total}`);
      want(shown.tables[0].at(-1)[1] === total, `memory total ${shown.tables[0].at(-1)[1]} ≠ ${total}`);
      const cfg = first.configs[0];
      if (cfg) {
        const row = shown.tables[1][0];
        const price = cfg.price_usd === null ? t['calc.unpriced'] : usd.format(cfg.price_usd);
        want(row[0].startsWith(names.gpus[cfg.gpu]) && row[1] === int.format(cfg.count) && row[2] === gb.format(cfg.per_gpu_bytes / 1e9) &&
          // An estimated price carries its mark before the figure (price_estimated, issue 30).
          row[3].endsWith(price) && (row[3] !== price) === Boolean(cfg.price_estimated),
          `first configuration ${row.join(' | ')} ≠ ${names.gpus[cfg.gpu]} | ${cfg.count} | ${price}`);
      }
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
    } else {
      if (first.break_even_days === null) want(shown.status === t['calc.rent.summary.never'], `status '${shown.status}' for never`);
      else want(shown.status.includes(days.format(first.break_even_days)), `status '${shown.status}' lacks ${days.format(first.break_even_days)}`);
      const cellsWanted = [first.desktop_cost_usd, first.electricity_usd_per_year, first.cloud_usd_per_year].map((v) => usd.format(v));
      // An estimated card or cloud price carries its mark (price_estimated, cloud_price_estimated).
      const cellsShown = shown.tables[0].map((r) => r[1]);
      want(JSON.stringify(cellsShown.map((v) => v.replace('≈', ''))) === JSON.stringify(cellsWanted), `costs ${cellsShown} ≠ ${cellsWanted}`);
      want(cellsShown[0].includes('≈') === Boolean(first.price_estimated) && cellsShown[2].includes('≈') === Boolean(first.cloud_price_estimated),
        `cost marks ${cellsShown} ≠ estimated ${first.price_estimated}, ${first.cloud_price_estimated}`);
      want(shown.chart, 'no cost-over-time chart');
    }
    return problems;
  }, [c, shown, answers, names]);
}
