// The validators on schemas/examples (see its README): every valid example
// passes, every invalid one fails with exactly the (instancePath, keyword)
// set it lists. The prefix of a file's name says which schema it is checked
// against; search-output- examples use the example tool's package, which
// `make generate` writes to test/search-output and `npm test` compiles to
// test-dist/search-output.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import * as envelope from "@envgen/envelope";
import * as tool from "../test-dist/search-output/index.js";

const examples = new URL("../../../schemas/examples/", import.meta.url);

/** The validator and type guard for an example file, by the prefix of its name. */
function schemaOf(file) {
  if (file.startsWith("request-")) return [envelope.validateRequest, envelope.isRequest];
  if (file.startsWith("provenance-")) return [envelope.validateProvenance, envelope.isProvenance];
  if (file.startsWith("search-output-")) return [tool.validateSearchOutput, tool.isSearchOutput];
  return [envelope.validateEnvelope, envelope.isEnvelope];
}

function read(kind) {
  const dir = new URL(`${kind}/`, examples);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => [f, JSON.parse(readFileSync(new URL(f, dir), "utf8"))]);
}

/** The (instancePath, keyword) pairs of a list of errors, as a sorted set. */
function pairs(errors) {
  return [...new Set(errors.map((e) => `${JSON.stringify(e.instancePath)} ${e.keyword}`))].sort();
}

const valid = read("valid");
const invalid = read("invalid");
/** The ordered error list the generated Go reports for each vector (internal/contract/parity_test.go). */
const parity = JSON.parse(readFileSync(new URL("parity.json", examples), "utf8"));

describe("valid examples", () => {
  assert.ok(valid.length > 0);
  for (const [file, doc] of valid) {
    test(file, () => {
      const [validate, is] = schemaOf(file);
      assert.deepEqual(validate(doc), []);
      assert.equal(is(doc), true);
    });
  }
});

describe("invalid examples", () => {
  assert.ok(invalid.length > 0);
  for (const [file, example] of invalid) {
    test(file, () => {
      const [validate, is] = schemaOf(file);
      const errors = validate(example.instance);
      assert.deepEqual(pairs(errors), pairs(example.errors), JSON.stringify(errors, null, 2));
      assert.equal(is(example.instance), false);
      for (const e of errors) {
        assert.deepEqual(Object.keys(e).sort(), ["instancePath", "keyword", "message", "schemaPath"]);
        assert.match(e.schemaPath, /^[\w.-]+\.json#/);
        assert.ok(e.message.length > 0);
      }
    });
  }
});

describe("Go parity", () => {
  // Every vector gets the very error list the generated Go reports: the same
  // errors, in the same order, with the same schema paths and messages.
  const vectors = [...valid.map(([f, doc]) => [`valid/${f}`, doc]), ...invalid.map(([f, e]) => [`invalid/${f}`, e.instance])];
  test("parity.json lists every vector", () => {
    assert.deepEqual(Object.keys(parity).sort(), vectors.map(([name]) => name).sort());
  });
  for (const [name, doc] of vectors) {
    test(name, () => {
      const [validate] = schemaOf(name.slice(name.indexOf("/") + 1));
      assert.deepEqual(validate(doc), parity[name]);
    });
  }
});

describe("generics", () => {
  const outputs = [...valid, ...invalid.map(([f, e]) => [f, e.instance])].filter(([f]) => f.startsWith("search-output-"));
  test("validateEnvelope with validateSearchResults is validateSearchOutput", () => {
    assert.ok(outputs.length > 0);
    for (const [file, doc] of outputs) {
      assert.deepEqual(pairs(envelope.validateEnvelope(doc, tool.validateSearchResults)), pairs(tool.validateSearchOutput(doc)), file);
      assert.equal(envelope.isEnvelope(doc, tool.isSearchResults), tool.isSearchOutput(doc), file);
    }
  });
  test("a search-output example is a valid envelope of any payload", () => {
    // (the mutated examples, "<example>--<mutation>.json", break the envelope itself)
    for (const [file, doc] of outputs) {
      if (!file.includes("--")) assert.deepEqual(envelope.validateEnvelope(doc), [], file);
    }
  });
  test("the payload's errors are under /data", () => {
    const errors = envelope.validateEnvelope({ success: true, data: { hits: [{ rank: 0 }] } }, tool.validateSearchResults);
    assert.deepEqual(pairs(errors), pairs([
      { instancePath: "/data/hits/0", keyword: "required" },
      { instancePath: "/data/hits/0/rank", keyword: "minimum" },
    ]));
  });
});
