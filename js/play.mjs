// Each game's page to play it: choose a ruleset and the players, roll, keep, score or set aside and
// bank, alone or with others at one screen.
//
// The `.ds-play` block (written by dicespec.site.play) holds the form, an empty board and the page's
// words, row and line labels as JSON. The game itself is session.mjs's, which knows no page: its
// actions in the project's replay notation, replayed after each one by the project's JavaScript
// implementation (dicespec-games.mjs beside this script, the code the conformance suite checks on
// every case) on the rulesets' data (rulesets.json beside it), the moves the rules allow, the dice
// its seed throws, the link, the replay file and the saved text. This script draws the session,
// turns the reader's clicks and keys into its moves, and keeps the game in localStorage under the
// block's key. A link, a seed or a saved game that does not describe a game of the page is refused
// in one line (`.ds-play-notice`), in the page's words, and a fresh game is ready.
//
// Loading the implementation and the data, on the site or in a page opened from the file system (a
// house ruleset's report), is blocks.mjs's, which the scorer's script shares.
//
// The coach (coach.mjs beside this script, written apart) is loaded only when the reader turns it
// on, or a seat is the computer's: see the section "the coach" at the end, the only code that
// knows of it. The computer plays the coach's best choice through the session (session.mjs's
// `computerMove`), one move every PACE milliseconds, so that a person can follow it; a block's
// `data-pace` says otherwise (the browser tests).

import { carried, element, format, moduleUrl, startBlocks } from "./blocks.mjs";
import { computerSeats, freshSeed, fromLink, isSeed, linkOf, rated, replayFile, review, Session } from "./session.mjs";

const COACH_MODULE = new URL("./coach.mjs", import.meta.url);
const COACH_FILES = new URL("./coach/", import.meta.url);
const COACH_KEY = "dicespec-play/coach"; // the coach toggle, remembered for every game page
const SHOWN_COSTLIEST = 5;
const PACE = 700; // milliseconds between the computer's moves

// -- one block ---------------------------------------------------------------------------------------

class Play {
  constructor(block, games, rulesets) {
    this.block = block;
    this.rulesets = rulesets;
    this.config = JSON.parse(block.querySelector("script.ds-play-data").textContent);
    this.session = new Session(games, rulesets, this.config);
    this.say = this.config.words;
    this.sheetFamily = this.session.sheetFamily;
    this.numbers = new Intl.NumberFormat(this.config.lang, { maximumFractionDigits: 2 });
    const find = (selector) => block.querySelector(selector);
    this.form = find(".ds-play-setup");
    this.rulesetSelect = find('select[name="ruleset"]');
    this.playersSelect = find('select[name="players"]');
    this.seatBoxes = [...block.querySelectorAll('input[name="computer"]')];
    this.computerLine = find(".ds-play-computer");
    this.computerTimer = null;
    this.computerDown = null; // why the computer cannot play this game, once it found it could not
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
  }

  get game() {
    return this.session.game;
  }

  get ruleset() {
    return this.session.ruleset;
  }

  get answer() {
    return this.session.answer;
  }

  start() {
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.newGameFromForm();
    });
    this.rulesetSelect.addEventListener("change", () => this.fillPlayers());
    this.playersSelect.addEventListener("change", () => this.showSeats(Number(this.playersSelect.value)));
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
    const offered = this.session.players(this.rulesetSelect.value, chosen ?? Number(this.playersSelect.value));
    this.playersSelect.replaceChildren(
      ...offered.counts.map((count) => {
        const option = element("option", count === 1 ? this.say.solitaire : format(this.say.players_count, { count }));
        option.value = String(count);
        return option;
      }),
    );
    this.playersSelect.value = String(offered.chosen);
    this.showSeats(offered.chosen);
  }

  /** A seat's box for each of `count` players; the others hidden and let go. */
  showSeats(count) {
    for (const box of this.seatBoxes) {
      const shown = Number(box.value) <= count;
      box.closest("label").hidden = !shown;
      if (!shown) box.checked = false;
    }
  }

  // -- starting, resuming, refusing ---------------------------------------------------------------

  /** A reason of the session's, in the page's words. */
  reason({ key, values }) {
    return format(this.say[key], values);
  }

  /** The link's game, if the page's address has one: true when it named one (good or bad). */
  openLink() {
    const asked = fromLink(location.search, location.hash);
    if (asked === null) return false;
    history.replaceState(null, "", location.pathname); // a reload resumes, not restarts
    const { game, why } = this.session.linked(asked, readStorage(this.config.storage));
    if (why !== null) {
      this.refuse(format(this.say.bad_link, { reason: this.reason(why) }));
      this.resume({ quietly: true });
      return true;
    }
    this.begin(game);
    return true;
  }

  /** The saved game, or a fresh one when there is none or it no longer fits its ruleset. */
  resume({ quietly = false } = {}) {
    const { game, why } = this.session.resumed(readStorage(this.config.storage));
    if (why !== null) {
      removeStorage(this.config.storage);
      if (!quietly) this.refuse(format(this.say.bad_saved, { reason: this.reason(why) }));
    }
    this.begin(game);
  }

  newGameFromForm() {
    const typed = this.seedInput.value.trim().toLowerCase();
    if (typed !== "" && !isSeed(typed)) {
      this.refuse(format(this.say.bad_seed, { seed: this.seedInput.value.trim() }));
      this.seedInput.setAttribute("aria-invalid", "true");
      return;
    }
    this.seedInput.removeAttribute("aria-invalid");
    this.seedInput.value = "";
    this.notice.hidden = true;
    this.notice.textContent = "";
    const game = {
      ruleset: this.rulesetSelect.value,
      players: Number(this.playersSelect.value),
      seed: typed || freshSeed(),
      actions: [],
    };
    const computer = this.seatBoxes
      .filter((box) => box.checked && !box.closest("label").hidden)
      .map((b) => Number(b.value));
    if (computer.length) game.computer = computer;
    const why = this.session.whyNotAGame(game);
    if (why !== null) {
      this.refuse(this.reason(why));
      return;
    }
    this.begin(game);
  }

  /** One line saying why what was asked is no game; the rest of the page goes on. */
  refuse(line) {
    this.notice.textContent = line;
    this.notice.hidden = false;
  }

  begin(game) {
    clearTimeout(this.computerTimer);
    this.computerDown = null;
    this.session.begin(game);
    this.rulesetSelect.value = game.ruleset;
    this.fillPlayers(game.players);
    const seats = computerSeats(game);
    for (const box of this.seatBoxes) box.checked = seats.includes(Number(box.value));
    this.coach.newGame();
    this.update();
  }

  // -- playing --------------------------------------------------------------------------------------

  /** What the session made of a move: refused, it is said and changes nothing; played, the coach
   * rates a person's and the page shows the new state. True when it was played. */
  played(move, { byComputer = false } = {}) {
    if (move === null) return false;
    if (move.rejected) {
      this.status.textContent = format(this.say.refused, { action: move.action, code: move.rejected });
      return false;
    }
    if (!byComputer) this.coach.judge(move.action, move.before);
    this.update();
    return true;
  }

  /** Play one action: a person's, so none while the computer is to move. */
  act(action) {
    if (this.computerMoves()) return false;
    return this.played(this.session.act(action));
  }

  /** Is the computer to move now (it plays the seat, and it can)? */
  computerMoves() {
    return this.computerDown === null && this.session.computerToMove();
  }

  /** When the computer is to move, its move in PACE milliseconds: the coach's best choice the rules
   * allow. Where it cannot play (no coach, or no move), it says so once, and people play its seats. */
  computerTurn() {
    clearTimeout(this.computerTimer);
    if (!this.computerMoves()) return;
    const game = this.game;
    const pace = Number(this.block.dataset.pace ?? PACE);
    this.computerTimer = setTimeout(async () => {
      let move = null;
      try {
        const coach = await this.coachFor(game.ruleset, game.players);
        if (this.game !== game || !this.computerMoves()) return; // a new game, meanwhile
        if (coach === null && !this.sheetFamily) {
          throw new Error(format(this.say.reason_no_computer, { name: game.ruleset }));
        }
        const advice = coach === null ? this.session.greedyAdvice() : (coach.advise(this.answer) ?? []);
        move = this.session.computerMove(advice);
        if (move === null) throw new Error(this.say.computer_no_move);
      } catch (error) {
        this.computerDown = format(this.say.computer_failed, { error: error.message });
        console.warn("dicespec computer:", error);
        this.update();
        return;
      }
      this.played(move, { byComputer: true });
    }, pace);
  }

  roll() {
    if (this.rollButton.disabled) return;
    const move = this.session.roll();
    if (move === null) return;
    this.played(move);
    if (this.game.actions.length && !this.rollButton.disabled) this.rollButton.focus();
  }

  setAsidePicked() {
    const move = this.session.setAsidePicked();
    if (move === null) return;
    this.played(move);
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
    this.session.toggle(index);
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
    const answer = this.session.refresh();
    const computer = this.computerMoves();
    this.block.dataset.over = String(answer.over); // for a reader's tools, and the tests
    this.block.dataset.actions = String(this.game.actions.length);
    this.block.dataset.computer = String(computer); // the computer is to move
    writeStorage(this.config.storage, this.session.saved());
    if (this.sheetFamily) this.showSheetGame(answer, this.session.moves, !computer);
    else this.showSetAsideGame(answer, this.session.moves, !computer);
    this.showAbout();
    this.coach.show(answer);
    this.computerTurn();
  }

  playerName(index) {
    const key = computerSeats(this.game).includes(index + 1) ? "player_computer" : "player";
    return format(this.say[key], { number: index + 1 });
  }

  showDice(dice, size, usable, words) {
    const picked = this.session.picked;
    const buttons = Array.from({ length: size }, (_, i) => {
      const face = dice === null ? "–" : dice[i];
      const button = element("button", face, "ds-play-die");
      button.type = "button";
      button.dataset.face = dice === null ? "" : face;
      button.disabled = dice === null || !usable;
      button.setAttribute("aria-pressed", String(picked.has(i) && dice !== null));
      button.setAttribute("aria-label", format(words.die, { number: i + 1, face }));
      button.addEventListener("click", () => this.toggle(i));
      return button;
    });
    this.diceBox.replaceChildren(...buttons);
  }

  /** A score sheet's game; `person`: a person is to move (else the computer, and nothing is clickable). */
  showSheetGame(answer, moves, person) {
    const ruleset = this.ruleset;
    const { playing, rolled, canReroll } = moves;
    this.showDice(answer.dice, ruleset.dice, canReroll && person, this.say);
    this.rollButton.textContent = rolled ? this.say.reroll : this.say.roll;
    this.rollButton.disabled = !moves.canRoll || !person;
    this.endButton.hidden = !moves.canEnd || !person;
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
        if (person && i === answer.current && Object.hasOwn(moves.scores, id)) {
          td.replaceChildren(this.rowButton(id, label, moves.scores[id]));
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

  rowButton(id, label, points) {
    const button = element("button", this.numbers.format(points), "ds-play-score");
    button.type = "button";
    button.dataset.row = id;
    button.setAttribute("aria-label", format(this.say.score_row, { row: label, points: this.numbers.format(points) }));
    button.addEventListener("click", () => {
      if (this.act(`score ${id}`)) (this.rollButton.disabled ? this.downloadButton : this.rollButton).focus();
    });
    return button;
  }

  /** A set-aside game; `person`: a person is to move (else the computer, and nothing is clickable). */
  showSetAsideGame(answer, moves, person) {
    const { playing, rolled } = moves;
    const size = rolled ? answer.dice.length : answer.dice_left;
    this.showDice(rolled ? answer.dice : null, size, rolled && person, this.say);
    this.rollButton.disabled = !moves.canRoll || !person;
    this.setButton.disabled = !moves.canSet || !person;
    this.bankButton.disabled = !moves.canBank || !person;
    // the set-asides the roll allows, each a button
    this.optionsBox.replaceChildren(
      ...(person ? moves.options : []).map((option) => {
        const points = this.numbers.format(option.points);
        const button = element("button", format(this.say.set_option, { dice: option.dice, points }), "ds-play-option");
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
    const farkle = moves.farkle === null ? "" : `${format(this.say.status_farkle, { dice: moves.farkle })} `;
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
    const seats = computerSeats(this.game).length > 0;
    this.computerLine.hidden = !seats;
    this.computerLine.textContent = !seats ? "" : (this.computerDown ?? this.say[this.computerPlays()]);
    this.seedShown.textContent = this.game.seed;
    this.link.href = linkOf(this.game);
    this.log.querySelector("summary").textContent = format(this.say.log_summary, { count: this.game.actions.length });
    this.log.querySelector("pre").textContent = replayFile(this.game);
  }

  /** What the computer plays, as the catalog's key of the line that says so. */
  computerPlays() {
    if (!this.sheetFamily) return this.dueled() ? "computer_plays_duel" : "computer_plays_aside";
    const entry = this.config.rulesets.find((r) => r.name === this.game.ruleset);
    return entry?.coach === false ? "computer_plays_greedy" : "computer_plays_sheet";
  }

  /** Does the game play by a two-player file: two players, under rules the site has one of? */
  dueled(game = this.game) {
    const entry = this.config.rulesets.find((r) => r.name === game.ruleset);
    return game.players === 2 && entry?.duel === true;
  }

  /** The coach of `ruleset` for `players` (null: the site has no coach file of it), loaded once a
   * page: the panel's and the computer's. With two players, under rules the site has a two-player
   * file of, it is the two-player optimum (coach.mjs's DuelCoach); else the ruleset's coach file's.
   * A failure is the promise's, and the next ask tries again. */
  coachFor(ruleset, players) {
    this.coaches ??= new Map();
    const duel = this.dueled({ ruleset, players });
    const key = `${ruleset}${duel ? " (two players)" : ""}`;
    if (!this.coaches.has(key)) {
      const loading = (async () => {
        if (duel) {
          const response = await fetch(new URL(`${encodeURIComponent(ruleset)}.duel.json`, COACH_FILES));
          if (!response.ok) throw new Error(`${ruleset}.duel.json: HTTP ${response.status}`);
          const { loadDuel } = await import(COACH_MODULE.href);
          return loadDuel(ruleset, this.rulesets, await response.json());
        }
        // The page says which of its rulesets have a coach file ("coach": false: none, so no fetch
        // of a file that is not there); a page that does not say fetches and reads a 404 as none.
        const entry = this.config.rulesets.find((r) => r.name === ruleset);
        const { bytes, load } = entry?.coach === false ? { bytes: null } : await coachSource(ruleset);
        if (bytes === null) return null;
        const { loadCoach } = await load();
        return loadCoach(ruleset, this.rulesets, bytes);
      })();
      loading.catch(() => this.coaches.delete(key));
      this.coaches.set(key, loading);
    }
    return this.coaches.get(key);
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
// or any failure, is one line in the panel, and the game goes on. What a player's choice cost, and
// the game's review, are session.mjs's (`rated`, `review`).

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
    const { ruleset, players } = this.play.game;
    this.panel.hidden = false;
    if (this.ruleset === ruleset && this.players === players && this.coach) return;
    this.coach = null;
    this.ruleset = ruleset;
    this.players = players;
    this.statusLine.textContent = this.say("coach_loading", { ruleset });
    try {
      const coach = await this.play.coachFor(ruleset, players);
      if (coach === null) {
        this.statusLine.textContent = this.say("coach_none", { ruleset });
        return;
      }
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

  /** A value of the coach's, as the page writes it: a chance of winning in percent (the two-player
   * optimum's), else points. */
  number(value) {
    if (!this.coach?.chances) return this.play.numbers.format(value);
    this.percent ??= new Intl.NumberFormat(this.play.config.lang, { style: "percent", maximumFractionDigits: 1 });
    return this.percent.format(value);
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
    const ready = this.play.sheetFamily ? "coach_ready" : this.coach.chances ? "coach_ready_duel" : "coach_ready_aside";
    this.statusLine.textContent = this.advice?.length ? this.say(ready) : this.say("coach_best");
    this.list.replaceChildren(
      ...(this.advice ?? []).map((choice) => element("li", `${this.label(choice)}: ${this.number(choice.value)}`)),
    );
    if (answer.over) this.showReview();
  }

  /** What the player's action cost against the coach's best choice (best value − its value). */
  judge(action, before) {
    if (!this.on || !this.coach || !this.advice?.length) return;
    const rating = rated(this.advice, action, before);
    if (rating === null) return;
    const label = this.label(rating.choice);
    if (rating.cost === null) {
      this.costLine.textContent = this.say("coach_unrated", { choice: label });
      return;
    }
    this.costs.push({ choice: label, cost: rating.cost });
    this.costLine.textContent =
      rating.cost > 0
        ? this.say("coach_cost", {
            choice: label,
            cost: this.number(rating.cost),
            best: this.label(rating.best),
          })
        : this.say("coach_was_best", { choice: label });
  }

  showReview() {
    if (!this.costs.length) return;
    const { total, count, mean, costliest } = review(this.costs, SHOWN_COSTLIEST);
    const list = element("ol");
    list.append(...costliest.map((c) => element("li", `${c.choice}: ${this.number(c.cost)}`)));
    this.review.replaceChildren(
      element("p", this.say("coach_review"), "ds-play-coach-title"),
      element("p", this.say("coach_total", { total: this.number(total), count, mean: this.number(mean) })),
      ...(costliest.length ? [element("p", this.say("coach_costliest")), list] : []),
    );
  }
}

// -- the page ---------------------------------------------------------------------------------------

startBlocks("play", ".ds-play-status", (block, games, rulesets) => new Play(block, games, rulesets).start());
