// Deep values (issue 15.5): validators and guards stop where Go does
// (envgenrt.MaxDepth, 10,000 nested arrays and objects) with Go's message,
// and never throw, however deep or cyclic the value. test/tree is
// internal/contract/testdata/tree.json, a recursive schema.
// (docs/validation.md: a deep value inside a part the schema leaves open is
// not measured, so as not to walk every value twice.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { isTree, validateTree } from "../test-dist/tree/index.js";
import { isEnvelope, validateEnvelope } from "../dist/index.js";
import { maxDepth } from "../dist/_envgen.js";
import { spawnSync } from "node:child_process";

// A tree of n nodes, each inside the last one's children: 2n-1 levels.
function tree(n) {
  let t = { name: "leaf" };
  for (let i = 1; i < n; i++) t = { name: "n", children: [t] };
  return t;
}

const tooDeep = [{ instancePath: "", schemaPath: "", keyword: "", message: "nesting deeper than 10000 levels" }];

test("maxDepth is Go's", () => assert.equal(maxDepth, 10000));

test("a tree deeper than maxDepth: Go's error, no throw", () => {
  for (const n of [5001, 100000]) {
    const t = tree(n);
    assert.equal(isTree(t), false, `${n} nodes`);
    assert.deepEqual(validateTree(t), tooDeep, `${n} nodes`);
  }
});

test("a tree too deep for the stack but within maxDepth: an error, no throw", () => {
  // 5,000 nodes (9,999 levels) are valid in Go; here the engine's stack may
  // run out first, which is an error, never an exception.
  const t = tree(5000);
  const errs = validateTree(t);
  assert.equal(isTree(t), errs.length === 0);
  assert.ok(errs.length === 0 || errs[0].message.startsWith("nesting too deep for this JavaScript engine's stack"), JSON.stringify(errs));
});

test("with a 4 MB stack, exactly Go's limit: 5,000 nodes valid, 5,001 refused", () => {
  // (4 MB is below the usual 8 MB limit of a main thread's stack.)
  const script = `
    import { isTree, validateTree } from ${JSON.stringify(new URL("../test-dist/tree/index.js", import.meta.url).href)};
    ${tree.toString()}
    console.log(JSON.stringify([isTree(tree(5000)), validateTree(tree(5000)), isTree(tree(5001)), validateTree(tree(5001))]));`;
  const r = spawnSync(process.execPath, ["--stack-size=4000", "--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), [true, [], false, tooDeep]);
});

test("a shallow tree is valid", () => {
  assert.equal(isTree(tree(1000)), true);
  assert.deepEqual(validateTree(tree(1000)), []);
});

test("a cyclic value: Go's error, no throw", () => {
  const t = { name: "loop", children: [] };
  t.children.push(t);
  assert.equal(isTree(t), false);
  assert.deepEqual(validateTree(t), tooDeep);
});

test("a guard that follows a deep value still answers for a shallow one", () => {
  assert.equal(isTree(tree(100000)), false);
  assert.equal(isTree(tree(3)), true);
  assert.equal(isEnvelope({ success: true, data: [] }), true);
});

test("a getter that throws is an error, not an exception", () => {
  const env = { success: true, get data() { throw new Error("boom"); } };
  assert.equal(isEnvelope(env), false);
  assert.deepEqual(validateEnvelope(env)[0].message, "the value cannot be read: boom");
});
