// calc-worker.js: runs calc.wasm (through calc-runtime.js) in a worker, so that compiling it,
// reading the data bundle and answering never block the page: the page stays responsive and
// paints at once. Messages: {init: {runtime, wasm, data}} (URLs) answered by
// {ready, dataErrors} or {ready: false, error}; then {id, request} (request JSON text)
// answered by {id, answer} (answer JSON text), in the order asked.

let calc = null;

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function init({ runtime, wasm, data }) {
  try {
    const [{ createCalculator }, wasmBytes, dataBytes] = await Promise.all([
      import(runtime), fetchBytes(wasm), fetchBytes(data)]);
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
    answer = calc.answer(message.request);
  } catch (error) {
    answer = JSON.stringify({ error: { messages: [String(error)] } });
  }
  self.postMessage({ id: message.id, answer });
};
