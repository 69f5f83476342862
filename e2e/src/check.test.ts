// The structural check rejects what the envelope schema rejects, so that the
// end-to-end test is not vacuous; and the generated types accept a canonical
// envelope at compile time.

import assert from "node:assert/strict";
import { test } from "node:test";

import type { Envelope } from "@envgen/envelope";

import { checkEnvelope, isEnvelopeShape } from "./check.js";

// Compile-time: a canonical truncated page is an Envelope<...> of the generated types.
const page = {
  success: true,
  data: { hits: [{ chunk_id: 1, score: 0.5, rank: 1 }] },
  warnings: [{ code: "CONTENT_TRUNCATED", severity: "info", message: "Left out 1 of 2 items." }],
  meta: {
    pagination: { has_more: true, cursor: "c1.x", page_size: 2, total: 9 },
    fidelity: { level: "partial", dropped_ids: ["2"] },
    tokens: { estimated: 90, budget: 100 },
    response_mode: "ids_only",
  },
} satisfies Envelope<{ hits: Array<{ chunk_id: number; score: number; rank: number }> }>;

test("accepts canonical envelopes", () => {
  checkEnvelope(page);
  checkEnvelope({ success: false, error: { code: "NOT_FOUND", category: "not_found", message: "m", details: { id: null } } });
  checkEnvelope({ success: true, data: "done" });
});

test("rejects what the schema rejects", () => {
  const bad: Array<[unknown, RegExp]> = [
    [{ data: 1 }, /missing member "success"/],
    [{ success: true }, /needs data/],
    [{ success: false }, /needs error/],
    [{ success: true, data: 1, error: { code: "X", category: "internal", message: "m" } }, /forbidden on success/],
    [{ success: true, data: 1, extra: 1 }, /unknown member "extra"/],
    [{ success: false, error: { code: "not_found", category: "not_found", message: "m" } }, /SCREAMING_SNAKE_CASE/],
    [{ success: false, error: { code: "X", category: "oops", message: "m" } }, /unknown category/],
    [{ success: false, error: { code: "X", category: "internal", message: "m", details: { l: [1] } } }, /expected a scalar/],
    [{ success: true, data: 1, meta: { pagination: { has_more: true } } }, /pagination\/cursor/],
    [{ success: true, data: 1, meta: { tokens: { estimated: -1 } } }, /tokens\/estimated/],
    [{ success: true, data: 1, meta: { response_mode: "everything" } }, /unknown mode/],
    [{ success: true, data: 1, meta: { version: "response-v2" } }, /unknown member "version"/],
    [{ success: true, data: 1, warnings: [{ code: "W", severity: "loud", message: "m" }] }, /unknown severity/],
    [{ success: true, data: 1, provenance: null }, /null is never absence/],
    [{ success: true, data: 1, status: "error" }, /expected ok or partial/],
  ];
  for (const [v, re] of bad) {
    assert.throws(() => checkEnvelope(v), re, JSON.stringify(v));
    assert.equal(isEnvelopeShape(v), false);
  }
});
