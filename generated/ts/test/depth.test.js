// Deep values (issue 15.5): validators and guards stop where Go does
// (envgenrt.MaxDepth, 10,000 nested arrays and objects) with Go's message,
// and never throw, however deep or cyclic the value. test/tree is
// internal/contract/testdata/tree.json, a recursive schema.
// Parts of a value that no check descends into (data of Envelope<unknown>,
// a member no schema names) are measured too, as Go's parser does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { isTree, validateTree } from "../test-dist/tree/index.js";
import { isEnvelope, validateEnvelope, isWarning, validateWarning } from "../dist/index.js";
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

test("exactly Go's limit with Node's default stack: 5,000 nodes (9,999 levels) valid, 5,001 refused", () => {
  assert.equal(isTree(tree(5000)), true);
  assert.deepEqual(validateTree(tree(5000)), []);
  assert.equal(isTree(tree(5001)), false);
  assert.deepEqual(validateTree(tree(5001)), tooDeep);
});

test("errors deep in a tree within maxDepth are listed with their paths", () => {
  const t = tree(4000);
  let leaf = t;
  while (leaf.children) leaf = leaf.children[0];
  leaf.name = "a name longer than twenty characters";
  leaf.extra = 1;
  const path = "/children/0".repeat(3999);
  assert.equal(isTree(t), false);
  assert.deepEqual(validateTree(t), [
    { instancePath: path + "/name", schemaPath: "tree.json#/properties/name/maxLength", keyword: "maxLength", message: "must be at most 20 characters long" },
    { instancePath: path, schemaPath: "tree.json#/additionalProperties", keyword: "additionalProperties", message: 'unexpected property "extra"' },
  ]);
});

test("with a 4 MB stack, the same", () => {
  const script = `
    import { isTree, validateTree } from ${JSON.stringify(new URL("../test-dist/tree/index.js", import.meta.url).href)};
    ${tree.toString()}
    console.log(JSON.stringify([isTree(tree(5000)), validateTree(tree(5000)), isTree(tree(5001)), validateTree(tree(5001))]));`;
  const r = spawnSync(process.execPath, ["--stack-size=4000", "--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), [true, [], false, tooDeep]);
});

// Nested arrays n levels deep, the innermost holding x.
function nested(n, x = 1) {
  let v = x;
  for (let i = 0; i < n; i++) v = [v];
  return v;
}

test("deep values in parts the schema leaves open: Go's limit", () => {
  // data of Envelope<unknown> accepts any value, at level 2: 9,999 more levels are within the limit, 10,000 are not.
  const ok = { success: true, data: nested(9999) };
  assert.equal(isEnvelope(ok), true);
  assert.deepEqual(validateEnvelope(ok), []);
  for (const n of [10000, 100000]) {
    const deep = { success: true, data: nested(n) };
    assert.equal(isEnvelope(deep), false, `${n} levels`);
    assert.deepEqual(validateEnvelope(deep), tooDeep, `${n} levels`);
  }
  // An object the schema leaves open (meta.next_calls[0].arguments, additionalProperties: true).
  const detail = { success: true, data: 1, meta: { next_calls: [{ tool: "search", arguments: { q: nested(20000) } }] } };
  assert.equal(isEnvelope({ ...detail, meta: { next_calls: [{ tool: "search", arguments: { q: nested(9000) } }] } }), true);
  assert.equal(isEnvelope(detail), false);
  assert.deepEqual(validateEnvelope(detail), tooDeep);
});

test("an invalid value deeper than the limit gets only the depth error", () => {
  const v = { success: "yes", data: nested(20000) };
  assert.deepEqual(validateEnvelope(v), tooDeep);
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

test("a validation inside another's (a type argument's validator) keeps the paths of both", () => {
  // The runtime reuses the contexts of finished validations; a nested one must take its own.
  const v = { success: true, data: { code: "x" }, warnings: [{ code: "A", severity: "bad", message: "m" }], meta: { pagination: { has_more: "no" } } };
  for (let i = 0; i < 2; i++) {
    assert.deepEqual(validateEnvelope(v, validateWarning).map((e) => [e.instancePath, e.keyword]), [
      ["/data/code", "pattern"],
      ["/data", "required"],
      ["/data", "required"],
      ["/warnings/0/severity", "enum"],
      ["/meta/pagination/has_more", "type"],
    ]);
    assert.equal(isEnvelope(v, isWarning), false);
    assert.equal(isEnvelope({ success: true, data: { code: "A", severity: "info", message: "m" } }, isWarning), true);
  }
});

test("a type argument's validator counts the levels above its value", () => {
  // The envelope is level 1, the inner envelope (data, checked by the type argument) level 2: n nested arrays
  // below it make n + 2 levels, and Go's parser refuses past 10,000 wherever they are.
  const doc = (n) => ({ success: true, data: { success: true, data: nested(n) } });
  assert.equal(isEnvelope(doc(9998), isEnvelope), true);
  assert.deepEqual(validateEnvelope(doc(9998), validateEnvelope), []);
  assert.equal(isEnvelope(doc(9999), isEnvelope), false);
  assert.deepEqual(validateEnvelope(doc(9999), validateEnvelope), tooDeep);
  assert.equal(isEnvelope(doc(1), isEnvelope), true); // and the next validation starts at level 1 again
});

test("a value validated on its own, after one whose getter threw and inside another's getter", () => {
  // Such a validation takes a context a finished one gave back (the runtime's idle pool): never one that a
  // validation still running holds, nor one a check that threw left half-used.
  const boom = { code: "A", severity: "info", get message() { throw new Error("boom"); } };
  const bad = { code: "A", severity: "bad", message: "m", extra: 1 };
  const badErrors = [
    ["/severity", "enum"],
    ["", "additionalProperties"],
  ];
  const paths = (errors) => errors.map((e) => [e.instancePath, e.keyword]);
  assert.equal(isWarning(boom), false);
  assert.deepEqual(validateWarning(boom).map((e) => e.message), ["the value cannot be read: boom"]);
  assert.deepEqual(paths(validateWarning(bad)), badErrors);
  assert.equal(isWarning({ code: "A", severity: "info", message: "m" }), true);
  // A getter that validates another value while the outer validation runs: each keeps its own errors.
  let inner;
  const outer = { code: "A", severity: "info", get message() { inner = [isWarning(bad), paths(validateWarning(bad))]; return 1; } };
  assert.equal(isWarning(outer), false);
  assert.deepEqual(inner, [false, badErrors]);
  assert.deepEqual(paths(validateWarning(outer)), [["/message", "type"]]);
  assert.deepEqual(inner, [false, badErrors]);
  assert.deepEqual(paths(validateWarning(bad)), badErrors);
});
