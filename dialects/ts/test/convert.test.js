// The TypeScript converters (src/) against the Go ones: every valid seed
// envelope of dialects/<folder>/examples converts to a canonical envelope that
// validateEnvelope (generated/ts/src) accepts and that equals, member order
// aside, what the Go converter makes of it (testdata/expected, written by
// go test ./dialects -run TestTypeScriptExpected -update); and so does every
// document of testdata/roundtrip (canonical examples written in the dialect
// by the Go converters).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { InvalidError, UnfitError, code, names, toCanonical } from "../dist/dialects/ts/src/index.js";
import { validateEnvelope } from "../dist/generated/ts/src/index.js";
import { examples, folders, isEnvelope, readJSON } from "./examples.js";

const testdata = new URL("../testdata/", import.meta.url);
const update = "run go test ./dialects -run 'TestTypeScript(Expected|RoundTrip)' -update";

function check(name, doc, want) {
  const before = structuredClone(doc);
  const got = toCanonical(name, doc);
  assert.deepEqual(validateEnvelope(got), [], "the canonical envelope is not valid");
  assert.deepEqual(got, want, "not what the Go converter produces");
  assert.deepEqual(doc, before, "the input was changed");
}

const counts = {};
for (const [folder, { name }] of Object.entries(folders)) {
  describe(`${name} seed examples to canonical`, () => {
    for (const e of examples(folder).filter((e) => isEnvelope(folder, e))) {
      test(e.file, () => {
        const expected = new URL(`expected/${folder}/${e.file}`, testdata);
        assert.ok(existsSync(expected), `no ${expected.pathname}: ${update}`);
        check(name, e.doc, readJSON(expected));
        counts[folder] = (counts[folder] ?? 0) + 1;
      });
    }
  });
  describe(`${name} documents of testdata/roundtrip to canonical`, () => {
    for (const c of readJSON(new URL(`roundtrip/${folder}.json`, testdata))) {
      test(c.name, () => check(name, c.input, c.canonical));
    }
  });
}

test("every dialect has seed envelopes", (t) => {
  assert.deepEqual(Object.values(folders).map((f) => f.name), names);
  for (const folder of Object.keys(folders)) {
    assert.ok(counts[folder] > 0, `no ${folder} envelope was converted`);
    const roundtrip = readJSON(new URL(`roundtrip/${folder}.json`, testdata)).length;
    t.diagnostic(`${folder}: ${counts[folder]} seed envelopes and ${roundtrip} round-trip documents converted`);
  }
});

test("an invalid document is refused", () => {
  assert.throws(() => toCanonical("foundry", { success: true }), InvalidError);
  assert.throws(() => toCanonical("klingon", {}), TypeError);
});

test("a document the canonical envelope cannot hold is an UnfitError", () => {
  // A Code Scalpel error without a message: a canonical error needs one.
  assert.throws(() => toCanonical("scalpel", { error: { error: "", error_code: "x" } }), UnfitError);
});

test("codes are spelt as the Go converter spells them", () => {
  const cases = {
    not_found: "NOT_FOUND",
    "ADAPTER.EXECUTION.FAILED": "ADAPTER.EXECUTION.FAILED",
    "adapter.execution.failed": "ADAPTER.EXECUTION.FAILED",
    "a..b": "A_B",
    "a.": "A",
    "...": "UNKNOWN",
    "404 missing": "E_404_MISSING",
    "--a--b--": "A_B",
    "héllo wörld": "H_LLO_W_RLD",
    ["x_".repeat(60)]: "X_".repeat(50).slice(0, 99),
  };
  for (const [input, want] of Object.entries(cases)) assert.equal(code(input), want, input);
});
