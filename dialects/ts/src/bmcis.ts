// BMCIS → canonical, as bmcisToCanonical in dialects/bmcis.go.

import type { Envelope, Error as CanonicalError, Meta, Pagination, Warning } from "../../../generated/ts/src/index.js";
import type * as bmcis from "../../../generated/ts-dialects/bmcis/index.js";
import { category, code } from "./common.js";

/**
 * Maps a valid BMCIS envelope to a canonical envelope, before what the
 * canonical schema rejects is left out (see toCanonical).
 */
export function bmcisToCanonical(e: bmcis.Envelope): Envelope {
  const md = e._metadata;
  const x = e.execution_context;
  const meta: Meta = {
    request_id: md.request_id,
    tool: { name: md.operation, version: md.version },
    timing: { started_at: md.timestamp, duration_ms: x.execution_time_ms },
    telemetry: { cache_hit: x.cache_hit },
    tokens: { estimated: x.tokens_estimated },
  };
  if (x.tokens_used !== undefined && x.tokens_used !== null) meta.tokens!.actual = x.tokens_used;
  const c: Envelope = { success: md.status !== "error", meta };
  if (md.status === "partial") c.status = "partial";
  if (c.success || e.results.length > 0) c.data = e.results;
  if (e.warnings.length > 0) {
    c.warnings = e.warnings.map((w) => {
      const out: Warning = { code: code(w.code), severity: w.level, message: w.message };
      if (w.suggestion !== undefined && w.suggestion !== null) out.suggestion = w.suggestion;
      return out;
    });
  }
  if (!c.success) c.error = bmcisError(e);
  const p = e.pagination;
  if (p !== undefined && p !== null) {
    const out: Pagination = { has_more: p.has_more ?? (p.cursor !== undefined && p.cursor !== "") };
    if (p.cursor !== undefined) out.cursor = p.cursor;
    if (p.page_size !== undefined) out.page_size = p.page_size;
    if (p.total_available !== undefined && p.total_available !== null) out.total = p.total_available;
    meta.pagination = out;
  }
  return c;
}

/**
 * The error of a failed response: its error object, or the first error-level
 * warning, or UNKNOWN; the message is the status message unless the error
 * object has one.
 */
function bmcisError(e: bmcis.Envelope): CanonicalError {
  let cd = "UNKNOWN";
  let message = e._metadata.message ?? "";
  const w = e.warnings.find((w) => w.level === "error");
  if (w !== undefined) {
    cd = code(w.code);
    if (message === "") message = w.message;
  }
  if (e.error !== undefined) {
    cd = code(e.error.code);
    message = e.error.message;
  }
  if (message === "") message = "The operation failed.";
  return { code: cd, category: category(cd), message };
}
