// Explorable tables: sort by any column and filter by vendor, segment, memory, condition and
// price, in place, with the state in the address (?sort=…&dir=…&vendor=…); and, on the compare
// page, the chosen GPUs (?gpus=a,b) side by side. Progressive enhancement: the tables the page
// carries are the content; this script only reorders and hides their rows, and builds the
// side-by-side table from their cells. The filter form, the count and the headers' sort icons
// come with the page (generator/directives/explore_form.h), shown from the first paint when
// scripts run, so nothing moves when this script starts: it binds to them. Loaded only by pages with a table marked data-explore
// (generator/directives/html.h, HtmlTable::Explorable); its UI strings come from the page
// (#explore-strings). Sorting reads the cells' data-sort values, never their localized text.

const strings = JSON.parse(document.getElementById('explore-strings').textContent);
const locale = strings.locale;
// The locale's formatters, made on first use: making one loads the locale's data, which the
// page's load need not wait for when the reader has not sorted or filtered yet.
function lazy(make) {
  let made;
  return () => (made ??= make());
}
const collator = lazy(() => new Intl.Collator(locale, { numeric: true, sensitivity: 'base' }));
const number = lazy(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
const usd = lazy(() => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }));
const day = lazy(() => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }));
const params = new URLSearchParams(location.search);

function t(key, args = {}) {
  return (strings[key] ?? key).replace(/\{(\w+)\}/g, (m, name) => (name in args ? args[name] : m));
}

function el(tag, attrs = {}, children = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === undefined) continue;
    if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) e.append(c);
  return e;
}

function writeUrl() {
  const q = params.toString();
  history.replaceState(history.state, '', (q ? `?${q}` : location.pathname) + location.hash);
}

// The number a data attribute, control or address parameter holds; null when it holds none
// (absent: undefined, or null from URLSearchParams.get; empty; not a number).
function numberOf(value) {
  if (value === undefined || value === null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

// The element just before `e` when it matches `selector`, else null.
function previous(e, selector) {
  const p = e?.previousElementSibling;
  return p && p.matches(selector) ? p : null;
}

// A control of the page's form set to the address's value, when it is one the control takes.
function restoreValue(control, value) {
  if (control.tagName === 'SELECT') {
    if ([...control.options].some((o) => o.value === value)) control.value = value;
  } else if (numberOf(value) !== null) {
    control.value = value;
  }
}

class ExploreTable {
  constructor(wrapper, index, parts) {
    this.wrapper = wrapper;
    [this.form, this.count, this.announce] = parts;
    this.kind = wrapper.dataset.explore;
    this.prefix = index === 0 ? '' : `t${index + 1}-`;
    this.table = wrapper.querySelector('table');
    this.headers = [...this.table.tHead.rows[0].cells];
    this.labels = this.headers.map((th) => th.textContent.trim());
    this.body = this.table.tBodies[0];
    this.rows = [...this.body.rows];
    // The page's order, kept here rather than in an attribute of every row (writing one
    // restyles the whole table while the page loads).
    this.order = new Map(this.rows.map((row, i) => [row, i]));
    this.sortColumn = null;
    this.descending = false;
    this.buildControls();
    this.buildSortButtons();
    this.restore();
    // A card table hides its header row on a phone (assets/style.css): its sort buttons leave
    // the tab order there, and the form's "sort by" control sorts instead.
    if (wrapper.classList.contains('table-cards')) {
      const phone = matchMedia('screen and (max-width: 40rem)');
      const tabbable = () => this.headers.forEach((th) => {
        const b = th.querySelector('button.sort');
        if (phone.matches) b.setAttribute('tabindex', '-1'); else b.removeAttribute('tabindex');
      });
      phone.addEventListener('change', tabbable);
      tabbable();
    }
  }

  key(name) { return this.prefix + name; }

  // Each header's <span class="sort"> (label and icon) becomes a button of the same look.
  buildSortButtons() {
    this.headers.forEach((th, i) => {
      const button = el('button', { type: 'button', class: 'sort' });
      const span = th.querySelector(':scope > span.sort');
      if (!span) return;
      button.append(...span.childNodes);
      span.replaceWith(button);
      button.addEventListener('click', () => {
        const descending = this.sortColumn === i ? !this.descending : th.classList.contains('num');
        this.sort(i, descending, true);
      });
    });
  }

  // The page's form (vendor, segment, mem, cond, max, sort, dir), set from the address.
  buildControls() {
    const control = (name) => this.form.elements.namedItem(name);
    this.controls = { vendor: control('vendor'), segment: control('segment'), mem: control('mem'),
      cond: control('cond'), max: control('max') };
    this.sortSelect = control('sort');
    this.dirSelect = control('dir');
    for (const [name, c] of Object.entries({ ...this.controls, sort: this.sortSelect, dir: this.dirSelect }))
      restoreValue(c, params.get(this.key(name)) ?? '');
    const reset = this.form.querySelector('.explore-reset');
    this.form.addEventListener('submit', (e) => e.preventDefault());
    for (const c of Object.values(this.controls)) c.addEventListener('input', () => this.filter(true));
    const sortFromForm = () => {
      if (this.sortSelect.value === '') this.unsort();
      else this.sort(Number(this.sortSelect.value), this.dirSelect.value === 'desc', true);
    };
    this.sortSelect.addEventListener('change', sortFromForm);
    this.dirSelect.addEventListener('change', sortFromForm);
    reset.addEventListener('click', () => {
      for (const c of Object.values(this.controls)) c.value = '';
      this.filter(true);
    });
  }

  restore() {
    const column = numberOf(params.get(this.key('sort')));
    if (column !== null && column >= 0 && column < this.headers.length)
      this.sort(column, params.get(this.key('dir')) === 'desc', false);
    // The count the page carries is already right when the address filters nothing.
    if (Object.values(this.controls).some((c) => c.value !== '')) this.filter(false);
  }

  // The row's price under the chosen condition ("" any: the lowest it has); null when none.
  price(row, cond) {
    if (this.kind === 'rank') return !cond || row.dataset.condition === cond ? numberOf(row.dataset.price) : null;
    const prices = (cond ? [row.dataset[cond]] : [row.dataset.new, row.dataset.used]).map(numberOf).filter((n) => n !== null);
    return prices.length ? Math.min(...prices) : null;
  }

  matches(row, f) {
    if (f.vendor && row.dataset.vendor !== f.vendor) return false;
    if (f.segment && row.dataset.segment !== f.segment) return false;
    if (f.mem !== null && !(numberOf(row.dataset.memory) >= f.mem)) return false;
    if (!f.cond && f.max === null) return true;
    const price = this.price(row, f.cond);
    return price !== null && (f.max === null || price <= f.max);
  }

  filter(user) {
    const c = this.controls;
    const f = { vendor: c.vendor.value, segment: c.segment.value, cond: c.cond.value,
      mem: numberOf(c.mem.value), max: numberOf(c.max.value) };
    let shown = 0;
    for (const row of this.rows) {
      row.hidden = !this.matches(row, f);
      if (!row.hidden) shown += 1;
    }
    const text = t('explore.count', { shown: number().format(shown), total: number().format(this.rows.length) });
    this.count.textContent = shown === 0 ? `${text} ${t('explore.none')}` : text;
    for (const [name, control] of Object.entries(c)) {
      if (control.value === '') params.delete(this.key(name));
      else params.set(this.key(name), control.value);
    }
    if (user) writeUrl();
  }

  // Rows without a value in the column (no data-sort in a number column, "—") go last
  // whatever the direction; ties keep the page's order.
  sort(column, descending, user) {
    const numeric = this.headers[column].classList.contains('num');
    const value = (row) => {
      const cell = row.cells[column];
      if (!cell) return null;
      if (numeric) return numberOf(cell.dataset.sort);
      const text = cell.textContent.trim();
      return text === '' || text === '—' ? null : text;
    };
    const sign = descending ? -1 : 1;
    const sorted = [...this.rows].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === null || y === null) return x === null && y === null ? this.order.get(a) - this.order.get(b) : x === null ? 1 : -1;
      const d = numeric ? x - y : collator().compare(x, y);
      return d !== 0 ? sign * d : this.order.get(a) - this.order.get(b);
    });
    this.body.append(...sorted);
    this.sortColumn = column;
    this.descending = descending;
    this.headers.forEach((th, i) => {
      if (i === column) th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
      else th.removeAttribute('aria-sort');
    });
    this.sortSelect.value = String(column);
    this.dirSelect.value = descending ? 'desc' : 'asc';
    params.set(this.key('sort'), String(column));
    params.set(this.key('dir'), descending ? 'desc' : 'asc');
    if (user) {
      this.announce.textContent = t(descending ? 'explore.sorted_desc' : 'explore.sorted_asc', { column: this.labels[column] });
      writeUrl();
    }
  }

  unsort() {
    this.body.append(...this.rows);
    this.sortColumn = null;
    for (const th of this.headers) th.removeAttribute('aria-sort');
    params.delete(this.key('sort'));
    params.delete(this.key('dir'));
    writeUrl();
  }
}

// The price history of one card as a sparkline (new solid, used dashed) with its summary as the
// accessible name and as visible text.
function sparkline(history) {
  const points = history.split(';').filter(Boolean).map((p) => {
    const [cond, date, price] = p.split(' ');
    return { used: cond === 'u', time: Date.parse(date), date, usd: Number(price.replace('~', '')) };
  }).filter((p) => Number.isFinite(p.time) && Number.isFinite(p.usd));
  if (points.length === 0) return el('span', { text: t('compare.history_none') });
  const w = 120;
  const h = 36;
  const times = points.map((p) => p.time);
  const prices = points.map((p) => p.usd);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [p0, p1] = [Math.min(...prices), Math.max(...prices)];
  const x = (v) => (t1 === t0 ? w / 2 : 2 + ((v - t0) / (t1 - t0)) * (w - 4)).toFixed(1);
  const y = (v) => (p1 === p0 ? h / 2 : h - 3 - ((v - p0) / (p1 - p0)) * (h - 6)).toFixed(1);
  const summary = t('compare.history_desc', { n: number().format(points.length),
    from: day().format(new Date(points[0].date)), to: day().format(new Date(points[points.length - 1].date)),
    min: usd().format(p0), max: usd().format(p1) });
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  for (const [k, v] of Object.entries({ viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: 'img', 'aria-label': summary }))
    svg.setAttribute(k, v);
  for (const used of [false, true]) {
    const line = points.filter((p) => p.used === used);
    if (line.length === 0) continue;
    const poly = document.createElementNS(ns, line.length === 1 ? 'circle' : 'polyline');
    if (line.length === 1) {
      poly.setAttribute('cx', x(line[0].time));
      poly.setAttribute('cy', y(line[0].usd));
      poly.setAttribute('r', '2.5');
    } else {
      poly.setAttribute('points', line.map((p) => `${x(p.time)},${y(p.usd)}`).join(' '));
    }
    poly.setAttribute('class', used ? 'spark-used' : 'spark-new');
    svg.append(poly);
  }
  return el('span', { class: 'sparkline' }, [svg, el('span', { class: 'spark-range', text: `${usd().format(p0)} – ${usd().format(p1)}` })]);
}

class CompareView {
  // The picker's selects and status line come with the page (generator/directives/
  // gpu_compare.cc), empty and in their final box: the script fills the options and binds.
  constructor(view, explore) {
    this.view = view;
    this.explore = explore;
    this.rows = new Map(explore.rows.map((r) => [r.dataset.gpu, r]));
    this.result = view.querySelector('.compare-result');
    this.status = view.querySelector('.compare-status');
    const wanted = params.getAll('gpus').flatMap((v) => v.split(',')).filter((id) => this.rows.has(id));
    this.selects = [...view.querySelectorAll('select[name="gpus"]')];
    // At first only the chosen GPUs' options; every GPU's when the page is idle, or at once
    // when the reader reaches a select (focus comes before any key or click opens it).
    const fill = () => {
      if (this.filled) return;
      this.filled = true;
      const options = this.gpuOptions();
      for (const s of this.selects) {
        const value = s.value;
        s.replaceChildren(s.options[0], options.cloneNode(true));
        s.value = value;
      }
    };
    this.selects.forEach((s, i) => {
      const id = wanted[i];
      if (id) s.append(el('option', { value: id, text: this.rows.get(id).cells[0].textContent.trim() }));
      s.value = id ?? '';
      s.addEventListener('change', () => this.update(true));
      s.addEventListener('focus', fill);
      s.addEventListener('pointerdown', fill);
    });
    (window.requestIdleCallback ?? setTimeout)(fill);
    view.querySelector('.compare-form').addEventListener('submit', (e) => e.preventDefault());
    this.update(false);
    view.classList.remove('compare-pending');
  }

  // The GPUs by segment, once: each select gets a copy.
  gpuOptions() {
    const options = document.createDocumentFragment();
    for (const segment of ['consumer', 'workstation', 'datacenter']) {
      const group = el('optgroup', { label: t(`segment.${segment}`) });
      for (const row of this.explore.rows)
        if (row.dataset.segment === segment) group.append(el('option', { value: row.dataset.gpu, text: row.cells[0].textContent.trim() }));
      if (group.children.length) options.append(group);
    }
    return options;
  }

  update(user) {
    const ids = [...new Set(this.selects.map((s) => s.value).filter(Boolean))];
    params.delete('gpus');
    if (ids.length) params.set('gpus', ids.join(','));
    if (user) writeUrl();
    // Without a choice the page's own "choose" line stays (nothing to redraw).
    if (ids.length >= 2) this.result.replaceChildren(this.table(ids));
    else if (user || this.result.querySelector('table')) this.result.replaceChildren(el('p', { text: t('compare.choose') }));
    if (user) this.status.textContent = ids.length < 2 ? t('compare.choose') : t('compare.count', { n: number().format(ids.length) });
  }

  table(ids) {
    const rows = ids.map((id) => this.rows.get(id));
    const names = rows.map((r) => r.cells[0].textContent.trim());
    const caption = t('compare.caption', { names: new Intl.ListFormat(locale, { type: 'conjunction' }).format(names) });
    const head = el('tr', {}, [el('td')]);
    for (const r of rows) {
      const th = el('th', { scope: 'col' });
      const link = r.cells[0].querySelector('a');
      th.append(link ? link.cloneNode(true) : r.cells[0].textContent.trim());
      head.append(th);
    }
    const body = el('tbody');
    this.explore.headers.forEach((header, i) => {
      if (i === 0) return;
      const tr = el('tr', {}, [el('th', { scope: 'row', text: this.explore.labels[i] })]);
      for (const r of rows) {
        const td = el('td', { class: header.classList.contains('num') ? 'num' : false });
        for (const node of r.cells[i].childNodes) td.append(node.cloneNode(true));
        tr.append(td);
      }
      body.append(tr);
    });
    const history = el('tr', {}, [el('th', { scope: 'row', text: t('compare.history') })]);
    for (const r of rows) history.append(el('td', {}, [sparkline(r.dataset.history ?? '')]));
    body.append(history);
    const table = el('table', { class: 'data compare-table' },
      [el('caption', { text: caption }), el('thead', {}, [head]), body]);
    return el('div', { class: 'table-scroll', role: 'region', tabindex: '0', 'aria-label': caption }, [table]);
  }
}

// Each table's form, count and status line are the three elements before its region.
const tables = [];
for (const wrapper of document.querySelectorAll('.table-scroll[data-explore]')) {
  const announce = previous(wrapper, '.explore-announce');
  const count = previous(announce, '.explore-count');
  const form = previous(count, 'form.explore-filters');
  if (form) tables.push(new ExploreTable(wrapper, tables.length, [form, count, announce]));
}
const view = document.querySelector('.compare-view');
if (view && tables.length) new CompareView(view, tables[tables.length - 1]);
