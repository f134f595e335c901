// Accessibility and layout checks of the built site in the system Chromium (playwright-core
// + axe-core). Run by tests/browser/axe.sh (ctest 'axe_a11y'), which builds the site and serves
// it on 127.0.0.1.
//   usage: node axe.mjs BASE_URL      e.g. node axe.mjs http://127.0.0.1:8123
//
// For each page below, at each viewport, in the light and dark colour scheme:
//   - axe-core (wcag2a, wcag2aa, wcag21aa, best-practice): violations of impact serious or
//     critical fail the test; moderate and minor ones are printed only;
//   - no console error and no uncaught page error;
//   - no request to any host other than 127.0.0.1 (such requests are aborted and reported);
//   - at the narrow viewport, the page itself must not scroll sideways
//     (document.documentElement.scrollWidth <= width + 1; tables scroll in .table-scroll),
//     and no element may reach past the right edge unless it is inside a box that scrolls
//     sideways (overflow-x auto or scroll): content cut off by a clipping box fails too;
//   - at the narrow viewport, every fit-matrix picture is SVG text whose labels are at least
//     11 CSS px as shown (font size × shown width / SVG width) and never end in "…";
//   - on a page with the flowchart's text version, every GPU it links to is a GPU page
//     (/<lang>/gpus/<id>/) that exists (HTTP 200), and every leaf naming a GPU links it.
// Exit status: 0 clean, 1 problems found, 2 usage or set-up error.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const axePath = require.resolve('axe-core/axe.min.js');

const PAGES = [
  '/', '/en/', '/en/guide/', '/en/llm-memory/', '/en/gpus/', '/en/gpus/rtx-4090/',
  '/en/methodology/', '/fr/', '/fr/guide/', '/zh-Hans/', '/zh-Hans/llm-memory/', '/404.html',
  // The calculator pages, checked once their three tools show results (calc.wasm answered).
  '/en/calculator/', '/fr/calculator/', '/zh-Hans/calculator/',
  '/en/guide/flowchart/', '/fr/guide/recommendations/', '/zh-Hans/gpus/h100-sxm/',
  '/en/compare/?gpus=rtx-4090,rtx-5090', '/zh-Hans/compare/?gpus=rtx-3090,rtx-4090,h100-sxm',
  // A chapter with breadcrumbs and the fit tables; a page full of estimate marks.
  '/fr/llm-memory/fit/', '/en/guide/performance-per-dollar/',
];
const VIEWPORTS = [{ width: 360, height: 800 }, { width: 1280, height: 900 }];
const SCHEMES = ['light', 'dark'];
const NARROW = 360;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
  '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync'];
const NAV_TIMEOUT_MS = 20_000;
const AXE_TIMEOUT_MS = 60_000;
const TOTAL_TIMEOUT_MS = 10 * 60_000;

if (process.argv.length !== 3 || !/^http:\/\/127\.0\.0\.1:\d+$/.test(process.argv[2])) {
  console.error('usage: node axe.mjs http://127.0.0.1:PORT');
  process.exit(2);
}
const base = process.argv[2];
const ALLOWED_HOST = '127.0.0.1';

// Hard bound on the whole run, whatever hangs.
const watchdog = setTimeout(() => {
  console.error(`axe_a11y: FAILED: gave up after ${TOTAL_TIMEOUT_MS / 1000} s`);
  process.exit(1);
}, TOTAL_TIMEOUT_MS);
watchdog.unref();

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: timed out after ${ms} ms`)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

const problems = [];   // strings, one per failure
let minorCount = 0;
const started = Date.now();
const userDataDir = mkdtempSync(join(tmpdir(), 'gpuguide-axe-chromium-'));

let context;
try {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: VIEWPORTS[0],
    timeout: 60_000,
  });
} catch (e) {
  console.error(`axe_a11y: FAILED: cannot start /usr/bin/chromium: ${e.message}`);
  rmSync(userDataDir, { recursive: true, force: true });
  process.exit(2);
}

// Every request the pages make goes through here: only 127.0.0.1 may be reached.
let offHost = [];   // requests of the page being checked
await context.route('**/*', (route) => {
  const url = new URL(route.request().url());
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ALLOWED_HOST) {
    offHost.push(route.request().url());
    return route.abort('blockedbyclient');
  }
  return route.continue();
});

const page = context.pages()[0] ?? await context.newPage();
page.setDefaultTimeout(NAV_TIMEOUT_MS);
let consoleErrors = [];
page.on('console', (msg) => {
  if (msg.type() === 'error') {
    const loc = msg.location();
    consoleErrors.push(`${msg.text()}${loc && loc.url ? ` (${loc.url})` : ''}`);
  }
});
page.on('pageerror', (err) => consoleErrors.push(`uncaught: ${err.message}`));

function fmtTarget(t) { return Array.isArray(t) ? t.join(' >>> ') : String(t); }

const MIN_FIT_LABEL_PX = 11;
// Measures the fit-matrix pictures of the page loaded in `page`: the SVG each <img> shows
// (the narrow variant at this width) is opened on its own, and each <text>'s computed font
// size is scaled by the ratio of the width shown in the page to the SVG's own width.
async function fitMatrixProblems(page, context) {
  const shown = await page.evaluate(async () => {
    const out = [];
    for (const img of document.querySelectorAll('figure[id^="chart-fit-matrix"] img')) {
      img.loading = 'eager';
      img.scrollIntoView();
      try { await img.decode(); } catch { /* an image that does not load: empty src below */ }
      out.push({ src: img.currentSrc, width: img.clientWidth });
    }
    window.scrollTo(0, 0);
    return out;
  });
  const found = [];
  for (const im of shown) {
    if (!im.src) { found.push('fit matrix: the picture did not load'); continue; }
    const svgPage = await context.newPage();
    try {
      await svgPage.goto(im.src, { waitUntil: 'load', timeout: NAV_TIMEOUT_MS });
      const m = await svgPage.evaluate(() => {
        const svg = document.documentElement;
        const texts = [...document.querySelectorAll('text')].map((t) => ({
          px: parseFloat(getComputedStyle(t).fontSize), text: t.textContent }));
        return { width: svg.viewBox.baseVal.width || svg.width.baseVal.value, texts };
      });
      const file = new URL(im.src).pathname;
      const scale = im.width / m.width;
      if (!m.texts.length) found.push(`fit matrix ${file}: no <text> (labels drawn as outlines?)`);
      const small = m.texts.filter((t) => t.px * scale < MIN_FIT_LABEL_PX);
      if (small.length) {
        found.push(`fit matrix ${file}: ${small.length} label(s) below ${MIN_FIT_LABEL_PX} CSS px at `
          + `${im.width} px shown of ${m.width}, e.g. "${small[0].text}" at `
          + `${(small[0].px * scale).toFixed(1)} px`);
      }
      for (const t of m.texts.filter((x) => x.text.includes('…')).slice(0, 3))
        found.push(`fit matrix ${file}: label cut short: "${t.text}"`);
    } catch (e) {
      found.push(`fit matrix ${im.src}: ${e.message.split('\n')[0]}`);
    } finally {
      await svgPage.close();
    }
  }
  return found;
}

for (const vp of VIEWPORTS) {
  await page.setViewportSize(vp);
  for (const path of PAGES) {
    for (const scheme of SCHEMES) {
      const where = `${path} @${vp.width}x${vp.height} ${scheme}`;
      consoleErrors = [];
      offHost = [];
      try {
        await page.emulateMedia({ colorScheme: scheme });
        const resp = await page.goto(base + path, { waitUntil: 'load', timeout: NAV_TIMEOUT_MS });
        if (!resp || !resp.ok()) {
          problems.push(`${where}: HTTP ${resp ? resp.status() : 'no response'}`);
          continue;
        }
        const matches = await page.evaluate((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, scheme);
        if (!matches) problems.push(`${where}: colour scheme emulation did not apply`);
        if (await page.$('.calculator'))
          await page.waitForFunction(() => [...document.querySelectorAll('.calculator')].every((d) => d.dataset.answers), null, { timeout: NAV_TIMEOUT_MS });

        // Horizontal overflow of the page itself, at the narrow viewport only.
        if (vp.width === NARROW) {
          const o = await page.evaluate(() => {
            const w = window.innerWidth;
            const sw = document.documentElement.scrollWidth;
            const culprits = [];
            if (sw > w + 1) {
              // Elements sticking out on the right that are not inside a scrolling box.
              const inScroller = (el) => {
                for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
                  const ox = getComputedStyle(p).overflowX;
                  if (ox === 'auto' || ox === 'scroll' || ox === 'hidden') return true;
                }
                return false;
              };
              for (const el of document.body.querySelectorAll('*')) {
                if (culprits.length >= 5) break;
                const r = el.getBoundingClientRect();
                if (r.right > w + 1 && !inScroller(el)) {
                  const id = el.id ? `#${el.id}` : '';
                  const cls = el.classList.length ? `.${[...el.classList].join('.')}` : '';
                  culprits.push(`<${el.tagName.toLowerCase()}${id}${cls}> right=${Math.round(r.right)}px`
                    + ` "${(el.textContent || '').trim().slice(0, 40)}"`);
                }
              }
            }
            return { w, sw, culprits };
          });
          if (o.sw > o.w + 1) {
            problems.push(`${where}: page scrolls sideways: scrollWidth ${o.sw} > ${o.w} + 1; `
              + `widest elements: ${o.culprits.join('; ') || '(none found)'}`);
          }
          // Wider than the screen without a sideways-scrolling box around it: cut off.
          const cut = await page.evaluate(() => {
            const w = window.innerWidth;
            const scrolls = (el) => {
              for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
                const ox = getComputedStyle(p).overflowX;
                if (ox === 'auto' || ox === 'scroll') return true;
              }
              return false;
            };
            const out = [];
            for (const el of document.body.querySelectorAll('*')) {
              const r = el.getBoundingClientRect();
              if (r.width <= 1 || r.height <= 1 || r.right <= w + 1 || scrolls(el)) continue;
              const cls = el.classList.length ? `.${[...el.classList].join('.')}` : '';
              out.push(`<${el.tagName.toLowerCase()}${cls}> right=${Math.round(r.right)}px`);
              if (out.length >= 5) break;
            }
            return out;
          });
          if (cut.length) problems.push(`${where}: wider than the screen outside a scroll box: ${cut.join('; ')}`);
        }

        // The flowchart's text version: its GPU links lead to GPU pages that exist.
        if (vp.width === NARROW && scheme === SCHEMES[0]) {
          const flow = await page.evaluate(() => {
            const nav = document.querySelector('nav.flow');
            if (!nav) return null;
            // A leaf with a pick reads "<strong>Leaf</strong> (constraints): <a>GPU</a>".
            const unlinked = [...nav.querySelectorAll('strong')].filter((s) => {
              const after = s.nextSibling;
              return after && after.nodeType === Node.TEXT_NODE && after.textContent.startsWith(' (')
                && s.nextElementSibling?.tagName !== 'A';
            }).map((s) => s.parentElement.textContent.trim().slice(0, 60));
            return { hrefs: [...nav.querySelectorAll('a[href]')].map((a) => a.href), unlinked };
          });
          if (flow) {
            if (!flow.hrefs.length) problems.push(`${where}: the flowchart's text version links no GPU`);
            for (const u of flow.unlinked) problems.push(`${where}: flowchart leaf without its GPU link: ${u}`);
            for (const href of new Set(flow.hrefs)) {
              const url = new URL(href);
              if (!/^\/[A-Za-z-]+\/gpus\/[a-z0-9.-]+\/$/.test(url.pathname)) {
                problems.push(`${where}: flowchart link is not a GPU page: ${url.pathname}${url.hash}`);
                continue;
              }
              const r = await page.request.get(href);
              if (r.status() !== 200) problems.push(`${where}: flowchart link ${url.pathname}: HTTP ${r.status()}`);
            }
          }
        }

        // The fit matrix as a phone shows it: real SVG text, every label at least 11 CSS px
        // once the picture is scaled to the column, and none cut short with "…".
        if (vp.width === NARROW && scheme === SCHEMES[0]) {
          for (const p of await fitMatrixProblems(page, context)) problems.push(`${where}: ${p}`);
        }

        // axe-core
        await page.addScriptTag({ path: axePath });
        const result = await withTimeout(page.evaluate((tags) => window.axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        }), AXE_TAGS), AXE_TIMEOUT_MS, `axe on ${where}`);
        for (const v of result.violations) {
          const failing = FAILING_IMPACTS.has(v.impact);
          const targets = v.nodes.slice(0, 3).map((n) => fmtTarget(n.target)).join(' | ');
          const more = v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : '';
          const line = `${where}: axe ${v.id} [${v.impact}] ${v.help}: ${targets}${more}`;
          if (failing) {
            problems.push(line);
            // For contrast, the measured colours help find the rule to fix.
            const summary = v.nodes[0]?.any?.[0]?.message;
            if (v.id === 'color-contrast' && summary) problems.push(`    ${summary}`);
          } else {
            minorCount++;
            console.log(`axe_a11y: note (not failing): ${line}`);
          }
        }
      } catch (e) {
        problems.push(`${where}: ${e.message.split('\n')[0]}`);
      }
      for (const c of consoleErrors) problems.push(`${where}: console error: ${c}`);
      for (const u of offHost) problems.push(`${where}: request to another host (blocked): ${u}`);
    }
  }
}

await context.close().catch(() => {});
rmSync(userDataDir, { recursive: true, force: true });

const secs = ((Date.now() - started) / 1000).toFixed(1);
const checks = PAGES.length * VIEWPORTS.length * SCHEMES.length;
for (const p of problems) console.log(`axe_a11y: ${p}`);
if (problems.length) {
  console.error(`axe_a11y: FAILED: ${problems.length} problem(s) in ${checks} page checks (${secs} s)`);
  process.exit(1);
}
console.log(`axe_a11y: ${checks} page checks (${PAGES.length} pages x ${VIEWPORTS.length} viewports x `
  + `${SCHEMES.length} schemes), no serious or critical violation, ${minorCount} minor note(s) (${secs} s)`);
process.exit(0);
