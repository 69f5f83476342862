// `npm pack` gives a tarball that a fresh TypeScript project installs (with
// no network: the package has no dependencies), imports, type-checks under
// the strictest settings, and runs. The project holds a tool's generated
// modules too (test/search-output, which import the package and its runtime,
// @envgen/envelope/runtime, and carry no runtime of their own). The project
// uses the TypeScript compiler `npm ci` installed here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = fileURLToPath(new URL("..", import.meta.url));
const tsc = join(pkg, "node_modules", ".bin", "tsc");

const tsconfig = {
  compilerOptions: {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    isolatedDeclarations: true,
    declaration: true,
    erasableSyntaxOnly: true,
    verbatimModuleSyntax: true,
    noPropertyAccessFromIndexSignature: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    noImplicitReturns: true,
    module: "nodenext",
    target: "es2022",
    types: [],
    rootDir: "src",
    outDir: "dist",
  },
  include: ["src/**/*.ts"],
};

const main = `import {
  EnvelopeStatus,
  isEnvelope,
  isWarning,
  validateEnvelope,
  type Envelope,
  type Guard,
  type ValidationError,
  type Warning,
} from "@envgen/envelope";
import { isFailure, isSuccess, nextPage, retryAdvice } from "@envgen/envelope/client";
import { validateSearchOutput } from "./search-output/index.js";

/** A tool's payload, checked by hand. */
export interface Payload {
  count: number;
}

export const isPayload: Guard<Payload> = (v: unknown): v is Payload =>
  typeof v === "object" && v !== null && typeof (v as { count?: unknown }).count === "number";

const doc: unknown = JSON.parse('{"success": true, "status": "ok", "data": {"count": 3}}');
if (!isEnvelope(doc, isPayload)) throw new Error("a valid envelope was refused");
const envelope: Envelope<Payload> = doc;
const count: number | undefined = envelope.data?.count;

const warning: unknown = { code: "SLOW", severity: "info", message: "took long" };
const warnings: Warning[] = isWarning(warning) ? [warning] : [];

const errors: ValidationError[] = validateEnvelope({ success: true, data: "x" }, (v) =>
  typeof v === "number" ? [] : [{ instancePath: "", schemaPath: "payload", keyword: "type", message: "must be a number" }],
);
const next = nextPage({ query: "q" }, envelope); // no pagination: undefined
const data: Payload | undefined = isSuccess(envelope) ? envelope.data : undefined; // data narrowed to present
const failed: Envelope<Payload> = { success: false, error: { code: "BUSY", category: "unavailable", message: "busy" } };
const retry: boolean = isFailure(failed) ? retryAdvice(failed).retry : false; // error narrowed to present
const tool = validateSearchOutput({ success: true, data: { hits: [{ chunk_id: 1, score: 2, rank: 1 }] } }).map(
  (e) => e.instancePath + " " + e.keyword,
);
console.log(JSON.stringify({ count, warnings: warnings.length, status: EnvelopeStatus.OK, errors, next, data, retry, tool }));
`;

test("npm pack installs, type-checks and runs in a fresh project", { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "envgen-pack-"));
  try {
    const npm = (...args) => execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, encoding: "utf8" });
    execFileSync("npm", ["pack", "--pack-destination", dir, "--loglevel=error"], { cwd: pkg, stdio: "pipe" });
    const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"));
    assert.ok(tarball, "npm pack wrote no tarball");

    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, "src", "main.ts"), main);
    const generated = join(pkg, "test", "search-output");
    assert.equal(existsSync(join(generated, "_envgen.ts")), false, "the generated tool carries a runtime of its own");
    cpSync(generated, join(dir, "src", "search-output"), { recursive: true });
    npm("install", "--offline", join(dir, tarball));

    execFileSync(tsc, ["-p", "tsconfig.json", "--pretty", "false"], { cwd: dir, encoding: "utf8" });
    const out = JSON.parse(execFileSync(process.execPath, [join("dist", "main.js")], { cwd: dir, encoding: "utf8" }));
    assert.deepEqual(out, {
      count: 3,
      warnings: 1,
      status: "ok",
      errors: [{ instancePath: "/data", schemaPath: "payload", keyword: "type", message: "must be a number" }],
      data: { count: 3 },
      retry: true,
      tool: ["/data/hits/0/score maximum"],
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
