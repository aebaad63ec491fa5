// The optimal coach: for the position on the table, every choice with its expected value, best
// first, as dicespec's solver gives it (`dicespec.solver.hint` for a score sheet, the set-aside turn
// policy for 10000 and Greed). Browser-safe, no dependency: it reads the rules through the JavaScript
// implementation (./dicespec-games.mjs, beside it on the site) and the solver's numbers from the
// ruleset's coach file (`dicespec.solver.coachdata`, whose docstring gives the format).
//
//   const coach = await loadCoach("yahtzee", rulesets, bytes);   // bytes: the gzip file
//   coach.advise(answer);   // answer: operations(rulesets).replay({ruleset, players, actions})
//
// A score sheet's choices: {action: "keep", dice, value}, {action: "score", row, value} or
// {action: "end", value}; value is the expected final grand total of the player's solitaire game
// after that choice, played optimally (points already on the sheet included). A set-aside roll's:
// {action: "set", dice, points, value, bank}; value is the turn's expected banked points after
// setting those dice aside and playing on optimally, and bank says whether banking right after
// is the optimal move (a player on the board; a turn alone: no target, no rival).

import {
  allowedRows,
  countsOf,
  faceRow,
  familyOfRuleset,
  isRepeat,
  meetsRow,
  openRowPoints,
  rowPoints,
  rulesOf,
  setAsideOptions,
} from "./dicespec-games.mjs";

/** The version of the coach file's format this coach reads. */
export const COACH_FORMAT = 1;
const MAGIC = "dicespec-coach\n";
const PROSE = ["title", "description", "translations", "language", "sheet"]; // no rule values
const FACES = [1, 2, 3, 4, 5, 6];
const OPEN = 0;
const ZERO = 1; // the five-of-a-kind row scored 0
const SCORED = 2; // scored above 0

// -- the file ---------------------------------------------------------------------------------

async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** JSON with sorted keys and no spaces, as the file's Python side writes it. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The FNV-1a hash (32 bits, 8 hex digits) of a ruleset's rule values: the header's rules_digest. */
export function rulesDigest(data) {
  const rules = Object.fromEntries(Object.entries(data).filter(([key]) => !PROSE.includes(key)));
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(canonical(rules))) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

/** The header and the values of a decompressed coach file; an Error in one line when it is not one. */
function readFile(body) {
  const magic = new TextEncoder().encode(MAGIC);
  if (body.length < magic.length || magic.some((byte, i) => body[i] !== byte))
    throw new Error("not a dicespec coach file");
  const end = body.indexOf(10, magic.length);
  if (end < 0) throw new Error("coach file: no header line");
  let header;
  try {
    header = JSON.parse(new TextDecoder().decode(body.subarray(magic.length, end)));
  } catch {
    throw new Error("coach file: its header is not JSON");
  }
  const count = header.count;
  if (!Number.isInteger(count) || body.length < end + 1 + 8 * count)
    throw new Error("coach file: fewer values than its header says");
  // the bytes are shuffled: every value's first byte, then every second byte, … (little-endian);
  // each value's bits are the 64-bit difference from the previous value's
  const values = new Float64Array(count);
  const out = new Uint8Array(values.buffer);
  for (let k = 0; k < 8; k++) {
    const from = end + 1 + k * count;
    for (let i = 0; i < count; i++) out[i * 8 + k] = body[from + i];
  }
  const words = new Uint32Array(values.buffer); // each value: its low 32 bits, then its high ones
  for (let i = 2; i < 2 * count; i += 2) {
    const low = words[i] + words[i - 2];
    words[i] = low; // modulo 2**32; the carry goes to the high word
    words[i + 1] = words[i + 1] + words[i - 1] + (low > 0xffffffff ? 1 : 0);
  }
  return { header, values };
}

/** The ruleset's coach from its gzip-compressed coach file (a Uint8Array); an Error in one line
 * when the file is not one, or was made for another ruleset, other rules or another format. */
export async function loadCoach(rulesetName, rulesetsData, bytes) {
  if (!Object.hasOwn(rulesetsData, rulesetName))
    throw new Error(`coach: no ruleset ${JSON.stringify(rulesetName)} in the rulesets' data`);
  let body;
  try {
    body = await gunzip(bytes);
  } catch {
    throw new Error("coach file: not gzip-compressed");
  }
  const { header, values } = readFile(body);
  const digest = rulesDigest(rulesetsData[rulesetName]);
  if (header.format !== COACH_FORMAT)
    throw new Error(`coach file: format ${header.format}; this coach reads format ${COACH_FORMAT}`);
  if (header.ruleset !== rulesetName)
    throw new Error(`coach file: made for ruleset ${header.ruleset}, not ${rulesetName}`);
  if (header.rules_digest !== digest)
    throw new Error(
      `coach file: made for other rules of ${rulesetName} (digest ${header.rules_digest}, the data's ${digest})`,
    );
  const family = familyOfRuleset(rulesetsData, rulesetName);
  if (header.family !== family) throw new Error(`coach file: a ${header.family} file for a ${family} ruleset`);
  if (header.layout === "sheet") return new SheetCoach(rulesetsData, rulesetName, header, values);
  if (header.layout === "plain") return new PlainCoach(rulesetsData, rulesetName, header, values);
  if (header.layout === "turn") return new TurnCoach(rulesetsData, rulesetName, header, values);
  throw new Error(`coach file: unknown layout ${JSON.stringify(header.layout)}`);
}

// -- one turn's dice: every keep, and how rerolls move between them (dicespec.solver.keeps) -----

const factorial = (n) => (n <= 1 ? 1 : n * factorial(n - 1));
const countsKey = (counts) => counts.join("");

/** Every keep of `dice` dice (counts by face, [0] unused), by size, each size in the solver's order. */
function keepTables(dice) {
  const keeps = [];
  const combos = (size, from, prefix) => {
    if (prefix.length === size) {
      keeps.push(countsOf(prefix));
      return;
    }
    for (let face = from; face <= 6; face++) combos(size, face, [...prefix, face]);
  };
  const starts = [];
  for (let size = 0; size <= dice; size++) {
    starts.push(keeps.length);
    combos(size, 1, []);
  }
  starts.push(keeps.length);
  const index = new Map(keeps.map((keep, i) => [countsKey(keep), i]));
  const withDie = (keep, face, change) => keep.map((n, f) => (f === face ? n + change : n));
  const children = keeps.map((keep, i) =>
    i < starts[dice] ? FACES.map((face) => index.get(countsKey(withDie(keep, face, 1)))) : null,
  );
  const parts = keeps.map((keep) =>
    FACES.filter((face) => keep[face] > 0).map((face) => index.get(countsKey(withDie(keep, face, -1)))),
  );
  const rollStart = starts[dice];
  const rolls = keeps.slice(rollStart);
  const probability = rolls.map(
    (counts) => factorial(dice) / FACES.reduce((p, face) => p * factorial(counts[face]), 1) / 6 ** dice,
  );
  return { dice, keeps, index, starts, children, parts, rollStart, rolls, probability };
}

/** Each keep's expected value when the other dice are thrown once, from each roll's value. */
function rerollValues(tables, rolls) {
  const { keeps, starts, children, rollStart, dice } = tables;
  const expected = new Float64Array(keeps.length);
  expected.set(rolls, rollStart);
  for (let m = dice - 1; m >= 0; m--) {
    for (let k = starts[m]; k < starts[m + 1]; k++) {
      const c = children[k];
      let mean = expected[c[0]] + expected[c[1]];
      for (let face = 2; face < c.length; face++) mean += expected[c[face]];
      expected[k] = mean / c.length;
    }
  }
  return expected;
}

/** Each roll's value before a reroll: the best of the keeps inside it. */
function bestKeepValues(tables, expected) {
  const { keeps, starts, parts, rollStart, dice } = tables;
  const best = new Float64Array(keeps.length);
  best[0] = expected[0];
  for (let m = 1; m <= dice; m++) {
    for (let k = starts[m]; k < starts[m + 1]; k++) {
      let here = expected[k];
      for (const part of parts[k]) here = Math.max(here, best[part]);
      best[k] = here;
    }
  }
  return best.subarray(rollStart);
}

/** Every keep inside the counts, in the solver's order (the empty one and the counts themselves included). */
function subKeeps(counts) {
  let found = [[0]];
  for (const face of FACES)
    found = found.flatMap((part) => Array.from({ length: counts[face] + 1 }, (_, k) => [...part, k]));
  return found;
}

const digitsOf = (counts) => FACES.map((face) => String(face).repeat(counts[face])).join("");
const diceOfText = (text) => [...text].map(Number);

/** On equal values: a score before ending before a keep, a row that wins at once first, fewer dice kept. */
const ACTION_ORDER = { score: 0, end: 1, keep: 2 };
function byValue(a, b) {
  if (a.value !== b.value) return a.value > b.value ? -1 : 1;
  if (a.action !== b.action) return ACTION_ORDER[a.action] - ACTION_ORDER[b.action];
  if (Boolean(a.won) !== Boolean(b.won)) return a.won ? -1 : 1;
  return (a.dice ?? "").length - (b.dice ?? "").length;
}

/** The player to move's sheet, from a replay answer: filled cells, the bonus line, the grand total. */
function sheetOf(rules, player) {
  const cells = new Map();
  for (const id of rules.rowIds)
    if (player.lines[id] !== null && player.lines[id] !== undefined) cells.set(id, player.lines[id]);
  return { cells, line: rules.bonusLine ? player.lines[rules.bonusLine] : 0, total: player.lines.grand_total };
}

// -- the score sheet: the tables both paths share ------------------------------------------------

class SheetTables {
  constructor(rulesets, name, header) {
    const rules = rulesOf(rulesets, name, "score-sheet");
    if (canonical(header.rows) !== canonical(rules.rowIds))
      throw new Error(`coach file: rows ${header.rows.join(", ")}, not the ruleset's`);
    this.rules = rules;
    this.tables = keepTables(rules.dice);
    this.rows = rules.rowIds;
    this.upperIndex = rules.upperRows.map((id) => this.rows.indexOf(id));
    this.isUpper = this.rows.map((id) => rules.rows[id].section === "upper");
    this.cap = header.upper_cap;
    this.bonusPoints = rules.upperBonus ? rules.upperBonus.points : 0;
    this.rerolls = rules.rollsPerTurn - 1;
    this.full = 2 ** this.rows.length - 1;
    const rows = this.rows.map((id) => rules.rows[id]);
    this.scores = this.tables.rolls.map((counts) => rows.map((row) => rowPoints(row, counts)));
  }

  bonus(upper, points) {
    return upper < this.cap && this.cap <= upper + points ? this.bonusPoints : 0;
  }

  upperSum(sheet) {
    return this.rules.upperRows.reduce((total, id) => total + (sheet.cells.get(id) ?? 0), 0);
  }

  /** Every choice, best first, from the score choices and each keep's value with `rollsLeft` rerolls left. */
  ranked(scored, dice, rollsLeft, expected, total) {
    const found = [...scored];
    if (rollsLeft > 0) {
      const { index } = this.tables;
      for (const keep of subKeeps(countsOf(dice))) {
        if (keep.reduce((a, b) => a + b, 0) < this.rules.dice) {
          found.push({ action: "keep", dice: digitsOf(keep), value: expected[rollsLeft][index.get(countsKey(keep))] });
        }
      }
    }
    found.sort(byValue);
    return found.map(({ won, ...choice }) => ({ ...choice, value: total + choice.value }));
  }

  /** The keeps' values with r rerolls left (expected[0]: each roll's final value), from the final values. */
  expectedFrom(final) {
    const expected = [final];
    let rolls = final;
    for (let r = 0; r < this.rerolls; r++) {
      const keeps = rerollValues(this.tables, rolls);
      expected.push(keeps);
      rolls = bestKeepValues(this.tables, keeps);
    }
    return expected;
  }

  /** The expected value of a turn that plays on to these final values. */
  turnValue(final) {
    let rolls = final;
    for (let r = 0; r < this.rerolls; r++) rolls = bestKeepValues(this.tables, rerollValues(this.tables, rolls));
    const p = this.tables.probability;
    let value = 0;
    for (let i = 0; i < rolls.length; i++) value += p[i] * rolls[i];
    return value;
  }
}

// -- the score sheet, batched path (Kiriki, Yahtzee, Yatzy, Yacht, Kniffel) ---------------------

class SheetCoach extends SheetTables {
  constructor(rulesets, name, header, values) {
    super(rulesets, name, header);
    const rules = this.rules;
    this.family = "score-sheet";
    this.fiveIndex = rules.five ? this.rows.indexOf(rules.five.row) : -1;
    this.fiveBit = this.fiveIndex < 0 ? 0 : 2 ** this.fiveIndex;
    this.cells = header.cells; // the cells stored for a filled five-of-a-kind row
    this.distinguishes = this.cells.length > 1;
    this.repeatAdds = rules.addsToCell ? rules.repeatAdds : null; // to its own cell (Kiriki)
    this.lineAdds = rules.bonusLine ? rules.repeatAdds : null; // to a bonus line (Yahtzee)
    this.everyExtra = rules.five?.extra_turns === "every";
    this.joker = rules.joker;
    const rows = this.rows.map((id) => rules.rows[id]);
    this.jokerScores = this.tables.rolls.map((counts) => rows.map((row) => rowPoints(row, counts, { joker: true })));
    this.repeatRolls =
      this.fiveIndex < 0
        ? []
        : this.tables.rolls.flatMap((counts, r) => (meetsRow(rows[this.fiveIndex], counts) ? [r] : []));
    this.faceRows = this.tables.rolls.map((counts) => {
      const found = faceRow(
        rules,
        FACES.find((face) => counts[face] > 0),
      );
      return found === null ? -1 : this.rows.indexOf(found);
    });
    this.lowerIndex = this.rows.flatMap((_, i) => (this.isUpper[i] ? [] : [i]));
    // where each stored state's value is: by mask, its block; in a block, by cell, then upper sum
    this.sums = header.sums;
    this.reach = header.reach;
    this.position = this.sums.map((sums) => {
      const at = new Int32Array(this.cap + 1).fill(-1);
      for (const [i, s] of sums.entries()) at[s] = i;
      return at;
    });
    this.values = values;
    this.offsets = new Int32Array(this.full + 1).fill(-1);
    let offset = 0;
    for (const level of header.levels) {
      for (let mask = 0; mask <= this.full; mask++) {
        if (popcount(mask) !== level) continue;
        this.offsets[mask] = offset;
        offset += this.cellsOf(mask).length * this.sums[this.upperMask(mask)].length;
      }
    }
    if (offset !== values.length) throw new Error(`coach file: ${values.length} values; these rules store ${offset}`);
    this.computed = new Map(); // the values of states of levels not stored, once worked out
  }

  upperMask(mask) {
    let found = 0;
    for (const [k, i] of this.upperIndex.entries()) found |= ((mask >> i) & 1) << k;
    return found;
  }

  cellsOf(mask) {
    return mask & this.fiveBit ? this.cells : [OPEN];
  }

  /** Is a turn owed beyond the open rows (every five of a kind above 0 earns one)? */
  hasExtraTurn(cell) {
    return this.everyExtra && cell === SCORED;
  }

  /** V(filled, upper, cell): the expected points still to come from a turn's start. */
  value(filled, upper, cell) {
    if (!this.distinguishes && cell === SCORED) cell = ZERO; // the two play alike
    const um = this.upperMask(filled);
    if (upper < this.reach[um]) upper = this.sums[um][0]; // the bonus out of reach: one value
    const offset = this.offsets[filled];
    if (offset >= 0) {
      const sums = this.sums[um];
      const at = this.position[um][upper];
      if (at < 0) throw new Error(`coach: no sheet has upper sum ${upper} with these upper rows filled`);
      return this.values[offset + this.cellsOf(filled).indexOf(cell) * sums.length + at];
    }
    if (filled === this.full && !this.hasExtraTurn(cell)) return 0; // the game is over
    const key = (filled * (this.cap + 1) + upper) * 3 + cell;
    let found = this.computed.get(key);
    if (found === undefined) {
      found = this.solveState(filled, upper, cell);
      this.computed.set(key, found);
    }
    return found;
  }

  /** V of a state not stored: one turn from the states one row later; where a repeat five of a
   * kind comes back to it, the fixed point V = T(V), found by iterating T (a contraction: the
   * chance of a repeat in one turn, well below 1). */
  solveState(filled, upper, cell) {
    const final = this.finalValues(filled, upper, cell, null);
    if (this.repeatAdds === null || cell !== SCORED || !this.repeatRolls.length) return this.turnValue(final);
    let x = this.turnValue(final);
    for (let step = 0; step < 200; step++) {
      const next = this.turnValue(this.finalValues(filled, upper, cell, x, final));
      if (Math.abs(next - x) <= 1e-12) return next;
      x = next;
    }
    throw new Error("coach: a repeat state's value did not settle");
  }

  /** Each roll's value once scored (sheetrules.final_values for one state): its best open row,
   * a joker's or a bonus line's points where they apply, and a repeat worth adds + `loop`. */
  finalValues(filled, upper, cell, loop, base = null) {
    const count = this.tables.rolls.length;
    let final;
    if (base !== null) {
      final = Float64Array.from(base);
    } else {
      final = new Float64Array(count).fill(filled === this.full ? 0 : -Infinity);
      const scored = this.distinguishes ? SCORED : ZERO;
      for (let i = 0; i < this.rows.length; i++) {
        const bit = 2 ** i;
        if (filled & bit) continue;
        const after = filled | bit;
        const later = new Map();
        for (let r = 0; r < count; r++) {
          const points = this.scores[r][i];
          let candidate;
          if (this.isUpper[i]) {
            let v = later.get(points);
            if (v === undefined) {
              v = this.value(after, Math.min(upper + points, this.cap), cell);
              later.set(points, v);
            }
            candidate = points + this.bonus(upper, points) + v;
          } else if (i === this.fiveIndex) {
            candidate =
              points > 0
                ? points + this.cached(later, "above", () => this.value(after, upper, scored))
                : this.cached(later, "zero", () => this.value(after, upper, ZERO));
          } else {
            candidate = points + this.cached(later, "later", () => this.value(after, upper, cell));
          }
          if (candidate > final[r]) final[r] = candidate;
        }
      }
      if ((this.joker !== "none" || this.lineAdds !== null) && cell !== OPEN)
        this.fiveOfAKindAgain(filled, upper, cell, final);
    }
    if (loop !== null && this.repeatAdds !== null && cell === SCORED) {
      const again = this.repeatAdds + loop;
      for (const r of this.repeatRolls) if (again > final[r]) final[r] = again;
    }
    return final;
  }

  cached(map, key, make) {
    let v = map.get(key);
    if (v === undefined) {
      v = make();
      map.set(key, v);
    }
    return v;
  }

  /** A five of a kind rolled once its row is filled: as a joker (full value in an open row, or where
   * the forced joker sends it, once the upper row of its face is filled) and with the bonus line's points. */
  fiveOfAKindAgain(filled, upper, cell, final) {
    const isOpen = (i) => (filled & (2 ** i)) === 0;
    const lowerOpen = this.lowerIndex.some(isOpen);
    const scores = this.joker !== "none" ? this.jokerScores : this.scores;
    for (const r of this.repeatRolls) {
      const own = this.faceRows[r];
      const ownOpen = own >= 0 && isOpen(own);
      let best = -Infinity;
      for (let i = 0; i < this.rows.length; i++) {
        if (!isOpen(i)) continue;
        if (this.joker === "forced" && !(ownOpen ? i === own : lowerOpen ? !this.isUpper[i] : true)) continue;
        const points = ownOpen ? this.scores[r][i] : scores[r][i];
        const after = filled | (2 ** i);
        const value = this.isUpper[i]
          ? points + this.bonus(upper, points) + this.value(after, Math.min(upper + points, this.cap), cell)
          : points + this.value(after, upper, cell);
        best = Math.max(best, value);
      }
      const bonus = cell === SCORED ? (this.lineAdds ?? 0) : 0;
      if (Number.isFinite(best)) final[r] = best + bonus;
    }
  }

  stateOf(sheet) {
    let filled = 0;
    for (const [i, id] of this.rows.entries()) filled |= sheet.cells.has(id) ? 2 ** i : 0;
    const upper = Math.min(this.upperSum(sheet), this.cap);
    const five = this.rules.five;
    const cell = !five || !sheet.cells.has(five.row) ? OPEN : sheet.cells.get(five.row) > 0 ? SCORED : ZERO;
    return { filled, upper, cell };
  }

  hasTurn(state) {
    return state.filled !== this.full || this.hasExtraTurn(state.cell);
  }

  /** The expected final grand total of the player to move, at the start of their turn (null when
   * the game is over or the solver gives them no turn). */
  expected(answer) {
    if (answer.over) return null;
    const sheet = sheetOf(this.rules, answer.players[answer.current]);
    const state = this.stateOf(sheet);
    return this.hasTurn(state) ? sheet.total + this.value(state.filled, state.upper, state.cell) : null;
  }

  /** Every choice for the dice on the table, best first (none before the roll, or without a turn). */
  advise(answer) {
    if (answer.over || answer.dice === null) return [];
    const sheet = sheetOf(this.rules, answer.players[answer.current]);
    const state = this.stateOf(sheet);
    if (!this.hasTurn(state)) return [];
    const dice = diceOfText(answer.dice);
    const rollsLeft = this.rules.rollsPerTurn - answer.rolls;
    const own = this.value(state.filled, state.upper, state.cell); // what a repeat comes back to
    const expected = this.expectedFrom(this.finalValues(state.filled, state.upper, state.cell, own));
    return this.ranked(this.scoreChoices(sheet, state, dice, own), dice, rollsLeft, expected, sheet.total);
  }

  /** Each row the dice may be scored in, with its points, bonus and the next state's value (hint's _score_choices). */
  scoreChoices(sheet, state, dice, own) {
    const rules = this.rules;
    const counts = countsOf(dice);
    const line = this.lineAdds !== null && isRepeat(rules, sheet, counts) ? this.lineAdds : 0;
    const found = [];
    for (const row of allowedRows(rules, sheet, dice)) {
      const i = this.rows.indexOf(row);
      const points = openRowPoints(rules, sheet, dice, row);
      let upper = state.upper;
      let cell = state.cell;
      let gain = points + line;
      if (this.isUpper[i]) {
        gain += this.bonus(state.upper, points);
        upper = Math.min(this.cap, state.upper + points);
      } else if (i === this.fiveIndex) {
        cell = this.distinguishes && points > 0 ? SCORED : ZERO;
      }
      found.push({ action: "score", row, value: gain + this.value(state.filled | (2 ** i), upper, cell) });
    }
    const repeat = this.repeatAdds !== null && state.cell === SCORED && meetsRow(rules.rows[rules.five.row], counts);
    if (repeat) found.push({ action: "score", row: rules.five.row, value: this.repeatAdds + own });
    if (state.filled === this.full) found.push({ action: "end", value: 0 });
    return found;
  }
}

function popcount(mask) {
  let n = 0;
  for (let m = mask; m; m = Math.floor(m / 2)) n += m & 1;
  return n;
}

// -- the score sheet, plain path (Generala: first-roll and requires rules) ----------------------

class PlainCoach extends SheetTables {
  constructor(rulesets, name, header, values) {
    super(rulesets, name, header);
    const rules = this.rules;
    this.family = "score-sheet";
    const rows = this.rows.map((id) => rules.rows[id]);
    this.required = header.required.map((id) => this.rows.indexOf(id));
    this.heldSizes = 2 ** this.required.length;
    this.fits = this.tables.rolls.map((counts) => rows.map((row) => meetsRow(row, counts)));
    this.adds = rows.map((row) => row.first_roll?.adds ?? 0);
    this.needs = rows.map((row) =>
      row.requires === undefined ? -1 : this.required.indexOf(this.rows.indexOf(row.requires)),
    );
    // every state's value, [filled][upper][held] (NaN where a held row is open)
    this.table = new Float64Array((this.full + 1) * (this.cap + 1) * this.heldSizes).fill(NaN);
    let at = 0;
    for (let mask = 0; mask <= this.full; mask++) {
      let on = 0;
      for (const [j, i] of this.required.entries()) on |= ((mask >> i) & 1) << j;
      for (let u = 0; u <= this.cap; u++) {
        for (let h = 0; h < this.heldSizes; h++) if ((h & ~on) === 0) this.table[this.flat(mask, u, h)] = values[at++];
      }
    }
    if (at !== values.length) throw new Error(`coach file: ${values.length} values; these rules have ${at} states`);
  }

  flat(filled, upper, held) {
    return (filled * (this.cap + 1) + upper) * this.heldSizes + held;
  }

  /** Each roll's value once scored in its best open row, at the turn's first roll or after a reroll. */
  finalValues(filled, upper, held, first) {
    const final = new Float64Array(this.tables.rolls.length).fill(-Infinity);
    for (let i = 0; i < this.rows.length; i++) {
      if (filled & (2 ** i)) continue;
      const allowed = this.needs[i] < 0 || ((held >> this.needs[i]) & 1) === 1;
      const after = filled | (2 ** i);
      const j = this.required.indexOf(i);
      for (let r = 0; r < final.length; r++) {
        let points = allowed ? this.scores[r][i] : 0;
        if (first && this.adds[i] && allowed && this.fits[r][i]) points += this.adds[i];
        let capped = upper;
        let earned = 0;
        if (this.isUpper[i]) {
          capped = Math.min(upper + points, this.cap);
          earned = upper < this.cap && upper + points >= this.cap ? this.bonusPoints : 0;
        }
        const next = j >= 0 ? held | ((points > 0 ? 1 : 0) << j) : held;
        const value = points + earned + this.table[this.flat(after, capped, next)];
        if (value > final[r]) final[r] = value;
      }
    }
    return final;
  }

  stateOf(sheet) {
    let filled = 0;
    for (const [i, id] of this.rows.entries()) filled |= sheet.cells.has(id) ? 2 ** i : 0;
    let held = 0;
    for (const [j, i] of this.required.entries()) held |= (sheet.cells.get(this.rows[i]) ?? 0) > 0 ? 2 ** j : 0;
    return { filled, upper: Math.min(this.upperSum(sheet), this.cap), held };
  }

  expected(answer) {
    if (answer.over) return null;
    const sheet = sheetOf(this.rules, answer.players[answer.current]);
    const state = this.stateOf(sheet);
    return state.filled === this.full
      ? null
      : sheet.total + this.table[this.flat(state.filled, state.upper, state.held)];
  }

  advise(answer) {
    if (answer.over || answer.dice === null) return [];
    const sheet = sheetOf(this.rules, answer.players[answer.current]);
    const state = this.stateOf(sheet);
    if (state.filled === this.full) return [];
    const dice = diceOfText(answer.dice);
    const rollsLeft = this.rules.rollsPerTurn - answer.rolls;
    const first = rollsLeft === this.rerolls;
    const expected = this.expectedFrom(this.finalValues(state.filled, state.upper, state.held, false));
    const found = [];
    for (const row of allowedRows(this.rules, sheet, dice)) {
      const i = this.rows.indexOf(row);
      const points = openRowPoints(this.rules, sheet, dice, row, { firstRoll: first });
      let { upper, held } = state;
      let gain = points;
      if (this.isUpper[i]) {
        gain += this.bonus(state.upper, points);
        upper = Math.min(this.cap, state.upper + points);
      }
      const j = this.required.indexOf(i);
      if (j >= 0 && points > 0) held |= 2 ** j;
      const won = first && this.rules.rows[row].first_roll?.wins === true && points > 0;
      found.push({
        action: "score",
        row,
        value: gain + this.table[this.flat(state.filled | (2 ** i), upper, held)],
        won,
      });
    }
    return this.ranked(found, dice, rollsLeft, expected, sheet.total);
  }
}

// -- set-aside games: the turn policy (10000, Farkle, Greed) -------------------------------------

class TurnCoach {
  constructor(rulesets, name, header, values) {
    this.family = "set-aside";
    this.rulesets = rulesets;
    this.name = name;
    this.rules = rulesOf(rulesets, name, "set-aside").rules;
    this.step = header.step;
    this.cap = header.cap;
    this.epsilon = header.epsilon;
    this.width = this.rules.dice + 1;
    if (header.dice !== this.rules.dice || values.length !== (this.cap / this.step) * this.width) {
      throw new Error(`coach file: ${values.length} values; these rules have ${(this.cap / this.step) * this.width}`);
    }
    this.rolls = values; // R(i * step, n) at [i * (dice + 1) + n]
  }

  /** R: the expected banked points of rolling `n` dice now at a turn total of `t`, then playing on well. */
  rollValue(t, n) {
    return this.rolls[(t / this.step) * this.width + n];
  }

  /** V: the expected banked points from here, banking or rolling, whichever is better. */
  value(t, n) {
    return t >= this.cap ? t : Math.max(t, this.rollValue(t, n));
  }

  /** Is banking at least as good as rolling on? */
  shouldBank(t, n) {
    return t >= this.cap || this.rollValue(t, n) <= t + this.epsilon;
  }

  /** The expected banked points of a whole turn to come (the player on the board). */
  expected(answer) {
    return answer.over ? null : this.rollValue(0, this.rules.dice);
  }

  /** A roll's set-asides, best first: {action: "set", dice, points, value, bank}. After a set-aside,
   * banking and rolling on: {action: "bank" | "roll", value}, the better first (no roll past the
   * total from which banking is always right). */
  advise(answer) {
    if (answer.over) return [];
    const t = answer.turn_points;
    if (answer.phase === "rolled" && answer.dice !== null) {
      const { options } = setAsideOptions(this.rulesets, this.name, answer.dice);
      const found = options.map((option) => {
        const left = answer.dice.length - option.dice.length || this.rules.dice;
        const total = t + option.points;
        return {
          action: "set",
          dice: option.dice,
          points: option.points,
          value: this.value(total, left),
          bank: this.shouldBank(total, left),
        };
      });
      return found.sort((a, b) => (a.value === b.value ? 0 : a.value > b.value ? -1 : 1));
    }
    if (answer.phase === "set-aside") {
      const n = answer.dice_left;
      const bank = { action: "bank", value: t };
      if (t >= this.cap) return [bank];
      const roll = { action: "roll", value: this.rollValue(t, n) };
      return this.shouldBank(t, n) ? [bank, roll] : [roll, bank];
    }
    return [];
  }
}

// -- set-aside games of two players: the chance of winning (dicespec.solver.twoplayer) ----------

/** The two-player optimum of a set-aside ruleset from its two-player file (the parsed JSON of
 * `dicespec.solver.dueldata`); an Error in one line when it was made for another ruleset, other
 * rules or another format. */
export function loadDuel(rulesetName, rulesetsData, data) {
  if (!Object.hasOwn(rulesetsData, rulesetName))
    throw new Error(`coach: no ruleset ${JSON.stringify(rulesetName)} in the rulesets' data`);
  if (data.format !== DUEL_FORMAT)
    throw new Error(`two-player file: format ${data.format}; this coach reads ${DUEL_FORMAT}`);
  if (data.ruleset !== rulesetName)
    throw new Error(`two-player file: made for ruleset ${data.ruleset}, not ${rulesetName}`);
  if (data.rules_digest !== rulesDigest(rulesetsData[rulesetName]))
    throw new Error(`two-player file: made for other rules of ${rulesetName}`);
  return new DuelCoach(rulesetsData, rulesetName, data);
}

export const DUEL_FORMAT = 1;

/**
 * The chance of winning of the player to move in a two-player set-aside game, both playing to win,
 * as `dicespec.solver.twoplayer.Duel` gives it: the start chances S(a, b) read from the file, a
 * pair of scores' chances within a turn, W(t, n), worked out when first asked by one pass down the
 * turn's totals (twoplayer._pass, for one pair), and kept. Scores and points are in steps.
 */
class DuelCoach {
  constructor(rulesets, name, data) {
    this.family = "set-aside";
    this.chances = true; // its values are chances of winning
    this.rulesets = rulesets;
    this.name = name;
    this.rules = rulesOf(rulesets, name, "set-aside").rules;
    Object.assign(this, {
      step: data.step,
      goal: data.goal,
      entry: data.entry,
      dice: data.dice,
      limit: data.limit,
      reach: data.reach,
      refusedBelowEntry: data.refused_below_entry,
      starts: data.starts,
      reached: data.reached,
      lastTurns: data.last_turn,
      rolls: data.rolls,
      epsilon: data.epsilon,
      noBank: data.no_bank,
    });
    if (this.dice !== this.rules.dice || this.starts.length !== this.goal * this.goal)
      throw new Error(`two-player file: ${this.starts.length} start chances for ${this.goal} scores`);
    this.pairs = new Map();
  }

  start(a, b) {
    return this.starts[a * this.goal + b];
  }

  /** What banking `t` is worth to the mover of (a, b) (twoplayer._banks): noBank where it may not. */
  bankValue(a, b, t) {
    if (t === 0 || (this.entry && a === 0 && t < this.entry)) return this.noBank;
    const reaches = a + t;
    if (reaches < this.goal) return 1 - this.start(b, reaches);
    return this.reached[Math.min(reaches - b, this.reached.length - 1)];
  }

  /** W(t, n) and the chance of rolling on, R(t, n), of one pair (twoplayer._pass for one pair). */
  pair(a, b) {
    const key = a * this.goal + b;
    if (this.pairs.has(key)) return this.pairs.get(key);
    const { weights, gain, left, valid, farkles } = this.rolls;
    const width = this.dice + 1;
    const size = this.limit + this.reach + 1;
    const value = new Float64Array(size * width).fill(1); // past what a pass keeps: won
    const rollOn = new Float64Array(size * width).fill(1);
    const farkle = 1 - this.start(b, a);
    const wonFrom = Math.max(this.goal, b + this.reached.length - 1); // a bank from there is worth 1
    for (let t = this.limit - 1; t >= 0; t--) {
      if (a + t >= wonFrom) continue; // no longer playing: won
      const roll = new Float64Array(width);
      for (let r = 0; r < gain.length; r++) {
        let best = -1;
        for (let o = 0; o < gain[r].length; o++) {
          if (valid[r][o]) best = Math.max(best, value[(t + gain[r][o]) * width + left[r][o]]);
        }
        for (let n = 1; n < width; n++) roll[n] += best * weights[r][n];
      }
      for (let n = 1; n < width; n++) {
        roll[n] += farkle * farkles[n];
        rollOn[t * width + n] = roll[n];
      }
      const bank = this.bankValue(a, b, t);
      for (let n = 1; n < width; n++) {
        value[t * width + n] = t > 0 && bank >= roll[n] - this.epsilon ? bank : roll[n];
      }
    }
    const found = { value, rollOn, width };
    this.pairs.set(key, found);
    return found;
  }

  /** The last player's chance in a final round, `behind` steps behind with n dice in hand. */
  lastTurn(behind, n) {
    if (behind < 0) return 1;
    return behind < this.lastTurns.length ? this.lastTurns[behind][n] : 0;
  }

  /** W: the chance of winning from the turn's points and dice in hand (points, not steps). */
  chance(mine, theirs, turnPoints, n) {
    const [a, b, t] = [mine, theirs, turnPoints].map((p) => p / this.step);
    if (b >= this.goal) return this.lastTurn(b - a - t, n);
    const { value, width } = this.pair(a, b);
    return t < this.limit ? value[t * width + n] : 1;
  }

  /** The chance of winning after banking now (null where the rules do not let the player bank). */
  bankChance(mine, theirs, turnPoints) {
    const [a, b, t] = [mine, theirs, turnPoints].map((p) => p / this.step);
    if (t === 0) return null;
    if (b >= this.goal) return a + t > b ? 1 : a + t === b ? 0.5 : 0;
    if (a === 0 && t < this.entry) return this.refusedBelowEntry ? null : 1 - this.start(b, a);
    return this.bankValue(a, b, t);
  }

  /** The chance of winning of rolling on now (the better of banking and rolling where the rules
   * leave no bank, as W is). */
  rollChance(mine, theirs, turnPoints, n) {
    const [a, b, t] = [mine, theirs, turnPoints].map((p) => p / this.step);
    if (b >= this.goal || t >= this.limit) return this.chance(mine, theirs, turnPoints, n);
    const { rollOn, width } = this.pair(a, b);
    return rollOn[t * width + n];
  }

  /** The two players' scores: the mover's and the other's (a game of two players only). */
  scores(answer) {
    if (answer.players.length !== 2) return null;
    return [answer.players[answer.current].score, answer.players[1 - answer.current].score];
  }

  /** The chance of winning of a whole turn to come. */
  expected(answer) {
    const scores = answer.over ? null : this.scores(answer);
    return scores && this.chance(scores[0], scores[1], 0, this.dice);
  }

  /** A roll's set-asides, or banking and rolling on, best first, each with its chance of winning:
   * {action, dice?, points?, value} (none but in a game of two players). */
  advise(answer) {
    const scores = answer.over ? null : this.scores(answer);
    if (scores === null) return [];
    const [mine, theirs] = scores;
    const t = answer.turn_points;
    if (answer.phase === "rolled" && answer.dice !== null) {
      const { options } = setAsideOptions(this.rulesets, this.name, answer.dice);
      const found = options.map((option) => {
        const left = answer.dice.length - option.dice.length || this.rules.dice;
        return {
          action: "set",
          dice: option.dice,
          points: option.points,
          value: this.chance(mine, theirs, t + option.points, left),
        };
      });
      return found.sort((x, y) => (x.value === y.value ? 0 : x.value > y.value ? -1 : 1));
    }
    if (answer.phase === "set-aside") {
      const n = answer.dice_left;
      const roll = { action: "roll", value: this.rollChance(mine, theirs, t, n) };
      const chance = this.bankChance(mine, theirs, t);
      if (chance === null) return [roll];
      const bank = { action: "bank", value: chance };
      return this.chance(mine, theirs, t, n) <= chance + this.epsilon ? [bank, roll] : [roll, bank];
    }
    return [];
  }
}

// -- the pure parts above, by name, for the package's tests (test/coach.test.mjs) -----------------

export { bestKeepValues, byValue, keepTables, rerollValues, subKeeps };
