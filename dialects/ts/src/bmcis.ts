// BMCIS ⇄ canonical, as bmcisToCanonical and bmcisFromCanonical in
// dialects/bmcis.go.

import type { Envelope, Error as CanonicalError, Meta, Pagination, Warning } from "../../../generated/ts/src/index.js";
import type * as bmcis from "../../../generated/ts-dialects/bmcis/index.js";
import { category, code, put } from "./common.js";
import { notAn } from "./fit.js";

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

/**
 * Maps a valid canonical envelope to a BMCIS envelope, as bmcisFromCanonical
 * in Go, with the members of the canonical envelope that BMCIS requires and
 * it lacks, as JSON Pointers into it (the document is then not valid).
 */
export function bmcisFromCanonical(c: Envelope): { doc: bmcis.Envelope; missing: string[] } {
  const m = c.meta ?? {};
  const missing: string[] = [];
  const need = (ok: boolean, ptr: string): void => {
    if (!ok) missing.push(ptr);
  };
  need(m.tool !== undefined, "/meta/tool");
  need(m.timing?.started_at !== undefined, "/meta/timing/started_at");
  need(m.request_id !== undefined, "/meta/request_id");
  need(m.tokens !== undefined, "/meta/tokens");
  need(m.telemetry?.cache_hit !== undefined, "/meta/telemetry/cache_hit");
  need(m.timing?.duration_ms !== undefined, "/meta/timing/duration_ms");
  const e: bmcis.Envelope = {
    _metadata: {
      operation: m.tool?.name ?? "",
      version: m.tool?.version ?? "",
      timestamp: m.timing?.started_at ?? "",
      request_id: m.request_id ?? "",
      status: "success",
    },
    results: [],
    pagination: null,
    execution_context: {
      tokens_estimated: m.tokens?.estimated ?? 0,
      cache_hit: m.telemetry?.cache_hit ?? false,
      execution_time_ms: m.timing?.duration_ms ?? 0,
      request_id: m.request_id ?? "",
    },
    warnings: [],
  };
  put(e.execution_context, "tokens_used", m.tokens?.actual);
  if (c.data !== undefined) {
    if (!Array.isArray(c.data)) throw notAn("bmcis", "/data", "an array", "bmcis results must be");
    e.results = [...c.data];
  }
  if (c.error !== undefined) {
    e._metadata.status = "error";
    e._metadata.message = c.error.message;
    e.error = { code: c.error.code, message: c.error.message };
  } else if (c.status === "partial") {
    e._metadata.status = "partial";
  }
  e.warnings = (c.warnings ?? []).map((w) => {
    const out: bmcis.ResponseWarning = { level: w.severity, code: w.code, message: w.message };
    put(out, "suggestion", w.suggestion);
    return out;
  });
  const p = m.pagination;
  if (p !== undefined) {
    const out: bmcis.PaginationMetadata = { has_more: p.has_more };
    put(out, "cursor", p.cursor);
    put(out, "page_size", p.page_size);
    put(out, "total_available", p.total);
    e.pagination = out;
  }
  return { doc: e, missing };
}
