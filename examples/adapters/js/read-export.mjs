#!/usr/bin/env node
// The JavaScript implementation's own test reader: it loads files of dicespec test data (written by
// `dicespec export NAME`, or downloaded from the rules website, .json or .json.gz) and checks every
// case against the implementation's functions, called directly: no runner, no protocol. Node only.
//
//     node examples/adapters/js/read-export.mjs yacht.json [greed.json.gz …]
//
// It prints each failing case (the first ten of a file) and "N passed, M failed", and exits with
// status 1 when a case fails, the file is not of the format it knows, or its digest is wrong.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

import { OPERATIONS } from "./dicespec-adapter.mjs";

const FORMAT = "urn:dicespec:export:2";
const SHOWN = 10; // failing cases printed per file

/** JSON with sorted keys and no whitespace: how the file's digest reads its cases. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function load(path) {
  const bytes = readFileSync(path);
  return JSON.parse((path.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8"));
}

/** The answer of one case's call, as JSON text (a thrown error is an answer too: a wrong one). */
function answer(ruleset, { op, input }) {
  if (!Object.hasOwn(OPERATIONS, op)) return `no operation ${JSON.stringify(op)}`; // score, set_aside, best
  try {
    return canonical(OPERATIONS[op]({ ruleset, ...input }));
  } catch (error) {
    return `${error.constructor.name}: ${error.message}`;
  }
}

/** Check one file; the number of cases that passed and failed (a bad file counts one failure). */
function check(path) {
  const data = load(path);
  if (data.schema !== FORMAT) {
    console.log(`${path}: not dicespec test data of format ${FORMAT} (schema: ${JSON.stringify(data.schema)})`);
    return [0, 1];
  }
  const digest =
    "sha256:" +
    createHash("sha256")
      .update(canonical({ corpus: data.corpus, spec: data.spec }))
      .digest("hex");
  if (digest !== data.digest) {
    console.log(`${path}: the digest says ${data.digest}, the cases give ${digest}`);
    return [0, 1];
  }
  let passed = 0;
  let failed = 0;
  for (const kase of [...data.spec, ...data.corpus]) {
    const expected = canonical(kase.expected);
    const got = answer(data.ruleset, kase);
    if (got === expected) {
      passed += 1;
      continue;
    }
    failed += 1;
    if (failed <= SHOWN)
      console.log(`FAIL ${kase.id}: ${kase.op} ${canonical(kase.input)}: expected ${expected}, got ${got}`);
  }
  if (failed > SHOWN) console.log(`… and ${failed - SHOWN} more`);
  console.log(`${path}: ${data.ruleset}, ${data.spec.length} spec and ${data.corpus.length} corpus cases`);
  return [passed, failed];
}

const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error("usage: node read-export.mjs FILE [FILE …]   (files written by `dicespec export NAME`)");
  process.exit(2);
}
let passed = 0;
let failed = 0;
for (const path of paths) {
  const [p, f] = check(path);
  passed += p;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
