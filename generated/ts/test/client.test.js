// The client half: narrowing, retry advice and cursor pass-through, on
// canonical examples and small envelopes checked by the generated validator.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { validateEnvelope } from "@envgen/envelope";
import { isFailure, isPartial, isSuccess, nextCursor, nextPage, retryAdvice } from "@envgen/envelope/client";

const example = (name) =>
  JSON.parse(readFileSync(new URL(`../../../schemas/examples/valid/${name}`, import.meta.url), "utf8"));

/** A valid failure envelope of a category, with extra members. */
function failure(category, extra = {}) {
  const env = { success: false, error: { code: "SOME_FAILURE", category, message: "It failed.", ...extra.error }, ...extra.env };
  assert.deepEqual(validateEnvelope(env), [], JSON.stringify(env));
  return env;
}

test("isSuccess and isFailure tell the two apart, and isPartial the losses", () => {
  const ok = { success: true, data: { n: 1 } };
  const partial = { success: true, status: "partial", data: { n: 1 }, warnings: [{ code: "SOURCE_SKIPPED", severity: "warning", message: "One source was skipped." }] };
  const bad = failure("validation");
  for (const env of [ok, partial]) assert.deepEqual(validateEnvelope(env), []);
  assert.deepEqual([isSuccess(ok), isFailure(ok), isPartial(ok)], [true, false, false]);
  assert.deepEqual([isSuccess(partial), isFailure(partial), isPartial(partial)], [true, false, true]);
  assert.deepEqual([isSuccess(bad), isFailure(bad), isPartial(bad)], [false, true, false]);
});

test("retry advice follows the category", () => {
  const expected = {
    validation: false, authentication: false, authorization: false, not_found: false, conflict: false,
    rate_limit: true, feature_flag: false, internal: true, unavailable: true,
  };
  for (const [category, retry] of Object.entries(expected)) {
    const advice = retryAdvice(failure(category));
    assert.equal(advice.retry, retry, category);
    assert.equal(advice.afterMs, undefined, category);
    assert.ok(advice.reason.length > 0, category);
  }
});

test("the server's own retry and rate-limit wait win over the category", () => {
  const told = failure("internal", { error: { retry: { retryable: false } } });
  assert.equal(retryAdvice(told).retry, false);
  const wait = failure("rate_limit", { env: { meta: { rate_limit: { limit: 10, remaining: 0, retry_after_ms: 1500 } } } });
  assert.deepEqual(retryAdvice(wait), { retry: true, afterMs: 1500, reason: retryAdvice(failure("rate_limit")).reason });
  const own = failure("rate_limit", { error: { retry: { retryable: true, after_ms: 200 } }, env: { meta: { rate_limit: { limit: 10, remaining: 0, retry_after_ms: 1500 } } } });
  assert.equal(retryAdvice(own).afterMs, 200);
});

test("cursors pass through unchanged, and the last page has none", () => {
  const more = { success: true, data: [], meta: { pagination: { has_more: true, cursor: "c1.opaque" } } };
  const last = { success: true, data: [], meta: { pagination: { has_more: false } } };
  for (const env of [more, last]) assert.deepEqual(validateEnvelope(env), []);
  assert.equal(nextCursor(more), "c1.opaque");
  assert.deepEqual(nextPage({ query: "jwt", page_size: 5 }, more), { query: "jwt", page_size: 5, cursor: "c1.opaque" });
  assert.equal(nextCursor(last), undefined);
  assert.equal(nextPage({ query: "jwt" }, last), undefined);
  assert.equal(nextCursor({ success: true, data: 1 }), undefined);
});

test("on a canonical example from the seeds", () => {
  const env = example("foundry-error-validation.json");
  assert.deepEqual(validateEnvelope(env), []);
  assert.equal(isFailure(env), true);
  assert.equal(retryAdvice(env).retry, false);
});
