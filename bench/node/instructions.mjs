// Instructions a validation of the generated TypeScript takes, and ajv's, counted by valgrind's callgrind: for A/Bs
// of generated code on a shared machine, where CPU time is not steady enough to show a change of a few per cent.
//
//   node instructions.mjs [--n 10000] [--m 50000] [--ajv] [--fn is|validate] --schema bundle.json DOC NAME=TS_DIR:ENVELOPE_INDEX.ts...
//
// Each NAME is the TypeScript envgen generated from bench/testdata/tool.json into TS_DIR, with @envgen/envelope read
// from ENVELOPE_INDEX.ts (generated/ts/src/index.ts of a checkout), bundled as bench.mjs bundles it. --ajv adds ajv
// (Ajv2020, compiled from bundle.json). Every contender validates DOC (a valid document) n times in one process and m
// times in another, both under callgrind; the difference divided by m − n is its instructions a validation, JIT
// compilation and start-up cancelling out. Node runs with --single-threaded: with the compiler and the GC on the
// main thread, the count repeats to about 0.1% from run to run (with them on threads, it varied by 5%). Changes in
// the engine's decisions (what it inlines, where a loop is compiled) still move a count by a per cent or two, so
// trust a difference past 2%. Takes about a minute a contender (valgrind runs code some 50 times slower).
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { parseArgs } from "node:util";
import { spawnSync } from "node:child_process";
import * as esbuild from "esbuild";

const { values: opt, positionals } = parseArgs({
  options: {
    n: { type: "string", default: "10000" },
    m: { type: "string", default: "50000" },
    ajv: { type: "boolean", default: false },
    fn: { type: "string", default: "is" },
    schema: { type: "string" },
    work: { type: "string", default: "/tmp/envgen-instructions" },
  },
  allowPositionals: true,
});
const [doc, ...sides] = positionals;
const work = resolve(opt.work);
mkdirSync(work, { recursive: true });
const here = new URL(".", import.meta.url).pathname;
const call = opt.fn === "validate" ? "(x) => m.validateToolOutput(x).length === 0" : "(x) => m.isToolOutput(x)";

// One module a contender, exporting check(value): boolean.
const contenders = [];
for (const side of sides) {
  const [name, dirs] = side.split("=", 2);
  const [ts, index] = dirs.split(":");
  const lib = join(work, `${name}.lib.mjs`);
  await esbuild.build({
    stdin: { contents: `export { validateToolOutput, isToolOutput } from ${JSON.stringify(resolve(ts, "tool.ts"))};`, resolveDir: here, loader: "ts" },
    bundle: true, format: "esm", platform: "neutral", target: "es2022", outfile: lib, logLevel: "error",
    plugins: [{ name: "envelope", setup(build) {
      build.onResolve({ filter: /^@envgen\/envelope$/ }, () => ({ path: resolve(index) }));
      build.onResolve({ filter: /^@envgen\/envelope\/runtime$/ }, () => ({ path: join(dirname(resolve(index)), "_envgen.ts") }));
    } }],
  });
  const file = join(work, `${name}.mjs`);
  writeFileSync(file, `import * as m from ${JSON.stringify(lib)};\nexport const check = ${call};\n`);
  contenders.push({ name, file });
}
if (opt.ajv) {
  const file = join(work, "ajv.mjs");
  writeFileSync(file, `import { readFileSync } from "node:fs";
import { Ajv2020 } from ${JSON.stringify(join(here, "node_modules/ajv/dist/2020.js"))};
const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(JSON.parse(readFileSync(${JSON.stringify(resolve(opt.schema))}, "utf8")));
export const check = (x) => validate(x);\n`);
  contenders.push({ name: "ajv", file });
}
const runner = join(work, "run.mjs");
writeFileSync(runner, `import { readFileSync } from "node:fs";
const { check } = await import(process.argv[2]);
const v = JSON.parse(readFileSync(process.argv[3], "utf8"));
const n = Number(process.argv[4]);
let ok = 0;
for (let i = 0; i < n; i++) if (check(v)) ok++;
if (ok !== n) throw new Error("the document was found invalid");\n`);

/** Instructions of a run of n validations, start-up included. */
function count(file, n) {
  const r = spawnSync("valgrind", ["--tool=callgrind", "--callgrind-out-file=/dev/null", process.execPath, "--single-threaded", runner, file, resolve(doc), String(n)],
    { encoding: "utf8", stdio: ["ignore", "ignore", "pipe"] });
  const m = /Collected : (\d+)/.exec(r.stderr);
  if (r.status !== 0 || m === null) throw new Error("no count from callgrind:\n" + r.stderr);
  return Number(m[1]);
}
const n = Number(opt.n), m = Number(opt.m);
const per = {};
for (const c of contenders) {
  per[c.name] = (count(c.file, m) - count(c.file, n)) / (m - n);
  const line = [`${c.name}: ${Math.round(per[c.name])} instructions a validation`];
  for (const [other, x] of Object.entries(per)) if (other !== c.name) line.push(`${other} ÷ ${c.name} ${(x / per[c.name]).toFixed(3)}`);
  console.log(line.join("; "));
}
