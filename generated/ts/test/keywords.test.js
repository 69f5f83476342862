// Message parity over every keyword: internal/contract/testdata/keywords.json
// has each keyword of the registry under a member of its own; `make
// generate` writes its TypeScript to test/keywords (compiled to
// test-dist/keywords) and its Go to internal/contract/keywords. For each
// instance of keywords-vectors.json, the TypeScript must report the very
// error list the Go reports (keywords-parity.json, written by
// `go test ./internal/contract -run TestKeywordParityErrors -update-parity`):
// the same errors, in the same order, with the same messages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { validateKeywords, isKeywords } from "../test-dist/keywords/index.js";

const testdata = new URL("../../../internal/contract/testdata/", import.meta.url);
const read = (name) => JSON.parse(readFileSync(new URL(name, testdata), "utf8"));
const vectors = read("keywords-vectors.json");
const parity = read("keywords-parity.json");

test("keywords-parity.json lists every vector", () => {
  assert.deepEqual(Object.keys(parity).sort(), Object.keys(vectors).sort());
});

for (const [name, instance] of Object.entries(vectors)) {
  test(`keywords: ${name}`, () => {
    assert.deepEqual(validateKeywords(instance), parity[name]);
    assert.equal(isKeywords(instance), parity[name].length === 0);
  });
}
