// Converters between the five seed conventions (dialects) and envgen's
// canonical envelope, in TypeScript: package dialects (dialects/*.go) both
// ways, over the generated types of generated/ts-dialects and the canonical
// envelope of generated/ts/src. docs/dialects.md says what each conversion
// cannot carry; these converters lose the same, and keep in meta.source what
// the way back to the same convention needs to give the document again.

import { type Envelope, type ValidationError, type Validator, validateEnvelope } from "../../../generated/ts/src/index.js";
import * as bmcis from "../../../generated/ts-dialects/bmcis/index.js";
import * as codegraph from "../../../generated/ts-dialects/codegraph/index.js";
import * as foundry from "../../../generated/ts-dialects/foundry/index.js";
import * as mcpenvelope from "../../../generated/ts-dialects/mcpenvelope/index.js";
import * as scalpel from "../../../generated/ts-dialects/scalpel/index.js";
import { bmcisFromCanonical, bmcisToCanonical } from "./bmcis.js";
import { codegraphFromCanonical, codegraphToCanonical } from "./codegraph.js";
import { metaOf } from "./common.js";
import { foundryFromCanonical, foundryToCanonical } from "./foundry.js";
import { mcpEnvelopeFromCanonical, mcpEnvelopeToCanonical } from "./mcpenvelope.js";
import { scalpelFromCanonical, scalpelToCanonical } from "./scalpel.js";
import { UnfitError, fit, violations } from "./fit.js";
import { bmcisIncomplete, missingMembers } from "./incomplete.js";
import { applySource, recordSource } from "./source.js";

export { bmcisToCanonical, codegraphToCanonical, foundryToCanonical, mcpEnvelopeToCanonical, scalpelToCanonical };
export { bmcisFromCanonical, codegraphFromCanonical, foundryFromCanonical, mcpEnvelopeFromCanonical, scalpelFromCanonical };
export { category, code } from "./common.js";
export { UnfitError } from "./fit.js";

/** The dialects, by the names of `envgen convert --from`. */
export const names: readonly Name[] = ["scalpel", "foundry", "mcp-envelope", "codegraph", "bmcis"];

/** The name of a dialect, or canonical for envgen's own envelope. */
export type Name = "canonical" | "scalpel" | "foundry" | "mcp-envelope" | "codegraph" | "bmcis";

interface Dialect {
  /** The validator of the dialect's envelope schema. */
  readonly validate: Validator;
  /** The members whose violations leaving them out may not fix: the document cannot be made valid. */
  readonly keep: readonly string[];
  /** Maps a valid document to a canonical envelope, before fit. */
  readonly toCanonical: (doc: never) => Envelope;
  /**
   * Maps a valid canonical envelope without meta.source to a document (before
   * fit), with the members of the canonical envelope the dialect requires and
   * it lacks.
   */
  readonly fromCanonical: (c: Envelope, profile: string) => { doc: unknown; missing: readonly string[] };
  /** The output profiles, least first, each with the validator of its schema. */
  readonly profiles?: { readonly [profile: string]: Validator };
  /**
   * Maps a document that lacks the members missing (JSON Pointers into it),
   * and is otherwise valid, to a canonical envelope, before fit; for the
   * dialects whose own examples are incomplete (see incomplete.ts).
   */
  readonly incomplete?: (doc: unknown, missing: readonly string[]) => Envelope;
}

const only =
  <T>(f: (c: Envelope, profile: string) => T) =>
  (c: Envelope, profile: string): { doc: T; missing: readonly string[] } => ({ doc: f(c, profile), missing: [] });

const dialects: { readonly [name in Name]: Dialect } = {
  canonical: {
    validate: validateEnvelope,
    keep: ["/success", "/data", "/error"],
    toCanonical: (doc: Envelope) => doc,
    fromCanonical: only((c) => c),
  },
  scalpel: {
    validate: scalpel.validateEnvelope,
    keep: [],
    toCanonical: scalpelToCanonical,
    fromCanonical: only(scalpelFromCanonical),
    profiles: {
      minimal: scalpel.validateMinimal,
      standard: scalpel.validateStandard,
      verbose: scalpel.validateVerbose,
      debug: scalpel.validateDebug,
    },
  },
  foundry: {
    validate: foundry.validateResponse,
    keep: ["/success", "/data", "/error", "/meta"],
    toCanonical: foundryToCanonical,
    fromCanonical: only(foundryFromCanonical),
  },
  "mcp-envelope": {
    validate: mcpenvelope.validateEnvelope,
    keep: ["/schema_version", "/result"],
    toCanonical: mcpEnvelopeToCanonical,
    fromCanonical: only(mcpEnvelopeFromCanonical),
  },
  codegraph: {
    validate: codegraph.validateEnvelope,
    keep: ["/success", "/data"],
    toCanonical: codegraphToCanonical,
    fromCanonical: codegraphFromCanonical,
  },
  bmcis: {
    validate: bmcis.validateEnvelope,
    keep: ["/_metadata", "/results", "/execution_context", "/warnings"],
    toCanonical: bmcisToCanonical,
    fromCanonical: bmcisFromCanonical,
    incomplete: bmcisIncomplete,
  },
};

/** The output profiles of a dialect, least first, e.g. those of scalpel: minimal, standard, verbose, debug. */
export function profiles(dialect: Name): string[] {
  return Object.keys(lookup(dialect).profiles ?? {});
}

/**
 * The least profile a valid document of d is valid in, so that the way back
 * writes the same one; "" for none.
 */
function profileOf(d: Dialect, doc: unknown): string {
  const found = Object.entries(d.profiles ?? {}).find(([, validate]) => validate(doc).length === 0);
  return found === undefined ? "" : found[0];
}

/** A document that is not valid in its dialect. */
export class InvalidError extends Error {
  readonly dialect: Name;
  readonly violations: readonly ValidationError[];

  constructor(dialect: Name, violations: readonly ValidationError[]) {
    super(`not a valid ${dialect} document:` + violations.map((v) => `\n#${v.instancePath}: ${v.message}`).join(""));
    this.name = "InvalidError";
    this.dialect = dialect;
    this.violations = violations;
  }
}

/** A canonical envelope that lacks members the target dialect requires, e.g. meta.tool for bmcis. */
export class MissingError extends Error {
  readonly dialect: Name;
  /** Into the canonical envelope, e.g. "/meta/tool". */
  readonly pointers: readonly string[];

  constructor(dialect: Name, pointers: readonly string[]) {
    super(`${dialect} requires what the canonical envelope lacks: ${pointers.join(", ")}`);
    this.name = "MissingError";
    this.dialect = dialect;
    this.pointers = pointers;
  }
}

function lookup(name: string): Dialect {
  if (!Object.hasOwn(dialects, name)) {
    throw new TypeError(`unknown dialect ${JSON.stringify(name)}: want one of canonical, ${names.join(", ")}`);
  }
  return dialects[name as Name];
}

/**
 * Every violation of the dialect's envelope schema by doc, sorted by instance
 * path and keyword; none when it is valid.
 */
export function validate(dialect: Name, doc: unknown): ValidationError[] {
  return violations(lookup(dialect).validate, doc);
}

/**
 * Converts doc, a document of the dialect (parsed JSON), to a valid canonical
 * envelope, as `envgen convert --from <dialect> --to canonical` does: doc is
 * validated (an invalid one throws an InvalidError, unless it is an incomplete
 * bmcis document: see incomplete.ts), mapped, and what the
 * canonical envelope cannot carry is left out, deepest first, with the
 * containers that this empties; a result that cannot be made valid that way
 * throws an UnfitError. What doc holds that the way back would not write as
 * it is goes into meta.source, within its bounds, so that fromCanonical to
 * the same dialect gives doc again. doc is not changed.
 */
export function toCanonical(dialect: Name, doc: unknown): Envelope {
  const d = lookup(dialect);
  const vs = violations(d.validate, doc);
  if (vs.length > 0) return incomplete(dialect, d, doc, vs);
  let fitted: Envelope;
  try {
    fitted = fitCanonical(d.toCanonical(doc as never));
  } catch (err) {
    if (err instanceof UnfitError) {
      throw new UnfitError(`canonical (from ${dialect})`, err.violations);
    }
    throw err;
  }
  if (dialect === "canonical") return fitted;
  let back: unknown;
  try {
    back = fitTo(dialect, d, map(dialect, d, fitted, profileOf(d, doc)));
  } catch (err) {
    if (err instanceof MissingError || err instanceof UnfitError) return fitted; // no way back: nothing to record
    throw err;
  }
  const source = recordSource(dialect, doc, back);
  if (source !== undefined) metaOf(fitted).source = source;
  return fit("canonical", validateEnvelope, dialects.canonical.keep, fitted) as Envelope;
}

/** c, a mapped canonical envelope, without an empty timing or meta and what else the canonical schema rejects (see fit). */
function fitCanonical(c: Envelope): Envelope {
  const out = JSON.parse(JSON.stringify(c)) as Envelope;
  if (out.meta?.timing !== undefined && Object.keys(out.meta.timing).length === 0) delete out.meta.timing;
  if (out.meta !== undefined && Object.keys(out.meta).length === 0) delete out.meta;
  return fit("canonical", validateEnvelope, dialects.canonical.keep, out) as Envelope;
}

/**
 * doc, which violates d's schema (vs), converted to canonical when all it
 * lacks is required members and d converts such documents, as the Go
 * converter does (dialects/incomplete.go): from what it has, with no
 * meta.source, since the way back cannot give it again. Otherwise, or when
 * that fails, an InvalidError.
 */
function incomplete(dialect: Name, d: Dialect, doc: unknown, vs: readonly ValidationError[]): Envelope {
  const missing = missingMembers(vs);
  if (d.incomplete !== undefined && missing !== undefined) {
    try {
      return fitCanonical(d.incomplete(doc, missing));
    } catch {
      // refused as invalid, below
    }
  }
  throw new InvalidError(dialect, vs);
}

/** Options of fromCanonical. */
export interface FromOptions {
  /**
   * The output profile of dialects that have them (profiles): for scalpel,
   * minimal, standard, verbose or debug; "" (the default) writes every member
   * that has a value and no nulls.
   */
  readonly profile?: string;
}

/**
 * Converts c, a canonical envelope (parsed JSON), to a valid document of the
 * dialect, as `envgen convert --from canonical --to <dialect>` does: c is
 * validated (InvalidError), mapped, and what the dialect cannot carry is left
 * out (UnfitError when that cannot make it valid, MissingError when the
 * dialect requires members c lacks). A meta.source that names the dialect is
 * written over the result, unless that takes it out of the profile asked
 * for: a canonical envelope that toCanonical made gives its document again.
 * c is not changed.
 */
export function fromCanonical(dialect: Name, c: unknown, options: FromOptions = {}): unknown {
  const d = lookup(dialect);
  const profile = options.profile ?? "";
  if (profile !== "" && !Object.hasOwn(d.profiles ?? {}, profile)) {
    throw new TypeError(`dialect ${dialect} has no profile ${JSON.stringify(profile)}`);
  }
  const vs = violations(validateEnvelope, c);
  if (vs.length > 0) throw new InvalidError("canonical", vs);
  const env = JSON.parse(JSON.stringify(c)) as Envelope;
  if (dialect === "canonical") return env;
  const source = env.meta?.source;
  if (env.meta !== undefined) {
    delete env.meta.source;
    if (Object.keys(env.meta).length === 0) delete env.meta;
  }
  const out = map(dialect, d, env, profile);
  if (source !== undefined && source.convention === dialect) {
    const applied: unknown = JSON.parse(JSON.stringify(out));
    applySource(applied, source);
    const inProfile = profile === "" || violations(d.profiles?.[profile] ?? d.validate, applied).length === 0;
    if (inProfile) return fitTo(dialect, d, applied);
  }
  return fitTo(dialect, d, out);
}

/** The dialect's document of c, a canonical envelope without meta.source, before fit. */
function map(dialect: Name, d: Dialect, c: Envelope, profile: string): unknown {
  const { doc, missing } = d.fromCanonical(c, profile);
  if (missing.length > 0) throw new MissingError(dialect, missing);
  return doc;
}

/** doc, a mapped document of the dialect, with what its schema rejects left out (see fit). */
function fitTo(dialect: Name, d: Dialect, doc: unknown): unknown {
  return fit(dialect, d.validate, d.keep, doc);
}
