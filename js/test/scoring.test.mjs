// A rules page's scorer without the page (scoring.mjs): what the typed dice are and what they score.
// The page that draws it (scorer.mjs) is tried in a browser by tests/site/test_scorer.py.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as games from "../dicespec-games.mjs";
import { isDie, pastedDice, scored } from "../scoring.mjs";

const RULESETS = JSON.parse(readFileSync(new URL("../rulesets.json", import.meta.url), "utf8"));

/** A ruleset as a scorer's page gives it (the parts the scoring reads). */
const entry = (name) => ({
  name,
  dice: RULESETS[name].dice,
  rows: Object.keys(RULESETS[name].rows ?? {}).map((id) => ({ id })),
});

test("a die is one digit from 1 to 6; pasted text gives its dice", () => {
  assert.ok(["1", "6"].every(isDie));
  assert.ok(!["0", "7", "", "11", "a"].some(isDie));
  assert.equal(pastedDice("6 6,6-1x6"), "66616");
});

test("a whole roll scores in every row; the top points and the rows that make them are named", () => {
  const roll = scored(games, RULESETS, "score-sheet", entry("yahtzee"), ["6", "6", "6", "1", "6"]);
  assert.deepEqual(roll.bad, [false, false, false, false, false]);
  assert.equal(roll.dice, "66616");
  assert.deepEqual(roll.scores, games.sheetScores(RULESETS, "yahtzee", "66616"));
  assert.equal(roll.top, 25);
  assert.deepEqual(roll.best, ["three_of_a_kind", "four_of_a_kind", "chance"]);
});

test("a score sheet scores nothing until every die is typed, and nothing with a die that is none", () => {
  const partial = scored(games, RULESETS, "score-sheet", entry("yahtzee"), ["6", "", "6", "", ""]);
  assert.deepEqual([partial.dice, partial.scores, partial.top, partial.best], ["66", null, null, []]);
  const wrong = scored(games, RULESETS, "score-sheet", entry("yahtzee"), ["6", "6", "9", "1", "6"]);
  assert.deepEqual(wrong.bad, [false, false, true, false, false]);
  assert.equal(wrong.scores, null);
});

test("a set-aside roll scores from one die on: every set-aside it allows, and its best", () => {
  const roll = scored(games, RULESETS, "set-aside", entry("ten-thousand"), ["1", "5", "", "", "", ""]);
  assert.equal(roll.dice, "15");
  assert.deepEqual(roll.result, games.setAsideOptions(RULESETS, "ten-thousand", "15"));
  assert.equal(roll.result.best, 150);
  assert.equal(scored(games, RULESETS, "set-aside", entry("ten-thousand"), ["", "", "", "", "", ""]).result, null);
  assert.equal(scored(games, RULESETS, "set-aside", entry("greed"), ["1", "x", "", "", ""]).result, null);
});
