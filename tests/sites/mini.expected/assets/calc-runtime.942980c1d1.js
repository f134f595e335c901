// calc-runtime.js: runs calc.wasm, the guide's own calculator (generator/calcapi) compiled to
// WebAssembly, and answers request JSON with the same answer JSON as `gpuguide calc … --json`.
// Shared by the calculator page (calculator.js) and the node equality test
// (tests/wasm/equality.mjs), so the test exercises this very code. No dependencies.
//
// The module is a WASI "reactor" built with wasi-libc; it never reads files, arguments, the
// environment or the clock, so the few WASI imports it declares are answered here with empty
// results, and what it writes to stderr (nothing, normally) is kept for error messages.

const ENOSYS = 52;

// The WASI imports calc.wasm may declare: empty environment and arguments, a zero clock.
function wasiImports(memory, stderr) {
  const view = () => new DataView(memory().buffer);
  const zeroPair = (a, b) => {
    view().setUint32(a, 0, true);
    view().setUint32(b, 0, true);
    return 0;
  };
  return {
    args_sizes_get: zeroPair,
    environ_sizes_get: zeroPair,
    args_get: () => 0,
    environ_get: () => 0,
    clock_time_get: (_id, _precision, out) => {
      view().setBigUint64(out, 0n, true);
      return 0;
    },
    random_get: (buf, len) => {
      new Uint8Array(memory().buffer, buf, len).fill(0);
      return 0;
    },
    fd_write: (fd, iovs, count, written) => {
      let total = 0;
      for (let i = 0; i < count; i++) {
        const ptr = view().getUint32(iovs + 8 * i, true);
        const len = view().getUint32(iovs + 8 * i + 4, true);
        if (fd === 2) stderr.push(new TextDecoder().decode(new Uint8Array(memory().buffer, ptr, len)));
        total += len;
      }
      view().setUint32(written, total, true);
      return 0;
    },
    proc_exit: (code) => {
      throw new Error(`calc.wasm exited with code ${code}: ${stderr.join("")}`);
    },
  };
}

// Instantiates calc.wasm (bytes) and loads the calculator data bundle (bytes, calc-data.json).
// Resolves to {answer(text) -> text, answerBytes(Uint8Array) -> Uint8Array, dataErrors}.
export async function createCalculator(wasmBytes, dataBytes) {
  const stderr = [];
  let exports = null;
  const memory = () => exports.memory;
  const module = await WebAssembly.compile(wasmBytes);
  const known = wasiImports(memory, stderr);
  const wasi = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.module !== "wasi_snapshot_preview1" || imp.kind !== "function") {
      throw new Error(`calc.wasm imports ${imp.module}.${imp.name}, which this runtime lacks`);
    }
    wasi[imp.name] = known[imp.name] ?? (() => ENOSYS);
  }
  const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi });
  exports = instance.exports;
  exports._initialize(); // static constructors

  // Copies bytes into the module, calls fn(pointer, size), frees them.
  const withBytes = (bytes, fn) => {
    const ptr = exports.gg_alloc(bytes.length) >>> 0;
    if (ptr === 0) throw new Error("calc.wasm is out of memory");
    new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
    try {
      return fn(ptr, bytes.length);
    } finally {
      exports.gg_free(ptr);
    }
  };
  const dataErrors = withBytes(new Uint8Array(dataBytes), exports.gg_load_data);

  const answerBytes = (request) => {
    const out = withBytes(request, exports.gg_answer) >>> 0;
    if (out === 0) throw new Error("calc.wasm is out of memory");
    const mem = new Uint8Array(exports.memory.buffer);
    const end = mem.indexOf(0, out);
    const bytes = mem.slice(out, end);
    exports.gg_free(out);
    return bytes;
  };
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return {
    dataErrors,
    answerBytes,
    answer: (text) => decoder.decode(answerBytes(encoder.encode(text))),
  };
}
