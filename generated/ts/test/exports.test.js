// Checks the built package (dist/) as a consumer imports it: by its name,
// through the exports map. `npm test` builds first.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as envelope from "@envgen/envelope";
import * as runtime from "@envgen/envelope/runtime";

test("enum values are exported by constant name", () => {
  assert.equal(envelope.Severity.Warning, "warning");
  assert.equal(envelope.EnvelopeStatus.Partial, "partial");
  assert.equal(envelope.Category.RateLimit, "rate_limit");
});

test("at run time the package exports enum values, validators and check functions; types are erased", () => {
  for (const [name, value] of Object.entries(envelope)) {
    if (typeof value === "function") {
      assert.match(name, /^(validate|is|check)[A-Z]/, `${name} is a validator, a type guard or a check function`);
      continue;
    }
    assert.equal(typeof value, "object", `${name} is a constant object`);
    assert.ok(Object.values(value).every((v) => typeof v === "string"), `${name} holds strings`);
  }
  assert.equal(envelope.Envelope, undefined);
  assert.equal(typeof envelope.validateEnvelope, "function");
  assert.equal(typeof envelope.isWarning, "function");
});

test("every type with a validator has a type guard; only the check functions of types are exported", () => {
  const names = Object.keys(envelope);
  for (const name of names.filter((n) => n.startsWith("validate"))) {
    assert.ok(names.includes("is" + name.slice("validate".length)), `is${name.slice(8)}`);
  }
  // checkX, for the packages envgen generates that import this one (they call it with their own context),
  // for each type with checks of its own: none for an alias (EnvelopeDefault) or a subschema.
  for (const name of names.filter((n) => n.startsWith("check"))) {
    assert.ok(names.includes("validate" + name.slice("check".length)), `${name} is the check of a type`);
    assert.equal(envelope[name].length, 3, `${name}(v, p, c)`);
  }
  assert.ok(names.includes("checkEnvelope") && !names.includes("checkEnvelopeDefault"));
  assert.deepEqual(names.filter((n) => /^(anchors|dynamic|rt$)|Properties/.test(n)), []);
});

test("members named like Object.prototype's are own members or nothing", () => {
  const doc = JSON.parse('{"success": true, "data": 1, "__proto__": {"x": 1}}');
  assert.deepEqual(envelope.validateEnvelope(doc).map((e) => [e.instancePath, e.keyword]), [["", "additionalProperties"]]);
  assert.deepEqual(envelope.validateEnvelope({ success: true, data: 1 }), []);
  assert.equal(envelope.isWarning({ code: "A", severity: "info", message: "m", constructor: 1 }), false);
});

test("errors are cut at 100, and the list says so", () => {
  const warnings = Array.from({ length: 150 }, () => ({}));
  const errors = envelope.validateEnvelope({ success: true, data: 1, warnings });
  assert.equal(errors.length, 101);
  assert.equal(errors[100].keyword, "maxErrors");
  // Each error's path gets its steps from the checks it fails on the way back (rt.up), the ones before the
  // cut too; the cut itself is the value's.
  assert.deepEqual([0, 3, 99, 100].map((i) => errors[i].instancePath), ["/warnings/0", "/warnings/1", "/warnings/33", ""]);
});

test("lengths count code points", () => {
  const warning = (message) => ({ code: "A", severity: "info", message });
  assert.equal(envelope.isWarning(warning("😀".repeat(2000))), true);
  assert.equal(envelope.isWarning(warning("😀".repeat(2001))), false);
  assert.equal(envelope.isWarning(warning("")), false);
});

test("the runtime is exported for generated code, which imports it instead of a copy", () => {
  for (const name of ["validate", "is", "fail", "imported", "bind", "dynamic", "equal", "codePoints", "isDateTime"]) {
    assert.equal(typeof runtime[name], "function", name);
  }
  assert.equal(runtime.maxErrors, 100);
  // Its types (Guard, ValidationError, Validator) are the package's; at run time
  // the main entry exports no runtime function.
  assert.deepEqual(Object.keys(envelope).filter((n) => n in runtime), []);
});
