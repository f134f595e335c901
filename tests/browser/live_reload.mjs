// `gpuguide serve` live reload in the system Chromium (ctest live_reload, label browser): serves
// a copy of the mini fixture site, opens a page, then
//   - edits the page's Markdown: the open page reloads by itself and shows the new sentence;
//   - breaks a data file: the page stays (the last good site is served) and shows the build's
//     error, located, in an alert; the new sentence is still there;
//   - fixes it: the page reloads without the alert;
// and checks the published files carry nothing of the live reload. Prints each latency from
// the save to the reloaded page.
//   usage: node live_reload.mjs GPUGUIDE_BINARY REPO_DIR
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

if (process.argv.length !== 4) {
  console.error('usage: node live_reload.mjs GPUGUIDE_BINARY REPO_DIR');
  process.exit(2);
}
const [gpuguide, repo] = process.argv.slice(2);
const fail = (why) => { console.error(`live_reload: FAILED: ${why}`); cleanup(); process.exit(1); };
const watchdog = setTimeout(() => fail('gave up after 4 minutes'), 4 * 60_000);
watchdog.unref();

// The mini fixture site with the repository's templates and assets.
const root = mkdtempSync(join(tmpdir(), 'gpuguide-live-'));
cpSync(join(repo, 'tests/sites/mini'), root, { recursive: true });
cpSync(join(repo, 'templates'), join(root, 'templates'), { recursive: true });
cpSync(join(repo, 'assets'), join(root, 'assets'), { recursive: true });

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address();
    probe.close(() => resolve(p));
  });
});
let serverLog = '';
const serve = spawn(gpuguide, ['serve', '--root', root, '--port', String(port)]);
serve.stdout.on('data', (d) => { serverLog += d; });
serve.stderr.on('data', (d) => { serverLog += d; });
let browser = null;
function cleanup() {
  serve.kill('SIGKILL');
  browser?.close().catch(() => {});
  rmSync(root, { recursive: true, force: true });
}
await new Promise((resolve, reject) => {
  const t = setInterval(() => { if (serverLog.includes('serving ')) { clearInterval(t); resolve(); } }, 50);
  serve.on('exit', (code) => reject(new Error(`serve exited with ${code}:\n${serverLog}`)));
}).catch((e) => fail(e.message));

browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
const problems = [];
await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1'
  ? route.continue() : (problems.push(`request to another host: ${route.request().url()}`), route.abort())));
const page = await context.newPage();
page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
// The event stream is open once the page has run the script.
const connected = page.waitForRequest((r) => r.url().includes('/__gpuguide/events'), { timeout: 10_000 });
await page.goto(`http://127.0.0.1:${port}/en/guide/`);
await connected.catch(() => fail('the page did not connect to /__gpuguide/events'));
await page.waitForTimeout(300);  // the stream's first message (hello) has arrived

async function saveAndWaitForReload(what, edit) {
  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  const t0 = Date.now();
  edit();
  await reloaded.catch(() => fail(`the page did not reload after ${what}\n${serverLog}`));
  console.log(`live_reload: ${what}: page reloaded ${Date.now() - t0} ms after the save`);
}

// 1. A prose edit reloads the page with the new sentence.
const sentence = `A sentence added while the page was open ${process.pid}.`;
await saveAndWaitForReload('prose edit', () => appendFileSync(join(root, 'content/en/guide.md'), `\n${sentence}\n`));
if (!(await page.textContent('main') ?? '').includes(sentence)) fail('the reloaded page lacks the new sentence');

// 2. A broken data file: the error shows over the last good page, which is not replaced.
const cloud = join(root, 'data/cloud.json');
const good = readFileSync(cloud, 'utf8');
writeFileSync(cloud, '{ "cloud": [ }');
const alert = page.locator('#gpuguide-build-errors[role="alert"]');
await alert.waitFor({ timeout: 30_000 }).catch(() => fail(`no error shown after a broken data file\n${serverLog}`));
const shown = await alert.textContent();
if (!/data\/cloud\.json:1:\d+: error:/.test(shown)) fail(`the alert does not locate the error: ${shown}`);
if (!(await page.textContent('main') ?? '').includes(sentence)) fail('the last good page was replaced');
const served = await (await fetch(`http://127.0.0.1:${port}/en/guide/`)).text();
if (!served.includes(sentence)) fail('the server stopped serving the last good site');

// 3. Fixed: the page reloads, without the alert.
await saveAndWaitForReload('fix of the data file', () => writeFileSync(cloud, good));
if (await alert.count() !== 0) fail('the error is still shown after the fix');

// The published files know nothing of live reload.
const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
for (const file of walk(join(root, 'site'))) {
  if (readFileSync(file).includes('__gpuguide')) fail(`${file} mentions __gpuguide: live reload leaked into the site`);
}
if (problems.length) fail(problems.join('\n'));
console.log('live_reload: passed');
cleanup();
process.exit(0);
