// Foundry response-v2 ⇄ canonical, as foundryToCanonical and
// foundryFromCanonical in dialects/foundry.go.

import type { Envelope, Error as CanonicalError, Fidelity, Pagination, RateLimit, Warning } from "../../../generated/ts/src/index.js";
import type * as foundry from "../../../generated/ts-dialects/foundry/index.js";
import { category, code, isObject, metaOf, put, scalars, timingOf } from "./common.js";
import { notAn } from "./fit.js";

/** The members of data that a failure's error is made of. */
const known = ["error_code", "error_type", "remediation", "details", "retry_after_seconds"];

/** The rate-limit periods with a fixed length, in milliseconds. */
const periods: { readonly [period: string]: number } = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/**
 * Maps a valid Foundry response to a canonical envelope, before what the
 * canonical schema rejects is left out (see toCanonical).
 */
export function foundryToCanonical(r: foundry.Response): Envelope {
  const c: Envelope = { success: r.success };
  if (r.success) {
    c.data = { ...r.data };
  } else {
    c.error = foundryError(r.data, r.error ?? "");
    const rest = Object.fromEntries(Object.entries(r.data).filter(([k]) => !known.includes(k)));
    if (Object.keys(rest).length > 0) c.data = rest;
  }
  foundryMeta(r.meta, c);
  return c;
}

function foundryError(ed: foundry.ErrorData, message: string): CanonicalError {
  let cd = code(ed.error_code ?? "");
  if (ed.error_code === undefined && ed.error_type !== undefined) cd = code(ed.error_type);
  const e: CanonicalError = { code: cd, category: ed.error_type ?? category(cd), message };
  if (ed.remediation !== undefined) e.remediation = ed.remediation;
  if (ed.retry_after_seconds !== undefined) e.retry = { retryable: true, after_ms: ed.retry_after_seconds * 1000 };
  const details = scalars(ed.details);
  if (details !== undefined) e.details = details;
  return e;
}

function foundryMeta(fm: foundry.Metadata, c: Envelope): void {
  const m = metaOf(c);
  if (fm.request_id !== undefined) m.request_id = fm.request_id;
  const warnings = foundryWarnings(fm.warnings ?? [], fm.warning_details ?? []);
  if (warnings.length > 0) c.warnings = warnings;
  const p = fm.pagination;
  if (p !== undefined) {
    const cursor = p.cursor ?? undefined;
    const out: Pagination = { has_more: p.has_more ?? (cursor !== undefined && cursor !== "") };
    if (cursor !== undefined) out.cursor = cursor;
    if (p.page_size !== undefined) out.page_size = p.page_size;
    if (p.total_count !== undefined) out.total = p.total_count;
    m.pagination = out;
  }
  const rl = fm.rate_limit;
  if (rl !== undefined && rl.limit !== undefined && rl.remaining !== undefined) {
    const out: RateLimit = { limit: rl.limit, remaining: rl.remaining };
    const window = rl.period !== undefined && Object.hasOwn(periods, rl.period) ? periods[rl.period] : undefined;
    if (window !== undefined) out.window_ms = window;
    if (rl.reset_at !== undefined) out.reset_at = rl.reset_at;
    if (rl.retry_after !== undefined) out.retry_after_ms = rl.retry_after * 1000;
    m.rate_limit = out;
  }
  const t = fm.telemetry;
  if (t !== undefined) {
    if (t.duration_ms !== undefined) timingOf(c).duration_ms = t.duration_ms;
    if (t.cache_hit !== undefined || t.downstream_calls !== undefined) {
      m.telemetry = {};
      if (t.cache_hit !== undefined) m.telemetry.cache_hit = t.cache_hit;
      if (t.downstream_calls !== undefined) m.telemetry.downstream_calls = t.downstream_calls;
    }
  }
  if (fm.content_fidelity !== undefined || fm.dropped_content_ids !== undefined || fm.content_archive_hashes !== undefined) {
    const f: Fidelity = { level: fm.content_fidelity ?? "partial" };
    if (fm.dropped_content_ids !== undefined && fm.dropped_content_ids.length > 0) f.dropped_ids = [...fm.dropped_content_ids];
    if (fm.content_archive_hashes !== undefined && Object.keys(fm.content_archive_hashes).length > 0) {
      f.archive_hashes = { ...fm.content_archive_hashes };
    }
    m.fidelity = f;
  }
}

/**
 * Pairs each string of meta.warnings with the first unused warning_details
 * entry of the same message; details left over follow.
 */
function foundryWarnings(strs: readonly string[], details: readonly foundry.WarningDetail[]): Warning[] {
  const out: Warning[] = [];
  const used = details.map(() => false);
  const fromDetail = (d: foundry.WarningDetail): Warning => {
    const w: Warning = { code: d.code !== undefined ? code(d.code) : "WARNING", severity: d.severity ?? "warning", message: d.message };
    const context = scalars(d.context);
    if (context !== undefined) w.context = context;
    return w;
  };
  for (const s of strs) {
    let w: Warning = { code: "WARNING", severity: "warning", message: s };
    const i = details.findIndex((d, j) => !used[j] && d.message === s);
    if (i >= 0) {
      used[i] = true;
      w = fromDetail(details[i]!);
    }
    out.push(w);
  }
  details.forEach((d, i) => {
    if (!used[i]) out.push(fromDetail(d));
  });
  return out;
}

/**
 * Maps a valid canonical envelope to a Foundry response, as
 * foundryFromCanonical in Go: the error's members go into data, beside the
 * payload's, which give way to them.
 */
export function foundryFromCanonical(c: Envelope): foundry.Response {
  const r: foundry.Response = { success: c.success, data: {}, error: null, meta: { version: "response-v2" } };
  if (c.data !== undefined) {
    if (!isObject(c.data)) throw notAn("foundry", "/data", "an object", "foundry's data must be");
    r.data = { ...c.data };
  }
  const e = c.error;
  if (e !== undefined) {
    r.error = e.message;
    const member = (k: string, v: unknown): void => {
      Object.defineProperty(r.data, k, { value: v, writable: true, enumerable: true, configurable: true });
    };
    member("error_code", e.code);
    member("error_type", e.category);
    if (e.remediation !== undefined) member("remediation", e.remediation);
    if (e.details !== undefined) member("details", e.details);
    if (e.retry?.retryable === true && e.retry.after_ms !== undefined) {
      member("retry_after_seconds", Math.trunc((e.retry.after_ms + 999) / 1000));
    }
  }
  foundryMetaFromCanonical(c, r.meta);
  return r;
}

function foundryMetaFromCanonical(c: Envelope, fm: foundry.Metadata): void {
  for (const w of c.warnings ?? []) {
    (fm.warnings ??= []).push(w.message);
    if (w.code !== "WARNING" || w.severity !== "warning" || w.context !== undefined) {
      const d: foundry.WarningDetail = { code: w.code, severity: w.severity, message: w.message };
      put(d, "context", w.context);
      (fm.warning_details ??= []).push(d);
    }
  }
  const m = c.meta ?? {};
  put(fm, "request_id", m.request_id);
  const p = m.pagination;
  if (p !== undefined) {
    const out: foundry.Pagination = { has_more: p.has_more };
    put(out, "total_count", p.total);
    put(out, "page_size", p.page_size);
    put(out, "cursor", p.cursor);
    fm.pagination = out;
  }
  const rl = m.rate_limit;
  if (rl !== undefined) {
    const out: foundry.RateLimit = { limit: rl.limit, remaining: rl.remaining };
    put(out, "reset_at", rl.reset_at);
    for (const [name, ms] of Object.entries(periods)) {
      if (rl.window_ms === ms) out.period = name;
    }
    if (rl.retry_after_ms !== undefined) out.retry_after = Math.trunc((rl.retry_after_ms + 999) / 1000);
    fm.rate_limit = out;
  }
  const t = m.telemetry ?? {};
  const d = m.timing?.duration_ms;
  if (t.cache_hit !== undefined || t.downstream_calls !== undefined || d !== undefined) {
    const out: foundry.Telemetry = {};
    put(out, "duration_ms", d);
    put(out, "downstream_calls", t.downstream_calls);
    put(out, "cache_hit", t.cache_hit);
    fm.telemetry = out;
  }
  const f = m.fidelity;
  if (f !== undefined) {
    fm.content_fidelity = f.level;
    fm.content_fidelity_schema_version = "1.0";
    if (f.dropped_ids !== undefined) fm.dropped_content_ids = [...f.dropped_ids];
    if (f.archive_hashes !== undefined && Object.keys(f.archive_hashes).length > 0) fm.content_archive_hashes = { ...f.archive_hashes };
  }
}
