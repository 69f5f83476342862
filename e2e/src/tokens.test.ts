// Token counts by a real BPE tokenizer (o200k, js-tiktoken with its ranks
// bundled: no download). Two things are measured here:
//
//  - the o200k count of every example and seed envelope, as the compact JSON
//    a server sends: serve/testdata/o200k.json must hold exactly these counts
//    (UPDATE_O200K=1 rewrites it), and the Go test TestTokensCalibrated
//    checks serve.Tokens against them;
//  - what the outputSchema of the example search tool costs in tools/list,
//    compact (what envgen bundle writes by default) and --full, and each
//    dialect's: the compact search bundle must stay within 1,500 tokens.

import assert from "node:assert/strict";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Tiktoken } from "js-tiktoken/lite";
import o200k_base from "js-tiktoken/ranks/o200k_base";

const root = fileURLToPath(new URL("../../", import.meta.url));
const enc = new Tiktoken(o200k_base);
const count = (s: string): number => enc.encode(s).length;

/** Removes the whitespace outside strings, as Go's json.Compact does. */
function compact(s: string): string {
  let out = "";
  let inString = false;
  let escaped = false;
  for (const c of s) {
    if (inString) {
      out += c;
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (!" \t\n\r".includes(c)) {
      out += c;
    }
  }
  return out;
}

/** The corpus: every example and seed envelope of the repository. */
function corpus(): string[] {
  const files: string[] = [];
  const add = (dir: string, keep: (f: string) => boolean) => {
    for (const f of readdirSync(join(root, dir)).sort()) if (f.endsWith(".json") && keep(f)) files.push(`${dir}/${f}`);
  };
  for (const d of ["bmcis", "codegraph", "foundry", "mcpenvelope", "scalpel"]) add(`dialects/${d}/examples`, (f) => f !== "index.json");
  add("schemas/examples/valid", () => true);
  add("schemas/examples/seeds", () => true);
  return files;
}

test("serve/testdata/o200k.json holds the o200k counts of the corpus", () => {
  const counts: Record<string, number> = {};
  for (const f of corpus()) counts[f] = count(compact(readFileSync(join(root, f), "utf8")));
  const file = join(root, "serve/testdata/o200k.json");
  const text = JSON.stringify(counts, null, 2) + "\n";
  if (process.env["UPDATE_O200K"] === "1") writeFileSync(file, text);
  assert.equal(readFileSync(file, "utf8"), text, "stale: run UPDATE_O200K=1 npm test");
});

test("the compact outputSchema of the search tool costs at most 1,500 tokens", () => {
  const measure = (file: string) => count(JSON.stringify(JSON.parse(readFileSync(join(root, file), "utf8"))));
  const figures: Record<string, number> = {
    "search, compact (canonical)": measure("examples/mcp-server/schemas/search-output.bundle.json"),
    "search, --full (canonical)": measure("gen/bundle/testdata/search-output.bundle.json"),
  };
  for (const d of ["scalpel", "foundry", "mcp-envelope", "codegraph", "bmcis"]) figures[`${d} (compact)`] = measure(`dialects/bundles/${d}.json`);
  for (const [name, n] of Object.entries(figures)) console.log(`# o200k tokens of the outputSchema, ${name}: ${n}`);
  assert.ok(figures["search, compact (canonical)"]! <= 1500, `${figures["search, compact (canonical)"]} tokens`);
  for (const d of ["scalpel", "foundry", "mcp-envelope", "codegraph", "bmcis"]) assert.ok(figures[`${d} (compact)`]! <= 1500, d);
});
