// A game on a game page, without the page: the session that play.mjs draws. No DOM, no storage,
// no dependency: node's tests run it as the page does.
//
// The game IS its settings (ruleset, players, seed) and its list of actions in the project's replay
// notation (`roll 12345`, `reroll 1,2=66`, `score chance`, `end`; `roll 111556`, `set 1115`,
// `bank`). After each action the project's JavaScript implementation (dicespec-games.mjs, handed
// to the session with the rulesets' data) replays them all and answers the state. Whether a move
// is legal is asked the same way: the move is replayed after the others, and the rules refuse it or
// not. Nothing of the rules is written here.
//
// The dice come from a seed (8 hex digits): the n-th die the game throws is a counter-based hash of
// the seed and n (splitmix32's mixer), so the same seed and the same choices give the same dice.
// The game is saved as JSON text, shared as a link (`?ruleset=…&players=…&seed=…`, a fragment
// `#ruleset=…` is read too) and written as a replay file that `dicespec replay FILE` reads back.
//
// What the session refuses (a link, a seed or a saved game that is no game of the page) it says as
// a reason, {key, values}: the key of the page's words (the `play` catalog) and the values to fill
// in; the page writes it in its language.
//
// Any seat may be the computer's: a game's `computer` lists those seats, numbered from 1 as the page
// names the players (no `computer`: every seat is a person's). The computer plays the coach's best
// choice (coach.mjs: the solitaire optimum of its own sheet; in a set-aside game the exact
// two-player optimum where the page has it, else the turn policy), through the same moves a person
// makes; its actions are the game's like anyone's. It plays only rules the page has a coach file of.

const SEED = /^[0-9a-f]{1,8}$/;
const HEADER = "# dicespec replay"; // the first line of a replay file (dicespec.replay_file)

// -- the dice ---------------------------------------------------------------------------------------

/** splitmix32's mixer: a well-spread 32-bit value of a 32-bit one. */
function mix32(value) {
  let x = (value + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** The die the game throws `index`-th (0-based) under `seed` (a hex string): a face, 1 to 6. */
export function dieOf(seed, index) {
  const value = mix32((parseInt(seed, 16) + Math.imul(index, 0x9e3779b9)) | 0);
  return 1 + Math.floor((value / 2 ** 32) * 6);
}

/** A new seed: 8 hex digits from the platform's random source. */
export function freshSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0].toString(16).padStart(8, "0");
}

/** Is `text` a seed: 1 to 8 hex digits, lower case? */
export const isSeed = (text) => SEED.test(text);

/** How many dice the actions threw: a roll's, a reroll's after its `=`. */
export function thrown(actions) {
  let count = 0;
  for (const action of actions) {
    const match = /^(?:roll\s+(\d+)|reroll\s+[\d,]*=(\d+))$/.exec(action.trim());
    if (match) count += (match[1] ?? match[2]).length;
  }
  return count;
}

// -- the game's words and files --------------------------------------------------------------------

/** The game as a replay file: its header, then one action a line (dicespec.replay_file reads it). */
export function replayFile(game) {
  const lines = [HEADER, `ruleset: ${game.ruleset}`, `players: ${game.players}`, `seed: ${game.seed}`];
  return [...lines, ...game.actions, ""].join("\n");
}

/** The settings a link gives, in its query (`?ruleset=yahtzee&players=2&seed=1a2b3c4d`, as the page
 * shares it) or its fragment (`#ruleset=…`), or null when it gives none. */
export function fromLink(search, hash) {
  const given = [search, hash].map((part) => new URLSearchParams(part.replace(/^[?#]/, "")));
  const params = given.find((p) => p.has("ruleset") || p.has("players") || p.has("seed"));
  if (!params) return null;
  const players = params.get("players") ?? "";
  const game = {
    ruleset: params.get("ruleset") ?? "",
    players: /^\d+$/.test(players) ? Number(players) : players,
    seed: (params.get("seed") ?? "").toLowerCase(),
    actions: [],
  };
  if (params.has("computer")) game.computer = seatsOf(params.get("computer"));
  return game;
}

/** The link that shares a game's settings (not its actions). */
export function linkOf(game) {
  const settings = { ruleset: game.ruleset, players: String(game.players), seed: game.seed };
  if (game.computer?.length) settings.computer = game.computer.join(",");
  return `?${new URLSearchParams(settings)}`;
}

/** The seats a link's `computer` names (`2` or `1,3`), or the text itself when it names none. */
function seatsOf(text) {
  return /^\d+(,\d+)*$/.test(text) ? text.split(",").map(Number) : text;
}

/** The seats of `game` the computer plays, numbered from 1 (none: an empty list). */
export const computerSeats = (game) => game.computer ?? [];

/** Does a value have the shape of a game: a ruleset's name, a player count, a seed, actions? */
export function isGame(value) {
  return (
    value !== null &&
    typeof value === "object" &&
    typeof value.ruleset === "string" &&
    Number.isInteger(value.players) &&
    typeof value.seed === "string" &&
    Array.isArray(value.actions) &&
    value.actions.every((a) => typeof a === "string") &&
    (value.computer === undefined || (Array.isArray(value.computer) && value.computer.every(Number.isInteger)))
  );
}

/** The game saved as `text`, or null when there is none or it is not one. */
export function readGame(text) {
  try {
    const saved = JSON.parse(text ?? "null");
    return isGame(saved) ? saved : null;
  } catch {
    return null;
  }
}

const reason = (key, values = {}) => ({ key, values });

// -- the coach's scale: what a player's choice cost ---------------------------------------------------
//
// The coach (coach.mjs) lists the choices of a state, best first: {action: "keep"|"score"|"end"|
// "set"|"bank"|"roll", dice?, row?, value}. These read a player's action as such a choice and add up
// what the choices cost against the best one.

/** The choice a player's action is, in the coach's terms (null: the action is no choice, a turn's
 * first roll); `before` is the state the action was played in. */
export function choiceOf(action, before) {
  const [verb, rest = ""] = action.split(" ");
  if (verb === "score") return { action: "score", row: rest };
  if (verb === "end" || verb === "bank") return { action: verb };
  if (verb === "set") return { action: "set", dice: [...rest].sort().join("") };
  if (verb === "reroll") {
    const thrownAgain = new Set(
      rest
        .split("=")[0]
        .split(",")
        .map((p) => Number(p) - 1),
    );
    return {
      action: "keep",
      dice: [...before.dice]
        .filter((_, i) => !thrownAgain.has(i))
        .sort()
        .join(""),
    };
  }
  if (verb === "roll" && before.phase === "set-aside") return { action: "roll" };
  return null;
}

/** Are two choices the same: the same action, row and dice (in any order)? */
export const sameChoice = (a, b) =>
  a.action === b.action &&
  (a.row ?? null) === (b.row ?? null) &&
  [...(a.dice ?? "")].sort().join("") === [...(b.dice ?? "")].sort().join("");

/** A player's action against the coach's `advice` for the state it was played in: the choice it
 * is, the best choice, and what it cost (the best value − its value; null when the advice does not
 * list it); null when the action is no choice. */
export function rated(advice, action, before) {
  const choice = choiceOf(action, before);
  if (choice === null) return null;
  const best = advice[0];
  const found = advice.find((c) => sameChoice(c, choice));
  return { choice, best, cost: found ? Math.max(0, best.value - found.value) : null };
}

/** A game's review from the costs of its rated choices ({choice, cost} each): their total, their
 * count and mean, and the `shown` costliest that cost anything, the costliest first. */
export function review(costs, shown) {
  const total = costs.reduce((sum, c) => sum + c.cost, 0);
  const costliest = [...costs]
    .sort((a, b) => b.cost - a.cost)
    .filter((c) => c.cost > 0)
    .slice(0, shown);
  return { total, count: costs.length, mean: total / costs.length, costliest };
}

// -- the session ------------------------------------------------------------------------------------

/**
 * One game page's game: the page's rulesets (its data: `config.rulesets`, each {name, dice, players,
 * …}, and `config.family`), the game being played, the dice picked (kept on a score sheet, chosen
 * to set aside in a set-aside game, by position), and after each `refresh` the state and the moves
 * the rules allow in it.
 */
export class Session {
  constructor(games, rulesets, config) {
    this.games = games;
    this.rulesets = rulesets;
    this.ops = games.operations(rulesets);
    this.config = config;
    this.sheetFamily = config.family === "score-sheet";
    this.game = null;
    this.picked = new Set();
    this.answer = null; // the state, as the last refresh replayed it
    this.moves = null; // what the rules allow in it
  }

  /** The page's entry for the game's ruleset. */
  get ruleset() {
    return this.config.rulesets.find((r) => r.name === this.game.ruleset);
  }

  /** The player counts the ruleset `name` allows (the page's first ruleset when it has no such
   * one), and of them `wanted` if it is one, else the first. */
  players(name, wanted) {
    const ruleset = this.config.rulesets.find((r) => r.name === name) ?? this.config.rulesets[0];
    return { counts: ruleset.players, chosen: ruleset.players.includes(wanted) ? wanted : ruleset.players[0] };
  }

  // -- starting, resuming, refusing ---------------------------------------------------------------

  /** A fresh game of the page's first ruleset, at its first player count. */
  fresh(seed = freshSeed()) {
    const ruleset = this.config.rulesets[0];
    return { ruleset: ruleset.name, players: ruleset.players[0], seed, actions: [] };
  }

  /** Why a game's settings are no game of the page (a reason), or null. */
  whyNotAGame(game) {
    const ruleset = this.config.rulesets.find((r) => r.name === game.ruleset);
    if (!ruleset) return reason("reason_ruleset", { name: game.ruleset });
    if (!ruleset.players.includes(game.players)) {
      return reason("reason_players", { count: game.players, name: game.ruleset });
    }
    if (!isSeed(game.seed)) return reason("reason_seed", { seed: game.seed });
    const seats = game.computer ?? [];
    if (!Array.isArray(seats)) return reason("reason_computer", { seat: seats, count: game.players });
    const wrong = seats.find((seat, i) => seat < 1 || seat > game.players || seats.indexOf(seat) !== i);
    if (wrong !== undefined) return reason("reason_computer", { seat: wrong, count: game.players });
    if (seats.length && ruleset.coach === false && !this.sheetFamily) {
      return reason("reason_no_computer", { name: game.ruleset });
    }
    return null;
  }

  /** Why a game's settings or actions do not fit the page's rulesets (the engine's refusal of its
   * first action refused), or null. */
  fits(game) {
    const why = this.whyNotAGame(game);
    if (why !== null) return why;
    for (let at = 0; at < game.actions.length; at++) {
      let answer;
      try {
        answer = this.replay(game.actions.slice(0, at + 1), game);
      } catch {
        answer = { rejected: { at, code: "not-an-action" } };
      }
      if (answer.rejected) {
        const { at: where, code } = answer.rejected;
        return reason("reason_rejected", { number: where + 1, action: game.actions[where], code });
      }
    }
    return null;
  }

  /** The game to play from the saved `text` (null: nothing saved): the saved game, or a fresh one
   * and why the saved one is not played (then it is to be forgotten). */
  resumed(text) {
    if (text === null) return { game: this.fresh(), why: null };
    let saved = null;
    try {
      saved = JSON.parse(text);
    } catch {
      saved = null;
    }
    const why = isGame(saved) ? this.fits(saved) : reason("reason_unreadable");
    return why === null ? { game: saved, why: null } : { game: this.fresh(), why };
  }

  /** The game a link asks for (`asked`, from `fromLink`), with the saved `text`: the saved game
   * when it has the same settings and still fits, else the link's, fresh; or, when the link names
   * no game of the page, no game and why. */
  linked(asked, text) {
    const why = this.whyNotAGame(asked);
    if (why !== null) return { game: null, why };
    const saved = readGame(text);
    const same =
      saved &&
      saved.ruleset === asked.ruleset &&
      saved.players === asked.players &&
      saved.seed === asked.seed &&
      computerSeats(saved).join() === computerSeats(asked).join();
    return { game: same && this.fits(saved) === null ? saved : asked, why: null };
  }

  /** Start playing `game` (a copy of it), with no die picked. */
  begin(game) {
    this.game = { ruleset: game.ruleset, players: game.players, seed: game.seed, actions: [...game.actions] };
    if (game.computer?.length) this.game.computer = [...game.computer];
    this.picked.clear();
  }

  /** The game as the text it is saved as. */
  saved() {
    return JSON.stringify(this.game);
  }

  // -- the rules, asked ---------------------------------------------------------------------------

  /** The implementation's answer to the game's actions (or these `actions`). */
  replay(actions, game = this.game) {
    return this.ops.replay({ ruleset: game.ruleset, players: game.players, actions });
  }

  /** The state after one more action, or null when the rules refuse it. */
  probe(action) {
    try {
      const answer = this.replay([...this.game.actions, action]);
      return answer.rejected ? null : answer;
    } catch {
      return null;
    }
  }

  /** `count` dice, the next the game's seed throws, as digits. */
  throwDice(count) {
    const first = thrown(this.game.actions);
    return Array.from({ length: count }, (_, i) => dieOf(this.game.seed, first + i)).join("");
  }

  /** Replay the game: its state (`answer`) and the moves the rules allow in it (`moves`). Picked
   * dice that can no longer be kept or set aside are let go. */
  refresh() {
    const answer = this.replay(this.game.actions);
    this.answer = answer;
    this.moves = this.sheetFamily ? this.sheetMoves(answer) : this.setAsideMoves(answer);
    return answer;
  }

  /** A score sheet's moves: whether the dice can be thrown (rolled, or the unpicked ones
   * rerolled), the turn ended, and the points each open row would take now, by row id. */
  sheetMoves(answer) {
    const playing = !answer.over;
    const rolled = answer.dice !== null;
    const canReroll = playing && rolled && this.probe("reroll 1=1") !== null;
    if (!rolled || !canReroll) this.picked.clear();
    const scores = {};
    if (playing && rolled) {
      const before = answer.players[answer.current].lines;
      for (const id of this.ruleset.rows) {
        const after = this.probe(`score ${id}`);
        if (after) scores[id] = after.players[answer.current].lines[id] - (before[id] ?? 0);
      }
    }
    return {
      playing,
      rolled,
      canReroll,
      canRoll: playing && (!rolled || (canReroll && this.picked.size !== this.ruleset.dice)),
      canEnd: playing && rolled && this.probe("end") !== null,
      scores,
    };
  }

  /** A set-aside game's moves: whether the dice can be rolled, the picked dice set aside, the turn
   * banked; the set-asides the roll allows, each {dice, points}; and the dice of a roll that
   * scored nothing, the last action (a farkle), or null. */
  setAsideMoves(answer) {
    const playing = !answer.over;
    const rolled = playing && answer.phase === "rolled";
    if (!rolled) this.picked.clear();
    const picked = this.pickedDice();
    const options = rolled ? this.games.setAsideOptions(this.rulesets, this.game.ruleset, answer.dice).options : [];
    const last = this.game.actions.at(-1) ?? "";
    return {
      playing,
      rolled,
      canRoll: playing && !rolled && this.probe(`roll ${"1".repeat(answer.dice_left)}`) !== null,
      canSet: rolled && picked !== "" && this.probe(`set ${picked}`) !== null,
      canBank: playing && this.probe("bank") !== null,
      options: options.filter((o) => this.probe(`set ${o.dice}`) !== null),
      farkle: /^roll /.test(last) && answer.phase === "turn-start" ? last.slice(5) : null,
    };
  }

  /** The picked dice's faces, in ascending order, as digits. */
  pickedDice() {
    return [...this.picked]
      .map((i) => this.answer.dice[i])
      .sort()
      .join("");
  }

  // -- playing ------------------------------------------------------------------------------------

  /** Pick the die at `index`, or let it go. */
  toggle(index) {
    if (this.picked.has(index)) this.picked.delete(index);
    else this.picked.add(index);
  }

  /** Play one action: {action, rejected: code} when the rules refuse it (nothing changes), else
   * {action, before}, the state it was played in. */
  act(action) {
    const answer = this.replay([...this.game.actions, action]);
    if (answer.rejected) return { action, rejected: answer.rejected.code };
    const before = this.answer;
    this.game.actions.push(action);
    return { action, before };
  }

  /** Throw the dice the state asks for: on a score sheet with dice on the table, the dice not
   * picked again (null when every die is picked); else a roll of every die the turn has left. */
  roll() {
    const answer = this.answer;
    if (this.sheetFamily && answer.dice !== null) {
      const positions = [...answer.dice].map((_, i) => i).filter((i) => !this.picked.has(i));
      if (!positions.length) return null;
      return this.act(`reroll ${positions.map((i) => i + 1).join(",")}=${this.throwDice(positions.length)}`);
    }
    const count = this.sheetFamily ? this.ruleset.dice : answer.dice_left;
    this.picked.clear();
    return this.act(`roll ${this.throwDice(count)}`);
  }

  /** Set the picked dice aside (null when none is picked, or no dice are on the table); once set
   * aside, they are let go. */
  setAsidePicked() {
    if (!this.picked.size || this.answer.dice === null) return null;
    const played = this.act(`set ${this.pickedDice()}`);
    if (!played.rejected) this.picked.clear();
    return played;
  }

  // -- the computer ---------------------------------------------------------------------------------

  /** Is the player to move now one of the computer's seats (and the game not over)? */
  computerToMove() {
    const answer = this.answer;
    return answer !== null && !answer.over && computerSeats(this.game).includes(answer.current + 1);
  }

  /** Play the computer's next move from the coach's `advice` for the state (its choices, best first):
   * the first choice the rules allow, as a person would make it (dice kept are picked and the others
   * thrown; dice set aside are picked and set aside); with dice to throw and no choice to make, the
   * throw. The move (as `act` gives it), or null when there is nothing it can play. */
  computerMove(advice) {
    const answer = this.answer;
    if (!this.computerToMove()) return null;
    const deciding = answer.dice !== null && (this.sheetFamily || answer.phase === "rolled");
    if (!deciding && answer.phase !== "set-aside") return this.roll();
    for (const choice of advice) {
      let move = null;
      try {
        move = this.computerChoice(choice);
      } catch {
        move = null; // no action of the notation (a row these rules lack)
      }
      if (move !== null && !move.rejected) return move;
    }
    return answer.phase === "set-aside" ? this.roll() : null;
  }

  /** The computer's advice where the site has no coach file of a score sheet's rules (Maxi Yatzy,
   * whose saved rolls no solver plays): score the dice on the table at once, in the open row they
   * score most in (the sheet's order among equals). Before the turn's roll, none: it rolls. */
  greedyAdvice() {
    const scores = this.sheetFamily && this.answer?.dice != null ? (this.moves?.scores ?? {}) : {};
    return this.ruleset.rows
      .filter((row) => row in scores)
      .sort((a, b) => scores[b] - scores[a])
      .map((row) => ({ action: "score", row }));
  }

  /** Play one of the coach's choices (null: not one the state offers; a move the rules refuse). */
  computerChoice(choice) {
    const answer = this.answer;
    this.picked.clear();
    switch (choice.action) {
      case "keep": {
        const kept = [...choice.dice];
        [...answer.dice].forEach((face, i) => {
          const at = kept.indexOf(face);
          if (at >= 0) {
            kept.splice(at, 1);
            this.picked.add(i);
          }
        });
        const move = kept.length ? null : this.roll();
        this.picked.clear();
        return move;
      }
      case "score":
        return this.act(`score ${choice.row}`);
      case "set":
        return answer.phase === "rolled" ? this.act(`set ${choice.dice}`) : null;
      case "bank": {
        // the turn policy knows no entry minimum: a bank that would score nothing is passed over
        const after = this.probe("bank");
        const score = (state) => state.players[answer.current].score;
        return after === null || (answer.turn_points > 0 && score(after) === score(answer)) ? null : this.act("bank");
      }
      case "end":
        return this.act("end");
      case "roll":
        return answer.phase === "set-aside" && this.probe(`roll ${"1".repeat(answer.dice_left)}`) ? this.roll() : null;
      default:
        return null;
    }
  }
}
