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

test("at run time the package exports enum values and validators; types are erased", () => {
  for (const [name, value] of Object.entries(envelope)) {
    if (typeof value === "function") {
      assert.match(name, /^(validate|is)[A-Z]/, `${name} is a validator or a type guard`);
      continue;
    }
    assert.equal(typeof value, "object", `${name} is a constant object`);
    assert.ok(Object.values(value).every((v) => typeof v === "string"), `${name} holds strings`);
  }
  assert.equal(envelope.Envelope, undefined);
  assert.equal(typeof envelope.validateEnvelope, "function");
  assert.equal(typeof envelope.isWarning, "function");
});

test("every type with a validator has a type guard, and no check function leaks", () => {
  const names = Object.keys(envelope);
  for (const name of names.filter((n) => n.startsWith("validate"))) {
    assert.ok(names.includes("is" + name.slice("validate".length)), `is${name.slice(8)}`);
  }
  assert.deepEqual(names.filter((n) => /^(check|anchors|rt$)/.test(n)), []);
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
