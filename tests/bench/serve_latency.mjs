// Edit-to-reload latency of a live-reloading server, measured in the system Chromium: the
// time from a file's save to the `load` event of the open page that shows the edit.
//   node serve_latency.mjs ROUNDS NAME ROOT URL_PATH EDIT_FILE KIND -- SERVER_COMMAND…
// KIND is `prose` (a sentence appended to EDIT_FILE, a Markdown page; the reloaded page must
// show it) or `price` (the last "price" number in EDIT_FILE, a JSON file, replaced by a new
// value each round; the page must reload). The server is started in ROOT with SERVER_COMMAND,
// which must print its loopback URL ("http://127.0.0.1:PORT/" or "localhost:PORT"); nothing
// but 127.0.0.1/localhost is contacted. Prints one line per round and the median:
//   serve_latency: NAME KIND median N ms (rounds: a b c)
// Exit 1 when a round does not reload within 30 s or the edit is not on the reloaded page.
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'tests/browser/package.json'));
const { chromium } = require('playwright-core');

const sep = process.argv.indexOf('--');
const [roundsArg, name, root, urlPath, editFile, kind] = process.argv.slice(2, sep);
const command = process.argv.slice(sep + 1);
if (sep < 0 || !command.length || !['prose', 'price'].includes(kind)) {
  console.error('usage: node serve_latency.mjs ROUNDS NAME ROOT URL_PATH EDIT_FILE prose|price -- COMMAND…');
  process.exit(2);
}
const rounds = Number(roundsArg);
let log = '';
const server = spawn(command[0], command.slice(1), { cwd: root, detached: true });
server.stdout.on('data', (d) => { log += d; });
server.stderr.on('data', (d) => { log += d; });
let browser = null;
const stop = (code, why) => {
  if (why) console.error(`serve_latency: ${name} ${kind}: FAILED: ${why}\n${log.slice(-2000)}`);
  try { process.kill(-server.pid, 'SIGKILL'); } catch { /* already gone */ }
  browser?.close().catch(() => {});
  process.exit(code);
};
setTimeout(() => stop(1, 'gave up after 10 minutes'), 10 * 60_000).unref();

const origin = await new Promise((resolve) => {
  const t = setInterval(() => {
    const m = log.match(/(?:http:\/\/)?(127\.0\.0\.1|localhost):(\d+)/);
    if (m) { clearInterval(t); resolve(`http://${m[1]}:${m[2]}`); }
  }, 50);
  server.on('exit', (code) => stop(1, `the server exited with ${code}`));
});
browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'] });
const context = await browser.newContext();
await context.route('**/*', (route) => (['127.0.0.1', 'localhost'].includes(new URL(route.request().url()).hostname)
  ? route.continue() : route.abort()));
const page = await context.newPage();
await page.goto(origin + urlPath);
await page.waitForTimeout(1500);  // the reload channel (event stream or websocket) is open

const times = [];
const original = readFileSync(editFile, 'utf8');
for (let i = 0; i < rounds; i++) {
  const marker = `Latency probe ${process.pid}-${i}.`;
  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  const t0 = performance.now();
  if (kind === 'prose') {
    appendFileSync(editFile, `\n${marker}\n`);
  } else {
    const text = readFileSync(editFile, 'utf8');
    const at = text.lastIndexOf('"price":');
    if (at < 0) stop(1, `no "price" in ${editFile}`);
    const end = text.indexOf(',', at);
    writeFileSync(editFile, `${text.slice(0, at)}"price": ${1000 + i * 7 + (process.pid % 5)}${text.slice(end)}`);
  }
  await reloaded.catch(() => stop(1, `round ${i + 1}: the page did not reload within 30 s`));
  const ms = performance.now() - t0;
  if (kind === 'prose' && !((await page.textContent('body')) ?? '').includes(marker)) {
    stop(1, `round ${i + 1}: the reloaded page lacks the edit`);
  }
  times.push(Math.round(ms));
  await page.waitForTimeout(700);  // let the server settle before the next save
}
writeFileSync(editFile, original);
const sorted = [...times].sort((a, b) => a - b);
const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]
  : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
console.log(`serve_latency: ${name} ${kind} median ${median} ms (rounds: ${times.join(' ')})`);
stop(0);
