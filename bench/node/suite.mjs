// ajv (Ajv2020) over the required draft 2020-12 tests of
// JSON-Schema-Test-Suite: one Ajv per group, the suite's remotes added under
// http://localhost:1234/, format an annotation (as the suite's required tests
// and envgen's default treat it). Prints every case as JSON, in the shape of
// bench/matrix.Case (a schema ajv.compile throws on counts as missing).
// Usage: node suite.mjs SUITE_DIR
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";

const suite = process.argv[2];
const dir = join(suite, "tests", "draft2020-12");
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();

// Every remote schema, by URL.
const remotes = [];
(function walk(d) {
  for (const f of readdirSync(d)) {
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p);
    else if (f.endsWith(".json")) {
      remotes.push(["http://localhost:1234/" + relative(join(suite, "remotes"), p).split("\\").join("/"), JSON.parse(readFileSync(p, "utf8"))]);
    }
  }
})(join(suite, "remotes"));

function newAjv() {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  for (const [url, schema] of remotes) {
    // Remotes written for other drafts are not 2020-12 schemas; skip those
    // Ajv2020 refuses (the 2020-12 tests do not reach them).
    try {
      ajv.addSchema(schema, url);
    } catch {}
  }
  return ajv;
}

const cases = [];
for (const file of files) {
  const groups = JSON.parse(readFileSync(join(dir, file), "utf8"));
  groups.forEach((g, gi) => {
    let validate, missing = "", reason = "";
    try {
      validate = newAjv().compile(g.schema);
    } catch (e) {
      missing = "ajv.compile failed";
      reason = String(e.message ?? e).slice(0, 200);
    }
    g.tests.forEach((t, ti) => {
      const c = { file, group: gi, test: ti, valid: t.valid, pass: false };
      if (missing) Object.assign(c, { missing, reason });
      else {
        try {
          c.pass = validate(t.data) === t.valid;
        } catch (e) {
          c.reason = `threw: ${e}`;
        }
      }
      cases.push(c);
    });
  });
}
process.stdout.write(JSON.stringify(cases));
