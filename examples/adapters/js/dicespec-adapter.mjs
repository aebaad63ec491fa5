#!/usr/bin/env node
// An independent implementation of the dicespec games in JavaScript, speaking the dicespec
// conformance protocol (version 1) on standard input and output. No dependencies: node only.
//
// The games themselves are in dicespec-games.mjs beside it (no node there: the rules website's
// scorer runs the same module in the browser). This file reads the rulesets' data, rulesets.json
// beside it, written by `dicespec rulesets --json` (`make conformance` writes it again), and
// serves the protocol's operations over stdio. Run it with
//
//     dicespec conform --impl "node examples/adapters/js/dicespec-adapter.mjs"

import { readFileSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { Skip, operations } from "./dicespec-games.mjs";

// -- the rulesets: every rule value, by ruleset name --------------------------------------------

const RULESETS = JSON.parse(readFileSync(new URL("./rulesets.json", import.meta.url), "utf8"));

/** The operations of the protocol, each answering a request's arguments (read-export.mjs calls them too). */
export const OPERATIONS = operations(RULESETS);

function reply(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch {
    process.stderr.write(`dicespec-js: ignored a line that is not JSON: ${line.slice(0, 80)}\n`);
    return null;
  }
  const id = request.id;
  const operation = OPERATIONS[request.op];
  try {
    if (!operation) throw new Error(`unknown op ${JSON.stringify(request.op)}`);
    return { id, result: operation(request) };
  } catch (error) {
    if (error instanceof Skip) return { id, skipped: error.message };
    return { id, error: { message: String(error.message), detail: String(error.stack) } };
  }
}

// Answer every complete line of what has come, in one write per chunk read.
function serve() {
  let pending = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop();
    const out = [];
    for (const line of lines) {
      if (!line.trim()) continue;
      const answer = reply(line);
      if (answer !== null) out.push(JSON.stringify(answer));
    }
    if (out.length) process.stdout.write(out.join("\n") + "\n");
  });
  process.stdin.on("end", () => {
    if (pending.trim()) {
      const answer = reply(pending);
      if (answer !== null) process.stdout.write(JSON.stringify(answer) + "\n");
    }
  });
}

// Run as a program, it serves the protocol; imported as a module, it only lends its operations.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) serve();
