// The JavaScript implementation (dicespec-games.mjs) on the shipped rulesets' data (rulesets.json):
// a roll's points in a row, a roll's set-asides and best, games replayed and the moves they refuse,
// and the rulesets it does not play, with why. Each expected value is the rules' own (the reference
// engine gives the same). The whole spec and corpus run through its stdio adapter, over the
// conformance protocol, in tests/examples/test_js_adapter.py; these are the quick checks first.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  declaredGames,
  operations,
  parseDice,
  setAsideOptions,
  sheetScores,
  unplayable,
  VERSION,
} from "../dicespec-games.mjs";

const RULESETS = JSON.parse(readFileSync(new URL("../rulesets.json", import.meta.url), "utf8"));
const MANIFEST = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const play = operations(RULESETS);

/** A ruleset's data with some values changed, under another name. */
const changed = (name, changes) => ({ ...structuredClone(RULESETS[name]), name: `test-${name}`, ...changes });

test("dice are read from their digits, spaces and commas aside; anything else is no dice", () => {
  assert.deepEqual(parseDice("6 6,616"), [6, 6, 6, 1, 6]);
  assert.deepEqual(parseDice(""), []);
  assert.equal(parseDice("66a16"), null);
  assert.equal(parseDice("66716"), null);
});

test("a roll scores in a row as the row's rule family says", () => {
  const score = (ruleset, dice, row) => play.score({ ruleset, dice, row });
  assert.equal(score("yahtzee", "66616", "sixes"), 24);
  assert.equal(score("yahtzee", "66616", "four_of_a_kind"), 25); // the sum of all the dice
  assert.equal(score("yahtzee", "66616", "full_house"), 0);
  assert.equal(score("yahtzee", "22333", "full_house"), 25);
  assert.equal(score("yahtzee", "11111", "full_house"), 0); // a five of a kind is no full house here
  assert.equal(score("yahtzee", "12345", "large_straight"), 40);
  assert.equal(score("yahtzee", "13456", "small_straight"), 30);
  assert.equal(score("yacht", "44456", "fours"), 12);
  assert.equal(score("kiriki", "34152", "large_straight"), 40);
  assert.equal(score("kiriki", "66616", "three_of_a_kind"), 25);
});

test("a roll of the wrong number of dice, or a row the sheet lacks, is an error", () => {
  assert.throws(() => play.score({ ruleset: "yahtzee", dice: "6661", row: "sixes" }), /expected 5 to 5/);
  assert.throws(() => play.score({ ruleset: "yahtzee", dice: "66616", row: "sevens" }), /unknown row "sevens"/);
});

test("the scorer's scores are every row of the sheet, in sheet order, as the dice are", () => {
  const scores = sheetScores(RULESETS, "yahtzee", "66616");
  assert.deepEqual(Object.keys(scores), Object.keys(RULESETS.yahtzee.rows));
  assert.equal(scores.chance, 25);
  assert.equal(scores.yahtzee, 0);
  assert.equal(sheetScores(RULESETS, "yahtzee", "11111").yahtzee, 50);
});

test("a set-aside roll's best, and every set-aside it allows, the most points first", () => {
  assert.equal(play.best({ ruleset: "ten-thousand", dice: "111556" }), 1100);
  assert.equal(play.best({ ruleset: "greed", dice: "15" }), 150);
  assert.equal(play.best({ ruleset: "ten-thousand", dice: "2346" }), 0); // a farkle
  assert.deepEqual(play.set_aside({ ruleset: "ten-thousand", dice: "15" }), { points: 150 });
  assert.deepEqual(play.set_aside({ ruleset: "ten-thousand", dice: "111556" }), { rejected: "not-scoring" });
  const { options, best } = setAsideOptions(RULESETS, "ten-thousand", "111556");
  assert.equal(best, 1100);
  assert.deepEqual(
    options.map((o) => `${o.dice}:${o.points}`),
    [
      "11155:1100",
      "1115:1050",
      "111:1000",
      "1155:300",
      "115:250",
      "11:200",
      "155:200",
      "15:150",
      "1:100",
      "55:100",
      "5:50",
    ],
  );
});

test("a score-sheet game replayed: each player's lines, whose turn, the dice", () => {
  const answer = play.replay({
    ruleset: "yahtzee",
    players: 2,
    actions: ["roll 11111", "score yahtzee", "roll 11111", "score ones"],
  });
  assert.equal(answer.rejected, null);
  assert.deepEqual([answer.current, answer.dice, answer.rolls, answer.over], [0, null, 0, false]);
  const [first, second] = answer.players;
  assert.deepEqual([first.lines.yahtzee, first.lines.grand_total, first.turns_taken], [50, 50, 1]);
  assert.deepEqual([second.lines.ones, second.lines.yahtzee, second.lines.grand_total], [5, null, 5]);
});

test("a move the rules refuse is named by its place and code, and the state is the one before it", () => {
  const replayed = (actions) => play.replay({ ruleset: "yahtzee", players: 1, actions });
  assert.deepEqual(replayed(["score ones"]).rejected, { at: 0, code: "not-rolled" });
  const answer = replayed(["roll 12345", "reroll 1,2=66", "reroll 3=6", "reroll 4=6"]);
  assert.deepEqual(answer.rejected, { at: 3, code: "no-rolls-left" });
  assert.deepEqual([answer.dice, answer.rolls], ["66645", 3]);
});

test("a score-sheet game ends once every row is filled, and the highest total wins", () => {
  const rows = Object.keys(RULESETS.yacht.rows);
  const actions = rows.flatMap((row) => ["roll 12346", `score ${row}`]);
  const answer = play.replay({ ruleset: "yacht", players: 1, actions });
  assert.deepEqual([answer.over, answer.winners, answer.players[0].lines.grand_total], [true, [0], 32]);
});

test("a set-aside game replayed: a bank scores the turn, a farkle loses it", () => {
  const replayed = (actions) => play.replay({ ruleset: "ten-thousand", players: 2, actions });
  const banked = replayed(["roll 111556", "set 111", "bank"]);
  assert.deepEqual(banked.players[0], { score: 1000, on_board: true, turns_taken: 1 });
  assert.deepEqual([banked.current, banked.phase, banked.dice_left], [1, "turn-start", 6]);
  const farkled = replayed(["roll 111556", "set 111", "roll 234"]);
  assert.deepEqual(farkled.players[0], { score: 0, on_board: false, turns_taken: 1 });
  assert.deepEqual([farkled.current, farkled.turn_points], [1, 0]);
});

test("every shipped ruleset is played, under its game", () => {
  const games = declaredGames(RULESETS);
  for (const [name, data] of Object.entries(RULESETS)) {
    assert.equal(unplayable(data), null, name);
    assert.ok(games[data.game].includes(name), name);
  }
});

test("a rule value the engine does not know leaves its ruleset out, and says which", () => {
  assert.equal(
    unplayable(changed("yahtzee", { joker: "sometimes" })),
    'joker: "sometimes" is not a value this engine plays',
  );
  assert.equal(unplayable(changed("yahtzee", { penalty: 10 })), "penalty: a rule this engine does not know");
  assert.equal(unplayable({ name: "x", game: "x" }), "neither a score sheet (rows) nor a set-aside game (singles)");
  assert.equal(
    unplayable(changed("greed", { set_aside: "some" })),
    'set_aside: "some" is not a value this engine plays',
  );
  const rulesets = { ...RULESETS, "test-yahtzee": changed("yahtzee", { joker: "sometimes" }) };
  assert.ok(!declaredGames(rulesets).yahtzee.includes("test-yahtzee"));
  assert.throws(
    () => operations(rulesets).score({ ruleset: "test-yahtzee", dice: "11111", row: "ones" }),
    /is not supported/,
  );
});

test("the implementation's version is its package's", () => {
  assert.equal(VERSION, MANIFEST.version);
});
