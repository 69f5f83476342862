// mcp.envelope.v0.1 (with prov.record.v0.1) → canonical, as mcpToCanonical in
// dialects/mcpenvelope.go.

import type { Artifact, Envelope, Error as CanonicalError, Pagination, Provenance } from "../../../generated/ts/src/index.js";
import type * as mcp from "../../../generated/ts-dialects/mcpenvelope/index.js";
import { category, code, fieldPointer, metaOf, scalars, timingOf } from "./common.js";

/**
 * Maps a valid mcp.envelope to a canonical envelope, before what the
 * canonical schema rejects is left out (see toCanonical).
 */
export function mcpEnvelopeToCanonical(e: mcp.Envelope): Envelope {
  const errors = e.errors ?? [];
  const c: Envelope = { success: errors.length === 0 };
  if (c.success || e.result !== null) c.data = e.result;
  const [first, ...rest] = errors;
  if (first !== undefined) {
    c.error = mcpError(first);
    if (rest.length > 0) c.error.causes = rest.map(mcpError);
  }
  let warnings = e.warnings ?? [];
  const last = warnings[warnings.length - 1];
  const pagination = last === undefined ? undefined : paginationOf(last);
  if (pagination !== undefined) {
    metaOf(c).pagination = pagination;
    warnings = warnings.slice(0, -1);
  }
  if (warnings.length > 0) {
    c.warnings = warnings.map((w) => {
      const context = scalars(w.details);
      return { code: code(w.code), severity: "warning", message: w.message, ...(context !== undefined && { context }) };
    });
  }
  const prov = e.provenance ?? undefined;
  if (prov !== undefined) c.provenance = provToCanonical(prov);
  const m = e.meta;
  if (m !== undefined) {
    const meta = metaOf(c);
    if (m.request_id !== undefined) meta.request_id = m.request_id;
    if (m.duration_ms !== undefined) timingOf(c).duration_ms = m.duration_ms;
    if (m.adapter !== undefined && prov !== undefined) {
      meta.tool = { name: prov.tool.name, version: prov.tool.version, adapter: m.adapter };
    }
  }
  return c;
}

/** The code and message of the warning that carries a page's pagination (moreResults in Go). */
const moreResultsCode = "PAGINATION.MORE_RESULTS";
const moreResultsMessage = "More results follow: call the tool again with details.cursor as its cursor to get the next page.";

/** Reads the warning that moreResults wrote, exactly, as paginationOf in Go; any other warning gives undefined. */
function paginationOf(w: mcp.EnvelopeWarning): Pagination | undefined {
  if (w.code !== moreResultsCode || w.message !== moreResultsMessage || w.evidence !== undefined) return undefined;
  const p: Pagination = { has_more: true };
  const whole = (v: unknown, min: number): v is number => typeof v === "number" && Number.isInteger(v) && v >= min && v < 2 ** 53;
  for (const [k, v] of Object.entries(w.details ?? {})) {
    if (k === "cursor" && typeof v === "string" && v !== "") p.cursor = v;
    else if (k === "page_size" && whole(v, 1)) p.page_size = v;
    else if (k === "total" && whole(v, 0)) p.total = v;
    else return undefined;
  }
  return p.cursor === undefined ? undefined : p;
}

function mcpError(x: mcp.EnvelopeError): CanonicalError {
  const cd = code(x.code);
  const e: CanonicalError = { code: cd, category: category(cd), message: x.message };
  if (x.retryable !== undefined) e.retry = { retryable: x.retryable };
  const details = scalars(x.details);
  if (details !== undefined) e.details = details;
  return e;
}

function provToCanonical(p: mcp.ProvRecord): Provenance {
  const out: Provenance = { run_id: p.run_id, tool: { name: p.tool.name, version: p.tool.version } };
  if (p.tool.adapter !== undefined) out.tool.adapter = p.tool.adapter;
  if (p.time !== undefined) out.started_at = p.time;
  if (p.inputs.length > 0) out.inputs = p.inputs.map(artifactToCanonical);
  if (p.outputs.length > 0) out.outputs = p.outputs.map(artifactToCanonical);
  if (p.methods.length > 0) out.methods = [...p.methods];
  if (p.evidence.length > 0) {
    out.evidence = p.evidence.map((ev) => {
      const x: NonNullable<Provenance["evidence"]>[number] = { field: fieldPointer(ev.field), source: ev.source };
      if (ev.method !== undefined) x.method = ev.method;
      if (ev.note !== undefined) x.note = ev.note;
      return x;
    });
  }
  if (p.parents.length > 0) out.parents = [...p.parents];
  const integrity = p.integrity;
  if (integrity?.record_digest !== undefined) {
    out.integrity = { record_digest: digest(integrity.record_digest.alg, integrity.record_digest.value) };
    const s = integrity.signature;
    if (s !== undefined) out.integrity.signature = { alg: s.alg, key_id: s.key_id, value: s.value };
  }
  return out;
}

function artifactToCanonical(a: mcp.Artifact): Artifact {
  const out: Artifact = { id: a.artifact_id, media_type: a.media_type };
  if (a.locator !== undefined) out.locator = a.locator;
  if (a.size_bytes !== undefined) out.size_bytes = a.size_bytes;
  if (a.digest !== undefined) out.digest = digest(a.digest.alg, a.digest.value);
  if (a.labels !== undefined) out.labels = { ...a.labels };
  return out;
}

/** A canonical digest, algorithm:hex in lower case. */
function digest(alg: string, value: string): string {
  return alg + ":" + value.toLowerCase();
}
