// Checks the built package (dist/) as a consumer imports it: by its name,
// through the exports map. `npm test` builds first.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as envelope from "@envgen/envelope";

test("enum values are exported by constant name", () => {
  assert.equal(envelope.Severity.Warning, "warning");
  assert.equal(envelope.EnvelopeStatus.Partial, "partial");
  assert.equal(envelope.Category.RateLimit, "rate_limit");
});

test("only values are exported at run time; types are erased", () => {
  for (const [name, value] of Object.entries(envelope)) {
    assert.equal(typeof value, "object", `${name} is a constant object`);
    assert.ok(Object.values(value).every((v) => typeof v === "string"), `${name} holds strings`);
  }
  assert.equal(envelope.Envelope, undefined);
});
