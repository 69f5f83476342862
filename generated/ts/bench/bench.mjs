// Validator benchmark: envgen's generated TypeScript against ajv (Ajv2020,
// compiled once), in one process, on the documents of bench/ (the Go and
// node benchmarks' own): the 1.2 KB envelope (internal/contract/testdata/
// envelope.json) and the 104 KB one (bench/testdata/large.json), both of
// bench/testdata/tool.json, the canonical envelope with data fixed to
// results.json. Format is an annotation for both, as in bench/node.
//
// The contenders run in interleaved rounds (each round runs each of them for
// about --ms, in an order that rotates), and what is reported is the median
// of the per-round ratios (envgen ops/sec ÷ ajv ops/sec), with the lowest and
// highest: a machine that slows down for a while slows every contender of
// that round alike.
//
// Then the envelope validator's size as a client bundles it: esbuild (minify,
// ESM) of an entry that imports isEnvelope and validateEnvelope from
// @envgen/envelope (this package's dist/), gzipped.
//
//   make bench-ts   (generates the tool's TypeScript, then runs this)
//   node bench/bench.mjs --tool DIR [--rounds 25] [--ms 200]
import { readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { Ajv2020 } from "ajv/dist/2020.js";

const { values: opt } = parseArgs({
  options: {
    tool: { type: "string" },
    rounds: { type: "string", default: "25" },
    ms: { type: "string", default: "200" },
  },
});
if (!opt.tool) throw new Error("--tool DIR: the TypeScript envgen generates from bench/testdata/tool.json and results.json (make bench-ts)");
const ROUNDS = Number(opt.rounds);
const ROUND_MS = Number(opt.ms);
const TARGETS = { small: 2, large: 4 }; // issue 16: at least this many times ajv's ops/sec
const TARGET_GZIP = 4096;

const pkg = fileURLToPath(new URL("..", import.meta.url));
const root = resolve(pkg, "../..");
const work = mkdtempSync(join(tmpdir(), "envgen-bench-ts-"));

// The tool's validators, bundled from source with the package's own source
// for @envgen/envelope and its runtime, as bench/node bundles them.
const fromSource = {
  name: "envelope-source",
  setup(build) {
    build.onResolve({ filter: /^@envgen\/envelope$/ }, () => ({ path: join(pkg, "src", "index.ts") }));
    build.onResolve({ filter: /^@envgen\/envelope\/runtime$/ }, () => ({ path: join(pkg, "src", "_envgen.ts") }));
  },
};
const toolOut = join(work, "tool.mjs");
await esbuild.build({
  stdin: { contents: `export { validateToolOutput, isToolOutput } from ${JSON.stringify(resolve(opt.tool, "tool.ts"))};`, resolveDir: pkg, loader: "ts" },
  bundle: true, format: "esm", platform: "neutral", target: "es2022", outfile: toolOut, logLevel: "error", plugins: [fromSource],
});
const tool = await import(pathToFileURL(toolOut).href);

const ajv = new Ajv2020({ strict: false, validateFormats: false }).compile(JSON.parse(readFileSync(join(root, "bench/testdata/bundle.json"), "utf8")));
const contenders = {
  "envgen isToolOutput": (d) => tool.isToolOutput(d),
  "envgen validateToolOutput": (d) => tool.validateToolOutput(d).length === 0,
  "ajv (Ajv2020)": (d) => ajv(d),
};
const AJV = "ajv (Ajv2020)";

// The documents, and the same verdicts from every contender on each and on a
// copy with one hit's rank 0 (minimum: 1).
const docs = Object.entries({ small: "internal/contract/testdata/envelope.json", large: "bench/testdata/large.json" }).map(([name, p]) => {
  const text = readFileSync(join(root, p), "utf8");
  const value = JSON.parse(text);
  const broken = JSON.parse(text);
  broken.data.hits[2].rank = 0;
  for (const [c, fn] of Object.entries(contenders)) {
    if (fn(value) !== true || fn(broken) !== false) throw new Error(`${c} misjudges ${p}`);
  }
  return { name, path: p, bytes: Buffer.byteLength(text.trim()), value };
});

/** ops/sec of fn on value, for one round of about ROUND_MS. */
function round(fn, value) {
  let n = 0, ok = 0, batch = 1;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    for (let i = 0; i < batch; i++) if (fn(value)) ok++;
    n += batch;
    if (batch < 1024) batch *= 2;
    elapsed = performance.now() - start;
  }
  if (ok !== n) throw new Error("a reference document was found invalid");
  return (n / elapsed) * 1000;
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => {
  const s = sorted(xs);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const names = Object.keys(contenders);
console.log(`node ${process.version}, ajv ${JSON.parse(readFileSync(join(pkg, "node_modules/ajv/package.json"), "utf8")).version}; ${ROUNDS} interleaved rounds of ${ROUND_MS} ms per contender and document`);
let met = true;
for (const d of docs) {
  for (const fn of Object.values(contenders)) round(fn, d.value); // warm up
  const ops = Object.fromEntries(names.map((k) => [k, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + r) % names.length];
      ops[name].push(round(contenders[name], d.value));
    }
  }
  console.log(`\n${d.name}: ${d.path}, ${d.bytes} bytes`);
  for (const name of names) {
    const line = `  ${name.padEnd(26)} ${Math.round(median(ops[name])).toLocaleString("en-US").padStart(10)} ops/sec (median)`;
    if (name === AJV) {
      console.log(line);
      continue;
    }
    const ratios = ops[name].map((x, r) => x / ops[AJV][r]);
    const s = sorted(ratios);
    const target = TARGETS[d.name];
    const ok = median(ratios) >= target;
    met &&= ok;
    console.log(`${line}   ÷ ajv per round: median ${median(ratios).toFixed(2)}x, range ${s[0].toFixed(2)}–${s[s.length - 1].toFixed(2)}x, quartiles ${s[Math.floor(s.length / 4)].toFixed(2)}–${s[Math.floor((3 * s.length) / 4)].toFixed(2)}x (target >= ${target}x${ok ? "" : ", NOT MET"})`);
  }
}

// The envelope validator as a client bundles it: the package's published
// JavaScript (dist/, which npm run bench builds first), minified.
// (An entry inside this package: @envgen/envelope resolves to it by name, through its exports, as from
// a client's node_modules.)
const bundled = await esbuild.build({
  stdin: { contents: 'export { isEnvelope, validateEnvelope } from "@envgen/envelope";\n', resolveDir: pkg, loader: "js" },
  bundle: true, format: "esm", platform: "neutral", target: "es2022", minify: true, write: false,
  legalComments: "none", logLevel: "error", mainFields: ["module", "main"],
});
const bytes = bundled.outputFiles[0].contents;
const gz = gzipSync(bytes, { level: 9 }).length;
met &&= gz <= TARGET_GZIP;
console.log(`\nesbuild ${esbuild.version} --bundle --minify of { isEnvelope, validateEnvelope } from "@envgen/envelope": ${bytes.length} bytes, ${gz} bytes gzipped (target <= ${TARGET_GZIP}${gz <= TARGET_GZIP ? "" : ", NOT MET"})`);
console.log(met ? "all targets met" : "some targets not met");
