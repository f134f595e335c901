// The calculator page in the system Chromium (ctest calculator_page, label browser): builds
// the real site, serves it from this process on 127.0.0.1, then
//   - without JavaScript: the explanation and its links to the static tables show, the form
//     does not;
//   - with JavaScript, for a handful of requests in en, fr and zh-Hans, fills the form with
//     the keyboard and submits it; the summary (aria-live), the memory table and the first
//     configuration must show what `gpuguide calc fit|maxctx … --json` answers, formatted with
//     the page's Intl locale; the URL holds the form's state, and loading that URL again gives
//     the same result;
//   - the page and every file it loads weigh at most 350 kB gzip-compressed (WEIGHT_BUDGET);
//   - at 360 px the page does not scroll sideways, and axe-core finds no violation on the page
//     with results; no console errors, no request to another host;
//   - the grid (calc_grid.mjs): ≥ 300 settings of the four tools (Will it fit?, Value, Own or
//     rent, Image and video) in the three languages, set on the forms and submitted: the requests the page
//     makes are the expected ones, calc.wasm answers them byte for byte as native calcapi
//     (native_answers), and the page shows the native answers; a sample of the new request
//     kinds through `gpuguide calc … --json`;
//   - Value and Own or rent by keyboard alone, their URL state loaded again;
//   - Image and video: without JavaScript the build's answer for the form's settings (the form
//     shown, disabled), equal to the live answer once the script runs; a video pipeline chosen
//     by keyboard brings its defaults, the answer says its peak and system RAM, presets and typed
//     sizes, the URL state loaded again, a bad height said in the page's language, axe, 360 px;
//   - a pasted config.json (tests/hf_configs): each real one shows what `gpuguide calc fit|maxctx
//     --config … --json` answers and what was read beside the box, each broken one the
//     calculator's message there, an emptied box what to do; the text stays out of the URL.
//   usage: node calculator.mjs GPUGUIDE_BINARY SOURCE_DIR OUT_DIR NATIVE_ANSWERS_BINARY
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGE_REGION, checkShown, expectedRequests, fitGrid, mediaGrid, rentGrid, submit, valueGrid, wasmAnswers } from './calc_grid.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const axePath = require.resolve('axe-core/axe.min.js');

if (process.argv.length !== 6) {
  console.error('usage: node calculator.mjs GPUGUIDE_BINARY SOURCE_DIR OUT_DIR NATIVE_ANSWERS_BINARY');
  process.exit(2);
}
const [gpuguide, sourceDir, outDir, nativeAnswers] = process.argv.slice(2);
const watchdog = setTimeout(() => { console.error('calculator_page: FAILED: gave up after 14 minutes'); process.exit(1); }, 14 * 60_000);
watchdog.unref();

const built = spawnSync(gpuguide, ['build', '--root', sourceDir, '--out', outDir], { stdio: 'inherit' });
if (built.status !== 0) {
  console.error('calculator_page: FAILED: the site does not build');
  process.exit(1);
}

// The calculator page's weight: the page and every file it loads (stylesheets, scripts, the
// tool modules, calc.wasm and the data bundle), each gzip-compressed as a static host sends
// it, at most WEIGHT_BUDGET bytes in each language.
const WEIGHT_BUDGET = 350_000;
function pageWeight(lang) {
  const page = join(outDir, lang, 'calculator', 'index.html');
  const html = readFileSync(page, 'utf8');
  const refs = new Set([...html.matchAll(/(?:href|src|data-(?:wasm|data|runtime|worker|module))="([^"#?]+)"/g)].map((m) => m[1])
    .filter((r) => !r.startsWith('http') && /\.(css|js|wasm|json)$/.test(r)));
  let total = gzipSync(readFileSync(page), { level: 6 }).length;
  for (const ref of refs) total += gzipSync(readFileSync(join(outDir, lang, 'calculator', ref)), { level: 6 }).length;
  return { total, files: refs.size };
}

// What `gpuguide calc` answers.
function cli(args) {
  const r = spawnSync(gpuguide, ['calc', ...args, '--json', '--root', sourceDir]);
  if (r.status !== 0) throw new Error(`gpuguide calc ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}
const gpuNames = Object.fromEntries(JSON.parse(readFileSync(join(sourceDir, 'data/gpus.json'))).gpus.map((g) => [g.id, g.name]));
const modelNames = Object.fromEntries(JSON.parse(readFileSync(join(sourceDir, 'data/models.json'))).models.map((m) => [m.id, m.name]));

// A static file server for the built site.
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css',
  '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png', '.xml': 'application/xml' };
const server = createServer((req, res) => {
  let path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  if (path.endsWith('/')) path += 'index.html';
  const file = join(outDir, path);
  try {
    if (!statSync(file).isFile()) throw new Error();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const problems = [];
const userDataDir = mkdtempSync(join(tmpdir(), 'gpuguide-calc-chromium-'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, ...options });
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1'
    ? route.continue() : (problems.push(`request to another host: ${route.request().url()}`), route.abort())));
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error on ${page.url()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error on ${page.url()}: ${e.message}`));
  return page;
}

function check(ok, what) {
  if (!ok) problems.push(what);
}

const noJsMedia = {}; // the static answer of Image and video, by language
for (const lang of ['en', 'fr', 'zh-Hans']) {
  const { total, files } = pageWeight(lang);
  check(total <= WEIGHT_BUDGET && files >= 8, `${lang}: the calculator page and its ${files} files weigh ${total} bytes gzip-compressed (budget ${WEIGHT_BUDGET})`);
  console.log(`calculator_page: ${lang}: the page and its ${files} files weigh ${total} bytes gzip-compressed (budget ${WEIGHT_BUDGET})`);
}
try {
  // ---------------------------------------------------------------- without JavaScript
  for (const lang of ['en', 'fr', 'zh-Hans']) {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(`${base}/${lang}/calculator/`);
    const tools = await page.$$eval('.calculator', (ds) => ds.map((d) => [d.dataset.tool, getComputedStyle(d).display === 'none']));
    check(JSON.stringify(tools) === '[["fit",true],["value",true],["rent",true],["media",false]]', `${lang}: without JavaScript, the tools show: ${JSON.stringify(tools)}`);
    check(!(await page.isVisible('.calculator:not([data-tool="media"]) .calc-form')), `${lang}: a form that needs JavaScript shows without it`);
    // Image and video stands without JavaScript: the build's answer for the form's settings,
    // the form shown but disabled, and a line saying so.
    const media = await page.$eval('.calculator[data-tool="media"]', (d) => ({
      status: d.querySelector('.calc-status').textContent, tables: d.querySelectorAll('.calc-results table').length,
      rows: [...d.querySelectorAll('.calc-results table')].map((t) => t.tBodies[0].rows.length),
      disabled: d.querySelector('.calc-media-fields').disabled, form: getComputedStyle(d.querySelector('.calc-form')).display !== 'none',
      pipeline: d.querySelector('#calc-m-pipeline').value, note: d.querySelector('noscript') !== null }));
    noJsMedia[lang] = media.status;
    check(media.status.length > 40 && media.tables === 2 && media.rows[0] === 3 && media.rows[1] >= 1 && media.disabled && media.form &&
      media.pipeline === 'flux.1-dev' && media.note, `${lang}: without JavaScript, Image and video shows ${JSON.stringify(media)}`);
    const links = await page.$$eval('main a[href*="llm-memory"]', (as) => as.length);
    check(links >= 3, `${lang}: without JavaScript, ${links} links to the static tables (want 3 or more)`);
    for (const target of ['performance-per-dollar/', 'ranking/', 'guide/cloud/'])
      check((await page.$$eval(`main a[href$="${target}"]`, (as) => as.length)) >= 1, `${lang}: without JavaScript, no link to ${target}`);
    const nav = await page.$$eval('.site-nav a', (as) => as.map((a) => a.getAttribute('href')));
    check(nav.some((h) => h.includes('calculator/')), `${lang}: the navigation does not link the calculator`);
    await page.context().close();
  }
  const memory = await newPage({ javaScriptEnabled: false });
  await memory.goto(`${base}/en/llm-memory/`);
  check((await memory.$$eval('main a[href$="calculator/"]', (as) => as.length)) >= 1, 'the LLM memory page does not link the calculator');
  await memory.context().close();

  // ---------------------------------------------------------------- with JavaScript
  const cases = [
    { lang: 'en', model: 'llama-3.3-70b', precision: 'q4_k_m', kv_precision: 'bf16', context: 8192, batch: 1, mode: 'inference', gpu: 'rtx-4090', count: 2 },
    { lang: 'en', model: 'llama-3.1-8b', precision: 'fp16', kv_precision: 'fp8', context: 32768, batch: 4, mode: 'inference', gpu: 'rtx-3090', count: 1 },
    { lang: 'fr', model: 'qwen3-32b', precision: 'q8_0', kv_precision: 'q4_0', context: 16384, batch: 2, mode: 'inference', gpu: 'rtx-4090', count: 1 },
    { lang: 'zh-Hans', model: 'llama-3.1-8b', precision: 'bf16', kv_precision: 'bf16', context: 2048, batch: 1, mode: 'lora', gpu: 'rtx-4090', count: 1 },
  ];
  for (const c of cases) {
    const page = await newPage();
    await page.goto(`${base}/${c.lang}/calculator/`);
    await page.waitForSelector('.calculator:not([hidden]) .calc-form', { timeout: 20_000 });
    await page.waitForSelector('.calculator[data-tool="fit"][data-answers="1"]');
    // Keyboard only: focus each control, type or choose, then Enter on the button.
    for (const name of ['model', 'precision', 'kv_precision', 'mode', 'gpu']) {
      await page.focus(`#calc-${name}`);
      await page.selectOption(`#calc-${name}`, c[name]);
    }
    for (const name of ['context', 'batch', 'count']) {
      await page.focus(`#calc-${name}`);
      await page.keyboard.press('Control+A');
      await page.keyboard.type(String(c[name]));
    }
    await page.focus('.calculator[data-tool="fit"] .calc-form button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.calculator[data-tool="fit"][data-answers="2"]');

    const flags = ['--model', c.model, '--precision', c.precision, '--kv-precision', c.kv_precision, '--batch', String(c.batch), '--mode', c.mode];
    // The page asks in its language's region (data/site.json), and so does the command line.
    const fit = cli(['fit', ...flags, '--context', String(c.context), '--region', PAGE_REGION[c.lang]]);
    // maxctx answers for inference only; the page asks it only then.
    const maxctx = c.mode === 'inference' ? cli(['maxctx', ...flags, '--gpu', c.gpu, '--count', String(c.count)]) : { max_context: 0 };
    const locale = await page.getAttribute('.calculator', 'data-locale');
    const expect = await page.evaluate(([fit, maxctx, locale]) => {
      const gb = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      const int = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
      const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: fit.currency ?? 'USD', maximumFractionDigits: 0 });
      const first = fit.configs[0];
      return { total: gb.format(fit.memory.total_bytes / 1e9), tokens: int.format(maxctx.max_context),
        count: first ? int.format(first.count) : null, price: first && first.price_usd !== null ? usd.format(first.price_usd) : null,
        perGpu: first ? gb.format(first.per_gpu_bytes / 1e9) : null };
    }, [fit, maxctx, locale]);
    const status = await page.textContent('.calculator[data-tool="fit"] .calc-status');
    const where = `${c.lang} ${JSON.stringify(c)}`;
    check(status.includes(modelNames[c.model]) && status.includes(expect.total), `${where}: summary '${status}' lacks ${modelNames[c.model]} / ${expect.total} GB`);
    if (maxctx.max_context > 0) check(status.includes(expect.tokens), `${where}: summary '${status}' lacks the largest context ${expect.tokens}`);
    const totalRow = await page.$$eval('.calculator[data-tool="fit"] .calc-results table', (ts) => [...ts[0].querySelectorAll('tbody tr')].at(-1).textContent);
    check(totalRow.includes(expect.total), `${where}: memory table total '${totalRow}' is not ${expect.total}`);
    if (fit.configs.length) {
      const row = await page.$$eval('.calculator[data-tool="fit"] .calc-results table', (ts) => [...ts[1].querySelectorAll('tbody tr')][0].innerText);
      const cells = row.split('\t');
      check(cells[0].startsWith(gpuNames[fit.configs[0].gpu]) && cells[1] === expect.count && cells[2] === expect.perGpu &&
        // An estimated price carries its mark before the figure (price_estimated, issue 30).
        (expect.price === null || (cells[3].endsWith(expect.price) && (cells[3] !== expect.price) === Boolean(fit.configs[0].price_estimated))),
      `${where}: first configuration '${cells.join(' | ')}' is not ${gpuNames[fit.configs[0].gpu]} | ${expect.count} | ${expect.perGpu} | ${expect.price}`);
    }
    // The URL holds the state: loading it again shows the same summary.
    const url = page.url();
    check(new URL(url).searchParams.get('model') === c.model && new URL(url).searchParams.get('count') === String(c.count), `${where}: URL ${url} lacks the form's state`);
    const again = await newPage();
    await again.goto(url);
    await again.waitForSelector('.calculator:not([hidden]) .calc-form', { timeout: 20_000 });
    await again.waitForSelector('.calculator[data-tool="fit"][data-answers="1"]');
    const againStatus = await again.textContent('.calculator[data-tool="fit"] .calc-status');
    check(againStatus === status, `${where}: the shared URL shows '${againStatus}'`);
    // Readable at 360 px, accessible.
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    check(wide <= 361, `${where}: the page scrolls sideways at 360 px (${wide} px)`);
    await page.addScriptTag({ path: axePath });
    const axe = await page.evaluate(async () => (await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] })).violations);
    for (const v of axe) problems.push(`${where}: axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    await again.context().close();
    await page.context().close();
    console.log(`calculator_page: ${where}: ${status}`);
  }

  // ---------------------------------------------------------------- a pasted config.json
  // Each real config of tests/hf_configs (en; two also in fr and zh-Hans): chosen and pasted,
  // the page shows what `gpuguide calc fit|maxctx --config … --json` answers; each broken one:
  // the message beside the box carries the calculator's message, and nothing else breaks.
  const configDir = join(sourceDir, 'tests/hf_configs');
  const configFiles = readdirSync(configDir).filter((f) => f.endsWith('.json'));
  const configCases = [...configFiles.map((f) => ['en', f]), ['fr', configFiles[0]], ['zh-Hans', configFiles[1]],
    ...readdirSync(join(configDir, 'broken')).map((f) => ['en', `broken/${f}`]), ['fr', 'broken/truncated.json']];
  let pastedChecked = 0;
  for (const [lang, file] of configCases) {
    const page = await newPage();
    await page.goto(`${base}/${lang}/calculator/`);
    await page.waitForSelector('.calculator[data-tool="fit"][data-answers="1"]', { timeout: 30_000 });
    const strings = JSON.parse(await page.textContent('.calculator[data-tool="fit"] .calc-strings'));
    await page.focus('#calc-model');
    await page.selectOption('#calc-model', 'config');
    check(await page.isVisible('#calc-config'), `${lang} ${file}: the config.json box does not show`);
    await page.focus('#calc-config');
    const answers = Number(await page.getAttribute('.calculator[data-tool="fit"]', 'data-answers'));
    const text = readFileSync(join(configDir, file), 'utf8');
    await page.fill('#calc-config', text);
    // A model made for fewer tokens than the page's default context (Phi-3 mini 4K, OLMo 2:
    // 4,096) is asked at its own maximum.
    if (!file.startsWith('broken/')) {
      const c = JSON.parse(text);
      const max = c.max_position_embeddings ?? c.text_config?.max_position_embeddings ?? Infinity;
      const context = '.calculator[data-tool="fit"] .calc-form [name="context"]';
      if (max < Number(await page.inputValue(context))) await page.fill(context, String(max));
    }
    await page.focus('.calculator[data-tool="fit"] .calc-form button');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`.calculator[data-tool="fit"][data-answers="${answers + 2}"]`, { timeout: 20_000 });
    const form = await page.$$eval('.calculator[data-tool="fit"] .calc-form [name]', (cs) => Object.fromEntries(cs.map((c) => [c.name, c.value])));
    const flags = ['--config', join(configDir, file), '--precision', form.precision, '--kv-precision', form.kv_precision, '--batch', form.batch, '--mode', form.mode];
    const said = await page.textContent('#calc-config-status');
    const status = await page.textContent('.calculator[data-tool="fit"] .calc-status');
    const where = `${lang} ${file}`;
    const url = new URL(page.url());
    check(url.searchParams.get('model') === 'config' && !url.search.includes('architectures') && !url.searchParams.has('config'),
      `${where}: the URL ${url.search.slice(0, 120)} holds the pasted text or lacks model=config`);
    if (file.startsWith('broken/')) {
      // The problem as `calc --json` refuses it (code and details), said in the page's language.
      const r = spawnSync(gpuguide, ['calc', 'fit', ...flags, '--context', form.context, '--root', sourceDir, '--json']);
      const p = JSON.parse(r.stdout.toString()).error.problems[0];
      const locale = await page.getAttribute('.calculator', 'data-locale');
      const n = (v) => (v === undefined ? '' : new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(v));
      const message = strings[`calc.config.problem.${p.code}`].replace(/\{(\w+)\}/g, (_, k) => String(
        { field: p.field, got: p.detail.got ?? '', name: p.detail.name ?? '', max: n(p.detail.max), line: n(p.detail.line), column: n(p.detail.column) }[k]));
      check(r.status === 1 && said.startsWith(strings['calc.config.invalid']) && said.includes(message),
        `${where}: the message beside the box is '${said}', want '${strings['calc.config.invalid']} … ${message}'`);
      check(status.length > 0, `${where}: blank status`);
    } else {
      const fit = cli(['fit', ...flags, '--context', form.context]);
      const maxctx = cli(['maxctx', ...flags, '--gpu', form.gpu, '--count', form.count]);
      const locale = await page.getAttribute('.calculator', 'data-locale');
      const expect = await page.evaluate(([fit, maxctx, locale]) => {
        const gb = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
        const int = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
        const billions = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
        return { total: gb.format(fit.memory.total_bytes / 1e9), tokens: int.format(maxctx.max_context),
          params: billions.format(fit.memory.config.params / 1e9), context: int.format(fit.memory.config.max_context) };
      }, [fit, maxctx, locale]);
      check(status.includes(fit.memory.model) && status.includes(expect.total) && (maxctx.max_context === 0 || status.includes(expect.tokens)),
        `${where}: summary '${status}' lacks ${fit.memory.model} / ${expect.total} GB / ${expect.tokens}`);
      check(said.includes(fit.memory.config.architecture) && said.includes(expect.params) && said.includes(expect.context) &&
        fit.memory.config.notices.every((n) => said.includes(n)), `${where}: the message beside the box '${said}' is not what was read (${expect.params}, ${expect.context})`);
      const totalRow = await page.$$eval('.calculator[data-tool="fit"] .calc-results table', (ts) => [...ts[0].querySelectorAll('tbody tr')].at(-1).textContent);
      check(totalRow.includes(expect.total), `${where}: memory table total '${totalRow}' is not ${expect.total}`);
    }
    if (pastedChecked++ < 2) {
      await page.addScriptTag({ path: axePath });
      const axe = await page.evaluate(async () => (await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] })).violations);
      for (const v of axe) problems.push(`${where}: axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      check(wide <= 361, `${where}: the page scrolls sideways at 360 px (${wide} px)`);
    }
    // An emptied box says what to do, never a blank result.
    await page.fill('#calc-config', '');
    await page.focus('.calculator[data-tool="fit"] .calc-form button');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#calc-config-status').textContent !== '' &&
      document.querySelector('.calculator[data-tool="fit"] .calc-results').childElementCount === 0);
    check((await page.textContent('#calc-config-status')) === strings['calc.config.empty'], `${where}: an empty box shows '${await page.textContent('#calc-config-status')}'`);
    await page.context().close();
    console.log(`calculator_page: ${where}: ${said.slice(0, 160)}`);
  }
  check(pastedChecked >= 12, `only ${pastedChecked} pasted configs checked`);

  // ---------------------------------------------------------------- the grid
  const models = JSON.parse(readFileSync(join(sourceDir, 'data/models.json'))).models;
  const names = { gpus: gpuNames, models: modelNames };
  const pages = {};
  for (const lang of ['en', 'fr', 'zh-Hans']) {
    const page = await newPage();
    await page.goto(`${base}/${lang}/calculator/`);
    for (const tool of ['fit', 'value', 'rent', 'media'])
      await page.waitForSelector(`.calculator[data-tool="${tool}"][data-answers="1"]`, { timeout: 30_000 });
    pages[lang] = page;
  }
  const en = pages.en;
  const defaults = await en.$$eval('.calculator[data-tool="value"] input', (is) => Object.fromEntries(is.map((i) => [i.name, i.dataset.default ?? i.value])));
  const desktops = await en.$$eval('#calc-r-desktop option', (os) => os.map((o) => o.value));
  const offers = await en.$$eval('#calc-r-offer option', (os) => os.map((o) => o.value));
  const pick = (list, wanted) => wanted.filter((v) => list.includes(v));
  const pipelines = JSON.parse(readFileSync(join(sourceDir, 'data/genmodels.json'))).pipelines.map((p) => ({ id: p.id, kind: p.kind,
    width: p.default_width, height: p.default_height, frames: p.default_frames ?? 1, steps: p.default_steps }));
  const grid = [...fitGrid(models, Object.keys(gpuNames)), ...valueGrid(),
    ...rentGrid(pick(desktops, ['custom', 'rtx-4090', 'rtx-3090', 'h100-pcie']), pick(offers, ['custom', 'runpod-rtx-4090', 'lambda-h100-sxm', 'vastai-rtx-3090'])),
    ...mediaGrid(pipelines)];
  const records = [];
  for (const c of grid) {
    const shown = await submit(pages[c.lang], c);
    const requests = expectedRequests(c, defaults).map((r) => JSON.stringify(r));
    if (c.tool !== 'fit') check(shown.request === requests[0], `${c.lang} ${JSON.stringify(c)}: the page asked ${shown.request}, not ${requests[0]}`);
    records.push({ c, shown, requests });
  }
  // Native calcapi over the build's loader, one request per line in hex; answers end with NUL.
  const texts = records.flatMap((r) => r.requests);
  const native = spawnSync(nativeAnswers, ['--root', sourceDir, '--answer'],
    { input: texts.map((t) => Buffer.from(t).toString('hex')).join('\n') + '\n', maxBuffer: 1 << 30 });
  if (native.status !== 0) throw new Error(`native_answers: ${native.stderr}`);
  const nativeTexts = native.stdout.toString().split('\0').slice(0, -1);
  check(nativeTexts.length === texts.length, `native_answers gave ${nativeTexts.length} answers to ${texts.length} requests`);
  let at = 0;
  const counts = { fit: 0, value: 0, rent: 0, media: 0, requests: texts.length, errors: 0 };
  for (const lang of ['en', 'fr', 'zh-Hans']) {
    const mine = records.filter((r) => r.c.lang === lang);
    const wasm = await wasmAnswers(pages[lang], mine.flatMap((r) => r.requests));
    let k = 0;
    for (const r of mine) {
      const start = records.indexOf(r);
      const offset = records.slice(0, start).reduce((n, x) => n + x.requests.length, 0);
      const answers = r.requests.map((_, j) => nativeTexts[offset + j]);
      r.requests.forEach((text, j) => check(wasm[k + j] === answers[j], `${lang} ${text}: wasm and native answers differ`));
      k += r.requests.length;
      const parsed = answers.map((a) => JSON.parse(a));
      if (parsed[0].error) counts.errors++;
      counts[r.c.tool]++;
      for (const p of await checkShown(pages[lang], r.c, r.shown, parsed, names)) problems.push(`${lang} ${JSON.stringify(r.c)}: ${p}`);
      at++;
    }
  }
  check(at >= 300, `the grid has ${at} settings (want 300 or more)`);
  console.log(`calculator_page: grid of ${at} settings (${JSON.stringify(counts)}) compared: page, wasm, native`);
  // The new request kinds through the command line: the same bytes as native calcapi.
  const cliCases = [
    [['rank', '--workload', 'inference16', '--cost', 'ownership', '--electricity', '0.35', '--utilisation', '0.5', '--years', '3', '--budget', '5000'],
      { command: 'rank', workload: 'inference16', cost: 'ownership', electricity_usd_per_kwh: 0.35, utilisation: 0.5, years: 3, budget_usd: 5000 }],
    [['breakeven', '--gpu', 'rtx-4090', '--cloud', 'runpod-rtx-4090', '--utilisation', '0.5', '--electricity', '0.4'],
      { command: 'breakeven', gpu: 'rtx-4090', cloud: 'runpod-rtx-4090', utilisation: 0.5, electricity_usd_per_kwh: 0.4 }],
    [['media', '--pipeline', 'wan2.1-t2v-14b', '--precision', 'fp8', '--width', '832', '--height', '480', '--frames', '81', '--steps', '30', '--offload', 'model'],
      { command: 'media', pipeline: 'wan2.1-t2v-14b', precision: 'fp8', width: 832, height: 480, frames: 81, steps: 30, offload: 'model' }],
    [['media', '--pipeline', 'flux.1-dev', '--precision', 'fp8', '--width', '1024', '--height', '1024', '--steps', '28', '--offload', 'none', '--region', 'CN'],
      { command: 'media', pipeline: 'flux.1-dev', precision: 'fp8', width: 1024, height: 1024, steps: 28, offload: 'none', region: 'CN' }],
    [['fit', '--model', 'qwen3-32b', '--precision', 'q4_k_m', '--context', '8192', '--region', 'EU'],
      { command: 'fit', model: 'qwen3-32b', precision: 'q4_k_m', context: 8192, region: 'EU' }],
  ];
  const [cliWasm] = [await wasmAnswers(en, cliCases.map(([, r]) => JSON.stringify(r)))];
  cliCases.forEach(([args], i) => check(JSON.stringify(cli(args)) === JSON.stringify(JSON.parse(cliWasm[i])), `gpuguide calc ${args.join(' ')}: the CLI and the page's wasm differ`));
  for (const page of Object.values(pages)) await page.context().close();

  // ---------------------------------------------------------------- Value and Own or rent by keyboard, URL round trip
  for (const lang of ['fr', 'zh-Hans']) {
    const page = await newPage();
    await page.goto(`${base}/${lang}/calculator/`);
    await page.waitForSelector('.calculator[data-tool="rent"][data-answers="1"]', { timeout: 30_000 });
    const statusOf = (tool) => page.textContent(`.calculator[data-tool="${tool}"] .calc-status`);
    const before = await statusOf('value');
    await page.focus('#calc-v-workload');
    await page.keyboard.press('ArrowDown'); // the next workload
    await page.focus('#calc-v-cost');
    await page.keyboard.press('ArrowDown'); // ownership
    await page.focus('#calc-v-budget');
    await page.keyboard.type('4000');
    await page.keyboard.press('Tab');
    await page.waitForSelector('.calculator[data-tool="value"]:not([aria-busy])');
    const after = await statusOf('value');
    check(after !== before && after.length > 0, `${lang}: Value by keyboard: status '${before}' → '${after}'`);
    await page.focus('#calc-r-desktop');
    await page.keyboard.press('Home'); // my own figures
    await page.focus('#calc-r-cost');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3100');
    await page.focus('#calc-r-utilisation');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('35');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.calculator[data-tool="rent"]:not([aria-busy])');
    const rent = await statusOf('rent');
    const url = new URL(page.url());
    check(url.searchParams.get('v-budget') === '4000' && url.searchParams.get('v-cost') === 'ownership' &&
      url.searchParams.get('r-desktop') === 'custom' && url.searchParams.get('r-cost') === '3100' && url.searchParams.get('r-utilisation') === '35',
    `${lang}: the URL ${url.search} lacks the keyboard's settings`);
    const again = await newPage();
    await again.goto(url.href);
    await again.waitForSelector('.calculator[data-tool="rent"][data-answers="1"]', { timeout: 30_000 });
    check((await again.textContent('.calculator[data-tool="value"] .calc-status')) === after, `${lang}: the shared URL's Value shows something else`);
    check((await again.textContent('.calculator[data-tool="rent"] .calc-status')) === rent, `${lang}: the shared URL's Own or rent shows something else`);
    await page.addScriptTag({ path: axePath });
    const axe = await page.evaluate(async () => (await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] })).violations);
    for (const v of axe) problems.push(`${lang} (Value, Own or rent): axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    check(wide <= 361, `${lang}: with all results the page scrolls sideways at 360 px (${wide} px)`);
    await again.context().close();
    await page.context().close();
    console.log(`calculator_page: ${lang} by keyboard: ${after} / ${rent}`);
  }

  // ---------------------------------------------------------------- Image and video by keyboard, URL round trip
  for (const lang of ['en', 'fr', 'zh-Hans']) {
    const page = await newPage();
    await page.goto(`${base}/${lang}/calculator/`);
    await page.waitForSelector('.calculator[data-tool="media"][data-answers="1"]', { timeout: 30_000 });
    const statusOf = () => page.textContent('.calculator[data-tool="media"] .calc-status');
    const spaces = (t) => t.replace(/[\u00a0\u202f ]+/g, ' ');
    // The live answer for the default settings is the one the build wrote.
    const live = await statusOf();
    check(spaces(live) === spaces(noJsMedia[lang] ?? ''), `${lang}: Image and video: the static answer '${noJsMedia[lang]}' ≠ the live one '${live}'`);
    check(!(await page.$eval('.calc-media-fields', (f) => f.disabled)), `${lang}: the Image and video form stays disabled`);
    // A video pipeline brings its own resolution, frames and steps; the frames field opens.
    const video = pipelines.find((p) => p.id === 'wan2.1-t2v-1.3b') ?? pipelines.find((p) => p.kind === 'video');
    check(await page.$eval('#calc-m-frames', (f) => f.disabled), `${lang}: frames open for an image pipeline`);
    await page.focus('#calc-m-pipeline');
    await page.selectOption('#calc-m-pipeline', video.id);
    await page.waitForSelector('.calculator[data-tool="media"]:not([aria-busy])');
    const fields = await page.$$eval('.calculator[data-tool="media"] input', (is) => Object.fromEntries(is.map((i) => [i.name, [i.value, i.disabled]])));
    check(fields['m-width'][0] === String(video.width) && fields['m-height'][0] === String(video.height) && fields['m-frames'][0] === String(video.frames) &&
      !fields['m-frames'][1] && fields['m-steps'][0] === String(video.steps), `${lang}: the video pipeline's defaults are not in the form: ${JSON.stringify(fields)}`);
    await page.focus('#calc-m-offload');
    await page.keyboard.press('End'); // sequential offload
    await page.focus('#calc-m-steps');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('20');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.calculator[data-tool="media"]:not([aria-busy])');
    const after = await statusOf();
    const request = JSON.parse(await page.$eval('.calculator[data-tool="media"]', (d) => d.dataset.request));
    check(request.pipeline === video.id && request.offload === 'sequential' && request.steps === 20 && request.frames === video.frames,
      `${lang}: Image and video by keyboard asked ${JSON.stringify(request)}`);
    const answer = JSON.parse((await wasmAnswers(page, [JSON.stringify(request)]))[0]);
    const gb = new Intl.NumberFormat(await page.$eval('.calculator', (d) => d.dataset.locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    check(after.includes(gb.format(answer.host_bytes / 1e9)) && after.includes(gb.format(answer.peak_bytes / 1e9)),
      `${lang}: Image and video says '${after}', not the peak and the system RAM of ${JSON.stringify(request)}`);
    // A preset resolution fills width and height; a typed size is "other".
    await page.selectOption('#calc-m-size', '1280x720');
    await page.waitForSelector('.calculator[data-tool="media"]:not([aria-busy])');
    check((await page.inputValue('#calc-m-width')) === '1280' && (await page.inputValue('#calc-m-height')) === '720', `${lang}: the 1280 × 720 preset did not fill the size`);
    await page.fill('#calc-m-width', '1000');
    await page.waitForSelector('.calculator[data-tool="media"]:not([aria-busy])');
    check((await page.inputValue('#calc-m-size')) === 'custom', `${lang}: a typed width keeps a preset`);
    const typed = await statusOf();
    const url = new URL(page.url());
    check(url.searchParams.get('m-pipeline') === video.id && url.searchParams.get('m-offload') === 'sequential' &&
      url.searchParams.get('m-steps') === '20' && url.searchParams.get('m-width') === '1000' && url.searchParams.get('m-height') === '720',
    `${lang}: the URL ${url.search} lacks the Image and video settings`);
    const again = await newPage();
    await again.goto(url.href);
    await again.waitForSelector('.calculator[data-tool="media"][data-answers="1"]', { timeout: 30_000 });
    check((await again.textContent('.calculator[data-tool="media"] .calc-status')) === typed, `${lang}: the shared URL's Image and video shows something else`);
    check((await again.inputValue('#calc-m-size')) === 'custom' && !(await again.$eval('#calc-m-frames', (f) => f.disabled)),
      `${lang}: the shared URL's Image and video form is not as it was`);
    // Bad input is said in the page's language, with the field's label.
    await page.fill('#calc-m-height', '20');
    await page.waitForSelector('.calculator[data-tool="media"]:not([aria-busy])');
    const strings = JSON.parse(await page.textContent('.calculator[data-tool="media"] .calc-strings'));
    const label = (await page.textContent('label[for="calc-m-height"]')).trim();
    const bad = await statusOf();
    check(bad.startsWith(strings['calc.error']) && bad.includes(label) && (await page.$$('.calculator[data-tool="media"] .calc-results table')).length === 0,
      `${lang}: a height of 20 px says '${bad}'`);
    await page.fill('#calc-m-height', '720');
    await page.waitForSelector('.calculator[data-tool="media"]:not([aria-busy])');
    await page.addScriptTag({ path: axePath });
    const axe = await page.evaluate(async () => (await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] })).violations);
    for (const v of axe) problems.push(`${lang} (Image and video): axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    check(wide <= 361, `${lang}: with the Image and video results the page scrolls sideways at 360 px (${wide} px)`);
    await again.context().close();
    await page.context().close();
    console.log(`calculator_page: ${lang} Image and video by keyboard: ${typed}`);
  }
} finally {
  await browser.close();
  server.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
if (problems.length) {
  for (const p of problems) console.error(`calculator_page: ${p}`);
  console.error(`calculator_page: FAILED: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log('calculator_page: OK');
