// Runs every test of the JSON-Schema-Test-Suite through the generated
// validators, in one process. Usage: node driver.mjs manifest.json
// (written by runner.go: the groups, their tests, and why a group has no code).
// Prints every case, passed or not, as JSON.
import { readFileSync } from "node:fs";

const groups = JSON.parse(readFileSync(process.argv[2], "utf8"));
const cases = [];
for (const g of groups) {
  let validate, is, reason = g.reason ?? "";
  if (reason === "") {
    try {
      const m = await import(`./dist/${g.name}/${g.name}.js`);
      validate = m[`validate${g.root}`];
      is = m[`is${g.root}`];
      if (typeof validate !== "function" || typeof is !== "function") reason = `no validate${g.root} or is${g.root}`;
    } catch (e) {
      reason = `import failed: ${e}`;
    }
  }
  g.tests.forEach((t, i) => {
    const c = { file: g.file, group: g.group, test: i, groupDescription: g.description, description: t.description, valid: t.valid, pass: false };
    if (reason === "") c.reason = check(validate, is, t, c);
    else c.reason = reason;
    c.pass = c.reason === "";
    if (c.pass) delete c.reason;
    cases.push(c);
  });
}
process.stdout.write(JSON.stringify(cases));

// check returns why the validators get the test wrong, or ""; it keeps the
// errors of an invalid instance in c.errors.
function check(validate, is, t, c) {
  let errors, guard;
  try {
    errors = validate(t.data);
    guard = is(t.data);
  } catch (e) {
    return `threw: ${e}`;
  }
  if (!Array.isArray(errors)) return "validate returned no list";
  if (errors.length > 0) c.errors = errors;
  const valid = errors.length === 0;
  if (valid !== t.valid) {
    return t.valid ? `valid, but validate reports ${errors.length} error(s): ${describe(errors[0])}` : "invalid, but validate reports no error";
  }
  if (guard !== t.valid) return `is says ${guard}, validate says ${valid}`;
  for (const e of errors) {
    if (typeof e.instancePath !== "string" || typeof e.schemaPath !== "string" || typeof e.keyword !== "string" || typeof e.message !== "string") {
      return `malformed error ${JSON.stringify(e)}`;
    }
  }
  return "";
}

function describe(e) {
  return `${e.instancePath || "(root)"}: ${e.message} (${e.keyword}, ${e.schemaPath})`;
}
