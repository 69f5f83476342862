// mcp.envelope.v0.1 (with prov.record.v0.1) ⇄ canonical, as mcpToCanonical
// and mcpFromCanonical in dialects/mcpenvelope.go.

import type { Artifact, Envelope, Error as CanonicalError, Pagination, Provenance } from "../../../generated/ts/src/index.js";
import type * as mcp from "../../../generated/ts-dialects/mcpenvelope/index.js";
import { category, code, fieldPointer, metaOf, pointerField, put, scalars, timingOf } from "./common.js";

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

/**
 * Maps a valid canonical envelope to an mcp.envelope, as mcpFromCanonical in
 * Go: causes become further errors, and a page with more to come its last
 * warning. Details are written as they are: fit leaves out the lists and
 * objects the schema rejects.
 */
export function mcpEnvelopeFromCanonical(c: Envelope): mcp.Envelope {
  const e: mcp.Envelope = { schema_version: "mcp.envelope.v0.1", result: c.data === undefined ? null : (c.data as mcp.Envelope["result"]) };
  if (c.error !== undefined) e.errors = [c.error, ...(c.error.causes ?? [])].map(mcpErrorFrom);
  const warnings: mcp.EnvelopeWarning[] = (c.warnings ?? []).map((w) => {
    const out: mcp.EnvelopeWarning = { code: w.code, message: w.message };
    put(out, "details", w.context as mcp.EnvelopeWarning["details"]);
    return out;
  });
  const more = moreResults(c.meta?.pagination);
  if (more !== undefined) warnings.push(more);
  if (warnings.length > 0) e.warnings = warnings;
  e.provenance = c.provenance === undefined ? null : provFromCanonical(c.provenance);
  const m = c.meta;
  if (m !== undefined) {
    const meta: mcp.EnvelopeMeta = {};
    put(meta, "request_id", m.request_id);
    put(meta, "adapter", m.tool?.adapter);
    const d = m.timing?.duration_ms;
    if (d !== undefined) meta.duration_ms = Math.sign(d) * Math.round(Math.abs(d)); // Go's math.Round: half away from zero
    if (Object.keys(meta).length > 0) e.meta = meta;
  }
  return e;
}

/** The warning that carries p, or undefined when there is no next page to carry. */
function moreResults(p: Pagination | undefined): mcp.EnvelopeWarning | undefined {
  if (p === undefined || !p.has_more || p.cursor === undefined) return undefined;
  const details: { [key: string]: string | number } = { cursor: p.cursor };
  if (p.page_size !== undefined) details["page_size"] = p.page_size;
  if (p.total !== undefined) details["total"] = p.total;
  return { code: moreResultsCode, message: moreResultsMessage, details };
}

function mcpErrorFrom(x: CanonicalError): mcp.EnvelopeError {
  const out: mcp.EnvelopeError = { code: x.code, message: x.message };
  put(out, "details", x.details as mcp.EnvelopeError["details"]);
  put(out, "retryable", x.retry?.retryable);
  return out;
}

function provFromCanonical(p: Provenance): mcp.ProvRecord {
  const tool: mcp.ProvRecordTool = { name: p.tool.name, version: p.tool.version };
  put(tool, "adapter", p.tool.adapter);
  const out: mcp.ProvRecord = {
    schema_version: "prov.record.v0.1",
    run_id: p.run_id,
    tool,
    inputs: (p.inputs ?? []).map(artifactFromCanonical),
    outputs: (p.outputs ?? []).map(artifactFromCanonical),
    methods: [...(p.methods ?? [])],
    evidence: (p.evidence ?? []).map((ev) => {
      const x: mcp.Evidence = { schema_version: "evidence.v0.1", field: pointerField(ev.field), source: ev.source };
      put(x, "method", ev.method);
      put(x, "note", ev.note);
      return x;
    }),
    parents: [...(p.parents ?? [])],
  };
  put(out, "time", p.started_at);
  const integrity = p.integrity;
  if (integrity !== undefined) {
    const [alg, value] = cut(integrity.record_digest);
    out.integrity = { record_digest: { alg: alg as mcp.ProvRecordIntegrityRecordDigestAlg, value } };
    const s = integrity.signature;
    if (s !== undefined) out.integrity.signature = { alg: s.alg, key_id: s.key_id, value: s.value };
  }
  return out;
}

function artifactFromCanonical(a: Artifact): mcp.Artifact {
  const out: mcp.Artifact = { schema_version: "artifact.v0.1", artifact_id: a.id, media_type: a.media_type ?? "application/octet-stream" };
  put(out, "locator", a.locator);
  put(out, "size_bytes", a.size_bytes);
  if (a.labels !== undefined) out.labels = { ...a.labels };
  if (a.digest !== undefined) {
    const [alg, value] = cut(a.digest);
    out.digest = { alg: alg as mcp.ArtifactDigestAlg, value };
  }
  return out;
}

/** s before and after its first ":", as Go's strings.Cut; all of s and "" without one. */
function cut(s: string): [string, string] {
  const i = s.indexOf(":");
  return i < 0 ? [s, ""] : [s.slice(0, i), s.slice(i + 1)];
}
