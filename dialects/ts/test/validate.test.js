// Every JSON example of the five seed documents (dialects/<folder>/examples)
// against its dialect schema with the generated TypeScript validators
// (generated/ts-dialects/<folder>): the verdict its index.json records, valid,
// or invalid with exactly the (instancePath, keyword) pairs it lists.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { examples, folders } from "./examples.js";

/** The generated package of each dialect, compiled into dist/. */
const packages = Object.fromEntries(
  await Promise.all(
    Object.keys(folders).map(async (f) => [f, await import(`../dist/generated/ts-dialects/${f}/index.js`)]),
  ),
);

/** The (instancePath, keyword) pairs of a list of errors, as a sorted set. */
function pairs(errors) {
  return [...new Set(errors.map((e) => JSON.stringify([e.instancePath, e.keyword])))].sort();
}

/**
 * The validator of an example: validate<Type> of its generated type, or, for
 * a member schema (envelope.json#/properties/result), the envelope's
 * validator on an envelope holding the example there, reporting what is
 * wrong below that member.
 */
function validatorOf(folder, e) {
  const pkg = packages[folder];
  if (e.type) {
    const validate = pkg[`validate${e.type}`];
    const is = pkg[`is${e.type}`];
    assert.equal(typeof validate, "function", `no validate${e.type} in generated/ts-dialects/${folder}`);
    return [validate, is];
  }
  if (folder === "mcpenvelope" && e.schema === "envelope.json#/properties/result") {
    const wrap = (doc) => ({ schema_version: "mcp.envelope.v0.1", result: doc });
    const validate = (doc) =>
      pkg.validateEnvelope(wrap(doc)).map((v) => {
        assert.ok(v.instancePath.startsWith("/result"), `the wrapping envelope is invalid: ${JSON.stringify(v)}`);
        return { ...v, instancePath: v.instancePath.slice("/result".length) };
      });
    return [validate, (doc) => pkg.isEnvelope(wrap(doc))];
  }
  assert.fail(`no validator for ${e.schema}`);
}

const counts = {};
for (const folder of Object.keys(folders)) {
  describe(`${folder} examples`, () => {
    for (const e of examples(folder)) {
      if (e.kind === "schema") continue; // a JSON Schema shown in the seed, not an instance (go test ./dialects compares it)
      test(e.file, () => {
        const [validate, is] = validatorOf(folder, e);
        const errors = validate(e.doc);
        if (e.valid) {
          assert.deepEqual(errors, [], `${e.file} should be valid against ${e.schema}`);
        } else {
          assert.ok(errors.length > 0, `${e.file} should be invalid against ${e.schema}`);
          if (e.errors) assert.deepEqual(pairs(errors), pairs(e.errors));
        }
        assert.equal(is(e.doc), e.valid);
        if (e.profile) {
          // A Code Scalpel example is also valid in the profile it was written in.
          const profile = e.profile[0].toUpperCase() + e.profile.slice(1);
          assert.deepEqual(packages[folder][`validate${profile}`](e.doc), [], `not valid in the ${e.profile} profile`);
        }
        counts[folder] ??= { valid: 0, invalid: 0 };
        counts[folder][e.valid ? "valid" : "invalid"]++;
      });
    }
  });
}

test("every dialect has examples", (t) => {
  for (const folder of Object.keys(folders)) {
    assert.ok(counts[folder]?.valid > 0, `no valid ${folder} example was checked`);
    t.diagnostic(`${folder}: ${counts[folder].valid} valid, ${counts[folder].invalid} invalid examples, verdicts as index.json records`);
  }
});
