// envgen's generated TypeScript validators against ajv (Ajv2020, compiled
// once), in one process, on the same documents; and the bundle size of each,
// minified by esbuild and gzipped. Prints JSON for bench/cmd/report.
//
//   node bench.mjs --ts DIR --envelope INDEX.ts --schema bundle.json --work DIR small=small.json large=large.json
//
// DIR is the TypeScript envgen generated from bench/testdata/tool.json (its
// validateToolOutput and isToolOutput); INDEX.ts is the entry of the
// canonical package it imports, @envgen/envelope (generated/ts/src/index.ts,
// bundled from source like the rest); bundle.json is the same schema,
// bundled, which ajv compiles (ajv resolves a $dynamicRef only to a
// $dynamicAnchor at a resource's root, so it reads the bundle, where the
// payload is a plain $ref). Format is an annotation for both.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, resolve, basename, dirname } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";

const { values: opt, positionals: docPaths } = parseArgs({
  options: {
    ts: { type: "string" },
    envelope: { type: "string" },
    schema: { type: "string" },
    work: { type: "string" },
    rounds: { type: "string", default: "7" },
    ms: { type: "string", default: "300" },
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

/** Bundles the entry source to ESM; returns the output's bytes. */
async function bundle(name, contents, minify) {
  const outfile = join(work, `${name}${minify ? ".min" : ""}.mjs`);
  await esbuild.build({
    stdin: { contents, resolveDir: here, loader: "ts", sourcefile: `${name}.ts` },
    bundle: true, format: "esm", platform: "neutral", mainFields: ["module", "main"],
    target: "es2022", minify, outfile, logLevel: "error", legalComments: "none",
    nodePaths: [join(here, "node_modules")], // for the standalone code written to the work folder
    plugins: opt.envelope ? [envelopePackage] : [],
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

const sizes = [];
for (const [name, src] of Object.entries(entries)) {
  sizes.push({ name, ...size((await bundle(`size-${sizes.length}`, src, true)).bytes) });
}

// The contenders run from an unminified bundle of the generated TypeScript.
const envgen = await import(pathToFileURL((await bundle("envgen", entries[Object.keys(entries)[0]], false)).outfile));
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

const results = [];
for (const d of docs) {
  const ops = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
  for (const fn of Object.values(contenders)) round(fn, d.value); // warm up
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, fn] of Object.entries(contenders)) ops[name].push(round(fn, d.value));
  }
  for (const [name, xs] of Object.entries(ops)) results.push({ doc: d.name, bytes: d.bytes, name, opsPerSec: xs });
}

const pkg = (p) => JSON.parse(readFileSync(new URL(p, import.meta.url), "utf8")).version;
process.stdout.write(JSON.stringify({
  node: process.version,
  ajv: pkg("./node_modules/ajv/package.json"),
  esbuild: esbuild.version,
  rounds: ROUNDS,
  roundMs: ROUND_MS,
  results,
  sizes,
}) + "\n");
