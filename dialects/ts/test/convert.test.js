// The TypeScript converters (src/) against the Go ones, both ways: every
// valid seed envelope of dialects/<folder>/examples converts to a canonical
// envelope that validateEnvelope (generated/ts/src) accepts and that equals,
// member order aside, what the Go converter makes of it, meta.source included
// (testdata/expected, written by go test ./dialects -run TestTypeScriptExpected
// -update), and back to exactly the seed envelope; and every case of
// testdata/roundtrip converts as the Go converters convert it: each canonical
// example to the dialect in each profile, each document to canonical, and
// that back to the dialect. The incomplete seed examples (BMCIS's error
// examples, which lack required members) convert as Go converts them; the
// other invalid ones are refused.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import {
  InvalidError,
  MissingError,
  UnfitError,
  code,
  fromCanonical,
  names,
  profiles,
  toCanonical,
  validate,
} from "../dist/dialects/ts/src/index.js";
import { validateEnvelope } from "../dist/generated/ts/src/index.js";
import { examples, folders, isEnvelope, isIncomplete, isRefused, readJSON } from "./examples.js";

const testdata = new URL("../testdata/", import.meta.url);
const update = "run go test ./dialects -run 'TestTypeScript(Expected|RoundTrip)' -update";

function check(name, doc, want) {
  const before = structuredClone(doc);
  const got = toCanonical(name, doc);
  assert.deepEqual(validateEnvelope(got), [], "the canonical envelope is not valid");
  assert.deepEqual(got, want, "not what the Go converter produces");
  assert.deepEqual(doc, before, "the input was changed");
  return got;
}

/** Converts the canonical envelope c to the dialect: want, or the error refused names. */
function checkBack(name, c, profile, want, refused) {
  const before = structuredClone(c);
  const options = profile === undefined ? {} : { profile };
  if (refused !== undefined) {
    assert.throws(() => fromCanonical(name, c, options), { name: refused });
    return;
  }
  const got = fromCanonical(name, c, options);
  assert.deepEqual(validate(name, got), [], `the ${name} document is not valid`);
  assert.deepEqual(got, want, "not what the Go converter produces");
  assert.deepEqual(c, before, "the input was changed");
}

/** The canonical example a case of testdata/roundtrip converts from, by its label in Go's canonicalExamples. */
function canonicalExample(label) {
  const derived = /^canonical of (.*)$/.exec(label);
  if (derived !== null) return readJSON(new URL(`expected/${derived[1]}`, testdata));
  return readJSON(new URL(`../../../${label}`, import.meta.url));
}

const counts = {};
const back = {};
const incomplete = {};
const refused = {};
for (const [folder, { name }] of Object.entries(folders)) {
  describe(`${name} seed examples to canonical`, () => {
    for (const e of examples(folder).filter((e) => isEnvelope(folder, e))) {
      test(e.file, () => {
        const expected = new URL(`expected/${folder}/${e.file}`, testdata);
        assert.ok(existsSync(expected), `no ${expected.pathname}: ${update}`);
        const c = check(name, e.doc, readJSON(expected));
        counts[folder] = (counts[folder] ?? 0) + 1;
        checkBack(name, c, e.profile, e.doc);
        back[folder] = (back[folder] ?? 0) + 1;
      });
    }
  });
  describe(`${name} incomplete and invalid seed examples`, () => {
    for (const e of examples(folder).filter((e) => isIncomplete(folder, e))) {
      test(`${e.file} converts from what it has`, () => {
        const expected = new URL(`expected/${folder}/${e.file}`, testdata);
        assert.ok(existsSync(expected), `no ${expected.pathname}: ${update}`);
        assert.notDeepEqual(validate(name, e.doc), [], "an incomplete example is valid");
        check(name, e.doc, readJSON(expected));
        incomplete[folder] = (incomplete[folder] ?? 0) + 1;
      });
    }
    for (const e of examples(folder).filter((e) => isRefused(folder, e))) {
      test(`${e.file} is refused`, () => {
        assert.throws(() => toCanonical(name, e.doc), InvalidError);
        refused[folder] = (refused[folder] ?? 0) + 1;
      });
    }
  });
  describe(`${name} cases of testdata/roundtrip`, () => {
    for (const c of readJSON(new URL(`roundtrip/${folder}.json`, testdata))) {
      test(c.name, () => {
        if (c.from !== undefined) {
          checkBack(name, canonicalExample(c.from), c.profile, c.input, c.input === undefined ? c.refused : undefined);
        }
        if (c.input !== undefined) {
          check(name, c.input, c.canonical);
          checkBack(name, c.canonical, c.profile, c.back ?? c.input, c.refused);
        }
      });
    }
  });
}

test("every dialect has seed envelopes", (t) => {
  assert.deepEqual(Object.values(folders).map((f) => f.name), names);
  for (const folder of Object.keys(folders)) {
    assert.ok(counts[folder] > 0, `no ${folder} envelope was converted`);
    const roundtrip = readJSON(new URL(`roundtrip/${folder}.json`, testdata)).length;
    assert.equal(back[folder], counts[folder], `not every ${folder} seed envelope came back`);
    t.diagnostic(`${folder}: ${counts[folder]} seed envelopes converted to canonical and back exactly, ${roundtrip} round-trip cases`);
  }
});

test("the incomplete BMCIS examples convert as in Go, the other invalid ones are refused", (t) => {
  // dialects/bmcis/examples/index.json: Token Limit Error and Invalid Field
  // Error lack members; Field-Filtered Response is not just incomplete.
  assert.equal(incomplete.bmcis, 2);
  assert.equal(refused.bmcis, 1);
  t.diagnostic(`incomplete examples converted: ${JSON.stringify(incomplete)}; invalid ones refused: ${JSON.stringify(refused)}`);
});

test("a canonical envelope that lacks what the dialect requires is a MissingError", () => {
  const c = { success: true, data: [] };
  assert.throws(() => fromCanonical("bmcis", c), (err) => {
    assert.ok(err instanceof MissingError);
    assert.deepEqual(err.pointers, ["/meta/tool", "/meta/timing/started_at", "/meta/request_id", "/meta/tokens", "/meta/telemetry/cache_hit", "/meta/timing/duration_ms"]);
    return true;
  });
  assert.throws(() => fromCanonical("foundry", { success: true, data: [1] }), UnfitError);
  assert.throws(() => fromCanonical("foundry", { success: "yes" }), InvalidError);
  assert.throws(() => fromCanonical("scalpel", c, { profile: "loud" }), TypeError);
  assert.deepEqual(profiles("scalpel"), ["minimal", "standard", "verbose", "debug"]);
  assert.deepEqual(profiles("foundry"), []);
});

test("meta.source is written back only to the convention it names", () => {
  const doc = { success: true, data: {}, error: null, meta: { version: "response-v2", telemetry: {} } };
  const c = toCanonical("foundry", doc);
  assert.deepEqual(c.meta?.source, { convention: "foundry", kept: { "/meta/telemetry": {} } });
  assert.deepEqual(fromCanonical("foundry", c), doc);
  const other = { ...c, meta: { source: { ...c.meta.source, convention: "bmcis" } } };
  assert.deepEqual(fromCanonical("foundry", other), { success: true, data: {}, error: null, meta: { version: "response-v2" } });
});

test("an incomplete document that breaks its schema in another way too is refused", () => {
  const doc = readJSON(new URL("bmcis/examples/token-limit-error.json", new URL("../../", import.meta.url)));
  assert.doesNotThrow(() => toCanonical("bmcis", doc));
  for (const broken of [
    { ...doc, _metadata: { ...doc._metadata, status: "weird" } },
    { ...doc, warnings: [{ ...doc.warnings[0], level: "loud" }] },
  ]) {
    assert.throws(() => toCanonical("bmcis", broken), InvalidError, JSON.stringify(broken));
  }
  // a success needs its results: no stand-in for them
  const { results: _, ...noResults } = readJSON(new URL("bmcis/examples/basic-search.json", new URL("../../", import.meta.url)));
  assert.throws(() => toCanonical("bmcis", noResults), InvalidError);
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
