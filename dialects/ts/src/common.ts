// The steps every converter shares, as dialects/common.go and dialects/paths.go
// take them: the spelling of codes, the category of a code, what details and
// context hold, and JSON Pointers.

import { isDetail, type Category, type Code, type DetailMap, type Envelope, type Meta, type Timing } from "../../../generated/ts/src/index.js";

/**
 * Spells a dialect's error or warning code as a canonical one, in
 * SCREAMING_SNAKE_CASE: ASCII letters upper-cased, a single dot between
 * letters or digits kept (ADAPTER.EXECUTION.FAILED keeps its spelling), every
 * other run of other characters an underscore ("not_found" becomes NOT_FOUND).
 * A code that starts with a digit gets the prefix E_; one with no letter or
 * digit is UNKNOWN; at most 100 characters are kept.
 */
export function code(s: string): Code {
  let out = "";
  let sep = "";
  for (const ch of s) {
    if (/^[A-Za-z0-9]$/.test(ch)) {
      if (sep !== "" && out.length > 0) out += sep === "." ? "." : "_";
      out += ch.toUpperCase();
      sep = "";
    } else {
      sep += ch;
    }
  }
  if (out === "") out = "UNKNOWN";
  else if (out[0]! >= "0" && out[0]! <= "9") out = "E_" + out;
  if (out.length > 100) out = out.slice(0, 100).replace(/[_.]+$/, "");
  return out;
}

/** The error categories of the codes the seeds document. */
const categories: { readonly [code: string]: Category } = {
  VALIDATION_ERROR: "validation",
  INVALID_FORMAT: "validation",
  MISSING_REQUIRED: "validation",
  INVALID_INPUT: "validation",
  MISSING_PARAMS: "validation",
  UNKNOWN_ACTION: "validation",
  INVALID_FIELDS: "validation",
  TOKEN_LIMIT_EXCEEDED: "validation",
  NOT_FOUND: "not_found",
  SPEC_NOT_FOUND: "not_found",
  TASK_NOT_FOUND: "not_found",
  DUPLICATE_ENTRY: "conflict",
  CONFLICT: "conflict",
  UNAUTHORIZED: "authentication",
  FORBIDDEN: "authorization",
  FEATURE_DISABLED: "feature_flag",
  RATE_LIMIT_EXCEEDED: "rate_limit",
  INTERNAL_ERROR: "internal",
  UNAVAILABLE: "unavailable",
  NOT_AVAILABLE: "unavailable",
};

/**
 * The canonical category of a canonical code: the one the seeds give it,
 * not_found for any other ..._NOT_FOUND, else internal.
 */
export function category(c: Code): Category {
  if (Object.hasOwn(categories, c)) return categories[c]!;
  return c.endsWith("_NOT_FOUND") ? "not_found" : "internal";
}

/**
 * The members of m that canonical details and context hold (Detail: a
 * scalar, a list of scalars or a flat object of scalars, within the schema's
 * limits); undefined when none is left (or m is absent).
 */
export function scalars(m: { readonly [key: string]: unknown } | null | undefined): DetailMap | undefined {
  let out: DetailMap | undefined;
  for (const [k, v] of Object.entries(m ?? {})) {
    if (isDetail(v)) {
      out ??= {};
      out[k] = v;
    }
  }
  return out;
}

/** Whether v is a JSON object (not an array, not null). */
export function isObject(v: unknown): v is { [key: string]: unknown } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The meta of c, created. */
export function metaOf(c: Envelope): Meta {
  return (c.meta ??= {});
}

/** The timing of c's meta, created with the meta. */
export function timingOf(c: Envelope): Timing {
  return (metaOf(c).timing ??= {});
}

/** Spells tokens as an RFC 6901 JSON Pointer. */
export function pointer(tokens: readonly string[]): string {
  return tokens.map((t) => "/" + t.replaceAll("~", "~0").replaceAll("/", "~1")).join("");
}

/** The unescaped tokens of an RFC 6901 JSON Pointer. */
export function splitPointer(ptr: string): string[] {
  if (ptr === "") return [];
  return ptr
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~[01]/g, (m) => (m === "~1" ? "/" : "~")));
}

/**
 * Turns a prov evidence field, a dotted path with [n] indexes ("plan[0]",
 * "a.b[2].c"), into a JSON Pointer ("/plan/0", "/a/b/2/c").
 */
export function fieldPointer(field: string): string {
  const tokens: string[] = [];
  let cur = "";
  const flush = (): void => {
    if (cur !== "") {
      tokens.push(cur);
      cur = "";
    }
  };
  for (let i = 0; i < field.length; i++) {
    const c = field[i]!;
    if (c === ".") {
      flush();
    } else if (c === "[") {
      const end = field.indexOf("]", i);
      if (end < 0) {
        cur += field.slice(i);
        break;
      }
      flush();
      tokens.push(field.slice(i + 1, end));
      i = end;
    } else {
      cur += c;
    }
  }
  flush();
  return pointer(tokens);
}

/** Sets o[k] to v unless v is undefined, which leaves it absent. */
export function put<T extends object, K extends keyof T>(o: T, k: K, v: T[K] | undefined): void {
  if (v !== undefined) o[k] = v;
}

/** v, or null when v is undefined and nulls are written, or undefined (absent). */
export function nullable<T>(v: T | undefined, nulls: boolean): T | null | undefined {
  return v !== undefined ? v : nulls ? null : undefined;
}

/**
 * Turns a JSON Pointer into a prov evidence field, the reverse of
 * fieldPointer: digit-only tokens become [n] indexes, others are joined by dots.
 */
export function pointerField(ptr: string): string {
  let out = "";
  for (const tok of splitPointer(ptr)) {
    if (isIndex(tok)) out += `[${tok}]`;
    else out += out === "" ? tok : "." + tok;
  }
  return out;
}

/** Whether tok is an array index as Go's strconv.ParseUint reads one: decimal digits, at most 2^64-1. */
export function isIndex(tok: string): boolean {
  return /^[0-9]+$/.test(tok) && BigInt(tok) < 2n ** 64n;
}
