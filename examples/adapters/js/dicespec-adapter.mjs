#!/usr/bin/env node
// An independent implementation of Kiriki and 10000 in JavaScript, speaking the dicespec
// conformance protocol (version 1) on standard input and output. No dependencies: node only.
//
// Written from the protocol's description and JSON Schema and from the rule values of the
// shipped rulesets (copied below as data), not from the reference engines. Run it with
//
//     dicespec conform --impl "node examples/adapters/js/dicespec-adapter.mjs"

const PROTOCOL = 1;
const VERSION = "1.0.0";
const FACES = [1, 2, 3, 4, 5, 6];

// -- rulesets: the values of the shipped ruleset files --------------------------------------

const KIRIKI_ROWS = [
  "ones", "twos", "threes", "fours", "fives", "sixes",
  "three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight", "kiriki", "chance",
];
const UPPER_ROWS = KIRIKI_ROWS.slice(0, 6);
const LOWER_ROWS = KIRIKI_ROWS.slice(6);
const TOTAL_LINES = ["bonus", "upper_total", "lower_total", "grand_total"];

const KIRIKI = {
  kiriki: {
    dice: 5,
    rollsPerTurn: 3,
    rows: {
      ones: { rule: "face", face: 1 }, twos: { rule: "face", face: 2 }, threes: { rule: "face", face: 3 },
      fours: { rule: "face", face: 4 }, fives: { rule: "face", face: 5 }, sixes: { rule: "face", face: 6 },
      three_of_a_kind: { rule: "of_a_kind", atLeast: 3, points: "sum" },
      four_of_a_kind: { rule: "of_a_kind", atLeast: 4, points: "sum" },
      full_house: { rule: "full_house", points: 25, fiveOfAKindCounts: false },
      small_straight: { rule: "straight", length: 4, points: 30 },
      large_straight: { rule: "straight", length: 5, points: 40 },
      kiriki: { rule: "of_a_kind", atLeast: 5, points: 50 },
      chance: { rule: "chance" },
    },
    bonus: { moreThan: 62, points: 35 },
    repeatAdds: 50, // a five of a kind scored in a kiriki cell above 0 adds this (null: never)
    extraTurns: "repeat_kirikis", // which kirikis earn a turn: repeat_kirikis, every_kiriki or none
  },
};
KIRIKI["kiriki-fr"] = {
  ...KIRIKI.kiriki,
  rows: { ...KIRIKI.kiriki.rows, large_straight: { rule: "straight", length: 5, points: 30 } },
  extraTurns: "every_kiriki",
};
KIRIKI["kiriki-no-extra"] = { ...KIRIKI.kiriki, repeatAdds: null, extraTurns: "none" };

const TEN_THOUSAND = {
  "ten-thousand": {
    dice: 6,
    singles: [100, 0, 0, 0, 50, 0],
    three: [1000, 200, 300, 400, 500, 600],
    more: { rule: "doubling", largest: 6 },
    straights: [{ faces: [1, 2, 3, 4, 5], points: 1250 }],
    patterns: [],
    entry: { points: 750, below: "scores_nothing" },
    end: { target: 10000, finalRound: false },
    hotDice: "optional",
  },
};
TEN_THOUSAND.farkle = {
  ...TEN_THOUSAND["ten-thousand"],
  more: { rule: "fixed", largest: 6, points: { 4: 1000, 5: 2000, 6: 3000 } },
  straights: [{ faces: [1, 2, 3, 4, 5, 6], points: 1500 }],
  patterns: [
    { counts: [2, 2, 2], points: 1500 },
    { counts: [4, 2], points: 1500 },
    { counts: [3, 3], points: 2500 },
  ],
  entry: { points: 500, below: "refused" },
  end: { target: 10000, finalRound: true },
};
TEN_THOUSAND["farkle-linear"] = {
  ...TEN_THOUSAND["ten-thousand"],
  more: { rule: "linear", largest: 6 },
  straights: [{ faces: [1, 2, 3, 4, 5, 6], points: 1500 }],
  patterns: [{ counts: [2, 2, 2], points: 750 }],
  entry: { points: 500, below: "refused" },
  end: { target: 10000, finalRound: true },
};

// -- small helpers ----------------------------------------------------------------------------

class Rejected extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

class Skip extends Error {}

/** The dice of a digit string, or null when a character is not a die. */
function parseDice(text) {
  if (!/^[1-6]*$/.test(text)) return null;
  return [...text].map(Number);
}

function countsOf(dice) {
  const counts = [0, 0, 0, 0, 0, 0, 0]; // counts[face], face 1 to 6
  for (const die of dice) counts[die] += 1;
  return counts;
}

const sum = (values) => values.reduce((a, b) => a + b, 0);

// -- Kiriki: scoring --------------------------------------------------------------------------

function hasRun(counts, length) {
  let run = 0;
  for (const face of FACES) {
    run = counts[face] > 0 ? run + 1 : 0;
    if (run >= length) return true;
  }
  return false;
}

function fits(rule, counts) {
  const shown = FACES.map((f) => counts[f]).filter((n) => n > 0).sort((a, b) => a - b);
  switch (rule.rule) {
    case "of_a_kind":
      return Math.max(...shown) >= rule.atLeast;
    case "full_house":
      return (shown.length === 2 && shown[0] === 2 && shown[1] === 3) || (rule.fiveOfAKindCounts && shown[0] === 5);
    case "straight":
      return hasRun(counts, rule.length);
    default:
      return true;
  }
}

function kirikiScore(rules, dice, row) {
  const rule = rules.rows[row];
  const counts = countsOf(dice);
  if (rule.rule === "face") return counts[rule.face] * rule.face;
  if (rule.rule === "chance") return sum(dice);
  if (!fits(rule, counts)) return 0;
  return rule.points === "sum" ? sum(dice) : rule.points;
}

const isFiveOfAKind = (dice) => dice.every((d) => d === dice[0]);

// -- Kiriki: a game ---------------------------------------------------------------------------

class KirikiGame {
  constructor(rules, players) {
    this.rules = rules;
    this.players = Array.from({ length: players }, () => ({
      cells: Object.fromEntries(KIRIKI_ROWS.map((r) => [r, null])),
      turnsTaken: 0,
      extraTurns: 0,
    }));
    this.current = 0;
    this.dice = null;
    this.rolls = 0;
    this.over = false;
  }

  clone() {
    const copy = Object.create(KirikiGame.prototype);
    Object.assign(copy, this);
    copy.players = this.players.map((p) => ({ ...p, cells: { ...p.cells } }));
    copy.dice = this.dice && [...this.dice];
    return copy;
  }

  get player() {
    return this.players[this.current];
  }

  turnsOwed(player) {
    return KIRIKI_ROWS.length + player.extraTurns - player.turnsTaken;
  }

  apply(action) {
    let m;
    if ((m = /^roll (\S*)$/.exec(action))) return this.roll(m[1]);
    if ((m = /^reroll ([0-9,]*)=(\S*)$/.exec(action))) return this.reroll(m[1], m[2]);
    if ((m = /^score (\S+)$/.exec(action))) return this.score(m[1]);
    if (action === "end") return this.end();
    throw new Error(`not an action of the notation: ${JSON.stringify(action)}`);
  }

  roll(text) {
    if (this.over) throw new Rejected("game-over");
    if (this.dice !== null) throw new Rejected("already-rolled");
    const dice = parseDice(text);
    if (dice === null || dice.length !== this.rules.dice) throw new Rejected("bad-dice");
    this.dice = dice;
    this.rolls = 1;
  }

  reroll(positionsText, valuesText) {
    if (this.over) throw new Rejected("game-over");
    if (this.dice === null) throw new Rejected("not-rolled");
    if (this.rolls >= this.rules.rollsPerTurn) throw new Rejected("no-rolls-left");
    if (positionsText === "") throw new Rejected("empty-reroll");
    const positions = positionsText.split(",").map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
    const distinct = new Set(positions);
    if (distinct.size !== positions.length || positions.some((p) => !(p >= 1 && p <= this.rules.dice))) {
      throw new Rejected("bad-die-index");
    }
    const values = parseDice(valuesText);
    if (values === null || values.length !== positions.length) throw new Rejected("bad-dice");
    positions.forEach((p, i) => {
      this.dice[p - 1] = values[i];
    });
    this.rolls += 1;
  }

  score(row) {
    if (this.over) throw new Rejected("game-over");
    if (TOTAL_LINES.includes(row)) throw new Rejected(this.dice === null ? "not-rolled" : "not-playable");
    if (!KIRIKI_ROWS.includes(row)) throw new Error(`not a row: ${JSON.stringify(row)}`);
    if (this.dice === null) throw new Rejected("not-rolled");
    const player = this.player;
    const cell = player.cells[row];
    const rules = this.rules;
    if (cell !== null) {
      const repeat = row === "kiriki" && rules.repeatAdds !== null && cell > 0 && isFiveOfAKind(this.dice);
      if (!repeat) throw new Rejected("row-used");
      player.cells.kiriki = cell + rules.repeatAdds;
      if (rules.extraTurns !== "none") player.extraTurns += 1;
    } else {
      const points = kirikiScore(rules, this.dice, row);
      player.cells[row] = points;
      if (row === "kiriki" && points > 0 && rules.extraTurns === "every_kiriki") player.extraTurns += 1;
    }
    this.endTurn();
  }

  end() {
    if (this.over) throw new Rejected("game-over");
    if (this.dice === null) throw new Rejected("not-rolled");
    if (KIRIKI_ROWS.some((r) => this.player.cells[r] === null)) throw new Rejected("rows-still-open");
    this.endTurn();
  }

  endTurn() {
    this.player.turnsTaken += 1;
    this.dice = null;
    this.rolls = 0;
    const count = this.players.length;
    for (let step = 1; step <= count; step++) {
      const next = (this.current + step) % count;
      if (this.turnsOwed(this.players[next]) > 0) {
        this.current = next;
        return;
      }
    }
    this.over = true;
  }

  lines(player) {
    const filled = (rows) => sum(rows.map((r) => player.cells[r] ?? 0));
    const upper = filled(UPPER_ROWS);
    const bonus = upper > this.rules.bonus.moreThan ? this.rules.bonus.points : 0;
    const lower = filled(LOWER_ROWS);
    const lines = {};
    for (const row of UPPER_ROWS) lines[row] = player.cells[row];
    Object.assign(lines, { bonus, upper_total: upper + bonus });
    for (const row of LOWER_ROWS) lines[row] = player.cells[row];
    Object.assign(lines, { lower_total: lower, grand_total: upper + bonus + lower });
    return lines;
  }

  answer(rejected) {
    return {
      players: this.players.map((p) => ({ lines: this.lines(p), turns_taken: p.turnsTaken, extra_turns: p.extraTurns })),
      over: this.over,
      current: this.current,
      dice: this.dice === null ? null : this.dice.join(""),
      rolls: this.rolls,
      rejected,
    };
  }
}

// -- 10000: scoring ---------------------------------------------------------------------------

/** Every combination of a ruleset as [counts, points], counts indexed by face. */
function combinations(rules) {
  const found = [];
  const add = (counts, points) => {
    if (points > 0) found.push([counts, points]);
  };
  for (const face of FACES) {
    const only = (n) => FACES.reduce((c, f) => ((c[f] = f === face ? n : 0), c), [0]);
    add(only(1), rules.singles[face - 1]);
    const three = rules.three[face - 1];
    if (three > 0) add(only(3), three);
    for (let n = 4; n <= rules.more.largest; n++) {
      if (rules.more.rule === "doubling") add(only(n), three * 2 ** (n - 3));
      else if (rules.more.rule === "linear") add(only(n), three * (n - 2));
      else add(only(n), rules.more.points[n] ?? 0);
    }
  }
  for (const straight of rules.straights) {
    add(FACES.reduce((c, f) => ((c[f] = straight.faces.includes(f) ? 1 : 0), c), [0]), straight.points);
  }
  for (const pattern of rules.patterns) {
    // the pattern's counts on distinct faces, in every assignment
    const assign = (i, used, counts) => {
      if (i === pattern.counts.length) {
        add([...counts], pattern.points);
        return;
      }
      for (const face of FACES) {
        if (used.has(face)) continue;
        used.add(face);
        counts[face] = pattern.counts[i];
        assign(i + 1, used, counts);
        counts[face] = 0;
        used.delete(face);
      }
    };
    assign(0, new Set(), [0, 0, 0, 0, 0, 0, 0]);
  }
  return found;
}

class TenThousandScorer {
  constructor(rules) {
    this.rules = rules;
    this.combos = combinations(rules);
    this.splits = new Map(); // counts key -> best split of exactly those dice (-1: none)
    this.bests = new Map();
  }

  /** The most points a split of exactly these dice into combinations gives; -1 when none. */
  split(counts) {
    const key = counts.join("");
    let best = this.splits.get(key);
    if (best !== undefined) return best;
    if (counts.every((n) => n === 0)) {
      this.splits.set(key, 0);
      return 0;
    }
    // the lowest face shown must belong to some combination
    const face = FACES.find((f) => counts[f] > 0);
    best = -1;
    for (const [combo, points] of this.combos) {
      if (combo[face] === 0 || FACES.some((f) => combo[f] > counts[f])) continue;
      const rest = this.split(counts.map((n, f) => n - combo[f]));
      if (rest >= 0) best = Math.max(best, rest + points);
    }
    this.splits.set(key, best);
    return best;
  }

  setAside(dice) {
    if (dice.length === 0) return { rejected: "empty-set-aside" };
    if (dice.length > this.rules.dice) return { rejected: "too-many-dice" };
    const points = this.split(countsOf(dice));
    return points < 0 ? { rejected: "not-scoring" } : { points };
  }

  best(dice) {
    const counts = countsOf(dice);
    const key = counts.join("");
    let best = this.bests.get(key);
    if (best !== undefined) return best;
    best = 0;
    const part = [0, 0, 0, 0, 0, 0, 0];
    const walk = (face) => {
      if (face > 6) {
        best = Math.max(best, this.split(part));
        return;
      }
      for (let n = 0; n <= counts[face]; n++) {
        part[face] = n;
        walk(face + 1);
      }
      part[face] = 0;
    };
    walk(1);
    this.bests.set(key, best);
    return best;
  }
}

const scorers = new Map();
function scorer(name) {
  if (!scorers.has(name)) scorers.set(name, new TenThousandScorer(TEN_THOUSAND[name]));
  return scorers.get(name);
}

// -- 10000: a game ----------------------------------------------------------------------------

class TenThousandGame {
  constructor(name, players) {
    this.rules = TEN_THOUSAND[name];
    this.scorer = scorer(name);
    this.players = Array.from({ length: players }, () => ({ score: 0, onBoard: false, turnsTaken: 0 }));
    this.current = 0;
    this.phase = "turn-start";
    this.dice = null;
    this.diceLeft = this.rules.dice;
    this.turnPoints = 0;
    this.over = false;
    this.finalTurnsLeft = null; // turns left in the final round, once it has begun
  }

  clone() {
    const copy = Object.create(TenThousandGame.prototype);
    Object.assign(copy, this);
    copy.players = this.players.map((p) => ({ ...p }));
    copy.dice = this.dice && [...this.dice];
    return copy;
  }

  apply(action) {
    let m;
    if ((m = /^roll (\S*)$/.exec(action))) return this.roll(m[1]);
    if ((m = /^set (\S*)$/.exec(action))) return this.set(m[1]);
    if (action === "bank") return this.bank();
    throw new Error(`not an action of the notation: ${JSON.stringify(action)}`);
  }

  roll(text) {
    if (this.over) throw new Rejected("game-over");
    if (this.phase === "rolled") throw new Rejected("must-set-aside");
    const dice = parseDice(text);
    if (dice === null || dice.length !== this.diceLeft) throw new Rejected("bad-dice");
    if (this.scorer.best(dice) === 0) {
      this.turnPoints = 0; // a farkle: the turn ends, its points lost
      this.endTurn();
      return;
    }
    this.dice = dice;
    this.phase = "rolled";
  }

  set(text) {
    if (this.over) throw new Rejected("game-over");
    if (this.phase === "turn-start") throw new Rejected("not-rolled");
    if (this.phase === "set-aside") throw new Rejected("already-set-aside");
    const dice = parseDice(text);
    if (dice === null) throw new Rejected("bad-dice");
    if (dice.length === 0) throw new Rejected("empty-set-aside");
    if (dice.length > this.rules.dice) throw new Rejected("too-many-dice");
    const counts = countsOf(dice);
    const shown = countsOf(this.dice);
    if (FACES.some((f) => counts[f] > shown[f])) throw new Rejected("not-in-roll");
    const result = this.scorer.setAside(dice);
    if (result.rejected) throw new Rejected(result.rejected);
    this.turnPoints += result.points;
    this.diceLeft -= dice.length;
    if (this.diceLeft === 0) this.diceLeft = this.rules.dice; // hot dice
    this.dice = null;
    this.phase = "set-aside";
  }

  bank() {
    if (this.over) throw new Rejected("game-over");
    if (this.phase === "turn-start") throw new Rejected("not-rolled");
    if (this.phase === "rolled") throw new Rejected("must-set-aside");
    if (this.rules.hotDice === "compulsory" && this.diceLeft === this.rules.dice) throw new Rejected("must-roll");
    const player = this.players[this.current];
    if (!player.onBoard && this.turnPoints < this.rules.entry.points) {
      if (this.rules.entry.below === "refused") throw new Rejected("below-entry");
    } else {
      player.score += this.turnPoints;
      player.onBoard = true;
    }
    this.turnPoints = 0;
    this.endTurn();
  }

  endTurn() {
    const player = this.players[this.current];
    player.turnsTaken += 1;
    this.phase = "turn-start";
    this.dice = null;
    this.diceLeft = this.rules.dice;
    this.turnPoints = 0;
    if (this.finalTurnsLeft !== null) {
      this.finalTurnsLeft -= 1;
    } else if (player.score >= this.rules.end.target) {
      this.finalTurnsLeft = this.rules.end.finalRound ? this.players.length - 1 : 0;
    }
    if (this.finalTurnsLeft === 0) {
      this.over = true;
      return;
    }
    this.current = (this.current + 1) % this.players.length;
  }

  winners() {
    if (!this.over) return [];
    const top = Math.max(...this.players.map((p) => p.score));
    return this.players.flatMap((p, i) => (p.score === top ? [i] : []));
  }

  answer(rejected) {
    return {
      players: this.players.map((p) => ({ score: p.score, on_board: p.onBoard, turns_taken: p.turnsTaken })),
      current: this.current,
      phase: this.phase,
      dice: this.dice === null ? null : this.dice.join(""),
      dice_left: this.diceLeft,
      turn_points: this.turnPoints,
      over: this.over,
      winners: this.winners(),
      rejected,
    };
  }
}

// -- replays ----------------------------------------------------------------------------------

/** Play the actions; the state at the end, or just before the first refused action. */
function replay(game, actions) {
  for (const [at, action] of actions.entries()) {
    const before = game.clone();
    try {
      game.apply(action);
    } catch (error) {
      if (!(error instanceof Rejected)) throw error;
      return before.answer({ at, code: error.code });
    }
  }
  return game.answer(null);
}

// -- the protocol -----------------------------------------------------------------------------

function kirikiRules(name) {
  const rules = KIRIKI[name];
  if (!rules) throw new Skip(`ruleset ${JSON.stringify(name)} is not supported`);
  return rules;
}

function tenThousandRules(name) {
  if (!TEN_THOUSAND[name]) throw new Skip(`ruleset ${JSON.stringify(name)} is not supported`);
  return name;
}

function diceOf(text) {
  const dice = parseDice(text);
  if (dice === null) throw new Error(`not dice: ${JSON.stringify(text)}`);
  return dice;
}

const OPERATIONS = {
  hello(request) {
    if (request.protocol !== PROTOCOL) throw new Error(`protocol ${request.protocol} is not spoken here`);
    return {
      protocol: PROTOCOL,
      implementation: { name: "dicespec-js", version: VERSION, language: "javascript" },
      games: { kiriki: Object.keys(KIRIKI), "ten-thousand": Object.keys(TEN_THOUSAND) },
    };
  },
  kiriki_score({ ruleset, dice, row }) {
    const rules = kirikiRules(ruleset);
    const roll = diceOf(dice);
    if (roll.length !== rules.dice) throw new Error(`${dice} has ${roll.length} dice; expected ${rules.dice}`);
    return kirikiScore(rules, roll, row);
  },
  kiriki_replay({ ruleset, players, actions }) {
    return replay(new KirikiGame(kirikiRules(ruleset), players), actions);
  },
  ten_thousand_score({ ruleset, dice }) {
    return scorer(tenThousandRules(ruleset)).setAside(diceOf(dice));
  },
  ten_thousand_best({ ruleset, dice }) {
    return scorer(tenThousandRules(ruleset)).best(diceOf(dice));
  },
  ten_thousand_replay({ ruleset, players, actions }) {
    return replay(new TenThousandGame(tenThousandRules(ruleset), players), actions);
  },
};

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
