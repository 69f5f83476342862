// meta.source: what a dialect document holds that canonical's members cannot
// carry, recorded on the way to canonical and written back on the way back to
// the same convention, as dialects/source.go does.

import type { Source, SourceValue } from "../../../generated/ts/src/index.js";
import { validateSource } from "../../../generated/ts/src/index.js";
import { isObject, pointer, splitPointer } from "./common.js";

/** The bounds of meta.source, as meta.json#/$defs/source sets them. */
const maxEntries = 64; // kept values, and absent members, each
const maxPointer = 256; // characters of a pointer
const maxItems = 100; // items or members of a kept array or object
const maxString = 2000; // characters of a kept string

/**
 * The meta.source of a document of the convention named: what doc holds that
 * back, the way back from its canonical envelope, does not write as it is.
 * Each member where back differs from doc is kept (doc's value) or marked
 * absent (doc had none); undefined when the way back is exact. A value too
 * large for meta.source's bounds is not kept, and stays a loss.
 */
export function recordSource(convention: string, doc: unknown, back: unknown): Source | undefined {
  const r = new Recorder();
  r.walk(doc, back, "");
  if (r.kept.size === 0 && r.absent.length === 0) return undefined;
  const s: Source = { convention };
  if (r.kept.size > 0) s.kept = Object.fromEntries(r.kept);
  if (r.absent.length > 0) s.absent = r.absent;
  return validateSource(s).length === 0 ? s : undefined; // the recorder keeps to the bounds
}

class Recorder {
  readonly kept: Map<string, SourceValue> = new Map();
  readonly absent: string[] = [];

  /** Compares doc's value a with the way back's b, at ptr. */
  walk(a: unknown, b: unknown, ptr: string): void {
    if (isObject(a) && isObject(b)) {
      for (const k of sortedKeys(a)) {
        const p = ptr + pointer([k]);
        if (Object.hasOwn(b, k)) this.walk(a[k], b[k], p);
        else this.keep(p, a[k]);
      }
      for (const k of sortedKeys(b)) {
        if (!Object.hasOwn(a, k)) this.markAbsent(ptr + pointer([k]));
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
      a.forEach((x, i) => this.walk(x, b[i], `${ptr}/${i}`));
      return;
    }
    if (!jsonEqual(a, b)) this.keep(ptr, a);
  }

  /**
   * Records v at ptr, all of it or nothing: one entry when v is one level
   * deep, else an empty container and the entries of its members.
   */
  keep(ptr: string, v: unknown): void {
    const entries: [string, SourceValue][] = [];
    if (ptr === "" || !flatten(ptr, v, entries) || this.kept.size + entries.length > maxEntries) return;
    for (const [p, x] of entries) this.kept.set(p, x);
  }

  markAbsent(ptr: string): void {
    if (runes(ptr) <= maxPointer && this.absent.length < maxEntries) this.absent.push(ptr);
  }
}

/** Appends the entries that keep v at ptr; false when a pointer or a string is too long. */
function flatten(ptr: string, v: unknown, out: [string, SourceValue][]): boolean {
  if (runes(ptr) > maxPointer) return false;
  if (flat(v)) {
    out.push([ptr, v as SourceValue]);
    return true;
  }
  if (isObject(v)) {
    out.push([ptr, {}]);
    return sortedKeys(v).every((k) => flatten(ptr + pointer([k]), v[k], out));
  }
  if (Array.isArray(v)) {
    out.push([ptr, []]);
    return v.every((x, i) => flatten(`${ptr}/${i}`, x, out));
  }
  return false; // a string too long
}

/** Whether v is a source value: a scalar, or an array or object of at most maxItems scalars. */
function flat(v: unknown): boolean {
  if (Array.isArray(v)) return v.length <= maxItems && v.every(scalar);
  if (isObject(v)) {
    const vals = Object.values(v);
    return vals.length <= maxItems && vals.every(scalar);
  }
  return scalar(v);
}

function scalar(v: unknown): boolean {
  if (typeof v === "object" && v !== null) return false;
  return typeof v !== "string" || runes(v) <= maxString;
}

/** The characters (code points) of s, as Go's utf8.RuneCountInString counts them. */
function runes(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The keys of o in Go's order for strings: by UTF-8 bytes, which is by code points. */
export function sortedKeys(o: object): string[] {
  return Object.keys(o).sort(compareStrings);
}

function compareStrings(a: string, b: string): number {
  const x = a[Symbol.iterator]();
  const y = b[Symbol.iterator]();
  for (;;) {
    const p = x.next();
    const q = y.next();
    if (p.done || q.done) return (p.done ? 0 : 1) - (q.done ? 0 : 1);
    const c = p.value.codePointAt(0)! - q.value.codePointAt(0)!;
    if (c !== 0) return c;
  }
}

/** Whether two JSON values are equal: the same members and items, member order aside. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return a === b;
}

/**
 * Writes the entries of s into out, a document of the convention s names:
 * kept values parents first (array items in order, an item at the length of
 * its array appended), then absent members removed. An entry whose parent is
 * not there is skipped; fit then makes the document valid. out is changed.
 */
export function applySource(out: unknown, s: Source): void {
  const kept = s.kept ?? {};
  for (const p of Object.keys(kept).sort(comparePointers)) {
    set(out, p, JSON.parse(JSON.stringify(kept[p])));
  }
  for (const p of [...(s.absent ?? [])].sort(comparePointers).reverse()) {
    remove(out, p);
  }
}

/**
 * Orders JSON Pointers token by token, a parent before its members and array
 * indexes by their numbers.
 */
function comparePointers(a: string, b: string): number {
  const x = splitPointer(a);
  const y = splitPointer(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const s = x[i]!;
    const t = y[i]!;
    if (s === t) continue;
    const m = goAtoi(s);
    const n = goAtoi(t);
    if (m !== undefined && n !== undefined) return m - n;
    return compareStrings(s, t);
  }
  return x.length - y.length;
}

/** The number strconv.Atoi reads in s (an optional sign, decimal digits), or undefined. */
function goAtoi(s: string): number | undefined {
  return /^[+-]?[0-9]+$/.test(s) ? Number(s) : undefined;
}

/** The value at the pointer tokens, or undefined. */
export function at(v: unknown, tokens: readonly string[]): unknown {
  for (const tok of tokens) {
    if (Array.isArray(v)) {
      const i = goAtoi(tok);
      v = i !== undefined && i >= 0 && i < v.length ? v[i] : undefined;
    } else if (isObject(v) && Object.hasOwn(v, tok)) {
      v = v[tok];
    } else {
      return undefined;
    }
  }
  return v;
}

/**
 * Writes val at ptr: an object member added or replaced, an array item
 * replaced or, at the array's length, appended.
 */
function set(doc: unknown, ptr: string, val: unknown): void {
  const tokens = splitPointer(ptr);
  const last = tokens.pop();
  if (last === undefined) return;
  const parent = at(doc, tokens);
  if (Array.isArray(parent)) {
    const i = goAtoi(last);
    if (i !== undefined && i >= 0 && i <= parent.length) parent[i] = val;
  } else if (isObject(parent)) {
    Object.defineProperty(parent, last, { value: val, writable: true, enumerable: true, configurable: true });
  }
}

/** Deletes the member or item at ptr. */
function remove(doc: unknown, ptr: string): void {
  const tokens = splitPointer(ptr);
  const last = tokens.pop();
  if (last === undefined) return;
  const parent = at(doc, tokens);
  if (Array.isArray(parent)) {
    const i = goAtoi(last);
    if (i !== undefined && i >= 0 && i < parent.length) parent.splice(i, 1);
  } else if (isObject(parent) && Object.hasOwn(parent, last)) {
    delete parent[last];
  }
}
