// Each game's page to play it: choose a ruleset and the players, roll, keep, score or set aside and
// bank, alone or with others at one screen.
//
// The `.ds-play` block (written by dicespec.site.play) holds the form, an empty board and the page's
// words, row and line labels as JSON. The game IS its list of actions in the project's replay
// notation (`roll 12345`, `reroll 1,2=66`, `score chance`, `end`; `roll 111556`, `set 1115`,
// `bank`): after each action the project's JavaScript implementation (dicespec-games.mjs beside this
// script, the code the conformance suite checks on every case) replays them all on the rulesets'
// data (rulesets.json beside it) and answers the state, and the page shows it. Whether a move is
// legal is asked the same way: the move is replayed after the others, and the rules refuse it or not.
// Nothing of the rules is written here.
//
// The dice come from a seed (8 hex digits, fresh from crypto.getRandomValues or a shared link's):
// the n-th die the game throws is a counter-based hash of the seed and n (splitmix32's mixer), so
// the same seed and the same choices give the same dice. The game (ruleset, players, seed,
// actions) is kept in localStorage under the block's key, shared as a link (`?ruleset=…&players=…&seed=…`,
// a fragment `#ruleset=…` is read too), and offered as a replay file that
// `dicespec replay FILE` reads back. A link, a seed or a saved game that does not describe a game
// of the page is refused in one line (`.ds-play-notice`), and a fresh game is ready.
//
// Loading the implementation and the data, on the site or in a page opened from the file system (a
// house ruleset's report), is blocks.mjs's, which the scorer's script shares.
//
// The coach (coach.mjs beside this script, written apart) is loaded only when the reader turns it
// on: see the section "the coach" at the end, the only code that knows of it.

import { carried, element, format, moduleUrl, startBlocks } from "./blocks.mjs";

const COACH_MODULE = new URL("./coach.mjs", import.meta.url);
const COACH_FILES = new URL("./coach/", import.meta.url);
const COACH_KEY = "dicespec-play/coach"; // the coach toggle, remembered for every game page
const SEED = /^[0-9a-f]{1,8}$/;
const HEADER = "# dicespec replay"; // the first line of a replay file (dicespec.replay_file)
const SHOWN_COSTLIEST = 5;

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

function freshSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0].toString(16).padStart(8, "0");
}

/** How many dice the actions threw: a roll's, a reroll's after its `=`. */
function thrown(actions) {
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

/** A link's or the saved game's settings read; the reason it is no game of the page, or null. */
function whyNotAGame(config, game, say) {
  const ruleset = config.rulesets.find((r) => r.name === game.ruleset);
  if (!ruleset) return format(say.reason_ruleset, { name: game.ruleset });
  if (!ruleset.players.includes(game.players)) {
    return format(say.reason_players, { count: game.players, name: game.ruleset });
  }
  if (!SEED.test(game.seed)) return format(say.reason_seed, { seed: game.seed });
  return null;
}

/** The settings a link gives, in its query (`?ruleset=yahtzee&players=2&seed=1a2b3c4d`, as the page
 * shares it) or its fragment (`#ruleset=…`), or null when it gives none. */
function fromLink(search, hash) {
  const given = [search, hash].map((part) => new URLSearchParams(part.replace(/^[?#]/, "")));
  const params = given.find((p) => p.has("ruleset") || p.has("players") || p.has("seed"));
  if (!params) return null;
  const players = params.get("players") ?? "";
  return {
    ruleset: params.get("ruleset") ?? "",
    players: /^\d+$/.test(players) ? Number(players) : players,
    seed: (params.get("seed") ?? "").toLowerCase(),
    actions: [],
  };
}

function linkOf(game) {
  return `?${new URLSearchParams({ ruleset: game.ruleset, players: String(game.players), seed: game.seed })}`;
}

// -- one block ---------------------------------------------------------------------------------------

class Play {
  constructor(block, games, rulesets) {
    this.block = block;
    this.games = games;
    this.rulesets = rulesets;
    this.ops = games.operations(rulesets);
    this.config = JSON.parse(block.querySelector("script.ds-play-data").textContent);
    this.say = this.config.words;
    this.sheetFamily = this.config.family === "score-sheet";
    this.numbers = new Intl.NumberFormat(this.config.lang, { maximumFractionDigits: 2 });
    const find = (selector) => block.querySelector(selector);
    this.form = find(".ds-play-setup");
    this.rulesetSelect = find('select[name="ruleset"]');
    this.playersSelect = find('select[name="players"]');
    this.seedInput = find('input[name="seed"]');
    this.coachToggle = find('input[name="coach"]');
    this.notice = find(".ds-play-notice");
    this.status = find(".ds-play-status");
    this.diceBox = find(".ds-play-dice");
    this.rollButton = find(".ds-play-roll");
    this.endButton = find(".ds-play-end");
    this.setButton = find(".ds-play-set");
    this.bankButton = find(".ds-play-bank");
    this.optionsBox = find(".ds-play-options");
    this.head = find(".ds-play-sheet thead");
    this.body = find(".ds-play-sheet tbody");
    this.seedShown = find(".ds-play-seed");
    this.link = find(".ds-play-link");
    this.downloadButton = find(".ds-play-download");
    this.log = find(".ds-play-log");
    this.coach = new CoachPanel(this, find(".ds-play-coach"));
    this.game = null;
    this.picked = new Set(); // dice kept (score sheet) or chosen to set aside (set-aside), by position
  }

  get ruleset() {
    return this.config.rulesets.find((r) => r.name === this.game.ruleset);
  }

  start() {
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.newGameFromForm();
    });
    this.rulesetSelect.addEventListener("change", () => this.fillPlayers());
    this.rollButton.addEventListener("click", () => this.roll());
    this.endButton?.addEventListener("click", () => this.act("end"));
    this.setButton?.addEventListener("click", () => this.setAsidePicked());
    this.bankButton?.addEventListener("click", () => this.act("bank"));
    this.downloadButton.addEventListener("click", () => this.download());
    this.body.addEventListener("keydown", (event) => this.moveBetweenRows(event));
    document.addEventListener("keydown", (event) => this.key(event));
    window.addEventListener("hashchange", () => this.openLink());
    this.coachToggle.checked = readStorage(COACH_KEY) === "on";
    this.coachToggle.addEventListener("change", () => {
      writeStorage(COACH_KEY, this.coachToggle.checked ? "on" : "off");
      this.coach.switched(this.coachToggle.checked);
    });
    this.fillPlayers();
    if (!this.openLink()) this.resume();
  }

  /** The players the chosen ruleset allows, as the form offers them. */
  fillPlayers(chosen) {
    const ruleset = this.config.rulesets.find((r) => r.name === this.rulesetSelect.value) ?? this.config.rulesets[0];
    const keep = chosen ?? Number(this.playersSelect.value);
    this.playersSelect.replaceChildren(
      ...ruleset.players.map((count) => {
        const option = element("option", count === 1 ? this.say.solitaire : format(this.say.players_count, { count }));
        option.value = String(count);
        return option;
      }),
    );
    this.playersSelect.value = String(ruleset.players.includes(keep) ? keep : ruleset.players[0]);
  }

  // -- starting, resuming, refusing ---------------------------------------------------------------

  /** The link's game, if the page's address has one: true when it named one (good or bad). */
  openLink() {
    const asked = fromLink(location.search, location.hash);
    if (asked === null) return false;
    history.replaceState(null, "", location.pathname); // a reload resumes, not restarts
    const why = whyNotAGame(this.config, asked, this.say);
    if (why !== null) {
      this.refuse(format(this.say.bad_link, { reason: why }));
      this.resume({ quietly: true });
      return true;
    }
    const saved = this.saved();
    const same =
      saved && saved.ruleset === asked.ruleset && saved.players === asked.players && saved.seed === asked.seed;
    if (same && this.fits(saved) === null) this.begin(saved);
    else this.begin(asked);
    return true;
  }

  /** The saved game, or a fresh one when there is none or it no longer fits its ruleset. */
  resume({ quietly = false } = {}) {
    const text = readStorage(this.config.storage);
    if (text === null) return this.begin(this.fresh());
    let saved = null;
    try {
      saved = JSON.parse(text);
    } catch {
      saved = null;
    }
    const why = this.isGame(saved) ? this.fits(saved) : this.say.reason_unreadable;
    if (why === null) return this.begin(saved);
    removeStorage(this.config.storage);
    if (!quietly) this.refuse(format(this.say.bad_saved, { reason: why }));
    return this.begin(this.fresh());
  }

  saved() {
    try {
      const saved = JSON.parse(readStorage(this.config.storage) ?? "null");
      return this.isGame(saved) ? saved : null;
    } catch {
      return null;
    }
  }

  isGame(value) {
    return (
      value !== null &&
      typeof value === "object" &&
      typeof value.ruleset === "string" &&
      Number.isInteger(value.players) &&
      typeof value.seed === "string" &&
      Array.isArray(value.actions) &&
      value.actions.every((a) => typeof a === "string")
    );
  }

  /** Why a game's settings or actions do not fit the page's rulesets (the engine's refusal), or null. */
  fits(game) {
    const why = whyNotAGame(this.config, game, this.say);
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
        return format(this.say.reason_rejected, { number: where + 1, action: game.actions[where], code });
      }
    }
    return null;
  }

  fresh() {
    const ruleset = this.config.rulesets[0];
    return { ruleset: ruleset.name, players: ruleset.players[0], seed: freshSeed(), actions: [] };
  }

  newGameFromForm() {
    const typed = this.seedInput.value.trim().toLowerCase();
    if (typed !== "" && !SEED.test(typed)) {
      this.refuse(format(this.say.bad_seed, { seed: this.seedInput.value.trim() }));
      this.seedInput.setAttribute("aria-invalid", "true");
      return;
    }
    this.seedInput.removeAttribute("aria-invalid");
    this.seedInput.value = "";
    this.notice.hidden = true;
    this.notice.textContent = "";
    this.begin({
      ruleset: this.rulesetSelect.value,
      players: Number(this.playersSelect.value),
      seed: typed || freshSeed(),
      actions: [],
    });
  }

  /** One line saying why what was asked is no game; the rest of the page goes on. */
  refuse(line) {
    this.notice.textContent = line;
    this.notice.hidden = false;
  }

  begin(game) {
    this.game = { ruleset: game.ruleset, players: game.players, seed: game.seed, actions: [...game.actions] };
    this.rulesetSelect.value = game.ruleset;
    this.fillPlayers(game.players);
    this.picked.clear();
    this.coach.newGame();
    this.update();
  }

  // -- the rules, asked ---------------------------------------------------------------------------

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

  throwDice(count) {
    const first = thrown(this.game.actions);
    return Array.from({ length: count }, (_, i) => dieOf(this.game.seed, first + i)).join("");
  }

  /** Play one action: refused, it is said and changes nothing. */
  act(action) {
    const answer = this.replay([...this.game.actions, action]);
    if (answer.rejected) {
      this.status.textContent = format(this.say.refused, { action, code: answer.rejected.code });
      return false;
    }
    this.coach.judge(action, this.answer);
    this.game.actions.push(action);
    this.update();
    return true;
  }

  roll() {
    if (this.rollButton.disabled) return;
    const answer = this.answer;
    if (this.sheetFamily && answer.dice !== null) {
      const positions = [...answer.dice].map((_, i) => i).filter((i) => !this.picked.has(i));
      if (!positions.length) return;
      this.act(`reroll ${positions.map((i) => i + 1).join(",")}=${this.throwDice(positions.length)}`);
    } else {
      const count = this.sheetFamily ? this.ruleset.dice : answer.dice_left;
      this.picked.clear();
      this.act(`roll ${this.throwDice(count)}`);
    }
    if (this.game.actions.length && !this.rollButton.disabled) this.rollButton.focus();
  }

  setAsidePicked() {
    if (!this.picked.size || this.answer.dice === null) return;
    const dice = [...this.picked]
      .map((i) => this.answer.dice[i])
      .sort()
      .join("");
    if (this.act(`set ${dice}`)) this.picked.clear();
    this.update();
  }

  // -- keys -----------------------------------------------------------------------------------------

  key(event) {
    if (!this.block.isConnected || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest?.('input:not([type="checkbox"]), select, textarea, [contenteditable]')) return;
    const key = event.key.toLowerCase();
    if (/^[1-6]$/.test(key)) {
      const die = this.diceBox.children[Number(key) - 1];
      if (die && !die.disabled) {
        event.preventDefault();
        this.toggle(Number(key) - 1);
      }
    } else if (key === "r") {
      event.preventDefault();
      this.roll();
    } else if (key === "g" && this.sheetFamily) {
      // G, not S: Material's own keys (F, S and / search; N, P, comma and full stop turn the page)
      const row = this.body.querySelector("button.ds-play-score");
      if (row) {
        event.preventDefault();
        row.focus();
      }
    } else if (key === "a" && this.setButton) {
      event.preventDefault();
      if (!this.setButton.disabled) this.setAsidePicked();
    } else if (key === "b" && this.bankButton) {
      event.preventDefault();
      if (!this.bankButton.disabled) this.act("bank");
    }
  }

  toggle(index) {
    if (this.picked.has(index)) this.picked.delete(index);
    else this.picked.add(index);
    this.update();
  }

  /** The arrow keys go from one row the dice may be scored in to the next. */
  moveBetweenRows(event) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const buttons = [...this.body.querySelectorAll("button")];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    event.preventDefault();
    const next = buttons[(at + (event.key === "ArrowDown" ? 1 : buttons.length - 1)) % buttons.length];
    next.focus();
  }

  // -- showing the state ----------------------------------------------------------------------------

  update() {
    const answer = this.replay(this.game.actions);
    this.answer = answer;
    this.block.dataset.over = String(answer.over); // for a reader's tools, and the tests
    this.block.dataset.actions = String(this.game.actions.length);
    writeStorage(this.config.storage, JSON.stringify(this.game));
    if (this.sheetFamily) this.showSheetGame(answer);
    else this.showSetAsideGame(answer);
    this.showAbout();
    this.coach.show(answer);
  }

  playerName(index) {
    return format(this.say.player, { number: index + 1 });
  }

  showDice(dice, size, usable, words) {
    const buttons = Array.from({ length: size }, (_, i) => {
      const face = dice === null ? "–" : dice[i];
      const button = element("button", face, "ds-play-die");
      button.type = "button";
      button.dataset.face = dice === null ? "" : face;
      button.disabled = dice === null || !usable;
      button.setAttribute("aria-pressed", String(this.picked.has(i) && dice !== null));
      button.setAttribute("aria-label", format(words.die, { number: i + 1, face }));
      button.addEventListener("click", () => this.toggle(i));
      return button;
    });
    this.diceBox.replaceChildren(...buttons);
  }

  showSheetGame(answer) {
    const ruleset = this.ruleset;
    const playing = !answer.over;
    const rolled = answer.dice !== null;
    const canReroll = playing && rolled && this.probe("reroll 1=1") !== null;
    if (!rolled || !canReroll) this.picked.clear();
    this.showDice(answer.dice, ruleset.dice, canReroll, this.say);
    this.rollButton.textContent = rolled ? this.say.reroll : this.say.roll;
    this.rollButton.disabled = !playing || (rolled && (!canReroll || this.picked.size === ruleset.dice));
    this.endButton.hidden = !(playing && rolled && this.probe("end") !== null);
    // the sheet: a column a player, the current player's open rows as buttons once the dice are rolled
    const headRow = element("tr");
    headRow.append(element("th", this.say.row));
    answer.players.forEach((_, i) => {
      const th = element("th", this.playerName(i), i === answer.current && playing ? "ds-play-current" : "");
      th.scope = "col";
      headRow.append(th);
    });
    headRow.firstChild.scope = "col";
    this.head.replaceChildren(headRow);
    const rows = new Set(ruleset.rows);
    const lines = ruleset.lines.map(({ id, label }) => {
      const tr = element("tr", undefined, rows.has(id) ? "" : "ds-play-total");
      tr.dataset.line = id;
      const th = element("th", label);
      th.scope = "row";
      tr.append(th);
      answer.players.forEach((player, i) => {
        const value = player.lines[id];
        const td = element("td", value === null ? "" : this.numbers.format(value));
        if (i === answer.current && playing && rolled && rows.has(id)) {
          const after = this.probe(`score ${id}`);
          if (after) td.replaceChildren(this.rowButton(id, label, value, after.players[i].lines[id]));
        }
        tr.append(td);
      });
      return tr;
    });
    this.body.replaceChildren(...lines);
    // what to do now
    if (!playing) this.status.textContent = this.overLine(answer);
    else if (!rolled)
      this.status.textContent = format(this.say.status_roll, { player: this.playerName(answer.current) });
    else {
      const key = canReroll ? "status_rolled_sheet" : "status_last_roll";
      this.status.textContent = format(this.say[key], {
        player: this.playerName(answer.current),
        dice: answer.dice,
        rolls: answer.rolls,
      });
    }
  }

  rowButton(id, label, before, after) {
    const points = after - (before ?? 0);
    const button = element("button", this.numbers.format(points), "ds-play-score");
    button.type = "button";
    button.dataset.row = id;
    button.setAttribute("aria-label", format(this.say.score_row, { row: label, points: this.numbers.format(points) }));
    button.addEventListener("click", () => {
      if (this.act(`score ${id}`)) (this.rollButton.disabled ? this.downloadButton : this.rollButton).focus();
    });
    return button;
  }

  showSetAsideGame(answer) {
    const playing = !answer.over;
    const rolled = playing && answer.phase === "rolled";
    if (!rolled) this.picked.clear();
    this.showDice(rolled ? answer.dice : null, rolled ? answer.dice.length : answer.dice_left, rolled, this.say);
    const roll = playing && !rolled ? this.probe(`roll ${"1".repeat(answer.dice_left)}`) !== null : false;
    this.rollButton.disabled = !playing || rolled || !roll;
    const picked = [...this.picked]
      .map((i) => answer.dice[i])
      .sort()
      .join("");
    this.setButton.disabled = !(rolled && picked && this.probe(`set ${picked}`) !== null);
    this.bankButton.disabled = !(playing && this.probe("bank") !== null);
    // the set-asides the roll allows, each a button
    const options = rolled ? this.games.setAsideOptions(this.rulesets, this.game.ruleset, answer.dice).options : [];
    this.optionsBox.replaceChildren(
      ...options
        .filter((o) => this.probe(`set ${o.dice}`) !== null)
        .map((option) => {
          const points = this.numbers.format(option.points);
          const button = element(
            "button",
            format(this.say.set_option, { dice: option.dice, points }),
            "ds-play-option",
          );
          button.type = "button";
          button.dataset.dice = option.dice;
          button.addEventListener("click", () => {
            if (this.act(`set ${option.dice}`)) this.rollButton.focus();
          });
          return button;
        }),
    );
    // the players' scores
    const headRow = element("tr");
    for (const label of [this.say.players, this.say.score, this.say.on_board]) {
      const th = element("th", label);
      th.scope = "col";
      headRow.append(th);
    }
    this.head.replaceChildren(headRow);
    this.body.replaceChildren(
      ...answer.players.map((player, i) => {
        const tr = element("tr", undefined, i === answer.current && playing ? "ds-play-current" : "");
        tr.dataset.player = String(i);
        const th = element("th", this.playerName(i));
        th.scope = "row";
        tr.append(
          th,
          element("td", this.numbers.format(player.score), "ds-play-points"),
          element("td", player.on_board ? this.say.yes : this.say.no),
        );
        return tr;
      }),
    );
    // what to do now, after what the last roll did
    const player = this.playerName(answer.current);
    const last = this.game.actions.at(-1) ?? "";
    const farkle =
      /^roll /.test(last) && answer.phase === "turn-start"
        ? `${format(this.say.status_farkle, { dice: last.slice(5) })} `
        : "";
    const turn = format(this.say.turn_points, {
      points: this.numbers.format(answer.turn_points),
      left: answer.dice_left,
    });
    if (!playing) this.status.textContent = farkle + this.overLine(answer);
    else if (rolled) this.status.textContent = format(this.say.status_rolled_aside, { player, dice: answer.dice });
    else if (answer.phase === "set-aside") this.status.textContent = format(this.say.status_set, { player, turn });
    else this.status.textContent = farkle + format(this.say.status_roll, { player });
  }

  overLine(answer) {
    const winners = answer.winners.map((i) => this.playerName(i)).join(", ");
    return format(answer.winners.length > 1 ? this.say.status_over_shared : this.say.status_over, { winners });
  }

  showAbout() {
    this.seedShown.textContent = this.game.seed;
    this.link.href = linkOf(this.game);
    this.log.querySelector("summary").textContent = format(this.say.log_summary, { count: this.game.actions.length });
    this.log.querySelector("pre").textContent = replayFile(this.game);
  }

  download() {
    const blob = new Blob([replayFile(this.game)], { type: "text/plain" });
    const anchor = element("a");
    anchor.href = URL.createObjectURL(blob);
    anchor.download = `${this.game.ruleset}-${this.game.seed}.replay`;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(anchor.href), 0);
  }
}

// -- storage (a browser may refuse it: the game goes on, unsaved) -----------------------------------

function readStorage(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // unsaved
  }
}

function removeStorage(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing saved
  }
}

// -- the coach --------------------------------------------------------------------------------------
//
// coach.mjs (written apart) exports `loadCoach(rulesetName, rulesetsData, bytes)`, resolving to an
// object whose `advise(answer)` lists the choices of the state `answer` (a replay's answer), best
// first: {action: "keep"|"score"|"end"|"set"|"bank"|"roll", dice?, row?, value}. `bytes` is the
// ruleset's coach file, javascripts/coach/<ruleset>.bin, fetched only when a game starts with the
// coach on. A page opened from a file fetches nothing: there, a <script type="application/json"
// class="ds-coach-embedded"> holding {"module": coach.mjs's source, "files": {ruleset: base64}}
// gives both (`coachSource`: the one seam to fill in for the house report). No file for the ruleset,
// or any failure, is one line in the panel, and the game goes on.

/** The coach module and the ruleset's coach file's bytes (null: there is none). */
async function coachSource(ruleset) {
  const embedded = document.querySelector("script.ds-coach-embedded");
  if (embedded) {
    const { module, files } = JSON.parse(embedded.textContent);
    if (!files || !Object.hasOwn(files, ruleset)) return { bytes: null };
    const bytes = Uint8Array.from(atob(files[ruleset]), (c) => c.charCodeAt(0));
    // A module of a data: URL cannot import a file beside it: the coach imports the implementation
    // the page carries, by the URL the game imported it from (the same URL, the same module).
    const games = JSON.stringify(moduleUrl(carried().games));
    return { bytes, load: () => import(moduleUrl(module.replaceAll('"./dicespec-games.mjs"', games))) };
  }
  const response = await fetch(new URL(`${encodeURIComponent(ruleset)}.bin`, COACH_FILES));
  if (response.status === 404) return { bytes: null };
  if (!response.ok) throw new Error(`${ruleset}.bin: HTTP ${response.status}`);
  return { bytes: new Uint8Array(await response.arrayBuffer()), load: () => import(COACH_MODULE.href) };
}

/** The choice a player's action is, in the coach's terms (null: the action is no choice, a turn's
 * first roll). */
function choiceOf(action, before) {
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

const sameChoice = (a, b) =>
  a.action === b.action &&
  (a.row ?? null) === (b.row ?? null) &&
  [...(a.dice ?? "")].sort().join("") === [...(b.dice ?? "")].sort().join("");

class CoachPanel {
  constructor(play, panel) {
    this.play = play;
    this.panel = panel;
    this.statusLine = panel.querySelector(".ds-play-coach-status");
    this.list = panel.querySelector(".ds-play-coach-choices");
    this.costLine = panel.querySelector(".ds-play-coach-cost");
    this.review = panel.querySelector(".ds-play-coach-review");
    this.coach = null; // loaded for `this.ruleset`
    this.ruleset = null;
    this.advice = null; // the current state's choices
    this.costs = []; // {choice, cost} of each choice the player made with the coach on
  }

  get on() {
    return this.play.coachToggle.checked;
  }

  say(key, values = {}) {
    return format(this.play.say[key], values);
  }

  newGame() {
    this.costs = [];
    this.costLine.textContent = "";
    this.review.replaceChildren();
    if (this.on) this.load();
  }

  switched(on) {
    this.panel.hidden = !on;
    if (on) this.load().then(() => this.show(this.play.answer));
  }

  async load() {
    const ruleset = this.play.game.ruleset;
    this.panel.hidden = false;
    if (this.ruleset === ruleset && this.coach) return;
    this.coach = null;
    this.ruleset = ruleset;
    this.statusLine.textContent = this.say("coach_loading", { ruleset });
    try {
      // The page says which of its rulesets have a coach file ("coach": false: none, so no fetch of
      // a file that is not there); a page that does not say fetches and reads a 404 as none.
      const { bytes, load } = this.play.ruleset?.coach === false ? { bytes: null } : await coachSource(ruleset);
      if (bytes === null) {
        this.statusLine.textContent = this.say("coach_none", { ruleset });
        return;
      }
      const { loadCoach } = await load();
      const coach = await loadCoach(ruleset, this.play.rulesets, bytes);
      if (this.play.game.ruleset === ruleset) this.coach = coach;
      this.show(this.play.answer);
    } catch (error) {
      this.coach = null;
      this.statusLine.textContent = this.say("coach_failed", { error: error.message });
      console.warn("dicespec coach:", error);
    }
  }

  label(choice) {
    const rows = this.play.sheetFamily ? this.play.ruleset.lines : [];
    switch (choice.action) {
      case "keep":
        return choice.dice ? this.say("choice_keep", { dice: choice.dice }) : this.say("choice_keep_none");
      case "score":
        return this.say("choice_score", { row: rows.find((l) => l.id === choice.row)?.label ?? choice.row });
      case "set":
        return this.say("choice_set", { dice: choice.dice });
      default:
        return this.say(`choice_${choice.action}`);
    }
  }

  /** The current state's choices, best first, with their values. */
  show(answer) {
    this.panel.hidden = !this.on;
    if (!this.on || !this.coach || !answer) return;
    this.advice = null;
    const deciding = !answer.over && (answer.dice !== null || answer.phase === "set-aside");
    if (deciding) {
      try {
        this.advice = this.coach.advise(answer) ?? [];
      } catch (error) {
        this.statusLine.textContent = this.say("coach_failed", { error: error.message });
        return;
      }
    }
    this.statusLine.textContent = this.advice?.length ? this.say("coach_ready") : this.say("coach_best");
    this.list.replaceChildren(
      ...(this.advice ?? []).map((choice) =>
        element("li", `${this.label(choice)}: ${this.play.numbers.format(choice.value)}`),
      ),
    );
    if (answer.over) this.showReview();
  }

  /** What the player's action cost against the coach's best choice (best value − its value). */
  judge(action, before) {
    if (!this.on || !this.coach || !this.advice?.length) return;
    const choice = choiceOf(action, before);
    if (choice === null) return;
    const best = this.advice[0];
    const found = this.advice.find((c) => sameChoice(c, choice));
    const label = this.label(choice);
    if (!found) {
      this.costLine.textContent = this.say("coach_unrated", { choice: label });
      return;
    }
    const cost = Math.max(0, best.value - found.value);
    this.costs.push({ choice: label, cost });
    this.costLine.textContent =
      cost > 0
        ? this.say("coach_cost", { choice: label, cost: this.play.numbers.format(cost), best: this.label(best) })
        : this.say("coach_was_best", { choice: label });
  }

  showReview() {
    if (!this.costs.length) return;
    const total = this.costs.reduce((sum, c) => sum + c.cost, 0);
    const n = this.play.numbers;
    const costliest = [...this.costs]
      .sort((a, b) => b.cost - a.cost)
      .filter((c) => c.cost > 0)
      .slice(0, SHOWN_COSTLIEST);
    const list = element("ol");
    list.append(...costliest.map((c) => element("li", `${c.choice}: ${n.format(c.cost)}`)));
    this.review.replaceChildren(
      element("p", this.say("coach_review"), "ds-play-coach-title"),
      element(
        "p",
        this.say("coach_total", {
          total: n.format(total),
          count: this.costs.length,
          mean: n.format(total / this.costs.length),
        }),
      ),
      ...(costliest.length ? [element("p", this.say("coach_costliest")), list] : []),
    );
  }
}

// -- the page ---------------------------------------------------------------------------------------

startBlocks("play", ".ds-play-status", (block, games, rulesets) => new Play(block, games, rulesets).start());
