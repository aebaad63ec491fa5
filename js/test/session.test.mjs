// A game page's session (session.mjs), without a page: the dice a seed throws, the link, the replay
// file and the saved text; starting, resuming and refusing a game; the moves the rules allow, played
// and refused; the computer's seats and moves; and the coach's scale of what a choice cost. The page that draws it (play.mjs) is
// played in a browser by tests/site/test_play.py.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as games from "../dicespec-games.mjs";
import {
  choiceOf,
  computerSeats,
  dieOf,
  fromLink,
  isGame,
  isSeed,
  linkOf,
  rated,
  readGame,
  replayFile,
  review,
  Session,
  sameChoice,
  thrown,
} from "../session.mjs";

const RULESETS = JSON.parse(readFileSync(new URL("../rulesets.json", import.meta.url), "utf8"));
const SEED = "5eed0001";

/** A page's data for the rulesets `names` of one family, as dicespec.site.play writes it (the parts
 * the session reads). */
function config(family, names) {
  const rulesets = names.map((name) => {
    const data = RULESETS[name];
    const players = [1, 2, 3, 4].filter((n) => n >= data.players.min && n <= data.players.max);
    return { name, dice: data.dice, players, rows: family === "score-sheet" ? Object.keys(data.rows) : [] };
  });
  return { family, rulesets };
}

const yacht = () => new Session(games, RULESETS, config("score-sheet", ["yacht", "yahtzee"]));
const greed = () => new Session(games, RULESETS, config("set-aside", ["greed"]));

/** A session playing `game`, its state replayed. */
function playing(session, game) {
  session.begin({ seed: SEED, actions: [], ...game });
  session.refresh();
  return session;
}

// -- the dice, the link, the files ------------------------------------------------------------------

test("a seed throws the same dice every time: a shared link gives the same game", () => {
  const dice = (seed) => Array.from({ length: 12 }, (_, i) => dieOf(seed, i)).join("");
  assert.equal(dice(SEED), "431461133161");
  assert.equal(dice("0"), "421226363141");
});

test("a seed's dice show every face about as often", () => {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 6000; i++) counts[dieOf(SEED, i)] += 1;
  assert.equal(counts[0], 0);
  for (const face of [1, 2, 3, 4, 5, 6])
    assert.ok(counts[face] > 900 && counts[face] < 1100, `${face}: ${counts[face]}`);
});

test("a seed is 1 to 8 hex digits, lower case", () => {
  assert.ok(isSeed("5eed0001") && isSeed("0"));
  assert.ok(!isSeed("") && !isSeed("5EED0001") && !isSeed("123456789") && !isSeed("seed"));
});

test("the dice thrown so far are counted from the rolls and the rerolls' new dice", () => {
  assert.equal(thrown([]), 0);
  assert.equal(thrown(["roll 12345", "reroll 1,2=66", "score chance", "roll 111556", "set 111", "bank"]), 13);
});

test("the replay file is its header, the settings, then one action a line", () => {
  const game = { ruleset: "yacht", players: 2, seed: SEED, actions: ["roll 12345", "score chance"] };
  assert.equal(
    replayFile(game),
    "# dicespec replay\nruleset: yacht\nplayers: 2\nseed: 5eed0001\nroll 12345\nscore chance\n",
  );
});

test("a link gives the settings in its query or its fragment, and the shared link reads back", () => {
  assert.equal(fromLink("", ""), null);
  assert.equal(fromLink("?other=1", "#top"), null);
  assert.deepEqual(fromLink("?ruleset=yacht&players=2&seed=5EED0001", ""), {
    ruleset: "yacht",
    players: 2,
    seed: "5eed0001",
    actions: [],
  });
  assert.deepEqual(fromLink("", "#ruleset=greed&players=two"), {
    ruleset: "greed",
    players: "two",
    seed: "",
    actions: [],
  });
  const game = { ruleset: "yahtzee", players: 3, seed: SEED, actions: ["roll 12345"] };
  assert.equal(linkOf(game), "?ruleset=yahtzee&players=3&seed=5eed0001");
  assert.deepEqual(fromLink(linkOf(game), ""), { ...game, actions: [] });
});

test("a saved game is read back from its text; anything else is no game", () => {
  const session = playing(yacht(), { ruleset: "yacht", players: 1, actions: ["roll 12345"] });
  assert.deepEqual(readGame(session.saved()), session.game);
  for (const text of [null, "", "{", "null", "[]", '{"ruleset":"yacht","players":1.5,"seed":"0","actions":[]}']) {
    assert.equal(readGame(text), null, text);
  }
  assert.ok(!isGame({ ruleset: "yacht", players: 1, seed: "0", actions: [1] }));
});

// -- starting, resuming, refusing -------------------------------------------------------------------

test("a fresh game is of the page's first ruleset, at its first player count, under a new seed", () => {
  const fresh = yacht().fresh();
  assert.deepEqual({ ...fresh, seed: "" }, { ruleset: "yacht", players: 1, seed: "", actions: [] });
  assert.ok(isSeed(fresh.seed) && fresh.seed.length === 8);
});

test("the players offered are the ruleset's, the one asked for kept when it allows it", () => {
  const session = greed();
  assert.deepEqual(session.players("greed", 3), { counts: [2, 3, 4], chosen: 3 });
  assert.deepEqual(session.players("greed", 1), { counts: [2, 3, 4], chosen: 2 });
  assert.deepEqual(session.players("nowhere", 4), { counts: [2, 3, 4], chosen: 4 });
});

test("settings that are no game of the page are refused with the reason's words and values", () => {
  const session = yacht();
  const why = (game) => session.whyNotAGame({ seed: SEED, actions: [], ...game });
  assert.equal(why({ ruleset: "yacht", players: 4 }), null);
  assert.deepEqual(why({ ruleset: "greed", players: 2 }), { key: "reason_ruleset", values: { name: "greed" } });
  assert.deepEqual(why({ ruleset: "yacht", players: 9 }), {
    key: "reason_players",
    values: { count: 9, name: "yacht" },
  });
  assert.deepEqual(why({ ruleset: "yacht", players: 1, seed: "nope" }), {
    key: "reason_seed",
    values: { seed: "nope" },
  });
});

test("a saved game whose actions the rules refuse does not fit, named by its first refused action", () => {
  const session = yacht();
  const game = { ruleset: "yacht", players: 1, seed: SEED, actions: ["roll 12345", "score choice", "score ones"] };
  assert.deepEqual(session.fits(game), {
    key: "reason_rejected",
    values: { number: 3, action: "score ones", code: "not-rolled" },
  });
  assert.deepEqual(session.fits({ ...game, actions: ["roll 12345", "dance"] }), {
    key: "reason_rejected",
    values: { number: 2, action: "dance", code: "not-an-action" },
  });
  assert.equal(session.fits({ ...game, actions: game.actions.slice(0, 2) }), null);
});

test("resuming: the saved game when it fits, else a fresh one and why", () => {
  const session = yacht();
  const saved = { ruleset: "yahtzee", players: 2, seed: SEED, actions: ["roll 12345"] };
  assert.deepEqual(session.resumed(JSON.stringify(saved)), { game: saved, why: null });
  const nothing = session.resumed(null);
  assert.equal(nothing.why, null);
  assert.equal(nothing.game.ruleset, "yacht");
  assert.deepEqual(session.resumed("{").why, { key: "reason_unreadable", values: {} });
  const refused = session.resumed(JSON.stringify({ ...saved, actions: ["score ones"] }));
  assert.equal(refused.why.key, "reason_rejected");
  assert.deepEqual(refused.game.actions, []);
});

test("a link to the saved game's settings goes on with it; another link starts afresh; a bad one is refused", () => {
  const session = yacht();
  const saved = { ruleset: "yahtzee", players: 2, seed: SEED, actions: ["roll 12345"] };
  const text = JSON.stringify(saved);
  const asked = fromLink(linkOf(saved), "");
  assert.deepEqual(session.linked(asked, text), { game: saved, why: null });
  assert.deepEqual(session.linked({ ...asked, seed: "0" }, text), { game: { ...asked, seed: "0" }, why: null });
  assert.deepEqual(session.linked(asked, null), { game: asked, why: null });
  const unfit = JSON.stringify({ ...saved, actions: ["score ones"] });
  assert.deepEqual(session.linked(asked, unfit), { game: asked, why: null });
  assert.deepEqual(session.linked({ ...asked, ruleset: "greed" }, text), {
    game: null,
    why: { key: "reason_ruleset", values: { name: "greed" } },
  });
});

test("a game begins as a copy of the one given, with no die picked", () => {
  const session = yacht();
  const game = { ruleset: "yacht", players: 1, seed: SEED, actions: ["roll 12345"] };
  session.picked.add(0);
  session.begin(game);
  session.game.actions.push("score chance");
  assert.deepEqual(game.actions, ["roll 12345"]);
  assert.equal(session.picked.size, 0);
});

// -- a score sheet ----------------------------------------------------------------------------------

test("before the roll, the dice can be thrown and nothing scored", () => {
  const session = playing(yacht(), { ruleset: "yacht", players: 2 });
  assert.deepEqual(session.moves, {
    playing: true,
    rolled: false,
    canReroll: false,
    canRoll: true,
    canEnd: false,
    scores: {},
  });
});

test("a roll throws the seed's next dice; every open row offers what the dice score in it", () => {
  const session = playing(yacht(), { ruleset: "yacht", players: 2 });
  const move = session.roll();
  assert.deepEqual(move.action, "roll 43146");
  assert.equal(move.before.dice, null);
  const answer = session.refresh();
  assert.equal(answer.dice, "43146");
  assert.deepEqual(session.moves.scores, games.sheetScores(RULESETS, "yacht", "43146"));
  assert.ok(session.moves.canReroll && session.moves.canRoll && !session.moves.canEnd);
});

test("a reroll throws the dice not picked; with every die picked there is nothing to throw", () => {
  const session = playing(yacht(), { ruleset: "yacht", players: 1, actions: ["roll 43146"] });
  session.toggle(0);
  session.toggle(2);
  session.toggle(2);
  assert.deepEqual([...session.picked], [0]);
  assert.equal(session.roll().action, "reroll 2,3,4,5=1133"); // the 6th to 9th dice of the seed
  session.refresh();
  for (const i of [1, 2, 3, 4]) session.toggle(i); // the first is kept still
  session.refresh();
  assert.equal(session.picked.size, 5);
  assert.equal(session.moves.canRoll, false);
  assert.equal(session.roll(), null);
});

test("picked dice are let go once there is nothing left to keep", () => {
  const session = playing(yacht(), { ruleset: "yacht", players: 1, actions: ["roll 43146", "reroll 1=1"] });
  session.toggle(0);
  session.refresh();
  assert.equal(session.picked.size, 1);
  session.act("reroll 2=1");
  session.refresh();
  assert.deepEqual([session.moves.canReroll, session.moves.canRoll, session.picked.size], [false, false, 0]);
});

test("a row's offer is what scoring it adds to the sheet", () => {
  const session = playing(yacht(), { ruleset: "yahtzee", players: 1, actions: ["roll 11111", "score yahtzee"] });
  session.act("roll 11111");
  session.refresh();
  assert.equal(session.moves.scores.ones, 5);
  assert.ok(!Object.hasOwn(session.moves.scores, "yahtzee")); // filled: no offer
});

test("a move the rules refuse changes nothing and says its code", () => {
  const session = playing(yacht(), { ruleset: "yacht", players: 1 });
  assert.deepEqual(session.act("score ones"), { action: "score ones", rejected: "not-rolled" });
  assert.deepEqual(session.game.actions, []);
});

test("once every row is filled the game is over and nothing can be thrown", () => {
  const rows = Object.keys(RULESETS.yacht.rows);
  const actions = rows.flatMap((row) => ["roll 12346", `score ${row}`]);
  const session = playing(yacht(), { ruleset: "yacht", players: 1, actions });
  assert.equal(session.answer.over, true);
  assert.deepEqual([session.moves.playing, session.moves.canRoll, session.moves.scores], [false, false, {}]);
});

// -- a set-aside game -------------------------------------------------------------------------------

test("a set-aside roll offers the set-asides the rules allow, and the picked dice set aside", () => {
  const session = playing(greed(), { ruleset: "greed", players: 2 });
  assert.equal(session.moves.canRoll, true);
  assert.equal(session.roll().action, "roll 43146");
  session.refresh();
  assert.deepEqual(session.moves.options, [{ dice: "1", points: 100 }]); // Greed sets aside every scoring die
  assert.deepEqual([session.moves.canRoll, session.moves.canSet, session.moves.canBank], [false, false, false]);
  session.toggle(0); // a 4 alone scores nothing
  session.refresh();
  assert.deepEqual([session.pickedDice(), session.moves.canSet], ["4", false]);
  session.toggle(0);
  session.toggle(2); // the 1
  session.refresh();
  assert.deepEqual([session.pickedDice(), session.moves.canSet], ["1", true]);
});

test("setting the picked dice aside plays `set` and lets them go; with none picked it plays nothing", () => {
  const session = playing(greed(), { ruleset: "greed", players: 2, actions: ["roll 51115"] });
  assert.equal(session.setAsidePicked(), null);
  for (const i of [0, 1, 2, 3, 4]) session.toggle(i);
  const move = session.setAsidePicked();
  assert.equal(move.action, "set 11155");
  assert.equal(session.picked.size, 0);
  session.refresh();
  assert.equal(session.answer.phase, "set-aside");
  assert.equal(session.moves.canBank, true);
});

test("a roll that scores nothing is a farkle, said with its dice", () => {
  const session = playing(greed(), { ruleset: "greed", players: 2, actions: ["roll 23466"] });
  assert.equal(session.moves.farkle, "23466");
  assert.equal(session.answer.current, 1);
  session.act("roll 15234");
  session.refresh();
  assert.equal(session.moves.farkle, null);
});

// -- the computer -----------------------------------------------------------------------------------

test("the computer's seats go into the link and back, and a game without them has none", () => {
  const game = { ruleset: "yacht", players: 3, seed: SEED, actions: [], computer: [1, 3] };
  assert.equal(linkOf(game), "?ruleset=yacht&players=3&seed=5eed0001&computer=1%2C3");
  assert.deepEqual(fromLink(linkOf(game), ""), game);
  assert.equal(fromLink("?ruleset=yacht&players=2&computer=two", "").computer, "two");
  assert.deepEqual(computerSeats({ ...game, computer: undefined }), []);
  assert.ok(isGame(game) && !isGame({ ...game, computer: ["1"] }));
  const session = yacht();
  session.begin(game);
  assert.deepEqual(session.game.computer, [1, 3]);
  session.begin({ ...game, computer: [] });
  assert.equal("computer" in session.game, false);
});

test("a seat the computer cannot take, or rules it cannot play, are refused with the reason's words", () => {
  const session = new Session(games, RULESETS, config("score-sheet", ["yacht", "yahtzee"]));
  session.config.rulesets[1].coach = false; // the site has no coach file of yahtzee
  const why = (game) => session.whyNotAGame({ ruleset: "yacht", players: 2, seed: SEED, actions: [], ...game });
  assert.equal(why({ computer: [2] }), null);
  assert.equal(why({ computer: [1, 2] }), null);
  assert.deepEqual(why({ computer: [3] }), { key: "reason_computer", values: { seat: 3, count: 2 } });
  assert.deepEqual(why({ computer: [0] }), { key: "reason_computer", values: { seat: 0, count: 2 } });
  assert.deepEqual(why({ computer: [2, 2] }), { key: "reason_computer", values: { seat: 2, count: 2 } });
  assert.deepEqual(why({ computer: "two" }), { key: "reason_computer", values: { seat: "two", count: 2 } });
  // without a coach file, the computer still plays a score sheet (it scores each roll at once) ...
  assert.equal(why({ ruleset: "yahtzee", computer: [1] }), null);
  const asked = fromLink("?ruleset=yahtzee&players=2&seed=5eed0001&computer=2", "");
  assert.equal(session.linked(asked, null).why, null);
  // ... but not a set-aside game
  const aside = new Session(games, RULESETS, config("set-aside", ["greed"]));
  aside.config.rulesets[0].coach = false;
  const game = { ruleset: "greed", players: 2, seed: SEED, actions: [], computer: [2] };
  assert.deepEqual(aside.whyNotAGame(game), { key: "reason_no_computer", values: { name: "greed" } });
});

test("without a coach file, the computer's advice is every open row, the most points now first", () => {
  const session = playing(yacht(), { ruleset: "yacht", players: 1, computer: [1] });
  assert.deepEqual(session.greedyAdvice(), []); // nothing on the table: it rolls
  session.act("roll 66612");
  session.refresh();
  const advice = session.greedyAdvice();
  assert.deepEqual(advice.slice(0, 4), [
    { action: "score", row: "choice" },
    { action: "score", row: "sixes" },
    { action: "score", row: "twos" },
    { action: "score", row: "ones" },
  ]);
  assert.equal(advice.length, 12);
  assert.equal(session.computerMove(advice).action, "score choice");
});

test("the computer moves only on its own seat, and throws the dice when there is nothing to choose", () => {
  const session = playing(yacht(), { ruleset: "yacht", players: 2, computer: [2] });
  assert.equal(session.computerToMove(), false);
  assert.equal(session.computerMove([{ action: "score", row: "chance" }]), null);
  session.roll();
  session.act("score choice");
  session.refresh();
  assert.equal(session.computerToMove(), true);
  const thrown = session.computerMove([]);
  assert.match(thrown.action, /^roll \d{5}$/);
  assert.equal(thrown.action, `roll ${session.game.actions.at(-1).slice(5)}`);
});

test("on a score sheet the computer keeps the dice of the best keep and throws the others, or scores", () => {
  const session = playing(yacht(), { ruleset: "yacht", players: 1, computer: [1], actions: ["roll 61626"] });
  const move = session.computerMove([
    { action: "keep", dice: "666" },
    { action: "score", row: "sixes" },
  ]);
  assert.match(move.action, /^reroll 2,4=\d\d$/);
  assert.equal(session.picked.size, 0);
  session.refresh();
  // a keep of dice not on the table is no move: with no other choice, nothing is played
  assert.equal(session.computerMove([{ action: "keep", dice: "5555" }]), null);
  assert.equal(session.game.actions.length, 2);
  // the best choice the rules refuse (a row it has not) is passed over for the next
  const scored = session.computerMove([
    { action: "score", row: "kiriki" },
    { action: "score", row: "choice" },
  ]);
  assert.equal(scored.action, "score choice");
});

test("in a set-aside game the computer sets aside the best set-aside the rules allow, and rolls where it may not bank", () => {
  const session = playing(greed(), { ruleset: "greed", players: 2, computer: [1], actions: ["roll 43146"] });
  const set = session.computerMove([
    { action: "set", dice: "4" },
    { action: "set", dice: "1" },
  ]);
  assert.equal(set.action, "set 1");
  session.refresh();
  assert.deepEqual([session.answer.phase, session.answer.turn_points], ["set-aside", 100]);
  // 100 is below Greed's entry of 300, and banked it scores nothing: the turn policy, which knows no
  // entry, puts the bank first; the computer rolls on
  const rolled = session.computerMove([
    { action: "bank", value: 100 },
    { action: "roll", value: 90 },
  ]);
  assert.match(rolled.action, /^roll \d{4}$/);
  // on the board, it banks as advised
  const on = playing(greed(), { ruleset: "greed", players: 2, computer: [1], actions: ["roll 11155", "set 11155"] });
  assert.equal(on.computerMove([{ action: "bank" }, { action: "roll" }]).action, "bank");
});

// -- the coach's scale ------------------------------------------------------------------------------

test("a player's action is read as the coach's choice", () => {
  const rolled = { dice: "43146", phase: undefined };
  assert.deepEqual(choiceOf("score chance", rolled), { action: "score", row: "chance" });
  assert.deepEqual(choiceOf("end", rolled), { action: "end" });
  assert.deepEqual(choiceOf("reroll 2,5=11", rolled), { action: "keep", dice: "144" });
  assert.deepEqual(choiceOf("set 5111", { phase: "rolled" }), { action: "set", dice: "1115" });
  assert.deepEqual(choiceOf("bank", { phase: "set-aside" }), { action: "bank" });
  assert.deepEqual(choiceOf("roll 1234", { phase: "set-aside" }), { action: "roll" });
  assert.equal(choiceOf("roll 12345", { dice: null, phase: "turn-start" }), null); // a turn's first roll
  assert.ok(sameChoice({ action: "keep", dice: "431" }, { action: "keep", dice: "134" }));
  assert.ok(!sameChoice({ action: "score", row: "ones" }, { action: "score", row: "twos" }));
});

test("a choice costs what the best one is worth above it; one the advice lacks is unrated", () => {
  const advice = [
    { action: "score", row: "chance", value: 30 },
    { action: "keep", dice: "4", value: 27.5 },
  ];
  const before = { dice: "43146" };
  assert.deepEqual(rated(advice, "reroll 2,3,4,5=1111", before), {
    choice: { action: "keep", dice: "4" },
    best: advice[0],
    cost: 2.5,
  });
  assert.equal(rated(advice, "score chance", before).cost, 0);
  assert.equal(rated(advice, "score ones", before).cost, null);
  assert.equal(rated(advice, "roll 12345", { dice: null }), null);
});

test("a game's review: the total and mean cost, and the costliest choices that cost anything", () => {
  const costs = [1, 0, 4, 2, 0.5, 3, 6].map((cost, i) => ({ choice: `c${i}`, cost }));
  const { total, count, mean, costliest } = review(costs, 5);
  assert.deepEqual([total, count, mean], [16.5, 7, 16.5 / 7]);
  assert.deepEqual(
    costliest.map((c) => c.choice),
    ["c6", "c2", "c5", "c3", "c0"],
  );
  assert.deepEqual(review([{ choice: "c", cost: 0 }], 5).costliest, []);
});
