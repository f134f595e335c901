// Bad input on the calculator page, in the system Chromium (ctest calculator_input, label
// browser): builds the real site, serves it from this process on 127.0.0.1, then
//   - a URL number its field does not take (count=1e400, -1, 0; v-utilisation=1e400;
//     v-years=-1; r-utilisation=-5) shows the page's translated alert naming the field, puts
//     the field back to its default, and the tool answers that default (no error), in en, fr
//     and zh-Hans;
//   - a number typed out of range is refused in the page's language (the calculator's
//     "problems"), never as calcapi's English message;
//   - a 2 MB paste into the config.json box is refused at once (the translated message, the
//     box left empty, no long task over LONG_TASK_MS while it is refused);
//   - a config.json nested 60,000 levels deep (it crashed `gpuguide calc --config`, and the
//     page showed a raw RangeError) is answered with the calculator's located message, and a
//     config with more KV heads than heads is refused; no "RangeError" anywhere.
// Prints the long-task figures; exit 0 on success, 1 with the problems listed.
//   usage: node calc_input.mjs GPUGUIDE_BINARY SOURCE_DIR OUT_DIR
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';

// The typography layer (generator/i18n/typography.h) puts U+202F before French colons on the
// page; the strings file holds plain spaces.
const spaced = (text) => text.replace(/[\u202f\u00a0]/g, ' ');

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

const LONG_TASK_MS = 200; // the 50 MB paste froze the page for up to 26 s

if (process.argv.length !== 5) {
  console.error('usage: node calc_input.mjs GPUGUIDE_BINARY SOURCE_DIR OUT_DIR');
  process.exit(2);
}
const [gpuguide, sourceDir, outDir] = process.argv.slice(2);
const watchdog = setTimeout(() => { console.error('calculator_input: FAILED: gave up after 9 minutes'); process.exit(1); }, 9 * 60_000);
watchdog.unref();

const built = spawnSync(gpuguide, ['build', '--root', sourceDir, '--out', outDir], { stdio: 'inherit' });
if (built.status !== 0) {
  console.error('calculator_input: FAILED: the site does not build');
  process.exit(1);
}
const strings = Object.fromEntries(['en', 'fr', 'zh-Hans'].map((lang) =>
  [lang, JSON.parse(readFileSync(join(sourceDir, 'content', lang, '_strings.json'), 'utf8'))]));
// The fixed text of a template before its first {placeholder}.
const lead = (template) => template.split('{')[0];

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css',
  '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png' };
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
const check = (ok, what) => { if (!ok) problems.push(what); };
const userDataDir = mkdtempSync(join(tmpdir(), 'gpuguide-calc-input-'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });

async function open(lang, query = '') {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1'
    ? route.continue() : (problems.push(`request to another host: ${route.request().url()}`), route.abort())));
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`page error on ${page.url()}: ${e.message}`));
  // Long tasks from the very start.
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); })
      .observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${base}/${lang}/calculator/${query}`);
  for (const tool of ['fit', 'value', 'rent'])
    await page.waitForSelector(`.calculator[data-tool="${tool}"][data-answers="1"]`, { timeout: 60_000 });
  return page;
}

const status = (page, tool) => page.textContent(`.calculator[data-tool="${tool}"] .calc-status`);

try {
  // ---------------------------------------------------------------- URL state out of range
  const urlCases = [
    ['fit', 'count', '1e400'], ['fit', 'count', '-1'], ['fit', 'count', '0'],
    ['value', 'v-utilisation', '1e400'], ['value', 'v-years', '-1'], ['rent', 'r-utilisation', '-5'],
  ];
  for (const lang of ['en', 'fr', 'zh-Hans']) {
    for (const [tool, field, value] of urlCases) {
      if (lang !== 'en' && value !== '1e400') continue; // every case in en, one each elsewhere
      const query = tool === 'value' ? `?v-cost=ownership&${field}=${value}` : `?${field}=${value}`;
      const page = await open(lang, query);
      const where = `${lang} ${query}`;
      const root = `.calculator[data-tool="${tool}"]`;
      const alert = await page.$(`${root} .calc-url-problems[role="alert"]`);
      const said = alert ? await alert.textContent() : '';
      const label = (await page.textContent(`label[for="calc-${field}"]`)).trim();
      check(alert && said.includes(label) && said.includes(value) && said.startsWith(lead(strings[lang]['calc.url.reset'])),
        `${where}: no translated alert naming the field: '${said}'`);
      const [now, initial] = await page.$eval(`#calc-${field}`, (c) => [c.value, c.defaultValue]);
      check(now === initial, `${where}: the field holds '${now}', not its default '${initial}'`);
      const shown = await status(page, tool);
      check(!shown.startsWith(strings[lang]['calc.error']), `${where}: the tool answered with an error: '${shown}'`);
      await page.context().close();
    }
  }

  // ---------------------------------------------------------------- typed out of range
  for (const lang of ['en', 'fr', 'zh-Hans']) {
    const page = await open(lang, '?v-cost=ownership');
    await page.fill('#calc-v-years', '101');
    await page.waitForSelector('.calculator[data-tool="value"][data-answers="2"]');
    await page.waitForFunction(() => !document.querySelector('.calculator[data-tool="value"]').hasAttribute('aria-busy'));
    const shown = await status(page, 'value');
    const label = (await page.textContent('label[for="calc-v-years"]')).trim();
    check(shown.includes(label) && !shown.includes("'years' must be"),
      `${lang}: years=101 typed: '${shown}' is not said in the page's language`);
    await page.context().close();
  }

  // ---------------------------------------------------------------- pasted text
  let slowestPaste = 0;
  for (const lang of ['en', 'fr']) {
    const page = await open(lang);
    await page.selectOption('#calc-model', 'config');
    const before = await page.evaluate(() => window.longTasks.length);
    const t0 = Date.now();
    const kept = await page.evaluate(() => {
      const box = document.querySelector('#calc-config');
      const data = new DataTransfer();
      data.setData('text/plain', '{"a": "' + 'x'.repeat(2_000_000) + '"}');
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      return box.value.length;
    });
    const took = Date.now() - t0;
    await page.waitForTimeout(500);
    const tasks = await page.evaluate((n) => window.longTasks.slice(n), before);
    const longest = Math.max(0, ...tasks);
    slowestPaste = Math.max(slowestPaste, longest);
    const said = await page.textContent('#calc-config-status');
    console.log(`calculator_input: ${lang}: a 2 MB paste refused in ${took} ms; longest task meanwhile ${longest.toFixed(0)} ms`);
    check(kept === 0, `${lang}: the 2 MB paste reached the box (${kept} characters)`);
    check(said.startsWith(lead(strings[lang]['calc.config.too_large'])), `${lang}: the 2 MB paste: '${said}'`);
    check(longest <= LONG_TASK_MS, `${lang}: a long task of ${longest.toFixed(0)} ms while refusing the paste`);

    // Deep nesting and an impossible attention shape: the calculator's messages.
    const deep = '['.repeat(60_000) + ']'.repeat(60_000);
    await page.fill('#calc-config', deep);
    await page.waitForFunction(() => document.querySelector('#calc-config-status').textContent.includes('64'), null, { timeout: 30_000 });
    const deepSaid = await page.textContent('#calc-config-status');
    check(spaced(deepSaid).startsWith(spaced(strings[lang]['calc.config.invalid'])) && deepSaid.includes('nested deeper than 64 levels'),
      `${lang}: 60,000 levels: '${deepSaid.slice(0, 200)}'`);
    const kv = JSON.stringify({ architectures: ['LlamaForCausalLM'], num_hidden_layers: 2, hidden_size: 64,
      num_attention_heads: 4, num_key_value_heads: 8, vocab_size: 100, max_position_embeddings: 128, intermediate_size: 128 });
    await page.fill('#calc-config', kv);
    await page.waitForFunction(() => document.querySelector('#calc-config-status').textContent.includes('num_key_value_heads'), null, { timeout: 30_000 });
    const body = await page.textContent('main');
    check(!body.includes('RangeError'), `${lang}: the page shows a RangeError`);
    await page.context().close();
  }
  console.log(`calculator_input: longest task while a paste over the limit was refused: ${slowestPaste.toFixed(0)} ms (bound ${LONG_TASK_MS} ms)`);
} catch (error) {
  problems.push(`${error.stack}`);
} finally {
  await browser.close();
  server.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
if (problems.length) {
  console.error(`calculator_input: FAILED:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('calculator_input: ok');
