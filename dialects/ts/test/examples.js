// The seed examples of dialects/<folder>/examples, as their index.json lists
// them, for the tests of this package.
import { readFileSync } from "node:fs";

/** dialects/ */
export const dialectsDir = new URL("../../", import.meta.url);

/** The dialects by folder: their name and the schema their envelopes are checked against. */
export const folders = {
  scalpel: { name: "scalpel", envelope: "envelope.json" },
  foundry: { name: "foundry", envelope: "response.json" },
  mcpenvelope: { name: "mcp-envelope", envelope: "envelope.json" },
  codegraph: { name: "codegraph", envelope: "envelope.json" },
  bmcis: { name: "bmcis", envelope: "envelope.json" },
};

export function readJSON(url) {
  return JSON.parse(readFileSync(url, "utf8"));
}

/** The entries of <folder>/examples/index.json, each with its document as doc. */
export function examples(folder) {
  const dir = new URL(`${folder}/examples/`, dialectsDir);
  return readJSON(new URL("index.json", dir)).examples.map((e) => ({ ...e, doc: readJSON(new URL(e.file, dir)) }));
}

/** Whether an example is a valid envelope of its dialect: what converts to canonical. */
export function isEnvelope(folder, e) {
  return e.valid === true && e.kind === undefined && e.schema === folders[folder].envelope;
}

/**
 * Whether an example is an envelope of its dialect that only lacks required
 * members (index.json lists them as missing): it converts to canonical too.
 */
export function isIncomplete(folder, e) {
  return e.valid === false && e.missing !== undefined && e.schema === folders[folder].envelope;
}

/** Whether an example is an envelope of its dialect that is invalid in another way: it is refused. */
export function isRefused(folder, e) {
  return e.valid === false && e.missing === undefined && e.kind === undefined && e.schema === folders[folder].envelope;
}
