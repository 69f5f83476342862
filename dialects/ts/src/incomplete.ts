// Incomplete documents, as dialects/incomplete.go and bmcis_incomplete.go: a
// document that lacks members its dialect's schema requires, and breaks it in
// no other way, converts to canonical from what it has. BMCIS's own error
// examples leave out _metadata's version, timestamp and request_id and the
// whole execution_context. Nothing is made up: a stand-in value makes the
// document map, and the canonical envelope then leaves out what the stand-in
// would have given.

import type { Envelope, ValidationError } from "../../../generated/ts/src/index.js";
import type * as bmcis from "../../../generated/ts-dialects/bmcis/index.js";
import { bmcisToCanonical } from "./bmcis.js";
import { metaOf, pointer, timingOf } from "./common.js";

/** A required member's violation, as the generated validators word it. */
const missingMessage = /^missing required property (".*")$/;

/**
 * The members a document lacks, as JSON Pointers into it, sorted, when every
 * violation is a missing required member; undefined otherwise.
 */
export function missingMembers(violations: readonly ValidationError[]): string[] | undefined {
  const missing = new Set<string>();
  for (const v of violations) {
    const m = v.keyword === "required" ? missingMessage.exec(v.message) : null;
    if (m === null || m[1] === undefined) return undefined;
    missing.add(v.instancePath + pointer([JSON.parse(m[1]) as string]));
  }
  return missing.size === 0 ? undefined : [...missing].sort();
}

interface StandIn {
  /** What the member is filled with so that the document maps. */
  readonly value: unknown;
  /** Leaves out of c what the stand-in gave it. */
  readonly drop: (c: Envelope) => void;
}

const keep = (): void => {};

/**
 * The members of a BMCIS envelope that a document may lack and still convert
 * to canonical. _metadata.status cannot be missing (it decides success), nor
 * can the results of a success.
 */
const bmcisStandIns: { readonly [pointer: string]: StandIn } = {
  "/_metadata/operation": { value: "", drop: (c) => delete metaOf(c).tool },
  "/_metadata/version": { value: "", drop: (c) => delete metaOf(c).tool },
  "/_metadata/timestamp": { value: "1970-01-01T00:00:00Z", drop: (c) => delete timingOf(c).started_at },
  "/_metadata/request_id": { value: "", drop: (c) => delete metaOf(c).request_id },
  "/execution_context": {
    value: {},
    drop: (c) => {
      const m = metaOf(c);
      delete m.tokens;
      delete m.telemetry;
      delete timingOf(c).duration_ms;
    },
  },
  "/execution_context/tokens_estimated": { value: 0, drop: (c) => delete metaOf(c).tokens },
  "/execution_context/cache_hit": { value: false, drop: (c) => delete metaOf(c).telemetry },
  "/execution_context/execution_time_ms": { value: 0, drop: (c) => delete timingOf(c).duration_ms },
  "/execution_context/request_id": { value: "", drop: keep }, // canonical's request id is _metadata's
  "/warnings": { value: [], drop: keep },
  "/results": { value: [], drop: keep }, // checked below: a failure only
};

/** Adds value at ptr, a member its parent object lacks; false when it cannot. */
function add(doc: unknown, ptr: string, value: unknown): boolean {
  const tokens = ptr.split("/").slice(1).map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"));
  const last = tokens.pop();
  let parent = doc;
  for (const t of tokens) {
    if (typeof parent !== "object" || parent === null || !Object.hasOwn(parent, t)) return false;
    parent = (parent as Record<string, unknown>)[t];
  }
  if (last === undefined || typeof parent !== "object" || parent === null || Array.isArray(parent)) return false;
  if (Object.hasOwn(parent, last)) return false;
  (parent as Record<string, unknown>)[last] = JSON.parse(JSON.stringify(value)) as unknown;
  return true;
}

/**
 * Converts a BMCIS envelope that lacks the members missing (JSON Pointers, as
 * missingMembers returns them) to canonical, before fit; it throws when one
 * of them has no stand-in. doc is not changed.
 */
export function bmcisIncomplete(doc: unknown, missing: readonly string[]): Envelope {
  const filled: unknown = JSON.parse(JSON.stringify(doc));
  for (const p of missing) {
    const s = bmcisStandIns[p];
    if (s === undefined || !add(filled, p, s.value)) throw new Error(`bmcis: cannot convert without ${p}`);
    if (p === "/execution_context") {
      for (const m of ["tokens_estimated", "cache_hit", "execution_time_ms", "request_id"]) {
        add(filled, `${p}/${m}`, bmcisStandIns[`${p}/${m}`]?.value);
      }
    }
  }
  const c = bmcisToCanonical(filled as bmcis.Envelope);
  for (const p of missing) {
    if (p === "/results" && c.success) throw new Error("bmcis: a success needs its results");
    bmcisStandIns[p]?.drop(c);
  }
  const t = c.meta?.timing;
  if (t !== undefined && t.started_at === undefined && t.duration_ms === undefined) delete metaOf(c).timing;
  return c;
}
