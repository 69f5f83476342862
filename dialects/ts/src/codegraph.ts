// Code Graph → canonical, as codegraphToCanonical in dialects/codegraph.go.

import type { Envelope, Error as CanonicalError, Meta, NextCall, Pagination } from "../../../generated/ts/src/index.js";
import type * as codegraph from "../../../generated/ts-dialects/codegraph/index.js";
import { category, code, isObject, pointer, scalars } from "./common.js";

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
