// The wasm equality test (ctest wasm_equality, label wasm): calc.wasm in node, through the
// page's own runtime (assets/calc-runtime.js), answers a grid of requests byte for byte as
// the native calculator does (calcapi::AnswerRequestText over the build's own loader, via
// tests/wasm/native_answers.cc); a sample also through `gpuguide calc … --json`.
// The grid: every model × weight precisions (native included) × KV precisions × contexts
// (up to the model's maximum and one past it) for fit; vram at a batch; the training modes;
// maxctx on several cards and counts; rank (with the reader's ownership settings and
// budgets) and breakeven (typed figures, every card of the data, every cloud offer); pasted
// config.json files (tests/hf_configs: real ones as text and as objects, broken ones) for vram,
// fit and maxctx; media (every pipeline, format and offload mode; the cards that hold it under
// price conditions and machines); machines, mixed sets, offload and the largest model at a
// speed (calc/placement.h); system RAM for offload, offload beside a mixed set and the
// reader's own machine (calc/sysram.h, mixed_offload.h, custom_machine.h); and error cases (unknown ids and
// fields, wrong types, out-of-range values, malformed JSON, invalid UTF-8).
//
// usage: node equality.mjs --native BIN --gpuguide BIN --root DIR --work DIR
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createCalculator } from "../../assets/calc-runtime.js";

const opt = {};
for (let i = 2; i + 1 < process.argv.length; i += 2) opt[process.argv[i].slice(2)] = process.argv[i + 1];
for (const k of ["native", "gpuguide", "root", "work"])
  if (!opt[k]) throw new Error(`usage: equality.mjs --native BIN --gpuguide BIN --root DIR --work DIR (missing --${k})`);

function run(bin, args, input) {
  const r = spawnSync(bin, args, { input, maxBuffer: 1 << 30 });
  if (r.error) throw r.error;
  return r;
}

// The two files a site build publishes.
mkdirSync(opt.work, { recursive: true });
const written = run(opt.native, ["--root", opt.root, "--assets", opt.work]);
if (written.status !== 0) throw new Error(`native_answers --assets failed: ${written.stderr}`);
const wasmBytes = readFileSync(join(opt.work, "calc.wasm"));
const dataBytes = readFileSync(join(opt.work, "calc-data.json"));
const calc = await createCalculator(wasmBytes, dataBytes);
if (calc.dataErrors !== 0) throw new Error(`calc.wasm found ${calc.dataErrors} error(s) in the bundle`);

// ------------------------------------------------------------------ the grid
const bundle = JSON.parse(dataBytes);
const models = bundle.files["models.json"].models;
const gpus = bundle.files["gpus.json"].gpus.map((g) => g.id);
const requests = []; // request texts (strings), or Uint8Array for raw bytes
const add = (r) => requests.push(typeof r === "string" || r instanceof Uint8Array ? r : JSON.stringify(r));

const weightPrecisions = ["native", "fp16", "q8_0", "q4_k_m"];
const kvPrecisions = ["bf16", "q4_0"];
for (const m of models) {
  const contexts = [1, 8192, m.max_context, m.max_context + 1];
  for (const precision of weightPrecisions)
    for (const kv_precision of kvPrecisions)
      for (const context of contexts)
        add({ command: "fit", model: m.id, precision, kv_precision, context });
  for (const precision of ["fp32", "bf16", "fp8", "int8", "int4", "q6_k", "q5_k_m", "gptq4", "awq4", "nf4", "mxfp4"])
    add({ command: "vram", model: m.id, precision, kv_precision: "fp8", context: 4096, batch: 4 });
  for (const mode of ["full", "lora", "qlora"]) {
    add({ command: "vram", model: m.id, precision: "bf16", mode });
    add({ command: "fit", model: m.id, precision: "bf16", mode, context: 2048, batch: 2, gradient_checkpointing: true });
    add({ command: "vram", model: m.id, precision: "bf16", mode, flash_attention: false, optimizer: "adamw8bit", lora_rank: 64 });
  }
  add({ command: "fit", model: m.id, precision: "q4_k_m", context: 4096, segments: ["consumer"], conditions: ["used"], max_gpus: 4 });
  for (const gpu of [gpus[0], "rtx-4090", gpus[gpus.length - 1]])
    for (const count of [1, 4])
      for (const precision of ["native", "q4_k_m", "fp16"])
        add({ command: "maxctx", model: m.id, precision, gpu, count });
}
// Engines and serving: every engine id and engine/back end of engines.json (cards without
// support left out and said), users around the knee, prompts; maxctx on cards that do and do
// not run the engine.
const engineIds = [];
for (const e of bundle.files["engines.json"]?.engines ?? []) {
  engineIds.push(e.id);
  for (const b of e.backends) engineIds.push(`${e.id}/${b}`);
}
// (Every model, but each engine and each users/prompt setting on a share of them: a fit
// answer computes the serving figures of every configuration.)
for (const [i, m] of models.entries()) {
  for (const [j, engine] of [undefined, ...engineIds].entries())
    if ((i + j) % 3 === 0)
      add({ command: "fit", model: m.id, precision: "q4_k_m", context: 4096, engine, users: [1, 8, 64][(i + j) % 3 === 0 ? i % 3 : 0] });
  const users = [1, 2, 16, 256, 4096][i % 5];
  add({ command: "fit", model: m.id, precision: "native", context: 2048, users, prompt_tokens: [undefined, 1, 32768][i % 3], max_gpus: 8 });
  for (const [j, engine] of engineIds.entries())
    if ((i + j) % 4 === 0)
      add({ command: "maxctx", model: m.id, precision: "q4_k_m", gpu: ["rtx-4090", gpus[0], gpus[gpus.length - 1]][j % 3], engine, users: 4 });
  add({ command: "vram", model: m.id, precision: "q4_k_m", context: 4096, users: 32, engine: "vllm" });
}
for (const workload of ["inference8", "inference16", "training16"])
  for (const cost of ["none", "gpu", "ownership"])
    for (const segments of [undefined, ["consumer"], ["workstation", "datacenter"]])
      for (const conditions of [undefined, ["new"], ["used"]])
        for (const count of [1, 2]) add({ command: "rank", workload, cost, segments, conditions, count });
for (const desktop_cost_usd of [0, 1999.99, 25000])
  for (const utilisation of [0, 0.15, 1])
    for (const cloud_usd_per_hour of [0, 0.39, 2.5])
      add({ command: "breakeven", desktop_cost_usd, desktop_watts: 450, cloud_usd_per_hour, utilisation, electricity_usd_per_kwh: 0.3 });
// The reader's ownership settings and budget (rank), a card of the data and a cloud offer
// (breakeven).
const offers = bundle.files["cloud.json"].offers.map((o) => o.id);
for (const workload of ["inference8", "inference16", "training16"])
  for (const [electricity_usd_per_kwh, utilisation, years] of [[0, 0, 0], [0.18, 0.15, 5], [0.35, 0.5, 3], [1.2, 1, 100]])
    for (const budget_usd of [undefined, 0, 800, 2500, 40000])
      for (const conditions of [undefined, ["used"]])
        add({ command: "rank", workload, cost: "ownership", electricity_usd_per_kwh, utilisation, years, budget_usd, conditions });
for (const workload of ["inference8", "training16"])
  for (const budget_usd of [500, 1999.99, 1e9]) add({ command: "rank", workload, cost: "gpu", budget_usd, segments: ["consumer"] });
gpus.forEach((gpu, i) => {
  for (const conditions of [undefined, ["new"], ["used"]])
    add({ command: "breakeven", gpu, conditions, cloud: offers[i % offers.length], utilisation: [0.1, 0.5, 1][i % 3], electricity_usd_per_kwh: 0.25 });
  add({ command: "breakeven", gpu, cloud_usd_per_hour: 0.5, utilisation: 0.3, electricity_usd_per_kwh: 0.4 });
});
for (const cloud of offers) add({ command: "breakeven", desktop_cost_usd: 3000, desktop_watts: 600, cloud, utilisation: 0.2, electricity_usd_per_kwh: 0.3 });
// Regions (data/regions.json): rank, fit and breakeven on each region's view (prices in its
// currency, converted where it has none, its electricity), and an unknown region.
const regions = (bundle.files["regions.json"]?.regions ?? []).map((r) => r.id);
if (regions.length > 0 && regions.length < 3) throw new Error(`regions.json: ${regions.length} regions`);
for (const region of regions) {
  for (const workload of ["inference8", "inference16", "training16"])
    for (const cost of ["gpu", "ownership"])
      for (const conditions of [undefined, ["used"]]) add({ command: "rank", region, workload, cost, conditions });
  add({ command: "rank", region, workload: "inference16", cost: "ownership", electricity_usd_per_kwh: 0.5, utilisation: 0.3, years: 4, budget_usd: 3000 });
  for (const m of models.slice(0, 4)) add({ command: "fit", region, model: m.id, precision: "q4_k_m", context: 8192 });
  gpus.slice(0, 12).forEach((gpu, i) =>
    add({ command: "breakeven", region, gpu, cloud: offers[i % offers.length], utilisation: 0.3, electricity_usd_per_kwh: 0.3 }));
}
add({ command: "rank", region: "EUR", workload: "inference16" });
add({ command: "vram", region: "EU", model: models[0].id, precision: "q4_k_m", context: 8192 });
// Image and video generation: every pipeline × weight formats × offload modes, tiled or not,
// with and without a card; sizes, frames and steps around the defaults.
const pipelines = (bundle.files["genmodels.json"]?.pipelines ?? []);
for (const p of pipelines) {
  for (const precision of ["bf16", "fp8", "q8_0", "q5_k", "q4_k", "nvfp4", "nf4"])
    for (const offload of ["none", "phases", "model", "sequential"])
      add({ command: "media", pipeline: p.id, precision, offload, gpu: "rtx-4090" });
  for (const [width, height] of [[512, 512], [1024, 1024], [1280, 720], [1920, 1088]])
    for (const tiled_vae of [false, true])
      add({ command: "media", pipeline: p.id, precision: "bf16", width, height, tiled_vae, efficient_attention: !tiled_vae,
        encoder_precision: "fp8", batch: tiled_vae ? 2 : 1, steps: 8, gpu: gpus[(width + height) % gpus.length] });
  if (p.kind === "video")
    for (const frames of [1, 17, 81, 121, 241])
      add({ command: "media", pipeline: p.id, precision: "fp8", frames, offload: "model" });
  // The cards that hold it: price conditions and machines (calc/media_cards.h).
  for (const conditions of [["new"], ["used"]]) add({ command: "media", pipeline: p.id, precision: "fp8", conditions });
  for (const machine of ["desktop", "workstation", "server-pcie-4", "server-hgx-8"]) add({ command: "media", pipeline: p.id, precision: "q4_k", offload: "model", machine });
}
add({ command: "media", pipeline: pipelines[0]?.id, machine: "desktp", conditions: ["old"] });
// Pasted config.json files: the real ones as the page sends them (text) and as objects, at
// several precisions and contexts; the broken ones (each problem named).
const configDir = new URL("../hf_configs/", import.meta.url);
const configs = readdirSync(configDir).filter((f) => f.endsWith(".json")).map((f) => [f, readFileSync(new URL(f, configDir), "utf8")]);
const broken = readdirSync(new URL("broken/", configDir)).map((f) => [f, readFileSync(new URL(`broken/${f}`, configDir), "utf8")]);
if (configs.length < 6 || broken.length < 5) throw new Error(`tests/hf_configs: ${configs.length} configs, ${broken.length} broken ones`);
for (const [, text] of configs) {
  for (const precision of ["native", "q4_k_m", "fp8", "mxfp4_moe"])
    for (const context of [1, 8192, 40960, 131072, 262145]) {
      add({ command: "fit", config: text, precision, kv_precision: "bf16", context });
      add({ command: "vram", config: JSON.parse(text), precision, context, batch: 2 });
    }
  for (const mode of ["full", "qlora"]) add({ command: "vram", config: text, precision: "bf16", mode });
  for (const count of [1, 8]) add({ command: "maxctx", config: text, precision: "q4_k_m", gpu: "rtx-4090", count });
}
for (const [, text] of broken) {
  add({ command: "fit", config: text, precision: "q4_k_m", context: 8192 });
  add({ command: "maxctx", config: text, precision: "q4_k_m", gpu: "rtx-4090" });
}
for (const config of ["", "null", "[]", 42, {}, { architectures: "LlamaForCausalLM" }, "{\"architectures\": [\"Gemma3ForConditionalGeneration\"]}"])
  add({ command: "vram", config, precision: "q4_k_m", context: 8192 });
add({ command: "vram", config: configs[0][1], model: m0Id(), precision: "q4_k_m", context: 8192 });
function m0Id() { return models[0].id; }

// Machines, mixed sets and offload (calc/placement.h): every machine and the old "server",
// weights in system RAM at the platform's bandwidth and at a typed one, a minimum speed, mixed
// sets across vendors and machines, and the largest model at a speed.
const machineIds = (bundle.files["machines.json"]?.machines ?? []).map((x) => x.id);
const mixedSets = [["rtx-3090", "rtx-4090"], ["rtx-3090", "rtx-3090", "rtx-4090"], ["rtx-3090", "rx-7900-xtx"],
  ["rtx-5090", "rtx-4090"], [gpus[0], gpus[gpus.length - 1]]].filter((set) => set.every((id) => gpus.includes(id)));
for (const m of models) {
  for (const machine of [...machineIds, "server"])
    add({ command: "fit", model: m.id, precision: "q4_k_m", context: 8192, machine });
  for (const offload of ["layers", "experts"])
    for (const ram_gbs of [undefined, 51.2])
      add({ command: "fit", model: m.id, precision: "q4_k_m", context: 8192, offload, ram_gbs, machine: "desktop" });
  add({ command: "fit", model: m.id, precision: "q8_0", context: 4096, offload: "layers", min_tps: 5 });
  for (const gpus of mixedSets) {
    add({ command: "fit", model: m.id, precision: "q4_k_m", context: 8192, gpus });
    add({ command: "vram", model: m.id, precision: "fp16", context: 4096, gpus, machine: "workstation" });
  }
}
// System RAM for offloaded weights (calc/sysram.h), offload beside a mixed set
// (calc/mixed_offload.h) and the reader's own machine (calc/custom_machine.h).
for (const m of models.slice(0, 6)) {
  for (const ram_gb of [undefined, 16, 64, 256])
    add({ command: "fit", model: m.id, precision: "bf16", context: 4096, segments: ["consumer"], offload: "layers", ram_gb });
  for (const gpus of mixedSets)
    for (const offload of ["layers", "experts"])
      add({ command: "fit", model: m.id, precision: "bf16", context: 4096, gpus, offload, ram_gb: [undefined, 32, 512][gpus.length % 3] });
  for (const machine of [{ slots: 4, psu_w: 1600, circuit: "120v-15a" }, { base: "workstation", slots: 4, psu_w: 2200 },
    { psu_w: 850, circuit: "230v-16a" }, {}])
    add({ command: "fit", model: m.id, precision: "q4_k_m", context: 8192, machine });
}
add({ command: "maxctx", model: models[0].id, precision: "q4_k_m", gpu: "rtx-4090", count: 3, machine: { slots: 3, circuit: "220v-10a" } });
for (const machine of [{ slots: 0 }, { slots: 2.5, psu_w: 50, circuit: "na-15" }, { base: "desk" }, { psu: 1000 }, "custom", [4]])
  add({ command: "fit", model: models[0].id, precision: "q4_k_m", context: 2048, machine });
add({ command: "fit", model: models[0].id, precision: "q4_k_m", context: 2048, ram_gb: 0 });
for (const gpu of ["rtx-3090", "rtx-4090", gpus[0]])
  for (const offload of ["none", "layers", "experts"])
    for (const min_tps of [1, 10, 40])
      add({ command: "largest", gpu, precision: "q4_k_m", offload, min_tps });
for (const bad of [{ machine: "dekstop" }, { machine: 3 }, { gpus: ["rtx-309"] }, { gpus: [] }, { gpus: "rtx-3090" },
  { gpus: ["dgx-spark", "rtx-3090"] }, { offload: "cpu" },
  { ram_gbs: 0 }, { min_tps: -1 }, { offload: "layers", mode: "lora" }])
  add({ command: "fit", model: models[0].id, precision: "q4_k_m", context: 2048, ...bad });
add({ command: "largest", gpu: "rtx-309", precision: "q4_k_m" });
add({ command: "vram", model: models[0].id, precision: "q4_k_m", context: 2048, machine: "desktop" });

// Errors: the request is at fault.
const m0 = models[0];
const errors = [
  { command: "fit", model: "llama-3.1-8", precision: "q4_k_m", context: 8192 },
  { command: "fit", model: m0.id, precision: "q4km", context: 8192 },
  { command: "fit", model: m0.id, precision: "q4_k_m", kv_precision: "q4_k_m", context: 8192 },
  { command: "fit", model: m0.id, precision: "q4_k_m", context: "8192" },
  { command: "fit", model: m0.id, precision: "q4_k_m", context: 8192.5 },
  { command: "fit", model: m0.id, precision: "q4_k_m", context: 0 },
  { command: "fit", model: m0.id, precision: "q4_k_m", context: -1 },
  { command: "fit", model: m0.id, precision: "q4_k_m", context: 1e300 },
  { command: "fit", model: m0.id, precision: "q4_k_m", context: 18446744073709551615n },
  { command: "fit", model: m0.id, precision: "q4_k_m", context: m0.max_context * 2 },
  { command: "fit", model: m0.id, precision: "q4_k_m" },
  { command: "fit", model: 7, precision: null, context: 8192 },
  { command: "fit", model: m0.id, precision: "q4_k_m", context: 8192, segments: ["consumer", "gaming"] },
  { command: "fit", model: m0.id, precision: "q4_k_m", context: 8192, conditions: "refurbished", max_gpus: 0 },
  { command: "fit", model: m0.id, precision: "q4_k_m", context: 8192, contxt: 1 },
  { command: "vram", model: m0.id, precision: "bf16", mode: "training" },
  { command: "vram", model: m0.id, precision: "bf16", mode: "lora", batch: true, gradient_checkpointing: "yes" },
  { command: "vram", model: m0.id, precision: "bf16", context: 8192, flash_attention: 1, optimizer: "sgd", lora_rank: 0 },
  { command: "maxctx", model: m0.id, precision: "q4_k_m", gpu: "rtx-4900" },
  { command: "maxctx", model: m0.id, precision: "q4_k_m", gpu: "rtx-4090", count: 5000, context: 8192 },
  { command: "maxctx", model: m0.id, precision: "q4_k_m" },
  { command: "fit", model: m0.id, precision: "q4_k_m", context: 8192, engine: "llama.cp" },
  { command: "fit", model: m0.id, precision: "q4_k_m", context: 8192, engine: "llama.cpp/cuad", users: 0 },
  { command: "fit", model: m0.id, precision: "q4_k_m", context: 8192, engine: 3, users: 2.5, prompt_tokens: -1 },
  { command: "fit", model: m0.id, precision: "q4_k_m", context: 8192, users: 4, batch: 2 },
  { command: "maxctx", model: m0.id, precision: "q4_k_m", gpu: "rtx-4090", users: 100000 },
  { command: "rank", workload: "training32" },
  { command: "rank", workload: "training16", cost: "free", count: 0 },
  { command: "rank" },
  { command: "breakeven", desktop_cost_usd: -1, desktop_watts: 450, cloud_usd_per_hour: 1, utilisation: 2, electricity_usd_per_kwh: 0.3 },
  { command: "breakeven" },
  { command: "breakeven", gpu: "rtx-4090", desktop_cost_usd: 1, cloud: "nope", cloud_usd_per_hour: 1, utilisation: 0.5, electricity_usd_per_kwh: 0.3 },
  { command: "breakeven", gpu: "rtx-409", conditions: ["refurbished"], cloud: offers[0], utilisation: 0.5, electricity_usd_per_kwh: 0.3 },
  { command: "breakeven", gpu: 4090, cloud: 1, utilisation: 0.5, electricity_usd_per_kwh: 0.3 },
  { command: "rank", workload: "training16", cost: "gpu", utilisation: 0.5, years: 101, electricity_usd_per_kwh: "0.3" },
  { command: "rank", workload: "training16", cost: "none", budget_usd: 100 },
  { command: "rank", workload: "training16", cost: "ownership", budget_usd: -1, years: -1, utilisation: 1.5 },
  { command: "vrma", model: m0.id },
  { command: "media", pipeline: "flux-1-dev", precision: "bf16" },
  { command: "media", pipeline: pipelines[0]?.id, precision: "int3", offload: "cpu", width: 32, frames: 5, gpu: "rtx-409" },
  { command: "media", pipeline: pipelines[0]?.id, precision: "bf16", height: 1024.5, tiled_vae: "yes", steps: 0, batch: 65 },
  { command: "media" },
  { command: 3 },
  { model: m0.id },
  {},
];
for (const e of errors) add(JSON.stringify(e, (_k, v) => (typeof v === "bigint" ? "__big__" : v)).replace('"__big__"', "18446744073709551615"));
for (const text of ["", "null", "[]", "42", '"fit"', "{", '{"command": "fit",}', "{'command': 'fit'}",
  '{"command": "fit", "model": "x", "model": "y"}', '{"command":"fit","model":"\\ud800"}',
  "[".repeat(200) + "]".repeat(200), '{"command": "vram"} trailing'])
  add(text);
add(new Uint8Array([0x7b, 0x22, 0x63, 0x6f, 0x6d, 0x6d, 0x61, 0x6e, 0x64, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])); // {"command":"\xff\xfe"}
add(Buffer.from(JSON.stringify({ command: "fit", model: "llama-3.1-8b\u00e9", precision: "q4_k_m", context: 8192 })));

// ------------------------------------------------------------------ answers, compared
const encoder = new TextEncoder();
const asBytes = (r) => (typeof r === "string" ? encoder.encode(r) : r);
// To the native side: one request per line, its bytes in hex (invalid UTF-8 included).
const input = requests.map((r) => Buffer.from(asBytes(r)).toString("hex")).join("\n") + "\n";
const native = run(opt.native, ["--root", opt.root, "--answer"], input);
if (native.status !== 0) throw new Error(`native_answers --answer failed: ${native.stderr}`);
const nativeAnswers = [];
for (let start = 0; start < native.stdout.length; ) {
  const end = native.stdout.indexOf(0, start);
  if (end < 0) throw new Error("native answers: missing NUL after the last answer");
  nativeAnswers.push(native.stdout.subarray(start, end));
  start = end + 1;
}
if (nativeAnswers.length !== requests.length)
  throw new Error(`native_answers gave ${nativeAnswers.length} answers to ${requests.length} requests`);

let failures = 0;
const seen = { ok: {}, error: 0 };
requests.forEach((r, i) => {
  const w = Buffer.from(calc.answerBytes(asBytes(r)));
  if (!w.equals(nativeAnswers[i]) && ++failures <= 5)
    console.error(`request ${i}: ${Buffer.from(asBytes(r)).toString().slice(0, 300)}\n` +
      `  wasm:   ${w.toString().slice(0, 400)}\n  native: ${nativeAnswers[i].toString().slice(0, 400)}`);
  const a = JSON.parse(w.toString());
  if (a.error) seen.error++;
  else {
    const command = JSON.parse(Buffer.from(asBytes(r)).toString()).command;
    seen.ok[command] = (seen.ok[command] ?? 0) + 1;
  }
});

// A sample through the command line: `gpuguide calc … --json` prints the same bytes.
const cli = [
  [["vram", "--model", m0.id, "--precision", "q4_k_m", "--context", "4096"], { command: "vram", model: m0.id, precision: "q4_k_m", context: 4096 }],
  [["fit", "--model", "llama-3.3-70b", "--precision", "q4_k_m", "--context", "8192"], { command: "fit", model: "llama-3.3-70b", precision: "q4_k_m", context: 8192 }],
  [["fit", "--model", models[models.length - 1].id, "--precision", "fp16", "--context", "4096", "--kv-precision", "fp8"],
    { command: "fit", model: models[models.length - 1].id, precision: "fp16", kv_precision: "fp8", context: 4096 }],
  [["maxctx", "--model", "llama-3.3-70b", "--precision", "q4_k_m", "--gpu", "rtx-4090", "--count", "2"],
    { command: "maxctx", model: "llama-3.3-70b", precision: "q4_k_m", gpu: "rtx-4090", count: 2 }],
  [["vram", "--model", m0.id, "--precision", "bf16", "--mode", "lora", "--batch", "2"], { command: "vram", model: m0.id, precision: "bf16", mode: "lora", batch: 2 }],
  [["rank", "--workload", "training16", "--cost", "ownership", "--electricity", "0.35", "--utilisation", "0.5", "--years", "3", "--budget", "2500", "--condition", "used"],
    { command: "rank", workload: "training16", cost: "ownership", electricity_usd_per_kwh: 0.35, utilisation: 0.5, years: 3, budget_usd: 2500, conditions: ["used"] }],
  [["media", "--pipeline", "wan2.1-t2v-14b", "--precision", "fp8", "--width", "1280", "--height", "720", "--frames", "81", "--offload", "model", "--tiled-vae", "--gpu", "rtx-4090"],
    { command: "media", pipeline: "wan2.1-t2v-14b", precision: "fp8", width: 1280, height: 720, frames: 81, offload: "model", tiled_vae: true, gpu: "rtx-4090" }],
  [["media", "--pipeline", "flux.1-dev", "--precision", "q4_k", "--width", "1024", "--height", "1024", "--steps", "20", "--encoder-precision", "fp8"],
    { command: "media", pipeline: "flux.1-dev", precision: "q4_k", width: 1024, height: 1024, steps: 20, encoder_precision: "fp8" }],
  [["breakeven", "--gpu", "rtx-4090", "--condition", "new", "--cloud", offers[0], "--utilisation", "0.25", "--electricity", "0.3"],
    { command: "breakeven", gpu: "rtx-4090", conditions: ["new"], cloud: offers[0], utilisation: 0.25, electricity_usd_per_kwh: 0.3 }],
];
for (const [file, text] of configs.slice(0, 3))
  cli.push([["fit", "--config", join(configDir.pathname, file), "--precision", "q4_k_m", "--context", "8192"],
    { command: "fit", config: JSON.parse(text), precision: "q4_k_m", context: 8192 }]);
cli.push([["maxctx", "--config", join(configDir.pathname, configs[3][0]), "--precision", "native", "--gpu", "rtx-4090", "--count", "8"],
  { command: "maxctx", config: JSON.parse(configs[3][1]), precision: "native", gpu: "rtx-4090", count: 8 }]);
for (const [args, request] of cli) {
  const r = run(opt.gpuguide, ["calc", ...args, "--json", "--root", opt.root]);
  const w = Buffer.from(calc.answer(JSON.stringify(request)));
  if (r.status !== 0 || !w.equals(r.stdout)) {
    failures++;
    console.error(`gpuguide calc ${args.join(" ")} --json (exit ${r.status}):\n  cli:  ${r.stdout.toString().slice(0, 300)}${r.stderr}\n  wasm: ${w.toString().slice(0, 300)}`);
  }
}

// The grid must really exercise the calculator: a few answers of every command.
for (const command of ["vram", "fit", "rank", "breakeven", "media"])
  if (!(seen.ok[command] > 10)) {
    failures++;
    console.error(`only ${seen.ok[command] ?? 0} successful '${command}' answers: is the data loaded?`);
  }
console.log(`${requests.length} requests compared with native calcapi, ${cli.length} with gpuguide calc; ` +
  `answered: ${JSON.stringify(seen.ok)}, errors ${seen.error}; wasm ${wasmBytes.length} B, data ${dataBytes.length} B`);
if (failures) {
  console.error(`${failures} mismatch(es)`);
  process.exit(1);
}
