// Converters from the five seed conventions (dialects) to envgen's canonical
// envelope, in TypeScript: the way to canonical of package dialects
// (dialects/*.go), over the generated types of generated/ts-dialects and the
// canonical envelope of generated/ts/src. docs/dialects.md says what each
// conversion cannot carry; these converters lose the same. They map members
// only: unlike the Go converters they write no meta.source (what canonical's
// members cannot carry, kept for the way back), which is computed from the
// way back to the dialect, and only Go has that.

import { type Envelope, type ValidationError, type Validator, validateEnvelope } from "../../../generated/ts/src/index.js";
import * as bmcis from "../../../generated/ts-dialects/bmcis/index.js";
import * as codegraph from "../../../generated/ts-dialects/codegraph/index.js";
import * as foundry from "../../../generated/ts-dialects/foundry/index.js";
import * as mcpenvelope from "../../../generated/ts-dialects/mcpenvelope/index.js";
import * as scalpel from "../../../generated/ts-dialects/scalpel/index.js";
import { bmcisToCanonical } from "./bmcis.js";
import { codegraphToCanonical } from "./codegraph.js";
import { foundryToCanonical } from "./foundry.js";
import { mcpEnvelopeToCanonical } from "./mcpenvelope.js";
import { scalpelToCanonical } from "./scalpel.js";
import { UnfitError, fit, violations } from "./fit.js";

export { bmcisToCanonical, codegraphToCanonical, foundryToCanonical, mcpEnvelopeToCanonical, scalpelToCanonical };
export { category, code } from "./common.js";
export { UnfitError } from "./fit.js";

/** The dialects, by the names of `envgen convert --from`. */
export const names: readonly Name[] = ["scalpel", "foundry", "mcp-envelope", "codegraph", "bmcis"];

/** The name of a dialect, or canonical for envgen's own envelope. */
export type Name = "canonical" | "scalpel" | "foundry" | "mcp-envelope" | "codegraph" | "bmcis";

interface Dialect {
  /** The validator of the dialect's envelope schema. */
  readonly validate: Validator;
  /** Maps a valid document to a canonical envelope, before fit. */
  readonly toCanonical: (doc: never) => Envelope;
}

const dialects: { readonly [name in Name]: Dialect } = {
  canonical: { validate: validateEnvelope, toCanonical: (doc: Envelope) => doc },
  scalpel: { validate: scalpel.validateEnvelope, toCanonical: scalpelToCanonical },
  foundry: { validate: foundry.validateResponse, toCanonical: foundryToCanonical },
  "mcp-envelope": { validate: mcpenvelope.validateEnvelope, toCanonical: mcpEnvelopeToCanonical },
  codegraph: { validate: codegraph.validateEnvelope, toCanonical: codegraphToCanonical },
  bmcis: { validate: bmcis.validateEnvelope, toCanonical: bmcisToCanonical },
};

/** The members of a canonical envelope that leaving out cannot fix. */
const keep = ["/success", "/data", "/error"];

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
 * validated (an invalid one throws an InvalidError), mapped, and what the
 * canonical envelope cannot carry is left out, deepest first, with the
 * containers that this empties; a result that cannot be made valid that way
 * throws an UnfitError. doc is not changed.
 */
export function toCanonical(dialect: Name, doc: unknown): Envelope {
  const d = lookup(dialect);
  const vs = violations(d.validate, doc);
  if (vs.length > 0) throw new InvalidError(dialect, vs);
  const c = JSON.parse(JSON.stringify(d.toCanonical(doc as never))) as Envelope;
  if (c.meta?.timing !== undefined && Object.keys(c.meta.timing).length === 0) delete c.meta.timing;
  if (c.meta !== undefined && Object.keys(c.meta).length === 0) delete c.meta;
  try {
    return fit("canonical", validateEnvelope, keep, c) as Envelope;
  } catch (err) {
    if (err instanceof UnfitError) {
      throw new UnfitError(`canonical (from ${dialect})`, err.violations);
    }
    throw err;
  }
}
