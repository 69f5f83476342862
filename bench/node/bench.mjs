// envgen's generated TypeScript validators against ajv (Ajv2020, compiled
// once), in one process, on the same documents, with a floor: the pattern
// RegExps a validation runs, alone; and the bundle size of each, minified by
// esbuild and gzipped. Prints JSON for bench/cmd/report.
//
//   node bench.mjs --ts DIR --envelope INDEX.ts --package DIR --schema bundle.json --work DIR [--summary] small=small.json large=large.json
//
// --summary prints, instead of the JSON, the figures against issue 16's
// targets (make bench-ts-quick): the same measurement as make bench-ts's.
//
// DIR is the TypeScript envgen generated from bench/testdata/tool.json (its
// validateToolOutput and isToolOutput); INDEX.ts is the entry of the
// canonical package it imports, @envgen/envelope (generated/ts/src/index.ts,
// bundled from source like the rest); bundle.json is the same schema,
// bundled, which ajv compiles (ajv resolves a $dynamicRef only to a
// $dynamicAnchor at a resource's root, so it reads the bundle, where the
// payload is a plain $ref). Format is an annotation for both. --package is
// the npm package @envgen/envelope (generated/ts, built: dist/), which the
// envelope bundle imports the way a client does.
import { readFileSync, writeFileSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join, resolve, basename, dirname } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import * as esbuild from "esbuild";
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";

const { values: opt, positionals: docPaths } = parseArgs({
  options: {
    ts: { type: "string" },
    envelope: { type: "string" },
    package: { type: "string" },
    schema: { type: "string" },
    work: { type: "string" },
    rounds: { type: "string", default: "25" },
    ms: { type: "string", default: "200" },
    summary: { type: "boolean", default: false },
  },
  allowPositionals: true,
});
const ROUNDS = Number(opt.rounds);
const ROUND_MS = Number(opt.ms);
const work = resolve(opt.work);
mkdirSync(work, { recursive: true });
const here = new URL(".", import.meta.url).pathname;

// The generated code imports the canonical types from @envgen/envelope, and
// the validators' runtime from @envgen/envelope/runtime (_envgen.ts beside
// INDEX.ts), which the package's own validators use too.
const envelopePackage = {
  name: "envelope",
  setup(build) {
    build.onResolve({ filter: /^@envgen\/envelope$/ }, () => ({ path: resolve(opt.envelope) }));
    build.onResolve({ filter: /^@envgen\/envelope\/runtime$/ }, () => ({ path: join(dirname(resolve(opt.envelope)), "_envgen.ts") }));
  },
};

// A client's node_modules: @envgen/envelope is the built package, as npm
// would install it (a link to generated/ts, whose package.json exports dist/).
const clientModules = join(work, "client_modules");
mkdirSync(join(clientModules, "@envgen"), { recursive: true });
rmSync(join(clientModules, "@envgen", "envelope"), { force: true });
symlinkSync(resolve(opt.package), join(clientModules, "@envgen", "envelope"), "dir");

/** Bundles the entry source to ESM; returns the output's bytes. */
async function bundle(name, contents, minify, asClient = false) {
  const outfile = join(work, `${name}${minify ? ".min" : ""}.mjs`);
  await esbuild.build({
    stdin: { contents, resolveDir: here, loader: "ts", sourcefile: `${name}.ts` },
    bundle: true, format: "esm", platform: "neutral", mainFields: ["module", "main"],
    target: "es2022", minify, outfile, logLevel: "error", legalComments: "none",
    nodePaths: asClient ? [clientModules] : [join(here, "node_modules")], // for the standalone code written to the work folder
    plugins: opt.envelope && !asClient ? [envelopePackage] : [],
  });
  return { outfile, bytes: readFileSync(outfile) };
}
const size = (b) => ({ minified: b.length, gzip: gzipSync(b, { level: 9 }).length });

const schema = JSON.parse(readFileSync(opt.schema, "utf8"));
const toolTs = JSON.stringify(resolve(opt.ts, "tool.ts"));
const entries = {
  "envgen (validateToolOutput, isToolOutput)": `export { validateToolOutput, isToolOutput } from ${toolTs};`,
  "ajv, compiled at start-up (Ajv2020 and the schema)": `import { Ajv2020 } from "ajv/dist/2020.js";
const schema = ${JSON.stringify(schema)};
export const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(schema);`,
};
// ajv's standalone code: the validator ajv generates ahead of time.
const ajvStandalone = new Ajv2020({ strict: false, validateFormats: false, code: { source: true, esm: true } });
const standalonePath = join(work, "ajv-standalone.mjs");
writeFileSync(standalonePath, standaloneCode(ajvStandalone, ajvStandalone.compile(schema)));
entries["ajv standalone (code generated ahead of time)"] = `export { default } from ${JSON.stringify(standalonePath)};`;

// What a client of the canonical package bundles to check envelopes.
const clientEntry = `import { isEnvelope, validateEnvelope } from "@envgen/envelope";
export { isEnvelope, validateEnvelope };`;
const sizes = [{ name: "envgen envelope, as a client bundles it (isEnvelope, validateEnvelope from @envgen/envelope)",
  ...size((await bundle("size-client", clientEntry, true, true)).bytes) }];
for (const [name, src] of Object.entries(entries)) {
  sizes.push({ name, ...size((await bundle(`size-${sizes.length}`, src, true)).bytes) });
}

// The contenders run from an unminified bundle of the generated TypeScript.
const envgenFile = (await bundle("envgen", entries[Object.keys(entries)[0]], false)).outfile;
const envgen = await import(pathToFileURL(envgenFile));
const ajvValidate = new Ajv2020({ strict: false, validateFormats: false }).compile(schema);
const contenders = {
  "envgen isToolOutput": (d) => envgen.isToolOutput(d),
  "envgen validateToolOutput": (d) => envgen.validateToolOutput(d).length === 0,
  "ajv (Ajv2020)": (d) => ajvValidate(d),
};

// Same verdicts on the references and on a hit of rank 0 (minimum: 1).
const docs = docPaths.map((arg) => {
  const [name, p] = arg.includes("=") ? arg.split("=", 2) : [basename(arg, ".json"), arg];
  const text = readFileSync(p, "utf8");
  const value = JSON.parse(text);
  const broken = JSON.parse(text);
  broken.data.hits[2].rank = 0;
  return { name, bytes: Buffer.byteLength(text.trim()), value, broken };
});
for (const d of docs) {
  for (const [name, fn] of Object.entries(contenders)) {
    if (fn(d.value) !== true || fn(d.broken) !== false) throw new Error(`${name} misjudges ${d.name}`);
  }
}

// A floor, as json.Valid is for the Go decoders: the pattern RegExps that validating the document runs, alone,
// on the same strings. Both validators run the schema's patterns (ajv compiles them with the u flag too), so
// a validator's ratio to ajv can come no nearer than this one's to ajv. The RegExp.test calls of
// validateToolOutput on the document are recorded in a child process (replacing RegExp.prototype.test here
// would slow every RegExp of this process), then replayed from fresh RegExps of the same source and flags.
const PATTERNS = "patterns alone (the RegExp.test calls envgen makes)";
for (const d of docs) {
  const record = `
    const test = RegExp.prototype.test, calls = [];
    RegExp.prototype.test = function (s) { const r = test.call(this, s); calls.push([this.source, this.flags, String(s), r]); return r; };
    const m = await import(${JSON.stringify(pathToFileURL(envgenFile).href)});
    m.validateToolOutput(JSON.parse(${JSON.stringify(JSON.stringify(d.value))}));
    process.stdout.write(JSON.stringify(calls));`;
  const calls = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", record], { encoding: "utf8", maxBuffer: 1 << 28 }));
  d.patterns = calls.map(([source, flags]) => new RegExp(source, flags));
  d.strings = calls.map((c) => c[2]);
  d.verdicts = calls.map((c) => c[3]); // false where envgen refutes a pattern (^(?!P)): a valid string does not match
  if (calls.length === 0) throw new Error(`validating ${d.name} runs no pattern: the floor would measure nothing`);
}
let patterns = [], strings = [], verdicts = [];
contenders[PATTERNS] = () => {
  for (let i = 0; i < patterns.length; i++) if (patterns[i].test(strings[i]) !== verdicts[i]) return false;
  return true;
};

/**
 * Operations a second of fn on value, for one round of about ROUND_MS of
 * CPU time (the process's user+system time, GC included: other work on a
 * shared machine does not count against it), and by the wall clock.
 */
function round(fn, value) {
  let n = 0, ok = 0, batch = 1;
  const start = performance.now(), cpu0 = process.cpuUsage();
  let cpuMs = 0;
  while (cpuMs < ROUND_MS) {
    for (let i = 0; i < batch; i++) if (fn(value)) ok++;
    n += batch;
    if (batch < 1024) batch *= 2;
    const c = process.cpuUsage(cpu0);
    cpuMs = (c.user + c.system) / 1000;
  }
  const wallMs = performance.now() - start;
  if (ok !== n) throw new Error("a reference document was found invalid");
  return { cpu: (n / cpuMs) * 1000, wall: (n / wallMs) * 1000 };
}

// Interleaved: every round runs each contender once, starting at a
// different one each round; opsPerSec[r] of each contender is from round r.
const results = [];
const names = Object.keys(contenders);
const loadStart = loadavg()[0];
for (const d of docs) {
  ({ patterns, strings, verdicts } = d);
  const ops = Object.fromEntries(names.map((k) => [k, []]));
  const wall = Object.fromEntries(names.map((k) => [k, []]));
  for (const fn of Object.values(contenders)) round(fn, d.value); // warm up
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(r + k) % names.length];
      const x = round(contenders[name], d.value);
      ops[name][r] = x.cpu;
      wall[name][r] = x.wall;
    }
  }
  for (const [name, xs] of Object.entries(ops)) results.push({ doc: d.name, bytes: d.bytes, name, opsPerSec: xs, wallOpsPerSec: wall[name] });
}

const pkg = (p) => JSON.parse(readFileSync(new URL(p, import.meta.url), "utf8")).version;
const out = {
  node: process.version,
  ajv: pkg("./node_modules/ajv/package.json"),
  esbuild: esbuild.version,
  load: [loadStart, loadavg()[0]], // the 1-minute load average before the rounds and after them
  rounds: ROUNDS,
  roundMs: ROUND_MS,
  results,
  sizes,
};
process.stdout.write(opt.summary ? summary(out) : JSON.stringify(out) + "\n");

/**
 * The figures against issue 16's targets, as bench/cmd/report computes them: the median of the per-round
 * ratios of CPU-time validations a second (envgen ÷ ajv), with their range; the wall-clock ratio beside it.
 */
function summary(r) {
  const TARGETS = { small: 2, large: 4 };
  const TARGET_GZIP = 4096;
  const AJV = "ajv (Ajv2020)";
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  const median = (xs) => {
    const s = sorted(xs);
    return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const lines = [`node ${r.node}, ajv ${r.ajv}, esbuild ${r.esbuild}; ${r.rounds} interleaved rounds of ${r.roundMs} ms of CPU time per contender and document; load average ${r.load[0].toFixed(1)} before, ${r.load[1].toFixed(1)} after`];
  let met = true;
  for (const doc of [...new Set(r.results.map((x) => x.doc))]) {
    const of = (name) => r.results.find((x) => x.doc === doc && x.name === name);
    const ajv = of(AJV);
    lines.push("", `${doc}: ${ajv.bytes} bytes; ${AJV} ${Math.round(median(ajv.opsPerSec)).toLocaleString("en-US")} validations/s (CPU)`);
    for (const x of r.results.filter((x) => x.doc === doc && x.name !== AJV)) {
      const cpu = sorted(x.opsPerSec.map((v, i) => v / ajv.opsPerSec[i]));
      const wall = x.wallOpsPerSec.map((v, i) => v / ajv.wallOpsPerSec[i]);
      const target = x.name.startsWith("envgen") ? TARGETS[doc] : undefined;
      const ok = target === undefined || median(cpu) >= target;
      met &&= ok;
      lines.push(`  ${x.name.padEnd(26)} ${Math.round(median(x.opsPerSec)).toLocaleString("en-US").padStart(10)}/s  ÷ ajv: median ${median(cpu).toFixed(2)}x, range ${cpu[0].toFixed(2)}–${cpu[cpu.length - 1].toFixed(2)}x (wall clock ${median(wall).toFixed(2)}x)${target === undefined ? "" : ` target >= ${target}x${ok ? "" : ", NOT MET"}`}`);
    }
  }
  lines.push("");
  for (const s of r.sizes) {
    const client = s === r.sizes[0];
    if (client) met &&= s.gzip <= TARGET_GZIP;
    lines.push(`${s.name}: ${s.minified} bytes minified, ${s.gzip} gzipped${client ? ` (target <= ${TARGET_GZIP}${s.gzip <= TARGET_GZIP ? "" : ", NOT MET"})` : ""}`);
  }
  lines.push(met ? "all targets met" : "some targets not met");
  return lines.join("\n") + "\n";
}
