// Explorable tables and the compare page in the system Chromium (ctest explore_tables, label
// browser): builds the real site, serves it from this process on 127.0.0.1, then
//   - without JavaScript: the GPU list and the compare page hold every GPU with its data-
//     attributes (vendor, segment, memory, prices) and numeric data-sort values, the filter
//     form, count and sort icons the page carries stay hidden, the side-by-side view too; each GPU page links the compare view with
//     itself in ?gpus= and, for a GPU the guide names, the sections that name it;
//   - with JavaScript, in en, fr and zh-Hans: the GPU list sorts by the keyboard (Enter on a
//     header button: aria-sort, an announcement, rows ordered by data-sort, "—" last, the ≈
//     marks still shown), filters by vendor, condition and price (every shown row matches, the
//     live count says how many), keeps the state in the URL, and the same URL opened again
//     shows the same rows in the same order; a ranking table sorts by price; the compare page
//     puts ?gpus= side by side with the cells of the static table, a keyboard choice adds a GPU
//     and updates the URL;
//   - loading the GPU list or a ranking chapter at 412 px shifts nothing (layout-shift entries),
//     nor the compare page with and without ?gpus= at 412 and 360 px;
//   - at 360 px no page scrolls sideways; axe-core finds no violation on the enhanced pages;
//     no console errors, no request to another host.
//   usage: node explore.mjs GPUGUIDE_BINARY SOURCE_DIR OUT_DIR
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
  console.error('usage: node explore.mjs GPUGUIDE_BINARY SOURCE_DIR OUT_DIR');
  process.exit(2);
}
const [gpuguide, sourceDir, outDir] = process.argv.slice(2);
const watchdog = setTimeout(() => { console.error('explore_tables: FAILED: gave up after 8 minutes'); process.exit(1); }, 8 * 60_000);
watchdog.unref();

const built = spawnSync(gpuguide, ['build', '--root', sourceDir, '--out', outDir], { stdio: 'inherit' });
if (built.status !== 0) {
  console.error('explore_tables: FAILED: the site does not build');
  process.exit(1);
}
const gpus = JSON.parse(readFileSync(join(sourceDir, 'data/gpus.json'))).gpus;

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
const userDataDir = mkdtempSync(join(tmpdir(), 'gpuguide-explore-chromium-'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
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

// The shown rows of the first explorable table: id, attributes, the sort value of `column`.
function shownRows(page, column = 0, which = 0) {
  return page.$$eval('.table-scroll[data-explore]', (tables, [column, which]) => [...tables[which].querySelectorAll('tbody tr')]
    .filter((r) => !r.hidden).map((r) => ({ id: r.id, ...r.dataset, sort: r.cells[column]?.dataset.sort ?? null,
      estMarks: r.querySelectorAll('.est-mark').length })), [column, which]);
}

// Values in order, nulls (no data-sort) last whatever the direction.
function ordered(values, descending) {
  const nums = values.map((v) => (v === null ? null : Number(v)));
  const firstNull = nums.indexOf(null);
  if (firstNull >= 0 && nums.slice(firstNull).some((v) => v !== null)) return false;
  const present = nums.filter((v) => v !== null);
  return present.every((v, i) => i === 0 || (descending ? present[i - 1] >= v : present[i - 1] <= v));
}

async function axe(page, where) {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => (await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] })).violations);
  for (const v of violations) problems.push(`${where}: axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// The layout shift a page's load adds up to (the Layout Instability API Lighthouse reads) on
// a phone-sized screen: the filter form and sort icons come with the page, so the script
// starting moves nothing (it was 0.15 on a ranking chapter and 0.22 on the GPU list).
async function loadShift(path, width = 412) {
  const page = await newPage({ viewport: { width, height: width === 412 ? 823 : 740 } });
  await page.addInitScript(() => {
    window.shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${base}/${path}`, { waitUntil: 'load' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shift = await page.evaluate(() => window.shift);
  await page.context().close();
  return shift;
}

async function narrow(page, where) {
  await page.setViewportSize({ width: 360, height: 740 });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 361, `${where}: the page scrolls sideways at 360 px (${wide} px)`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

try {
  // ---------------------------------------------------------------- without JavaScript
  for (const lang of ['en', 'fr', 'zh-Hans']) {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(`${base}/${lang}/gpus/`);
    const rows = await shownRows(page, 3);
    check(rows.length === gpus.length, `${lang}/gpus/: ${rows.length} rows without JavaScript, want ${gpus.length}`);
    for (const g of gpus) {
      const r = rows.find((x) => x.id === g.id);
      if (!r) { problems.push(`${lang}/gpus/: no row for ${g.id}`); continue; }
      check(r.vendor === g.vendor && Number(r.memory) === g.memory_gb && Number(r.sort) === g.memory_gb,
        `${lang}/gpus/: row ${g.id} carries vendor ${r.vendor}, memory ${r.memory}, sort ${r.sort}; want ${g.vendor}, ${g.memory_gb}`);
    }
    check(rows.some((r) => r.new !== undefined) && rows.some((r) => r.used !== undefined), `${lang}/gpus/: no row carries a new and a used price`);
    // The form comes with the page (so that nothing moves when the script starts), hidden.
    check(await page.$('.explore-filters') && !(await page.isVisible('.explore-filters')) &&
      !(await page.isVisible('.explore-count')) && !(await page.isVisible('thead .sort-icon')),
    `${lang}/gpus/: a filter form, count or sort icon shows without JavaScript (or the page lacks the form)`);
    check((await page.$$('main a[href$="compare/"]')).length === 1, `${lang}/gpus/: no link to the compare page`);
    await page.goto(`${base}/${lang}/compare/?gpus=rtx-4090,rtx-5090`);
    check((await shownRows(page)).length === gpus.length, `${lang}/compare/: the static table does not hold every GPU`);
    check(!(await page.isVisible('.compare-view')), `${lang}/compare/: the side-by-side view shows without JavaScript`);
    await page.goto(`${base}/${lang}/gpus/rtx-4090/`);
    const compare = await page.getAttribute('main .compare-link a', 'href');
    check(compare && /compare\/\?gpus=([a-z0-9.-]+,)?rtx-4090(,[a-z0-9.-]+)?$/.test(compare), `${lang}/gpus/rtx-4090/: compare link ${compare}`);
    const mentions = await page.$$eval('.mentions a', (as) => as.map((a) => a.getAttribute('href')));
    check(mentions.length >= 3, `${lang}/gpus/rtx-4090/: ${mentions.length} links to the guide's sections that name it`);
    for (const href of mentions) {
      const res = await page.request.get(new URL(href, page.url()).href);
      check(res.status() === 200, `${lang}/gpus/rtx-4090/: mention link ${href} answers ${res.status()}`);
    }
    await page.context().close();
  }
  // The recommendations link their picks to GPU pages.
  const rec = await newPage({ javaScriptEnabled: false });
  await rec.goto(`${base}/en/guide/recommendations/`);
  check((await rec.$$('main a[href*="/gpus/"]')).length >= 5, 'en/guide/recommendations/: fewer than 5 links to GPU pages');
  await rec.context().close();

  // ---------------------------------------------------------------- with JavaScript
  for (const lang of ['en', 'fr', 'zh-Hans']) {
    const where = `${lang}/gpus/`;
    const page = await newPage();
    await page.goto(`${base}/${lang}/gpus/`);
    await page.waitForSelector('.explore-filters');
    const estBefore = (await shownRows(page)).reduce((n, r) => n + r.estMarks, 0);
    // Keyboard: Tab to the memory header's button, Enter sorts (numbers: largest first), Enter again reverses.
    await page.focus('thead th:nth-child(4) button.sort');
    await page.keyboard.press('Enter');
    check(await page.getAttribute('thead th:nth-child(4)', 'aria-sort') === 'descending', `${where}: Enter on the memory header: aria-sort is not descending`);
    check(ordered((await shownRows(page, 3)).map((r) => r.sort), true), `${where}: rows not in descending memory order`);
    await page.keyboard.press('Enter');
    check(await page.getAttribute('thead th:nth-child(4)', 'aria-sort') === 'ascending', `${where}: second Enter: aria-sort is not ascending`);
    check(ordered((await shownRows(page, 3)).map((r) => r.sort), false), `${where}: rows not in ascending memory order`);
    check((await page.textContent('.explore-filters ~ .visually-hidden[role="status"]')).length > 0, `${where}: the sort is not announced`);
    // The used price column (11th): rows without a used price last.
    await page.focus('thead th:nth-child(11) button.sort');
    await page.keyboard.press('Enter');
    check(ordered((await shownRows(page, 10)).map((r) => r.sort), true), `${where}: rows not in descending used-price order, "—" last`);
    const estAfter = (await shownRows(page)).reduce((n, r) => n + r.estMarks, 0);
    check(estAfter === estBefore && estAfter > 0, `${where}: ${estBefore} estimate marks before sorting, ${estAfter} after`);
    // Filters.
    await page.selectOption('.explore-filters select[name="vendor"]', 'amd');
    let rows = await shownRows(page);
    check(rows.length > 0 && rows.every((r) => r.vendor === 'amd'), `${where}: vendor filter shows ${rows.map((r) => r.vendor).join(',')}`);
    check((await page.textContent('.explore-count')).includes(String(rows.length)), `${where}: the count '${await page.textContent('.explore-count')}' does not say ${rows.length}`);
    await page.selectOption('.explore-filters select[name="vendor"]', '');
    await page.selectOption('.explore-filters select[name="cond"]', 'used');
    await page.fill('.explore-filters input[name="max"]', '1000');
    rows = await shownRows(page);
    check(rows.length > 0 && rows.every((r) => r.used !== undefined && Number(r.used) <= 1000), `${where}: used ≤ $1,000 shows rows ${rows.map((r) => `${r.id}:${r.used}`).join(',')}`);
    await page.fill('.explore-filters input[name="mem"]', '24');
    rows = await shownRows(page);
    check(rows.every((r) => Number(r.memory) >= 24), `${where}: memory ≥ 24 GB shows ${rows.map((r) => `${r.id}:${r.memory}`).join(',')}`);
    // URL round trip.
    const url = new URL(page.url());
    check(url.searchParams.get('sort') === '10' && url.searchParams.get('dir') === 'desc' && url.searchParams.get('cond') === 'used' &&
      url.searchParams.get('max') === '1000' && url.searchParams.get('mem') === '24', `${where}: URL ${url} lacks the state`);
    const again = await newPage();
    await again.goto(url.href);
    await again.waitForSelector('.explore-filters');
    const ids = (r) => r.map((x) => x.id).join(',');
    check(ids(await shownRows(again)) === ids(rows), `${where}: the URL shows ${ids(await shownRows(again))}, not ${ids(rows)}`);
    check(await again.inputValue('.explore-filters input[name="max"]') === '1000', `${where}: the URL does not restore the price filter`);
    await again.context().close();
    await narrow(page, where);
    await axe(page, where);
    // Clear: every row again.
    await page.click('.explore-reset');
    check((await shownRows(page)).length === gpus.length, `${where}: 'clear filters' does not show every row`);
    await page.context().close();
  }

  for (const lang of ['en', 'fr', 'zh-Hans'])
    for (const path of [`${lang}/gpus/`, `${lang}/guide/ranking/`]) {
      const shift = await loadShift(path);
      check(shift < 0.01, `${path}: the page's load shifts its layout by ${shift.toFixed(3)} at 412 px`);
    }
  // The compare view comes in its place (the picker with the page, the rest of the page held
  // back while ?gpus= is being put side by side): nothing moves, with or without ?gpus=, on
  // a 412 px and a 360 px screen (it shifted by 0.11 to 0.28 when the script built the view).
  for (const lang of ['en', 'fr', 'zh-Hans'])
    for (const path of [`${lang}/compare/`, `${lang}/compare/?gpus=rtx-4090,rtx-3090,rtx-5090`])
      for (const width of [412, 360]) {
        const shift = await loadShift(path, width);
        check(shift === 0, `${path}: the page's load shifts its layout by ${shift.toFixed(3)} at ${width} px`);
      }

  // A ranking table sorts by its price column (5th).
  {
    const where = 'en/guide/ranking/';
    const page = await newPage();
    await page.goto(`${base}/en/guide/ranking/`);
    await page.waitForSelector('.explore-filters');
    const tables = await page.$$eval('.table-scroll[data-explore="rank"]', (t) => t.length);
    check(tables >= 1, `${where}: no explorable ranking table`);
    // An address without ?sort keeps the page's order: the ranks read 1, 2, 3… and no header
    // says it sorts (a missing parameter once read as column 0, sorting by name at every load).
    await page.waitForSelector('.table-scroll[data-explore="rank"] thead button.sort');
    const ranks = await page.$eval('.table-scroll[data-explore="rank"]', (t) => [...t.querySelectorAll('tbody tr')].map((r) => r.cells[1]?.textContent.trim()));
    check(ranks.length > 1 && ranks.every((r, i) => r === String(i + 1)), `${where}: rows not in rank order after load: ${ranks.slice(0, 5).join(', ')}…`);
    check((await page.$$('th[aria-sort]')).length === 0, `${where}: a header says it sorts though the address does not`);
    await page.click('.table-scroll[data-explore="rank"] thead th:nth-child(5) button.sort');
    check(ordered((await shownRows(page, 4)).map((r) => r.sort), true), `${where}: ranking not in descending price order`);
    await page.selectOption('.explore-filters select[name="segment"]', 'consumer');
    check((await shownRows(page)).every((r) => r.segment === 'consumer'), `${where}: segment filter`);
    await axe(page, where);
    await page.context().close();
  }

  // The compare view.
  for (const lang of ['en', 'fr', 'zh-Hans']) {
    const where = `${lang}/compare/`;
    const page = await newPage();
    await page.goto(`${base}/${lang}/compare/?gpus=rtx-4090,rtx-5090`);
    await page.waitForSelector('.compare-view:not([hidden]) .compare-table');
    const heads = await page.$$eval('.compare-table thead th', (ths) => ths.map((th) => th.textContent.trim()));
    const names = Object.fromEntries(gpus.map((g) => [g.id, g.name]));
    check(heads.join('|') === `${names['rtx-4090']}|${names['rtx-5090']}`, `${where}: side-by-side heads ${heads.join('|')}`);
    // Every row of the side-by-side table repeats the static table's cell.
    const same = await page.evaluate(() => {
      const stat = document.querySelector('.table-scroll[data-explore] table');
      const side = document.querySelector('.compare-table');
      const cols = [...stat.tHead.rows[0].cells].length;
      const bad = [];
      ['rtx-4090', 'rtx-5090'].forEach((id, k) => {
        const row = document.getElementById(id);
        for (let i = 1; i < cols; i += 1)
          if (side.tBodies[0].rows[i - 1].cells[k + 1].textContent !== row.cells[i].textContent) bad.push(`${id}:${i}`);
      });
      return bad;
    });
    check(same.length === 0, `${where}: side-by-side cells differ from the table: ${same.join(', ')}`);
    check((await page.$$('.compare-table svg[role="img"][aria-label]')).length === 2, `${where}: no price-history sparkline per GPU`);
    // Keyboard: the third slot.
    await page.focus('.compare-form select >> nth=2');
    await page.selectOption('.compare-form select >> nth=2', 'rtx-3090');
    await page.waitForFunction(() => document.querySelectorAll('.compare-table thead th').length === 3);
    const url = new URL(page.url());
    check(url.searchParams.get('gpus') === 'rtx-4090,rtx-5090,rtx-3090', `${where}: URL ${url} after choosing a third GPU`);
    const again = await newPage();
    await again.goto(url.href);
    await again.waitForSelector('.compare-table');
    check((await again.$$('.compare-table thead th')).length === 3, `${where}: the URL does not restore three GPUs`);
    await again.context().close();
    await narrow(page, where);
    await axe(page, where);
    await page.context().close();
  }
  // From a GPU page to the compare view.
  {
    const page = await newPage();
    await page.goto(`${base}/en/gpus/rtx-4090/`);
    await page.click('main .compare-link a');
    await page.waitForSelector('.compare-table');
    const heads = await page.$$eval('.compare-table thead th', (ths) => ths.length);
    check(heads >= 2, `en/gpus/rtx-4090/: its compare link shows ${heads} GPUs side by side`);
    await page.context().close();
  }
} finally {
  await browser.close();
  server.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
if (problems.length) {
  for (const p of problems) console.error(`explore_tables: ${p}`);
  console.error(`explore_tables: FAILED: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log('explore_tables: OK');
