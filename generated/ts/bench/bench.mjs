// Validator benchmark: the generated envelope validator against ajv
// (Ajv2020, the canonical schemas compiled once), in one process, on the
// same reference envelope documents (about 1.2 KB each: success, data with a
// list of 10 objects, warnings, meta with pagination). Prints the median
// ops/sec of several rounds for each, the ratio, and the size of the
// envelope validator module gzipped. Run: npm run bench --prefix generated/ts
import { readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { Ajv2020 } from "ajv/dist/2020.js";
import { isEnvelope, validateEnvelope } from "@envgen/envelope";

const ROUNDS = 7;
const TARGET_MS = 400; // per round and contender
const TARGET_RATIO = 1.5;
const TARGET_GZIP = 2048;

const schemas = new URL("../../../schemas/", import.meta.url);

/** Reference documents: the same shape, different values. */
function documents() {
  const docs = [];
  for (let d = 0; d < 4; d++) {
    const items = Array.from({ length: 10 }, (_, i) => ({
      id: `item-${d}-${i}`,
      title: `Result number ${i} of page ${d}`,
      score: Math.round((1 - i / 20) * 1000) / 1000,
      tags: ["alpha", "beta"].slice(0, 1 + (i % 2)),
    }));
    docs.push({
      success: true,
      status: "partial",
      data: { items, total: 240 + d },
      warnings: [
        { code: "PARTIAL_RESULTS", severity: "warning", message: "One source timed out; results may be incomplete." },
      ],
      meta: {
        request_id: `req-${d}-7f3a9c`,
        tool: { name: "search", version: "1.4.2" },
        timing: { started_at: "2026-01-10T12:00:00Z", duration_ms: 42.5 },
        pagination: { has_more: true, cursor: `cursor-${d + 1}`, page_size: 10, total: 240 + d },
      },
    });
  }
  return docs;
}

/**
 * ajv, compiled once. Ajv resolves a $dynamicRef only to a $dynamicAnchor at a
 * resource's root, so it would check data against the whole envelope: it gets
 * the envelope with data as {}, which is what the envelope's own "data" anchor
 * says. date-time is checked with a regular expression and Date.parse.
 */
function ajvValidator() {
  const ajv = new Ajv2020({ strict: false });
  const dateTime = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
  ajv.addFormat("date-time", (s) => dateTime.test(s) && !Number.isNaN(Date.parse(s)));
  for (const f of readdirSync(schemas).filter((f) => f.endsWith(".json"))) {
    const schema = JSON.parse(readFileSync(new URL(f, schemas), "utf8"));
    if (f === "envelope.json") schema.properties.data = {};
    ajv.addSchema(schema);
  }
  return ajv.getSchema("https://envgen.dev/schemas/v1/envelope.json");
}

/** ops/sec of fn over docs, for one round of about TARGET_MS. */
function round(fn, docs) {
  let n = 0;
  let ok = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < TARGET_MS) {
    for (let i = 0; i < 1000; i++) if (fn(docs[i & 3])) ok++;
    n += 1000;
    elapsed = performance.now() - start;
  }
  if (ok !== n) throw new Error("a reference document was found invalid");
  return (n / elapsed) * 1000;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const docs = documents();
const size = JSON.stringify(docs[0]).length;
const ajvValidate = ajvValidator();
const contenders = {
  "envgen isEnvelope": (d) => isEnvelope(d),
  "envgen validateEnvelope": (d) => validateEnvelope(d).length === 0,
  "ajv (Ajv2020)": (d) => ajvValidate(d),
};
const results = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
for (const [name, fn] of Object.entries(contenders)) round(fn, docs); // warm up
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, fn] of Object.entries(contenders)) results[name].push(round(fn, docs));
}

console.log(`documents: ${docs.length}, ${size} bytes each; ${ROUNDS} rounds of ${TARGET_MS} ms, medians:`);
for (const [name, xs] of Object.entries(results)) {
  console.log(`  ${name.padEnd(26)} ${Math.round(median(xs)).toLocaleString("en-US").padStart(12)} ops/sec`);
}
const ajvOps = median(results["ajv (Ajv2020)"]);
const ratio = median(results["envgen isEnvelope"]) / ajvOps;
const ratioValidate = median(results["envgen validateEnvelope"]) / ajvOps;
console.log(`ratio isEnvelope / ajv:       ${ratio.toFixed(2)}x (target >= ${TARGET_RATIO}x)`);
console.log(`ratio validateEnvelope / ajv: ${ratioValidate.toFixed(2)}x`);

const module = readFileSync(new URL("../dist/envelope.js", import.meta.url));
const gz = gzipSync(module, { level: 9 }).length;
console.log(`dist/envelope.js: ${module.length} bytes, ${gz} bytes gzipped (target <= ${TARGET_GZIP})`);
