// A runtime structural check of the canonical envelope, written against the
// generated TypeScript types of @envgen/envelope.
//
// TODO(envgen): when generated/ts exports the generated validators, replace
// checkEnvelope with `validateEnvelope` (expect an empty error list) and
// isEnvelopeShape with `isEnvelope`, both from "@envgen/envelope", and delete
// this file. Until then the checks below mirror schemas/*.json member by
// member, and the MCP SDK client validates every structuredContent against the
// tool's bundled outputSchema on top of them.

import type { Envelope, Error as EnvelopeError, Meta, Warning } from "@envgen/envelope";

const CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
const CATEGORIES = ["validation", "authentication", "authorization", "not_found", "conflict",
  "rate_limit", "feature_flag", "internal", "unavailable"];
const MODES = ["ids_only", "metadata", "preview", "full"];
const META = ["request_id", "tool", "timing", "tier", "capabilities", "upgrade_hints", "workspace",
  "pagination", "rate_limit", "telemetry", "tokens", "fidelity", "limits", "next_calls", "response_mode"];

type Obj = Record<string, unknown>;

function fail(path: string, what: string): never {
  throw new TypeError(`envelope${path}: ${what}`);
}

function object(v: unknown, path: string, allowed: readonly string[], required: readonly string[] = []): Obj {
  if (typeof v !== "object" || v === null || Array.isArray(v)) fail(path, "expected an object");
  const o = v as Obj;
  for (const k of Object.keys(o)) if (!allowed.includes(k)) fail(path, `unknown member "${k}"`);
  for (const k of required) if (!(k in o)) fail(path, `missing member "${k}"`);
  return o;
}

function text(v: unknown, path: string, max = 2000): void {
  if (typeof v !== "string" || v.length < 1 || v.length > max) fail(path, "expected a non-empty string");
}

function int(v: unknown, path: string, min: number): void {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min) fail(path, `expected an integer >= ${min}`);
}

function scalars(v: unknown, path: string): void {
  if (typeof v !== "object" || v === null || Array.isArray(v)) fail(path, "expected an object");
  for (const [k, x] of Object.entries(v)) {
    if (x !== null && !["string", "number", "boolean"].includes(typeof x)) fail(`${path}/${k}`, "expected a scalar");
  }
}

function checkError(v: unknown, path: string): asserts v is EnvelopeError {
  const e = object(v, path, ["code", "category", "message", "remediation", "retry", "details", "causes"],
    ["code", "category", "message"]);
  if (typeof e["code"] !== "string" || !CODE.test(e["code"])) fail(`${path}/code`, "expected SCREAMING_SNAKE_CASE");
  if (!CATEGORIES.includes(e["category"] as string)) fail(`${path}/category`, "unknown category");
  text(e["message"], `${path}/message`);
  if ("remediation" in e) text(e["remediation"], `${path}/remediation`);
  if ("retry" in e) {
    const r = object(e["retry"], `${path}/retry`, ["retryable", "after_ms"], ["retryable"]);
    if (typeof r["retryable"] !== "boolean") fail(`${path}/retry/retryable`, "expected a boolean");
    if ("after_ms" in r) int(r["after_ms"], `${path}/retry/after_ms`, 0);
  }
  if ("details" in e) scalars(e["details"], `${path}/details`);
  if ("causes" in e) (e["causes"] as unknown[]).forEach((c, i) => checkError(c, `${path}/causes/${i}`));
}

function checkWarning(v: unknown, path: string): asserts v is Warning {
  const w = object(v, path, ["code", "severity", "message", "suggestion", "context"], ["code", "severity", "message"]);
  if (typeof w["code"] !== "string" || !CODE.test(w["code"])) fail(`${path}/code`, "expected SCREAMING_SNAKE_CASE");
  if (!["info", "warning", "error"].includes(w["severity"] as string)) fail(`${path}/severity`, "unknown severity");
  text(w["message"], `${path}/message`);
  if ("suggestion" in w) text(w["suggestion"], `${path}/suggestion`);
  if ("context" in w) scalars(w["context"], `${path}/context`);
}

function checkMeta(v: unknown, path: string): asserts v is Meta {
  const m = object(v, path, META);
  if ("response_mode" in m && !MODES.includes(m["response_mode"] as string)) fail(`${path}/response_mode`, "unknown mode");
  if ("tool" in m) {
    const t = object(m["tool"], `${path}/tool`, ["name", "version", "adapter"], ["name", "version"]);
    text(t["name"], `${path}/tool/name`, 128);
    text(t["version"], `${path}/tool/version`, 100);
  }
  if ("pagination" in m) {
    const p = object(m["pagination"], `${path}/pagination`, ["has_more", "cursor", "page_size", "total"], ["has_more"]);
    if (typeof p["has_more"] !== "boolean") fail(`${path}/pagination/has_more`, "expected a boolean");
    if (p["has_more"] === true || "cursor" in p) text(p["cursor"], `${path}/pagination/cursor`, Infinity);
    if ("page_size" in p) int(p["page_size"], `${path}/pagination/page_size`, 1);
    if ("total" in p) int(p["total"], `${path}/pagination/total`, 0);
  }
  if ("tokens" in m) {
    const t = object(m["tokens"], `${path}/tokens`, ["estimated", "actual", "budget"], ["estimated"]);
    int(t["estimated"], `${path}/tokens/estimated`, 0);
    if ("budget" in t) int(t["budget"], `${path}/tokens/budget`, 1);
  }
  if ("fidelity" in m) {
    const f = object(m["fidelity"], `${path}/fidelity`, ["level", "dropped_ids", "archive_hashes"], ["level"]);
    if (!["full", "partial", "summary", "reference_only"].includes(f["level"] as string)) fail(`${path}/fidelity/level`, "unknown level");
    if ("dropped_ids" in f && !(f["dropped_ids"] as unknown[]).every((x) => typeof x === "string")) {
      fail(`${path}/fidelity/dropped_ids`, "expected strings");
    }
  }
  if ("limits" in m) {
    const l = object(m["limits"], `${path}/limits`, ["max_items", "max_depth", "max_tokens", "max_bytes"]);
    for (const [k, x] of Object.entries(l)) int(x, `${path}/limits/${k}`, 0);
  }
}

/** Whether v has the shape of an envelope, without looking inside data. */
export function isEnvelopeShape(v: unknown): v is Envelope<unknown> {
  try {
    checkEnvelope(v);
    return true;
  } catch {
    return false;
  }
}

/** Throws a TypeError naming the first member of v that breaks the envelope schema. */
export function checkEnvelope(v: unknown): asserts v is Envelope<unknown> {
  const e = object(v, "", ["success", "status", "data", "error", "warnings", "meta", "provenance"], ["success"]);
  if (typeof e["success"] !== "boolean") fail("/success", "expected a boolean");
  if (e["success"]) {
    if (!("data" in e)) fail("", "a successful envelope needs data");
    if ("error" in e) fail("/error", "forbidden on success");
    if ("status" in e && !["ok", "partial"].includes(e["status"] as string)) fail("/status", "expected ok or partial");
  } else {
    if (!("error" in e)) fail("", "a failed envelope needs error");
    if ("status" in e && e["status"] !== "error") fail("/status", "expected error");
  }
  if ("error" in e) checkError(e["error"], "/error");
  if ("warnings" in e) (e["warnings"] as unknown[]).forEach((w, i) => checkWarning(w, `/warnings/${i}`));
  if ("meta" in e) checkMeta(e["meta"], "/meta");
  for (const [k, x] of Object.entries(e)) if (x === null) fail(`/${k}`, "null is never absence");
}
