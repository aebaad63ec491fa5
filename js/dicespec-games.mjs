// The dicespec games in JavaScript: the rule logic of the two families of games, with no
// dependency and nothing of node (it runs in a browser as well). Every function that needs a
// ruleset takes the rulesets' data, the object `dicespec rulesets --json` prints (ruleset name ->
// rule values), as its first argument.
//
// It plays the two families of games the rulesets describe: score-sheet games (Kiriki, Yahtzee,
// Yatzy, Yacht, and five- or six-dice sheets like Generala's and Maxi Yatzy's: a sheet of rows, each
// a rule family with its parameters, and what a row or the ruleset adds to it: first-roll points or
// a first-roll win, a row it requires, saved rolls) and set-aside games
// (10000, Farkle, Greed: dice set aside for combinations). It knows the families, never a game:
// every number and every rule choice is read from the rulesets' data. Written in its own way from
// the protocol's description and the ruleset schemas (the reference engines were read for the
// exact meaning of a rule, not ported).
//
// Its front ends: the stdio adapter (examples/adapters/js/dicespec-adapter.mjs, node), which reads
// rulesets.json beside this module and answers the conformance protocol's requests with
// `operations(rulesets)`; the rules website's scorer (scorer.mjs), which fetches the same data and
// asks `sheetScores` and `setAsideOptions`; the game pages (play.mjs) and their coach (coach.mjs).
//
// It plays a ruleset only as far as its model of the families goes: `unplayable(data)` says which
// rule value of a ruleset it does not know (a key, a rule family, a choice), and such a ruleset is
// neither declared nor played; the rest of the data is read, never guessed at.

/** The implementation's version, as its hello reports it. */
export const VERSION = "2.0.0";
const FACES = [1, 2, 3, 4, 5, 6];

/** The family a ruleset's data belongs to: its rows make a score sheet, its singles a set-aside game. */
export function familyOf(data) {
  if ("rows" in data) return "score-sheet";
  if ("singles" in data) return "set-aside";
  return null; // a family this implementation does not know: not declared, not played
}

// -- small helpers ------------------------------------------------------------------------------

/** A move the rules refuse, with the protocol's code for it. */
export class Rejected extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

/** A request this implementation does not answer: the case is skipped. */
export class Skip extends Error {}

/** Dice written as digits ("66616"; spaces and commas ignored), or null when a character is not a die. */
export function parseDice(text) {
  const digits = text.replace(/[ ,]/g, "");
  if (!/^[1-6]*$/.test(digits)) return null;
  return [...digits].map(Number);
}

/** How many dice show each face: counts[face], face 1 to 6 (counts[0] unused). */
function countsOf(dice) {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const die of dice) counts[die] += 1;
  return counts;
}

const sum = (values) => values.reduce((a, b) => a + b, 0);
const diceCount = (counts) => sum(counts);
const total = (counts) => sum(FACES.map((face) => face * counts[face]));

/** An action as "verb rest": the verb, and the rest trimmed ("" when there is none). */
function splitAction(text) {
  const trimmed = text.trim();
  const space = trimmed.indexOf(" ");
  return space < 0 ? [trimmed, ""] : [trimmed.slice(0, space), trimmed.slice(space + 1).trim()];
}

/** The dice an action gives; dice that are not dice are refused as bad-dice. */
function actionDice(text) {
  const dice = parseDice(text);
  if (dice === null) throw new Rejected("bad-dice");
  return dice;
}

function notation(action) {
  return new Error(`not an action of the notation: ${JSON.stringify(action)}`);
}

// ===============================================================================================
// Score-sheet games: Kiriki, Yahtzee, Yatzy, Yacht, and their five- and six-dice kin
// ===============================================================================================

// -- the rule families of a row: does a roll meet its pattern, and what does it score ----------

/** The highest face that at least `n` dice show (exactly `n`, and no more, when `exactly`), or null. */
function highestFaceWith(counts, n, exactly = false) {
  for (let face = 6; face >= 1; face--) if (exactly ? counts[face] === n : counts[face] >= n) return face;
  return null;
}

/** An of-a-kind row's count of dice, and whether it wants exactly that many of the face. */
const kindOf = (row) => ("exactly" in row ? [row.exactly, true] : [row.at_least, false]);

/** The face of an of-a-kind row's dice: the highest that makes the row, or null. */
const ofAKindFace = (row, counts) => highestFaceWith(counts, ...kindOf(row));

/** Groups of dice of different faces, each at least as large as the row's `groups` say (3 and 2,
 * 3 and 3, 4 and 2): the highest sum the grouped dice can make, or null when the dice hold no such
 * groups. Every way of giving the groups different faces is tried. */
function bestGroups(counts, sizes, used = new Set()) {
  if (sizes.length === 0) return 0;
  const [size, ...rest] = sizes;
  let best = null;
  for (const face of FACES) {
    if (used.has(face) || counts[face] < size) continue;
    const others = bestGroups(counts, rest, new Set([...used, face]));
    if (others !== null) best = Math.max(best ?? 0, face * size + others);
  }
  return best;
}

/** The faces of the `n` highest pairs of different faces, or null when the dice hold fewer. */
function highestPairs(counts, n) {
  const faces = [];
  for (let face = 6; face >= 1 && faces.length < n; face--) if (counts[face] >= 2) faces.push(face);
  return faces.length === n ? faces : null;
}

/** Three dice of one face and two of another; five of a kind only where the row counts it. */
function isFullHouse(counts, fiveOfAKindCounts) {
  const shown = FACES.map((face) => counts[face])
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
  if (shown.length === 2 && shown[0] === 2 && shown[1] === 3) return true;
  return fiveOfAKindCounts && shown.length === 1 && shown[0] === 5;
}

/** `length` consecutive faces anywhere, or every face of the row's `faces`, or of one of the
 * sets of its `any_of` (a straight that wraps round). */
function isStraight(counts, row) {
  const sets = row.faces ? [row.faces] : row.any_of;
  if (sets) return sets.some((faces) => faces.every((face) => counts[face] > 0));
  let run = 0;
  for (const face of FACES) {
    run = counts[face] > 0 ? run + 1 : 0;
    if (run >= row.length) return true;
  }
  return false;
}

/** Does a roll meet the row's pattern? A face row and a chance row take any roll. */
function meetsRow(row, counts) {
  switch (row.rule) {
    case "face":
    case "chance":
      return true;
    case "of_a_kind":
      return ofAKindFace(row, counts) !== null;
    case "pairs":
      return highestPairs(counts, row.pairs) !== null;
    case "full_house":
      return isFullHouse(counts, row.five_of_a_kind_counts);
    case "straight":
      return isStraight(counts, row);
    case "groups":
      return bestGroups(counts, row.groups) !== null;
  }
  throw new Error(`unknown rule family ${JSON.stringify(row.rule)}`);
}

/** A row's points: a number, the sum of all the dice ("sum"), or of the dice that make the pattern. */
function worth(points, counts, matching) {
  if (points === "sum") return total(counts);
  if (points === "matching") return matching;
  return points;
}

// A joker fills these patterns whatever the dice show (the full house, the straights); in any
// other row it scores as the dice are.
const JOKER_FILLS = new Set(["full_house", "straight"]);

/** What a roll scores in a row: 0 when it does not meet the pattern (unless a joker fills it). */
function rowPoints(row, counts, { joker = false } = {}) {
  if (!(joker && JOKER_FILLS.has(row.rule)) && !meetsRow(row, counts)) return 0;
  switch (row.rule) {
    case "face": // the dice showing the face
      return counts[row.face] * row.face;
    case "chance": // every die
      return total(counts);
    case "of_a_kind": // the matching dice are `at_least` (or `exactly`) dice of the highest such face
      return worth(row.points, counts, ofAKindFace(row, counts) * kindOf(row)[0]);
    case "pairs": // the dice of the highest pairs
      return 2 * sum(highestPairs(counts, row.pairs));
    case "groups": // the grouped dice, by default
      return worth(row.points ?? "matching", counts, bestGroups(counts, row.groups));
    case "full_house": // the pattern uses every die
    case "straight":
      return worth(row.points, counts, total(counts));
  }
  throw new Error(`unknown rule family ${JSON.stringify(row.rule)}`);
}

// -- the sheet: its rows, its derived lines, and the rules about the sheet as a whole ----------

const CELL = "cell"; // a repeat five of a kind adds to its own row's cell

/** A score-sheet ruleset with what follows from its data: the sections, the lines in order. */
function sheetRules(data) {
  const rowIds = Object.keys(data.rows); // in sheet order
  const upperRows = rowIds.filter((id) => data.rows[id].section === "upper");
  const lowerRows = rowIds.filter((id) => data.rows[id].section === "lower");
  const five = data.five_of_a_kind; // null: a five of a kind does nothing beyond its row
  const repeatTo = five ? (five.repeat.to ?? CELL) : null;
  const repeatAdds = five ? five.repeat.adds : null; // null: a repeat adds nothing
  const bonusLine = repeatAdds !== null && repeatTo !== CELL ? repeatTo : null; // e.g. yahtzee_bonus
  const lines = [
    ...upperRows,
    ...(data.upper_bonus ? ["bonus"] : []), // no upper bonus, no bonus line (Yacht)
    "upper_total",
    ...lowerRows,
    ...(bonusLine ? [bonusLine] : []),
    "lower_total",
    "grand_total",
  ];
  return {
    name: data.name,
    dice: data.dice,
    rollsPerTurn: data.rolls_per_turn,
    savedRolls: data.saved_rolls === true, // a turn's unused rolls are banked for the player's later turns
    players: data.players,
    rows: data.rows,
    rowIds,
    upperRows,
    lowerRows,
    upperBonus: data.upper_bonus,
    five,
    repeatAdds,
    addsToCell: repeatAdds !== null && repeatTo === CELL,
    bonusLine,
    joker: data.joker, // none, forced or free
    lines,
    derivedLines: lines.filter((line) => !Object.hasOwn(data.rows, line)),
  };
}

/** The upper bonus: earned when the upper rows add up to more than (or at least) its threshold. */
function upperBonus(rules, upperSum) {
  const bonus = rules.upperBonus;
  if (!bonus) return 0;
  const earned = "more_than" in bonus ? upperSum > bonus.more_than : upperSum >= bonus.at_least;
  return earned ? bonus.points : 0;
}

/** The upper row that counts `face`, if the sheet has one. */
function faceRow(rules, face) {
  return rules.upperRows.find((id) => rules.rows[id].rule === "face" && rules.rows[id].face === face) ?? null;
}

// -- five of a kind, repeats and the joker --------------------------------------------------

/** Is the roll a five of a kind, as the ruleset's five-of-a-kind row sees it? */
function isFiveOfAKind(rules, counts) {
  return rules.five !== null && meetsRow(rules.rows[rules.five.row], counts);
}

/** A repeat: a five of a kind while its row holds more than 0, where the ruleset rewards one. */
function isRepeat(rules, sheet, counts) {
  return rules.repeatAdds !== null && (sheet.cells.get(rules.five.row) ?? 0) > 0 && isFiveOfAKind(rules, counts);
}

/** A joker: a five of a kind once its row is filled (with 50 or 0), where the ruleset has a joker. */
function isJoker(rules, sheet, counts) {
  return (
    rules.joker !== "none" && rules.five !== null && sheet.cells.has(rules.five.row) && isFiveOfAKind(rules, counts)
  );
}

/** A joker scores full value only once the upper row of its face is filled (or there is none). */
function scoresAsJoker(rules, sheet, dice) {
  if (!isJoker(rules, sheet, countsOf(dice))) return false;
  const own = faceRow(rules, dice[0]);
  return own === null || sheet.cells.has(own);
}

/** The open rows the dice may go in: every open row, unless the forced joker narrows them to the
 * dice's own upper row if open, else the open lower rows, else the open upper rows. */
function allowedRows(rules, sheet, dice) {
  const open = rules.rowIds.filter((id) => !sheet.cells.has(id));
  if (rules.joker !== "forced" || !isJoker(rules, sheet, countsOf(dice))) return open;
  const own = faceRow(rules, dice[0]);
  if (own !== null && open.includes(own)) return [own];
  const lower = open.filter((id) => rules.rows[id].section === "lower");
  return lower.length ? lower : open;
}

/** May the dice go in this row now: an allowed open row, or a repeat added to its own cell? */
function canScore(rules, sheet, dice, row) {
  if (rules.addsToCell && row === rules.five.row && isRepeat(rules, sheet, countsOf(dice))) return true;
  return allowedRows(rules, sheet, dice).includes(row);
}

/** What the dice score in the open row `id` of the sheet: 0 while the row it requires holds
 * nothing; a joker's full value where it applies; and, made with the turn's first roll, the row's
 * first-roll points added when the dice meet its pattern. */
function openRowPoints(rules, sheet, dice, id, { firstRoll = false } = {}) {
  const row = rules.rows[id];
  if (row.requires !== undefined && (sheet.cells.get(row.requires) ?? 0) <= 0) return 0;
  const counts = countsOf(dice);
  const points = rowPoints(row, counts, { joker: scoresAsJoker(rules, sheet, dice) });
  return firstRoll && meetsRow(row, counts) ? points + (row.first_roll?.adds ?? 0) : points;
}

/** Does a score earn a turn at the end: every five of a kind scored above 0, each repeat, or none? */
function earnsExtraTurn(rules, { first, repeat }) {
  switch (rules.five?.extra_turns) {
    case "every":
      return first || repeat;
    case "repeat":
      return repeat;
    default:
      return false;
  }
}

// -- a score-sheet game ---------------------------------------------------------------------

class SheetGame {
  constructor(rules, players) {
    if (!(players >= rules.players.min && players <= rules.players.max)) {
      throw new Error(`${players} players: ruleset ${rules.name} allows ${rules.players.min} to ${rules.players.max}`);
    }
    this.rules = rules;
    this.players = Array.from({ length: players }, () => ({
      sheet: { cells: new Map(), line: 0 }, // filled rows; the points of the bonus line
      turnsTaken: 0,
      extraTurns: 0,
      savedRolls: 0, // rolls banked from earlier turns (where the ruleset saves rolls)
    }));
    this.current = 0;
    this.dice = null;
    this.rolls = 0;
    this.wonBy = null; // the player whose first-roll score won the game at once
  }

  clone() {
    const copy = Object.create(SheetGame.prototype);
    Object.assign(copy, this);
    copy.players = this.players.map((p) => ({ ...p, sheet: { cells: new Map(p.sheet.cells), line: p.sheet.line } }));
    copy.dice = this.dice && [...this.dice];
    return copy;
  }

  /** One turn a row, and one more for each extra turn earned. */
  hasTurnLeft(player) {
    return player.turnsTaken < this.rules.rowIds.length + player.extraTurns;
  }

  get over() {
    return this.wonBy !== null || !this.players.some((p) => this.hasTurnLeft(p));
  }

  get player() {
    return this.players[this.current];
  }

  /** Read an action of the notation: dice that are not dice are refused before anything else. */
  parse(text) {
    const [verb, rest] = splitAction(text);
    if (verb === "roll") return { verb, dice: actionDice(rest) };
    if (verb === "reroll") {
      const equals = rest.indexOf("=");
      if (equals < 0) throw notation(text);
      const where = rest.slice(0, equals);
      const positions =
        where.trim() === ""
          ? []
          : where.split(",").map((p) => {
              if (!/^\s*[+-]?\d+\s*$/.test(p)) throw notation(text);
              return Number(p) - 1; // 0-based
            });
      return { verb, positions, dice: actionDice(rest.slice(equals + 1)) };
    }
    if (verb === "score" && this.rules.lines.includes(rest)) return { verb, row: rest };
    if (verb === "end" && rest === "") return { verb };
    throw notation(text);
  }

  apply(action) {
    switch (action.verb) {
      case "roll":
        return this.roll(action.dice);
      case "reroll":
        return this.reroll(action.positions, action.dice);
      case "score":
        return this.score(action.row);
      case "end":
        return this.end();
    }
  }

  requirePlaying() {
    if (this.over) throw new Rejected("game-over");
  }

  requireRolled() {
    this.requirePlaying();
    if (this.dice === null) throw new Rejected("not-rolled");
  }

  /** The turn's first roll: all the dice. */
  roll(dice) {
    this.requirePlaying();
    if (this.rolls > 0) throw new Rejected("already-rolled");
    if (dice.length !== this.rules.dice) throw new Rejected("bad-dice");
    this.dice = dice;
    this.rolls = 1;
  }

  /** Some dice (at least one, each once) thrown again, while the turn has rolls left: its own, and
   * the player's saved ones where the ruleset saves rolls. */
  reroll(positions, values) {
    this.requireRolled();
    const saving = this.rules.savedRolls;
    if (this.rolls >= this.rules.rollsPerTurn + (saving ? this.player.savedRolls : 0)) {
      throw new Rejected(this.rolls > this.rules.rollsPerTurn ? "no-saved-rolls" : "no-rolls-left");
    }
    if (positions.length === 0) throw new Rejected("empty-reroll");
    if (positions.some((p) => !(p >= 0 && p < this.rules.dice))) throw new Rejected("bad-die-index");
    if (new Set(positions).size !== positions.length) throw new Rejected("bad-die-index");
    if (values.length !== positions.length) throw new Rejected("bad-dice");
    positions.forEach((p, i) => {
      this.dice[p] = values[i];
    });
    this.rolls += 1;
  }

  /** The dice scored in a row (or added to a five-of-a-kind cell as a repeat); the turn ends. */
  score(row) {
    this.requireRolled();
    const rules = this.rules;
    if (rules.derivedLines.includes(row)) throw new Rejected("not-playable"); // a bonus or a total
    const player = this.player;
    const sheet = player.sheet;
    const counts = countsOf(this.dice);
    if (!canScore(rules, sheet, this.dice, row)) throw new Rejected(sheet.cells.has(row) ? "row-used" : "joker-row");
    const repeat = isRepeat(rules, sheet, counts);
    let earned;
    let won = false;
    if (sheet.cells.has(row)) {
      // a repeat added to its own filled cell (Kiriki): it fills no row
      sheet.cells.set(row, sheet.cells.get(row) + rules.repeatAdds);
      earned = earnsExtraTurn(rules, { first: false, repeat: true });
    } else {
      const firstRoll = this.rolls === 1;
      const points = openRowPoints(rules, sheet, this.dice, row, { firstRoll });
      // a row that wins when made with the turn's first roll, scoring, ends the game at once
      won = firstRoll && rules.rows[row].first_roll?.wins === true && points > 0;
      sheet.cells.set(row, points);
      // a repeat whose points go to a bonus line (Yahtzee) comes with any row it is scored in
      const toLine = rules.bonusLine !== null && repeat;
      if (toLine) sheet.line += rules.repeatAdds;
      const first = rules.five !== null && row === rules.five.row && points > 0;
      earned = earnsExtraTurn(rules, { first, repeat: toLine });
    }
    if (earned) player.extraTurns += 1;
    this.endTurn({ won });
  }

  /** A turn with no score: only once every row is filled. */
  end() {
    this.requireRolled();
    if (this.rules.rowIds.some((id) => !this.player.sheet.cells.has(id))) throw new Rejected("rows-still-open");
    this.endTurn();
  }

  /** The next player with a turn left, in order (the same player if nobody else has one); the
   * rolls the turn did not use are banked, and the saved ones it used spent, where the ruleset
   * saves rolls. A win at once keeps the player and ends the game. */
  endTurn({ won = false } = {}) {
    const player = this.player;
    player.turnsTaken += 1;
    if (this.rules.savedRolls) player.savedRolls += this.rules.rollsPerTurn - this.rolls;
    this.dice = null;
    this.rolls = 0;
    if (won) {
      this.wonBy = this.current;
      return;
    }
    const count = this.players.length;
    for (let step = 1; step <= count; step++) {
      const next = (this.current + step) % count;
      if (this.hasTurnLeft(this.players[next])) {
        this.current = next;
        return;
      }
    }
  }

  /** Every line of the sheet top to bottom: rows (null when empty), the bonus and the totals. */
  lines(sheet) {
    const rules = this.rules;
    const filled = (ids) => sum(ids.map((id) => sheet.cells.get(id) ?? 0));
    const upper = filled(rules.upperRows);
    const bonus = upperBonus(rules, upper);
    const lower = filled(rules.lowerRows) + sheet.line;
    const derived = { bonus, upper_total: upper + bonus, lower_total: lower, grand_total: upper + bonus + lower };
    if (rules.bonusLine) derived[rules.bonusLine] = sheet.line;
    return Object.fromEntries(
      rules.lines.map((line) => [line, line in derived ? derived[line] : (sheet.cells.get(line) ?? null)]),
    );
  }

  /** Once the game is over, the player who won at once, else the players with the highest grand
   * total; ties share. */
  winners(sheets) {
    if (!this.over) return [];
    if (this.wonBy !== null) return [this.wonBy];
    const totals = sheets.map((lines) => lines.grand_total);
    const top = Math.max(...totals);
    return totals.flatMap((total, i) => (total === top ? [i] : []));
  }

  answer(rejected) {
    const sheets = this.players.map((p) => this.lines(p.sheet));
    return {
      players: this.players.map((p, i) => ({
        lines: sheets[i],
        turns_taken: p.turnsTaken,
        extra_turns: p.extraTurns,
        ...(this.rules.savedRolls ? { saved_rolls: p.savedRolls } : {}), // only where the ruleset saves rolls
      })),
      over: this.over,
      current: this.current,
      dice: this.dice === null ? null : this.dice.join(""),
      rolls: this.rolls,
      winners: this.winners(sheets),
      rejected,
    };
  }
}

// ===============================================================================================
// Set-aside games: 10000, Farkle, Greed
// ===============================================================================================

// -- the combinations a ruleset knows, each as counts by face and points ----------------------

const KIND_WORDS = { 4: "four", 5: "five", 6: "six" }; // the keys of fixed more-of-a-kind points

/** Counts by face of `n` dice of one face (counts[0] unused). */
const onlyFace = (face, n) => [0, ...FACES.map((f) => (f === face ? n : 0))];

/** Points of `count` (3 to 6) dice of one face as one combination; null when they are none. */
function ofAKindPoints(rules, face, count) {
  const three = rules.three_of_a_kind[face - 1];
  if (count === 3) return three || null;
  const more = rules.more_of_a_kind;
  if (count > more.largest) return null; // no combination of so many dice of a kind
  switch (more.rule) {
    case "fixed": // a fixed value per number of dice, whatever the face
      return more.points[KIND_WORDS[count]] ?? null;
    case "doubling": // each die past the third doubles the three of a kind
      return three ? three * 2 ** (count - 3) : null;
    case "linear": // each die past the third adds the three of a kind once more
      return three ? three * (count - 2) : null;
  }
  throw new Error(`unknown more_of_a_kind rule ${JSON.stringify(more.rule)}`);
}

/** A pattern's counts (three pairs: 2, 2, 2) on every choice of distinct faces. */
function patternPlacements(pattern) {
  const placed = [];
  const place = (i, counts) => {
    if (i === pattern.counts.length) {
      placed.push([...counts]);
      return;
    }
    for (const face of FACES) {
      if (counts[face] > 0) continue;
      counts[face] = pattern.counts[i];
      place(i + 1, counts);
      counts[face] = 0;
    }
  };
  place(0, [0, 0, 0, 0, 0, 0, 0]);
  return placed;
}

/** Every combination of the ruleset: singles, three or more of a kind, straights, patterns. */
function combinations(rules) {
  const found = [];
  const add = (counts, points) => {
    if (points) found.push({ counts, points });
  };
  for (const face of FACES) {
    add(onlyFace(face, 1), rules.singles[face - 1]);
    for (let n = 3; n <= rules.dice; n++) add(onlyFace(face, n), ofAKindPoints(rules, face, n));
  }
  for (const straight of rules.straights) add(countsOf(straight.faces), straight.points);
  for (const pattern of rules.patterns) {
    if (sum(pattern.counts) > rules.dice) continue; // more dice than a roll has
    for (const counts of patternPlacements(pattern)) add(counts, pattern.points);
  }
  return found;
}

// -- splitting dice into combinations ---------------------------------------------------------

const keyOf = (counts) => counts.join("");

/** Every sub-multiset of the dice, the empty one included. */
function* partsOf(counts) {
  const part = [0, 0, 0, 0, 0, 0, 0];
  function* walk(face) {
    if (face > 6) {
      yield [...part];
      return;
    }
    for (let n = 0; n <= counts[face]; n++) {
      part[face] = n;
      yield* walk(face + 1);
    }
    part[face] = 0;
  }
  yield* walk(1);
}

/** The dice of counts, ascending, as digits. */
const digitsOf = (counts) => FACES.map((face) => String(face).repeat(counts[face])).join("");

/** Of two scoring parts of a roll: more points, then more dice, then the lower dice. */
function isBetterPart(a, b) {
  if (a.points !== b.points) return a.points > b.points;
  if (diceCount(a.counts) !== diceCount(b.counts)) return diceCount(a.counts) > diceCount(b.counts);
  return digitsOf(a.counts) < digitsOf(b.counts);
}

/** What dice score under a set-aside ruleset: its combinations, and the best split of any dice. */
class SetAsideScoring {
  constructor(data) {
    this.rules = data;
    this.combos = combinations(data);
    this.exactMemo = new Map();
    this.bestMemo = new Map();
    this.scoringMemo = new Map();
  }

  /** The points of the best split of exactly these dice into combinations; -1 when a die scores in none. */
  exact(counts) {
    const key = keyOf(counts);
    let points = this.exactMemo.get(key);
    if (points !== undefined) return points;
    if (diceCount(counts) === 0) {
      points = 0;
    } else {
      // every split has one combination holding a die of the lowest face shown
      const lowest = FACES.find((face) => counts[face] > 0);
      points = -1;
      for (const combo of this.combos) {
        if (combo.counts[lowest] === 0 || FACES.some((face) => combo.counts[face] > counts[face])) continue;
        const rest = this.exact(counts.map((n, face) => n - combo.counts[face]));
        if (rest >= 0) points = Math.max(points, rest + combo.points);
      }
    }
    this.exactMemo.set(key, points);
    return points;
  }

  /** The points of setting aside exactly these dice (from `roll`, when given), or the refusal's code. */
  setAside(dice, roll = null) {
    if (dice.length === 0) return { rejected: "empty-set-aside" };
    if (dice.length > this.rules.dice) return { rejected: "too-many-dice" };
    const counts = countsOf(dice);
    if (roll !== null) {
      const shown = countsOf(roll);
      if (FACES.some((face) => counts[face] > shown[face])) return { rejected: "not-in-roll" };
    }
    const points = this.exact(counts);
    return points < 0 ? { rejected: "not-scoring" } : { points };
  }

  /** The most points any part of the roll scores; 0 is a farkle. */
  best(dice) {
    const counts = countsOf(dice);
    const key = keyOf(counts);
    if (!this.bestMemo.has(key)) {
      let best = 0;
      for (const part of partsOf(counts)) best = Math.max(best, this.exact(part));
      this.bestMemo.set(key, best);
    }
    return this.bestMemo.get(key);
  }

  /** The roll's scoring dice (as counts): its part worth the most, the one with more dice on a
   * tie, then the lowest dice; null for a farkle. */
  scoringDice(dice) {
    const counts = countsOf(dice);
    const key = keyOf(counts);
    if (!this.scoringMemo.has(key)) {
      let chosen = null;
      for (const part of partsOf(counts)) {
        const candidate = { counts: part, points: this.exact(part) };
        if (diceCount(part) > 0 && candidate.points >= 0 && (chosen === null || isBetterPart(candidate, chosen))) {
          chosen = candidate;
        }
      }
      this.scoringMemo.set(key, chosen === null ? null : chosen.counts);
    }
    return this.scoringMemo.get(key);
  }

  /** Every legal set-aside of the roll, as counts and points: any part whose dice all score, or,
   * where every scoring die is set aside (`set_aside: all_scoring`), the scoring dice alone; none
   * for a farkle. Most points first, then fewer dice, then the lower dice. */
  options(dice) {
    if (this.rules.set_aside === "all_scoring") {
      const every = this.scoringDice(dice);
      return every === null ? [] : [{ counts: every, points: this.exact(every) }];
    }
    const found = [];
    for (const part of partsOf(countsOf(dice))) {
      const points = this.exact(part);
      if (diceCount(part) > 0 && points >= 0) found.push({ counts: part, points });
    }
    const order = (a, b) => b.points - a.points || diceCount(a.counts) - diceCount(b.counts);
    return found.sort((a, b) => order(a, b) || (digitsOf(a.counts) < digitsOf(b.counts) ? -1 : 1));
  }
}

// -- a set-aside game -------------------------------------------------------------------------

class SetAsideGame {
  constructor(data, scoring, players) {
    if (!(players >= data.players.min && players <= data.players.max)) {
      throw new Error(`${players} players: ruleset ${data.name} allows ${data.players.min} to ${data.players.max}`);
    }
    this.rules = data;
    this.scoring = scoring;
    this.penalty = data.farkle_penalty ?? null; // so many farkles in a row cost points
    this.instantWin = data.instant_win ?? null; // a roll of so many dice of a kind wins at once
    this.exact = data.end.exact ?? false; // a bank must hit the target exactly
    this.players = Array.from({ length: players }, () => ({ score: 0, onBoard: false, turnsTaken: 0, farkles: 0 }));
    this.current = 0;
    this.phase = "turn-start"; // turn-start: roll; rolled: set aside; set-aside: roll or bank
    this.dice = null;
    this.diceLeft = data.dice;
    this.turnPoints = 0;
    this.over = false;
    this.finalRoundBy = null; // who reached the target, while the final round is played
    this.wonAtOnceBy = null; // who threw the roll that wins at once
  }

  clone() {
    const copy = Object.create(SetAsideGame.prototype);
    Object.assign(copy, this);
    copy.players = this.players.map((p) => ({ ...p }));
    copy.dice = this.dice && [...this.dice];
    return copy;
  }

  /** Read an action of the notation: dice that are not dice are refused before anything else. */
  parse(text) {
    const [verb, rest] = splitAction(text);
    if (verb === "roll" && rest !== "") return { verb, dice: actionDice(rest) };
    if (verb === "set" && rest !== "") return { verb, dice: actionDice(rest) };
    if (verb === "bank" && rest === "") return { verb };
    throw notation(text);
  }

  apply(action) {
    switch (action.verb) {
      case "roll":
        return this.roll(action.dice);
      case "set":
        return this.setAside(action.dice);
      case "bank":
        return this.bank();
    }
  }

  requirePlaying() {
    if (this.over) throw new Rejected("game-over");
  }

  /** The dice in hand are rolled; a roll in which no die scores (a farkle) ends the turn. */
  roll(dice) {
    this.requirePlaying();
    if (this.phase === "rolled") throw new Rejected("must-set-aside");
    if (dice.length !== this.diceLeft) throw new Rejected("bad-dice");
    if (this.winsAtOnce(dice)) {
      this.wonAtOnceBy = this.current;
      this.endTurn(this.players[this.current], { won: true });
      return;
    }
    if (this.scoring.best(dice) === 0) {
      this.endTurn(this.farkled(this.players[this.current]), { farkled: true }); // the turn's points are lost
      return;
    }
    this.dice = dice;
    this.phase = "rolled";
  }

  /** Does the roll win at once: so many dice of one face, on a turn's first roll where the rules say so? */
  winsAtOnce(dice) {
    if (this.instantWin === null) return false;
    if (this.instantWin.first_roll_only && this.phase !== "turn-start") return false;
    const most = Math.max(...FACES.map((face) => dice.filter((d) => d === face).length));
    return most >= this.instantWin.of_a_kind;
  }

  /** One more farkle in a row; at the penalty's number, the penalty (down to its floor, if any) and a new count. */
  farkled(player) {
    if (this.penalty === null) return player;
    player.farkles += 1;
    if (player.farkles >= this.penalty.farkles) {
      const lowered = player.score - this.penalty.points;
      player.score = this.penalty.floor === null ? lowered : Math.max(lowered, this.penalty.floor);
      player.farkles = 0;
    }
    return player;
  }

  /** Scoring dice of the roll set aside: the player's choice, or every scoring die where the
   * ruleset sets them all aside. No die left in hand: hot dice, all the dice in hand again. */
  setAside(dice) {
    this.requirePlaying();
    if (this.phase === "turn-start") throw new Rejected("not-rolled");
    if (this.phase === "set-aside") throw new Rejected("already-set-aside");
    const result = this.scoring.setAside(dice, this.dice);
    if (result.rejected) throw new Rejected(result.rejected);
    if (this.leavesScoringDice(dice)) throw new Rejected("scoring-dice-left");
    const left = this.dice.length - dice.length;
    this.diceLeft = left || this.rules.dice;
    this.turnPoints += result.points;
    this.dice = null;
    this.phase = "set-aside";
  }

  /** Under `set_aside: all_scoring`, is any scoring die of the roll left out? */
  leavesScoringDice(dice) {
    if (this.rules.set_aside !== "all_scoring") return false;
    const every = this.scoring.scoringDice(this.dice);
    return every !== null && keyOf(every) !== keyOf(countsOf(dice));
  }

  /** The turn's points banked; a player not yet on the board needs the entry's points. */
  bank() {
    this.requirePlaying();
    if (this.phase === "turn-start") throw new Rejected("not-rolled");
    if (this.phase === "rolled") throw new Rejected("must-set-aside");
    if (this.mustRoll()) throw new Rejected("must-roll");
    const player = this.players[this.current];
    if (!player.onBoard && this.turnPoints < this.rules.entry.points) {
      if (this.rules.entry.below === "refused") throw new Rejected("below-entry");
      this.endTurn(player); // below the entry: the turn scores nothing
      return;
    }
    if (this.exact && player.score + this.turnPoints > this.rules.end.target) {
      this.endTurn(player); // past a target to hit exactly: the turn scores nothing
      return;
    }
    player.score += this.turnPoints;
    player.onBoard = true;
    this.endTurn(player, { reached: player.score >= this.rules.end.target });
  }

  /** Compulsory hot dice: once every die has scored, the player must roll them all again. */
  mustRoll() {
    return this.rules.hot_dice === "compulsory" && this.phase === "set-aside" && this.diceLeft === this.rules.dice;
  }

  /** The dice pass on. A bank reaching the target ends the game, or starts the final round, which
   * ends when the dice come back to the player who reached it. */
  endTurn(player, { reached = false, farkled = false, won = false } = {}) {
    player.turnsTaken += 1;
    if (!farkled) player.farkles = 0; // any other end of a turn starts the count again
    if (reached && this.finalRoundBy === null) this.finalRoundBy = this.current;
    const following = (this.current + 1) % this.players.length;
    this.over = won || (reached && !this.rules.end.final_round) || following === this.finalRoundBy;
    if (!this.over) this.current = following;
    this.phase = "turn-start";
    this.dice = null;
    this.diceLeft = this.rules.dice;
    this.turnPoints = 0;
  }

  /** Who won at once, else the highest scores; ties share. */
  winners() {
    if (!this.over) return [];
    if (this.wonAtOnceBy !== null) return [this.wonAtOnceBy];
    const top = Math.max(...this.players.map((p) => p.score));
    return this.players.flatMap((p, i) => (p.score === top ? [i] : []));
  }

  answer(rejected) {
    return {
      players: this.players.map((p) => ({
        score: p.score,
        on_board: p.onBoard,
        turns_taken: p.turnsTaken,
        ...(this.penalty === null ? {} : { farkles_in_a_row: p.farkles }),
      })),
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

// -- replays --------------------------------------------------------------------------------

/** Play the actions; the state at the end, or just before the first refused action. */
function replay(game, actions) {
  for (const [at, text] of actions.entries()) {
    const before = game.clone();
    try {
      game.apply(game.parse(text));
    } catch (error) {
      if (!(error instanceof Rejected)) throw error;
      return before.answer({ at, code: error.code });
    }
  }
  return game.answer(null);
}

// -- what this engine's model of the families covers ---------------------------------------------
//
// A ruleset's data is checked against the rule values the engine knows before it is played: every
// key of the family's rules, and every value a choice may take. Prose and provenance (a title, the
// sources, the translations, the gaps) are no rules and are not read, nor is the sheet's layout that
// `dicespec rulesets --json` derives from the rules (`sheet`). A value the model does not
// cover, a rule this engine has never heard of included, leaves the ruleset out.

const NOT_RULES = new Set([
  "title",
  "description",
  "source",
  "language",
  "translations",
  "texts",
  "trace",
  "gaps",
  "expect",
  "sheet",
]);
const DERIVED = new Set(["bonus", "upper_total", "lower_total", "grand_total"]);
const LINE_ID = /^[a-z][a-z0-9_]*$/;

const isInteger = (value, min = 0, max = Infinity) => Number.isInteger(value) && value >= min && value <= max;
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isFaceList = (value, min, max) =>
  Array.isArray(value) &&
  value.length >= min &&
  value.length <= max &&
  value.every((f) => isInteger(f, 1, 6)) &&
  new Set(value).size === value.length;
const isPoints = (value) => isInteger(value) || value === "sum" || value === "matching";

/** The first key of `object` not among `known` (each a key this engine reads), or null. */
function unknownKey(object, known) {
  return Object.keys(object).find((key) => !known.includes(key)) ?? null;
}

/** Why a mapping does not hold the keys and values that `checks` (key -> check) describe, or null;
 * `optional` keys may be missing. */
function mismatch(where, object, checks, optional = []) {
  if (!isObject(object)) return `${where}: not a mapping`;
  const extra = unknownKey(object, Object.keys(checks));
  if (extra !== null) return `${where}.${extra}: a rule this engine does not know`;
  for (const [key, check] of Object.entries(checks)) {
    if (!Object.hasOwn(object, key)) {
      if (optional.includes(key)) continue;
      return `${where}.${key}: missing`;
    }
    const why = check(object[key], `${where}.${key}`);
    if (why)
      return why === true ? `${where}.${key}: ${JSON.stringify(object[key])} is not a value this engine plays` : why;
  }
  return null;
}

// Each check answers false (playable), true (a value it does not play) or its own message.
const integer =
  (min = 0, max = Infinity) =>
  (value) =>
    !isInteger(value, min, max);
const oneOf =
  (...values) =>
  (value) =>
    !values.includes(value);
const isNotBoolean = (value) => typeof value !== "boolean";
const players = (value, where) =>
  mismatch(where, value, { min: integer(1, 20), max: integer(1, 20) }) ??
  (value.min > value.max ? `${where}: min is above max` : null);

// The parameters of each rule family of a row, besides its label, section and rule; and those of
// them a row may leave out (of a family's alternatives, a row gives exactly one: ALTERNATIVES).
const ROW_FAMILIES = {
  face: { face: integer(1, 6) },
  of_a_kind: { at_least: integer(1, 6), exactly: integer(1, 6), points: (v) => !isPoints(v) },
  pairs: { pairs: integer(1, 3) },
  full_house: { points: (v) => !isPoints(v), five_of_a_kind_counts: (v) => typeof v !== "boolean" },
  straight: {
    length: integer(2, 6),
    faces: (v) => !isFaceList(v, 2, 6),
    any_of: (v) =>
      !(
        Array.isArray(v) &&
        v.length >= 2 &&
        v.every((f) => isFaceList(f, 2, 6)) &&
        new Set(v.map((f) => JSON.stringify(f))).size === v.length
      ),
    points: (v) => !isPoints(v),
  },
  groups: {
    groups: (v) => !(Array.isArray(v) && v.length === 2 && v.every((n) => isInteger(n, 2, 4))),
    points: (v) => !isPoints(v),
  },
  chance: {},
};
const ALTERNATIVES = { of_a_kind: ["at_least", "exactly"], straight: ["length", "faces", "any_of"] };
const OPTIONAL = { groups: ["points"] };

// What any row may say besides its family's parameters: what its combination does when made with
// the turn's first roll (adds points, wins the game at once), and the row it requires to hold points.
const firstRoll = (value, where) =>
  mismatch(where, value, { adds: integer(1), wins: (v) => typeof v !== "boolean" }, ["adds", "wins"]) ??
  (Object.keys(value).length === 0 ? `${where}: says nothing` : null);

function rowMismatch(id, row, rows) {
  const where = `rows.${id}`;
  if (!LINE_ID.test(id) || DERIVED.has(id))
    return `${where}: not a row id this engine can keep apart from the sheet's totals`;
  if (!isObject(row)) return `${where}: not a mapping`;
  if (!Object.hasOwn(ROW_FAMILIES, row.rule))
    return `${where}.rule: ${JSON.stringify(row.rule)} is not a rule family this engine plays`;
  const requires = (v, at) =>
    v !== id && Object.hasOwn(rows, v) ? null : `${at}: ${JSON.stringify(v)} is not another row of the sheet`;
  const own = {
    label: (v) => typeof v !== "string",
    section: oneOf("upper", "lower"),
    rule: () => false,
    ...ROW_FAMILIES[row.rule],
    first_roll: firstRoll,
    requires,
  };
  const alternatives = ALTERNATIVES[row.rule] ?? [];
  const optional = ["label", "first_roll", "requires", ...alternatives, ...(OPTIONAL[row.rule] ?? [])];
  const why = mismatch(where, row, own, optional);
  if (why) return why;
  if (alternatives.length && alternatives.filter((key) => key in row).length !== 1) {
    return `${where}: a ${row.rule} row has one of ${alternatives.join(", ")}`;
  }
  return null;
}

function sheetMismatch(data) {
  const rows = data.rows;
  if (!isObject(rows) || Object.keys(rows).length === 0) return "rows: no rows";
  for (const [id, row] of Object.entries(rows)) {
    const why = rowMismatch(id, row, rows);
    if (why) return why;
  }
  const upperBonus = (value, where) => {
    if (value === null) return null;
    const form =
      isObject(value) && "at_least" in value
        ? { at_least: integer(1), points: integer() }
        : { more_than: integer(), points: integer() };
    return mismatch(where, value, form);
  };
  const fiveOfAKind = (value, where) => {
    if (value === null) return null;
    const repeat = (r, at) => {
      const why = mismatch(at, r, { adds: (v) => v !== null && !isInteger(v, 1), to: (v) => typeof v !== "string" }, [
        "to",
      ]);
      if (why || r.to === undefined || r.to === "cell") return why;
      if (!LINE_ID.test(r.to) || DERIVED.has(r.to) || Object.hasOwn(rows, r.to))
        return `${at}.to: ${JSON.stringify(r.to)} is not a bonus line of its own`;
      return null;
    };
    return mismatch(where, value, {
      // the joker reads a five of a kind's face off its first die: the row is one of all the dice
      row: (v) =>
        Object.hasOwn(rows, v) && rows[v].rule === "of_a_kind" && kindOf(rows[v])[0] === data.dice
          ? null
          : `${where}.row: ${JSON.stringify(v)} is not a row of all ${data.dice} dice of a kind`,
      repeat,
      extra_turns: oneOf("repeat", "every", "none"),
    });
  };
  return mismatch(
    "",
    data,
    {
      game: (v) => typeof v !== "string",
      name: (v) => typeof v !== "string",
      dice: integer(5, 6),
      saved_rolls: (v) => typeof v !== "boolean",
      rolls_per_turn: integer(1),
      players,
      rows: () => null, // checked above
      upper_bonus: upperBonus,
      five_of_a_kind: fiveOfAKind,
      joker: oneOf("none", "forced", "free"),
      winner: oneOf("highest_total_ties_share"),
    },
    ["saved_rolls"],
  );
}

function setAsideMismatch(data) {
  const byFace = (v) => !(Array.isArray(v) && v.length === 6 && v.every((p) => isInteger(p)));
  const list = (item) => (value, where) => {
    if (!Array.isArray(value)) return `${where}: not a list`;
    for (const [i, entry] of value.entries()) {
      const why = item(entry, `${where}.${i}`);
      if (why) return why;
    }
    return null;
  };
  const moreOfAKind = (value, where) =>
    mismatch(
      where,
      value,
      {
        rule: oneOf("doubling", "linear", "fixed"),
        largest: integer(3, 6),
        points: (v, at) =>
          mismatch(at, v, { four: integer(), five: integer(), six: integer() }, ["four", "five", "six"]),
      },
      ["points"],
    );
  return mismatch(
    "",
    data,
    {
      game: (v) => typeof v !== "string",
      name: (v) => typeof v !== "string",
      dice: integer(1, 6), // more of a kind is known up to six dice
      players,
      singles: byFace,
      three_of_a_kind: byFace,
      more_of_a_kind: moreOfAKind,
      straights: list((v, at) => mismatch(at, v, { faces: (f) => !isFaceList(f, 2, 6), points: integer() })),
      patterns: list((v, at) =>
        mismatch(at, v, {
          name: (n) => typeof n !== "string",
          counts: (c) => !(Array.isArray(c) && c.length >= 2 && c.length <= 6 && c.every((n) => isInteger(n, 1, 6))),
          points: integer(),
        }),
      ),
      set_aside: oneOf("chosen", "all_scoring"),
      entry: (v, at) => mismatch(at, v, { points: integer(), below: oneOf("refused", "scores_nothing") }),
      end: (v, at) =>
        mismatch(at, v, { target: integer(1), final_round: isNotBoolean, exact: isNotBoolean }, ["exact"]),
      farkle_penalty: (v, at) =>
        v === null
          ? null
          : mismatch(at, v, {
              farkles: integer(1),
              points: integer(1),
              floor: (f) => !(f === null || (Number.isInteger(f) && f <= 0)),
            }),
      instant_win: (v, at) =>
        v === null ? null : mismatch(at, v, { of_a_kind: integer(3, 6), first_roll_only: isNotBoolean }),
      hot_dice: oneOf("optional", "compulsory"),
      winner: oneOf("highest_score_ties_share"),
    },
    ["farkle_penalty", "instant_win"],
  );
}

/** Why this engine cannot play a ruleset's data (the first rule value its model does not cover),
 * or null when it plays it. */
export function unplayable(data) {
  if (!isObject(data)) return "not a mapping";
  const rules = Object.fromEntries(Object.entries(data).filter(([key]) => !NOT_RULES.has(key)));
  const family = familyOf(rules);
  if (family === null) return "neither a score sheet (rows) nor a set-aside game (singles)";
  const why = family === "score-sheet" ? sheetMismatch(rules) : setAsideMismatch(rules);
  return why === null ? null : why.replace(/^\./, "");
}

// -- a ruleset, ready to play ---------------------------------------------------------------------

// rulesets' data -> ruleset name -> a score sheet's rules, or a set-aside ruleset's scoring
const prepared = new WeakMap();
// rulesets' data -> ruleset name -> why it is not played (null: it is)
const refusals = new WeakMap();

/** Why the ruleset `name` of the rulesets' data is not played, or null when it is. */
function refusal(rulesets, name) {
  if (!Object.hasOwn(rulesets, name)) return "not in the rulesets' data";
  if (!refusals.has(rulesets)) refusals.set(rulesets, new Map());
  const known = refusals.get(rulesets);
  if (!known.has(name)) known.set(name, unplayable(rulesets[name]));
  return known.get(name);
}

/** The family of a ruleset this engine plays; a ruleset it does not play is skipped. */
export function familyOfRuleset(rulesets, name) {
  const why = refusal(rulesets, name);
  if (why !== null) throw new Skip(`ruleset ${JSON.stringify(name)} is not supported (${why})`);
  return familyOf(rulesets[name]);
}

/** A ruleset of this family, ready to play; a ruleset it does not play is skipped. */
export function rulesOf(rulesets, name, family) {
  if (familyOfRuleset(rulesets, name) !== family)
    throw new Error(`ruleset ${JSON.stringify(name)} is not a ${family} ruleset`);
  const data = rulesets[name];
  if (!prepared.has(rulesets)) prepared.set(rulesets, new Map());
  const ready = prepared.get(rulesets);
  if (!ready.has(name)) ready.set(name, family === "score-sheet" ? sheetRules(data) : new SetAsideScoring(data));
  return ready.get(name);
}

/** Every playable ruleset, by game. */
export function declaredGames(rulesets) {
  const games = {};
  for (const [name, data] of Object.entries(rulesets)) {
    if (refusal(rulesets, name) !== null) continue;
    games[data.game] ??= [];
    games[data.game].push(name);
  }
  return games;
}

function diceOf(text, { min, max }) {
  const dice = parseDice(text);
  if (dice === null) throw new Error(`not dice: ${JSON.stringify(text)}`);
  if (dice.length < min || dice.length > max)
    throw new Error(`${text} has ${dice.length} dice; expected ${min} to ${max}`);
  return dice;
}

// -- the protocol's operations ---------------------------------------------------------------------

/** The operations of the conformance protocol (version 2's names) over the rulesets' data, each
 * answering a request's arguments (the node adapter serves them; read-export.mjs calls them
 * directly). The rulesets' data may gain rulesets later (the rulesets a hello hands over). */
export function operations(rulesets) {
  return {
    score({ ruleset, dice, row }) {
      const rules = rulesOf(rulesets, ruleset, "score-sheet");
      if (!Object.hasOwn(rules.rows, row))
        throw new Error(`unknown row ${JSON.stringify(row)}; rows are: ${rules.rowIds.join(", ")}`);
      return rowPoints(rules.rows[row], countsOf(diceOf(dice, { min: rules.dice, max: rules.dice })));
    },
    set_aside({ ruleset, dice }) {
      return rulesOf(rulesets, ruleset, "set-aside").setAside(diceOf(dice, { min: 0, max: Infinity }));
    },
    best({ ruleset, dice }) {
      const scoring = rulesOf(rulesets, ruleset, "set-aside");
      return scoring.best(diceOf(dice, { min: 1, max: scoring.rules.dice }));
    },
    replay({ ruleset, players, actions }) {
      if (familyOfRuleset(rulesets, ruleset) === "score-sheet") {
        return replay(new SheetGame(rulesOf(rulesets, ruleset, "score-sheet"), players), actions);
      }
      const scoring = rulesOf(rulesets, ruleset, "set-aside");
      return replay(new SetAsideGame(scoring.rules, scoring, players), actions);
    },
  };
}

// -- one roll's scores, for the rules website's scorer ---------------------------------------------

/** What one roll (digits, "66616") scores in every row of a score-sheet ruleset, as the dice are
 * (no joker): row id -> points, in sheet order. Throws when the dice are not the ruleset's number. */
export function sheetScores(rulesets, name, dice) {
  const rules = rulesOf(rulesets, name, "score-sheet");
  const counts = countsOf(diceOf(dice, { min: rules.dice, max: rules.dice }));
  return Object.fromEntries(rules.rowIds.map((id) => [id, rowPoints(rules.rows[id], counts)]));
}

/** Every legal set-aside of one roll (digits, 1 to the ruleset's dice) under a set-aside ruleset,
 * each as its dice (ascending digits) and points, most points first, then fewer dice, then the lower
 * dice; and the most points the roll gives (0: a farkle, no option). */
export function setAsideOptions(rulesets, name, dice) {
  const scoring = rulesOf(rulesets, name, "set-aside");
  const roll = diceOf(dice, { min: 1, max: scoring.rules.dice });
  return {
    options: scoring.options(roll).map((option) => ({ dice: digitsOf(option.counts), points: option.points })),
    best: scoring.best(roll),
  };
}

// -- the score sheet's rules, for the optimal coach (coach.mjs) ----------------------------------
//
// The coach works out every roll's value in every row of a sheet it imagines, with the same rules
// the game plays by: these are the functions it reads them through (none changes what they do).

export { allowedRows, countsOf, faceRow, isRepeat, meetsRow, openRowPoints, rowPoints };
