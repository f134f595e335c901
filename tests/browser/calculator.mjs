// The calculator page in the system Chromium (ctest calculator_page, label browser): builds
// the real site, serves it from this process on 127.0.0.1, then
//   - without JavaScript: the explanation and its links to the static tables show, the form
//     does not;
//   - with JavaScript, for a handful of requests in en, fr and zh-Hans, fills the form with
//     the keyboard and submits it; the summary (aria-live), the memory table and the first
//     configuration must show what `gpuguide calc fit|maxctx … --json` answers, formatted with
//     the page's Intl locale; the URL holds the form's state, and loading that URL again gives
//     the same result;
//   - at 360 px the page does not scroll sideways, and axe-core finds no violation on the page
//     with results; no console errors, no request to another host.
//   usage: node calculator.mjs GPUGUIDE_BINARY SOURCE_DIR OUT_DIR
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const axePath = require.resolve('axe-core/axe.min.js');

if (process.argv.length !== 5) {
  console.error('usage: node calculator.mjs GPUGUIDE_BINARY SOURCE_DIR OUT_DIR');
  process.exit(2);
}
const [gpuguide, sourceDir, outDir] = process.argv.slice(2);
const watchdog = setTimeout(() => { console.error('calculator_page: FAILED: gave up after 8 minutes'); process.exit(1); }, 8 * 60_000);
watchdog.unref();

const built = spawnSync(gpuguide, ['build', '--root', sourceDir, '--out', outDir], { stdio: 'inherit' });
if (built.status !== 0) {
  console.error('calculator_page: FAILED: the site does not build');
  process.exit(1);
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

try {
  // ---------------------------------------------------------------- without JavaScript
  for (const lang of ['en', 'fr', 'zh-Hans']) {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(`${base}/${lang}/calculator/`);
    check(!(await page.isVisible('.calc-form')), `${lang}: the form shows without JavaScript`);
    const links = await page.$$eval('main a[href*="llm-memory"]', (as) => as.length);
    check(links >= 3, `${lang}: without JavaScript, ${links} links to the static tables (want 3 or more)`);
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
    await page.waitForSelector('.calculator[data-answers="1"]');
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
    await page.focus('.calc-form button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.calculator[data-answers="2"]');

    const flags = ['--model', c.model, '--precision', c.precision, '--kv-precision', c.kv_precision, '--batch', String(c.batch), '--mode', c.mode];
    const fit = cli(['fit', ...flags, '--context', String(c.context)]);
    // maxctx answers for inference only; the page asks it only then.
    const maxctx = c.mode === 'inference' ? cli(['maxctx', ...flags, '--gpu', c.gpu, '--count', String(c.count)]) : { max_context: 0 };
    const locale = await page.getAttribute('.calculator', 'data-locale');
    const expect = await page.evaluate(([fit, maxctx, locale]) => {
      const gb = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      const int = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
      const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
      const first = fit.configs[0];
      return { total: gb.format(fit.memory.total_bytes / 1e9), tokens: int.format(maxctx.max_context),
        count: first ? int.format(first.count) : null, price: first && first.price_usd !== null ? usd.format(first.price_usd) : null,
        perGpu: first ? gb.format(first.per_gpu_bytes / 1e9) : null };
    }, [fit, maxctx, locale]);
    const status = await page.textContent('.calc-status');
    const where = `${c.lang} ${JSON.stringify(c)}`;
    check(status.includes(modelNames[c.model]) && status.includes(expect.total), `${where}: summary '${status}' lacks ${modelNames[c.model]} / ${expect.total} GB`);
    if (maxctx.max_context > 0) check(status.includes(expect.tokens), `${where}: summary '${status}' lacks the largest context ${expect.tokens}`);
    const totalRow = await page.$$eval('.calc-results table', (ts) => [...ts[0].querySelectorAll('tbody tr')].at(-1).textContent);
    check(totalRow.includes(expect.total), `${where}: memory table total '${totalRow}' is not ${expect.total}`);
    if (fit.configs.length) {
      const row = await page.$$eval('.calc-results table', (ts) => [...ts[1].querySelectorAll('tbody tr')][0].innerText);
      const cells = row.split('\t');
      check(cells[0].startsWith(gpuNames[fit.configs[0].gpu]) && cells[1] === expect.count && cells[2] === expect.perGpu &&
        (expect.price === null || cells[3] === expect.price),
      `${where}: first configuration '${cells.join(' | ')}' is not ${gpuNames[fit.configs[0].gpu]} | ${expect.count} | ${expect.perGpu} | ${expect.price}`);
    }
    // The URL holds the state: loading it again shows the same summary.
    const url = page.url();
    check(new URL(url).searchParams.get('model') === c.model && new URL(url).searchParams.get('count') === String(c.count), `${where}: URL ${url} lacks the form's state`);
    const again = await newPage();
    await again.goto(url);
    await again.waitForSelector('.calculator:not([hidden]) .calc-form', { timeout: 20_000 });
    await again.waitForSelector('.calculator[data-answers="1"]');
    check((await again.textContent('.calc-status')) === status, `${where}: the shared URL shows '${await again.textContent('.calc-status')}'`);
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
