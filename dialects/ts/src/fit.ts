// Leaving out what keeps a converted document from being valid, as
// dialects/fit.go does.

import type { ValidationError, Validator } from "../../../generated/ts/src/index.js";
import { pointer, splitPointer } from "./common.js";

/**
 * A converted document that is not valid in its dialect and cannot be made
 * valid by leaving members out, e.g. a Code Scalpel error with an empty
 * message, which a canonical error requires.
 */
export class UnfitError extends Error {
  readonly dialect: string;
  readonly violations: readonly ValidationError[];

  constructor(dialect: string, violations: readonly ValidationError[]) {
    super(
      `the result cannot be a valid ${dialect} document:` +
        violations.map((v) => `\n#${v.instancePath}: ${v.message}`).join(""),
    );
    this.name = "UnfitError";
    this.dialect = dialect;
    this.violations = violations;
  }
}

/**
 * The violations of value, sorted by instance path, keyword and schema path,
 * without duplicates: the order dialects/validate.go gives them in.
 */
export function violations(validate: Validator, value: unknown): ValidationError[] {
  const key = (v: ValidationError): string[] => [v.instancePath, v.keyword, v.schemaPath, v.message];
  const sorted = [...validate(value)].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    for (let i = 0; i < x.length; i++) {
      if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    }
    return 0;
  });
  return sorted.filter((v, i) => i === 0 || key(v).join("\u0000") !== key(sorted[i - 1]!).join("\u0000"));
}

/**
 * Encodes v (as JSON: undefined members are left out) and leaves out
 * whatever keeps it from being valid: each violation removes the member it is
 * about (for a missing required member, the object that lacks it), deepest
 * first, until the document is valid; then the containers that this emptied,
 * where the document stays valid without them. A violation about one of keep,
 * or the root, cannot be fixed that way and throws an UnfitError.
 */
export function fit(dialect: string, validate: Validator, keep: readonly string[], v: unknown): unknown {
  let tree: unknown = JSON.parse(JSON.stringify(v));
  const emptied: string[] = [];
  const removed: ValidationError[] = [];
  for (;;) {
    const vs = violations(validate, tree);
    if (vs.length === 0) break;
    let deepest = vs[0]!;
    for (const x of vs) {
      if (depth(x.instancePath) > depth(deepest.instancePath)) deepest = x;
    }
    const p = deepest.instancePath;
    if (p === "" || keep.includes(p) || !remove(tree, p)) {
      const cause = removed.filter((r) => r.instancePath.startsWith(p + "/"));
      throw new UnfitError(dialect, cause.length > 0 ? cause : vs);
    }
    removed.push(deepest);
    const parent = parentPointer(p);
    if (isEmpty(at(tree, parent))) emptied.push(parent);
  }
  while (emptied.length > 0) {
    const p = emptied.pop()!;
    if (p === "" || keep.includes(p) || !isEmpty(at(tree, p))) continue;
    const trial: unknown = JSON.parse(JSON.stringify(tree));
    remove(trial, p);
    if (violations(validate, trial).length === 0) {
      tree = trial;
      emptied.push(parentPointer(p));
    }
  }
  return tree;
}

function depth(ptr: string): number {
  return ptr.split("/").length - 1;
}

function parentPointer(ptr: string): string {
  return ptr.slice(0, ptr.lastIndexOf("/"));
}

function isEmpty(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === "object" && v !== null && Object.keys(v).length === 0;
}

/** The value at the JSON Pointer ptr, or undefined. */
function at(v: unknown, ptr: string): unknown {
  for (const tok of splitPointer(ptr)) {
    if (Array.isArray(v)) {
      v = isIndex(tok) ? v[Number(tok)] : undefined;
    } else if (typeof v === "object" && v !== null && Object.hasOwn(v, tok)) {
      v = (v as { [key: string]: unknown })[tok];
    } else {
      return undefined;
    }
  }
  return v;
}

/** Deletes the member or item at ptr; reports whether there was one. */
function remove(v: unknown, ptr: string): boolean {
  const tokens = splitPointer(ptr);
  const last = tokens.pop();
  if (last === undefined) return false;
  const parent = at(v, pointer(tokens));
  if (Array.isArray(parent)) {
    if (!isIndex(last) || Number(last) >= parent.length) return false;
    parent.splice(Number(last), 1);
    return true;
  }
  if (typeof parent === "object" && parent !== null && Object.hasOwn(parent, last)) {
    delete (parent as { [key: string]: unknown })[last];
    return true;
  }
  return false;
}

function isIndex(tok: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(tok);
}

/**
 * The error of a canonical member the target cannot hold because of its
 * type, e.g. "the canonical /data is not an object, as foundry's data must
 * be", as notAn in dialects/foundry.go.
 */
export function notAn(dialect: string, ptr: string, want: string, must: string): UnfitError {
  return new UnfitError(dialect, [
    { instancePath: ptr, schemaPath: "", keyword: "type", message: `the canonical ${ptr} is not ${want}, as ${must}` },
  ]);
}
