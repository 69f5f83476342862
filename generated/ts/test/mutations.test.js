// A property test of the TypeScript validators against the Go ones: random
// mutations of every valid example of schemas/examples (replace, delete or
// add a value at a random place), each with the ordered error list the
// generated Go reports, whose verdict santhosh-tekuri's validator shares
// (internal/contract/mutation_test.go writes
// internal/contract/testdata/mutations.json). The TypeScript must report the
// very same list, and its guard must agree.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as envelope from "@envgen/envelope";
import * as tool from "../test-dist/search-output/index.js";

const vectors = JSON.parse(
  readFileSync(new URL("../../../internal/contract/testdata/mutations.json", import.meta.url), "utf8"),
);

/** The validator and type guard for an example file, by the prefix of its name (as examples.test.js). */
function schemaOf(file) {
  if (file.startsWith("request-")) return [envelope.validateRequest, envelope.isRequest];
  if (file.startsWith("provenance-")) return [envelope.validateProvenance, envelope.isProvenance];
  if (file.startsWith("search-output-")) return [tool.validateSearchOutput, tool.isSearchOutput];
  return [envelope.validateEnvelope, envelope.isEnvelope];
}

test("mutations.json has vectors, valid and invalid", () => {
  const all = Object.values(vectors);
  assert.ok(all.length >= 300);
  assert.ok(all.some((v) => v.errors.length === 0) && all.some((v) => v.errors.length > 0));
});

test("TypeScript reports the Go errors for every mutation", () => {
  const differ = [];
  for (const [name, { example, instance, errors }] of Object.entries(vectors)) {
    const [validate, is] = schemaOf(example);
    const got = validate(instance);
    if (JSON.stringify(got) !== JSON.stringify(errors) || is(instance) !== (errors.length === 0)) {
      differ.push(`${name}:\n  TypeScript ${JSON.stringify(got)}\n  Go         ${JSON.stringify(errors)}`);
    }
  }
  assert.deepEqual(differ, []);
});
