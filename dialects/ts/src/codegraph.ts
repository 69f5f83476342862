// Code Graph ⇄ canonical, as codegraphToCanonical and codegraphFromCanonical in
// dialects/codegraph.go.

import type { Envelope, Error as CanonicalError, Meta, NextCall, Pagination } from "../../../generated/ts/src/index.js";
import type * as codegraph from "../../../generated/ts-dialects/codegraph/index.js";
import { category, code, isIndex, isObject, pointer, put, scalars, splitPointer } from "./common.js";

/**
 * Maps a valid Code Graph envelope to a canonical envelope, before what the
 * canonical schema rejects is left out (see toCanonical).
 */
export function codegraphToCanonical(e: codegraph.Envelope): Envelope {
  const d = e.data;
  const workspace: NonNullable<Meta["workspace"]> = { root: d.workspace.root, repo_name: d.workspace.repoName };
  if (d.workspace.rev !== undefined) workspace.revision = d.workspace.rev;
  const meta: Meta = {
    request_id: d.requestId,
    tool: { name: d.tool, version: d.version },
    timing: { started_at: d.generatedAt },
    workspace,
    tokens: { estimated: d.meta.approxTokens },
  };
  const c: Envelope = { success: e.success, meta };
  if (e.success) {
    c.data = d.result;
  } else {
    c.error = codegraphError(d.result as codegraph.ErrorResult);
  }
  const m = d.meta;
  if (m.truncated) meta.fidelity = { level: "partial" };
  if (m.limits.maxItems !== undefined || m.limits.maxDepth !== undefined) {
    meta.limits = {};
    if (m.limits.maxItems !== undefined) meta.limits.max_items = m.limits.maxItems;
    if (m.limits.maxDepth !== undefined) meta.limits.max_depth = m.limits.maxDepth;
  }
  if (m.nextQuerySuggestion !== undefined && m.nextQuerySuggestion.length > 0) {
    meta.next_calls = m.nextQuerySuggestion.map((s) => {
      const n: NextCall = { tool: s.tool, arguments: s.args };
      if (s.reason !== undefined) n.reason = s.reason;
      return n;
    });
  }
  if (m.page !== undefined) {
    const p: Pagination = { has_more: m.page.hasMore };
    if (m.page.cursor !== undefined) p.cursor = m.page.cursor;
    if (m.page.total !== undefined) p.total = m.page.total;
    meta.pagination = p;
  }
  return c;
}

/**
 * The error of a failed call; each entry {path, message} of details.errors
 * (a zod issue) becomes a cause, with its path as a JSON Pointer.
 */
function codegraphError(r: codegraph.ErrorResult): CanonicalError {
  const cd = code(r.error.code);
  const e: CanonicalError = { code: cd, category: category(cd), message: r.error.message };
  const details = scalars(r.error.details);
  if (details !== undefined) e.details = details;
  const issues = zodIssues(r.error.details?.["errors"]);
  if (issues.length > 0) {
    e.causes = issues.map((is) => {
      const cause: CanonicalError = { code: cd, category: e.category, message: is.message };
      if (is.path.length > 0) cause.details = { path: zodPointer(is.path) };
      return cause;
    });
  }
  return e;
}

interface ZodIssue {
  path: unknown[];
  message: string;
}

/**
 * The zod issues of details.errors, read as the Go converter reads them with
 * encoding/json: an array of objects (or nulls) whose path is an array (or
 * null) and whose message is a string (or null). Anything else gives none.
 */
function zodIssues(v: unknown): ZodIssue[] {
  if (!Array.isArray(v)) return [];
  const out: ZodIssue[] = [];
  for (const x of v) {
    if (x === null) {
      out.push({ path: [], message: "" });
      continue;
    }
    if (!isObject(x)) return [];
    const path = x["path"] ?? null;
    const message = x["message"] ?? null;
    if ((path !== null && !Array.isArray(path)) || (message !== null && typeof message !== "string")) return [];
    out.push({ path: path ?? [], message: message ?? "" });
  }
  return out;
}

/** Turns a zod issue path (["items", 0, "kind"]) into a JSON Pointer ("/items/0/kind"). */
function zodPointer(path: readonly unknown[]): string {
  return pointer(path.map((p) => (typeof p === "string" ? p : JSON.stringify(p))));
}

/**
 * Maps a valid canonical envelope to a Code Graph envelope, as
 * codegraphFromCanonical in Go, with the members of the canonical envelope
 * that Code Graph requires and it lacks, as JSON Pointers into it (the
 * document is then not valid).
 */
export function codegraphFromCanonical(c: Envelope): { doc: codegraph.Envelope; missing: string[] } {
  const m = c.meta ?? {};
  const missing: string[] = [];
  const need = (ok: boolean, ptr: string): void => {
    if (!ok) missing.push(ptr);
  };
  need(m.tool !== undefined, "/meta/tool");
  need(m.request_id !== undefined, "/meta/request_id");
  need(m.timing?.started_at !== undefined, "/meta/timing/started_at");
  need(m.workspace?.root !== undefined, "/meta/workspace/root");
  need(m.workspace?.repo_name !== undefined, "/meta/workspace/repo_name");
  const workspace: codegraph.WorkspaceContext = { root: m.workspace?.root ?? "", repoName: m.workspace?.repo_name ?? "" };
  put(workspace, "rev", m.workspace?.revision);
  const meta: codegraph.ResponseMeta = { approxTokens: 0, truncated: m.fidelity !== undefined && m.fidelity.level !== "full", limits: {} };
  const e: codegraph.Envelope = {
    success: c.success,
    data: {
      tool: m.tool?.name ?? "",
      version: m.tool?.version ?? "",
      requestId: m.request_id ?? "",
      generatedAt: m.timing?.started_at ?? "",
      workspace,
      result: c.success && c.data !== undefined ? c.data : null,
      meta,
    },
  };
  const x = c.error;
  if (x !== undefined) {
    const ce: codegraph.Error = { code: x.code, message: x.message };
    if (x.details !== undefined) ce.details = { ...x.details };
    if (x.causes !== undefined && x.causes.length > 0) {
      const issues = x.causes.map((cause) => {
        const path = cause.details?.["path"];
        return { path: typeof path === "string" ? zodPath(path) : [], message: cause.message };
      });
      (ce.details ??= {})["errors"] = issues;
    }
    e.data.result = { error: ce };
  }
  const l = m.limits;
  if (l !== undefined) {
    put(meta.limits, "maxItems", l.max_items);
    put(meta.limits, "maxDepth", l.max_depth);
  }
  if (m.next_calls !== undefined && m.next_calls.length > 0) {
    meta.nextQuerySuggestion = m.next_calls.map((n) => {
      const s: codegraph.QuerySuggestion = { tool: n.tool, args: n.arguments ?? {} };
      put(s, "reason", n.reason);
      return s;
    });
  }
  const p = m.pagination;
  if (p !== undefined) {
    const page: codegraph.Page = { hasMore: p.has_more };
    put(page, "cursor", p.cursor);
    put(page, "total", p.total);
    meta.page = page;
  }
  meta.approxTokens = m.tokens !== undefined ? m.tokens.estimated : approxTokens(e);
  return { doc: e, missing };
}

/**
 * Code Graph's estimate of e's size in tokens, Math.ceil(JSON.stringify(envelope).length / 4),
 * with e holding it, over the JSON text Go writes: <, > and & and the line and
 * paragraph separators are escaped as \u003c and so on. Numbers of the payload
 * are written as JavaScript spells them, where Go keeps the text it read.
 */
function approxTokens(e: codegraph.Envelope): number {
  for (let i = 0; i < 8; i++) {
    const text = JSON.stringify(e);
    const escaped = text.match(/[<>&\u2028\u2029]/g)?.length ?? 0;
    const n = Math.ceil((text.length + 5 * escaped) / 4);
    if (n === e.data.meta.approxTokens) break;
    e.data.meta.approxTokens = n;
  }
  return e.data.meta.approxTokens;
}

/** The reverse of zodPointer: digit-only tokens become numbers. */
function zodPath(ptr: string): (string | number)[] {
  return splitPointer(ptr).map((tok) => (isIndex(tok) ? Number(tok) : tok));
}
