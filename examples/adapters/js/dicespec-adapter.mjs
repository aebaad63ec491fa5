#!/usr/bin/env node
// An independent implementation of the dicespec games in JavaScript, speaking the dicespec
// conformance protocol (version 2, and version 1 to a runner that asks for it) on standard input
// and output. No dependencies: node only.
//
// The games themselves are the project's JavaScript package, js/ at the top of the repository:
// js/dicespec-games.mjs (no node there: the rules website's scorer and game pages run the same
// module in the browser). This file reads the rulesets' data, js/rulesets.json beside that module,
// written by `dicespec rulesets --json` (`make conformance` writes it again), and serves the
// protocol's operations over stdio. It is data-driven: the rulesets a version-2 hello hands over
// (a run's rulesets that are not shipped) join its data, and it plays those its engine's model
// covers (`unplayable` in dicespec-games.mjs says why another is left out). Run it with
//
//     dicespec conform --impl "node examples/adapters/js/dicespec-adapter.mjs"

import { readFileSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { declaredGames, familyOfRuleset, operations, Skip, unplayable, VERSION } from "../../../js/dicespec-games.mjs";

// -- the rulesets: every rule value, by ruleset name --------------------------------------------

/** The rulesets' data: the shipped rulesets, then those a hello hands over. */
const RULESETS = JSON.parse(readFileSync(new URL("../../../js/rulesets.json", import.meta.url), "utf8"));

/** The operations of the protocol, each answering a request's arguments (read-export.mjs calls them too). */
export const OPERATIONS = operations(RULESETS);

// -- the protocol's versions ---------------------------------------------------------------------

const SPOKEN = [2, 1]; // the newest first

// Version 1 named the operations after the first games, and its score-sheet replay had no winners.
const V1_OPERATIONS = {
  kiriki_score: "score",
  kiriki_replay: "replay",
  ten_thousand_score: "set_aside",
  ten_thousand_best: "best",
  ten_thousand_replay: "replay",
};

let protocol = 2; // the version of the hello answered

/** The rulesets a hello hands over join the rulesets' data; those the engine cannot play are left
 * out of the games it declares (and said so on stderr). A name already in the data is not taken
 * twice: only the same rules under it are played. */
function takeRulesets(documents) {
  for (const document of documents) {
    const name = document && typeof document === "object" ? document.name : undefined;
    if (typeof name !== "string") {
      process.stderr.write("dicespec-js: left out a ruleset with no name\n");
      continue;
    }
    if (Object.hasOwn(RULESETS, name)) {
      if (JSON.stringify(RULESETS[name]) !== JSON.stringify(document)) {
        process.stderr.write(`dicespec-js: left out the ruleset ${name}: it has that name already, with other rules\n`);
      }
      continue;
    }
    RULESETS[name] = document;
    const why = unplayable(document);
    if (why !== null) process.stderr.write(`dicespec-js: does not play the ruleset ${name}: ${why}\n`);
  }
}

function hello(request) {
  const offered = Array.isArray(request.protocols) ? request.protocols : [request.protocol];
  const version = SPOKEN.find((v) => offered.includes(v));
  if (version === undefined)
    throw new Error(`protocol ${JSON.stringify(request.protocol)} is not spoken here (only ${SPOKEN.join(" and ")})`);
  protocol = version;
  if (version >= 2 && Array.isArray(request.rulesets)) takeRulesets(request.rulesets);
  return {
    protocol,
    implementation: { name: "dicespec-js", version: VERSION, language: "javascript" },
    games: declaredGames(RULESETS),
  };
}

/** One request's result, in the version spoken. */
function answer(request) {
  if (request.op === "hello") return hello(request);
  const op = protocol === 1 ? V1_OPERATIONS[request.op] : request.op;
  if (!Object.hasOwn(OPERATIONS, op ?? "")) throw new Error(`unknown op ${JSON.stringify(request.op)}`);
  const { id, op: _, ...args } = request;
  const result = OPERATIONS[op](args);
  if (protocol === 1 && op === "replay" && familyOfRuleset(RULESETS, args.ruleset) === "score-sheet") {
    const { winners, ...v1 } = result; // version 1 has no winners here
    return v1;
  }
  return result;
}

function reply(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch {
    process.stderr.write(`dicespec-js: ignored a line that is not JSON: ${line.slice(0, 80)}\n`);
    return null;
  }
  const id = request.id;
  try {
    return { id, result: answer(request) };
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
    if (out.length) process.stdout.write(`${out.join("\n")}\n`);
  });
  process.stdin.on("end", () => {
    if (pending.trim()) {
      const answer = reply(pending);
      if (answer !== null) process.stdout.write(`${JSON.stringify(answer)}\n`);
    }
  });
}

// Run as a program, it serves the protocol; imported as a module, it only lends its operations.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) serve();
