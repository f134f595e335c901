// calc-worker.js: runs calc.wasm (through calc-runtime.js) in a worker, so that compiling it,
// reading the data bundle and answering never block the page: the page stays responsive and
// paints at once. Messages: {init: {runtime, wasm, data, locale}} (URLs, the page's locale) answered by
// {ready, dataErrors} or {ready: false, error}; then {id, request} (request JSON text)
// answered by {id, answer} (answer JSON text), in the order asked. {id, request, config}: a
// pasted config.json text, put into the request here (the page never copies it into JSON);
// over CONFIG_LIMIT it is refused without being read. An answer the calculator could not give
// (an exception: a bug) is {"error": {"kind": "internal"}}, which the page says in its language.

let calc = null;
const CONFIG_LIMIT = 1_000_000; // as calculator.js

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The first number formatter a page makes loads the locale's data (ICU): one task of tens of
// milliseconds, on a phone several times that. The data is kept for the whole renderer process,
// so loading it here, on the worker's thread while the files download, leaves the page's own
// formatters (made once the worker is ready) a fraction of a millisecond each.
function loadLocaleData(locale) {
  try {
    for (const options of [{ style: "currency", currency: "USD" }, { style: "percent" },
      { style: "unit", unit: "day", unitDisplay: "long" }])
      new Intl.NumberFormat(locale, options).format(1.5);
  } catch (error) {
    console.warn(error);
  }
}

async function init({ runtime, wasm, data, locale }) {
  try {
    const loading = Promise.all([import(runtime), fetchBytes(wasm), fetchBytes(data)]);
    loadLocaleData(locale);
    const [{ createCalculator }, wasmBytes, dataBytes] = await loading;
    calc = await createCalculator(wasmBytes, dataBytes);
    self.postMessage({ ready: true, dataErrors: calc.dataErrors });
  } catch (error) {
    self.postMessage({ ready: false, error: String(error) });
  }
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.init) {
    init(message.init);
    return;
  }
  let answer;
  try {
    let request = message.request;
    if (typeof message.config === "string") {
      if (message.config.length > CONFIG_LIMIT) throw new RangeError("config.json over the limit");
      request = JSON.stringify({ ...JSON.parse(request), config: message.config });
    }
    answer = calc.answer(request);
  } catch (error) {
    console.warn(error);
    answer = JSON.stringify({ error: { kind: "internal", messages: [] } });
  }
  self.postMessage({ id: message.id, answer });
};
