// The rules pages' scorer: type or roll dice, choose a ruleset, and see what the roll scores.
//
// Each `.ds-scorer` block (written by dicespec.site.scorer) holds the form, an empty table and its
// page's words and row texts as JSON. The scoring is the project's JavaScript implementation,
// dicespec-games.mjs beside this script (the code the conformance suite checks on every case),
// reading the rulesets' data, rulesets.json beside it too. Both are loaded only on a page that has
// a block. What the typed dice are and what they score is scoring.mjs's, which knows no page; this
// script draws it. No framework, nothing from another site. Safe to run more than once: a block is
// set up once.
//
// Loading them, on the site or in a page opened from the file system (a house ruleset's report),
// is blocks.mjs's, which the game's script shares.

import { element as cell, format, startBlocks } from "./blocks.mjs";
import { isDie, pastedDice, scored } from "./scoring.mjs";

/** One block: its elements, its data, and the scoring of what its dice show. */
class Scorer {
  constructor(block, games, rulesets) {
    this.block = block;
    this.games = games;
    this.rulesets = rulesets;
    this.config = JSON.parse(block.querySelector("script.ds-scorer-data").textContent);
    this.words = this.config.words;
    this.inputs = [...block.querySelectorAll('input[name="die"]')];
    this.select = block.querySelector('select[name="ruleset"]');
    this.summary = block.querySelector(".ds-scorer-summary");
    this.body = block.querySelector(".ds-scorer-table tbody");
    this.numbers = new Intl.NumberFormat(this.config.lang);
  }

  get ruleset() {
    return this.config.rulesets.find((r) => r.name === this.select.value) ?? this.config.rulesets[0];
  }

  /** The dice inputs the chosen ruleset rolls (others are hidden). */
  get dice() {
    return this.inputs.slice(0, this.ruleset.dice);
  }

  start() {
    const form = this.block.querySelector("form");
    form.addEventListener("submit", (event) => event.preventDefault());
    this.select.addEventListener("change", () => this.update());
    this.block.querySelector(".ds-scorer-roll").addEventListener("click", () => this.roll());
    this.inputs.forEach((input, index) => {
      input.addEventListener("input", () => this.update());
      input.addEventListener("keydown", (event) => this.key(event, index));
      input.addEventListener("paste", (event) => this.paste(event, index));
    });
    this.update();
  }

  /** A die typed replaces the die's value and moves on to the next die; what is not a die is
   * refused. Backspace and Delete empty the die; Backspace on an empty die goes back one. */
  key(event, index) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const input = this.inputs[index];
    if (event.key.length === 1) {
      event.preventDefault();
      if (!isDie(event.key)) return;
      this.set(input, event.key);
      this.focus(index + 1);
    } else if (event.key === "Delete" || (event.key === "Backspace" && input.value !== "")) {
      event.preventDefault();
      this.set(input, "");
    } else if (event.key === "Backspace" && index > 0) {
      event.preventDefault();
      this.focus(index - 1);
    }
  }

  set(input, value) {
    input.value = value;
    this.update();
  }

  /** Dice pasted ("66616") fill this die and the following ones. */
  paste(event, index) {
    const digits = pastedDice(event.clipboardData?.getData("text") ?? "");
    event.preventDefault();
    const dice = this.dice;
    [...digits].slice(0, dice.length - index).forEach((digit, i) => {
      dice[index + i].value = digit;
    });
    this.update();
    this.focus(Math.min(index + digits.length, dice.length - 1));
  }

  focus(index) {
    if (index < this.dice.length) this.dice[index].focus();
  }

  roll() {
    for (const input of this.dice) input.value = String(1 + Math.floor(Math.random() * 6));
    this.update();
  }

  update() {
    const ruleset = this.ruleset;
    this.inputs.forEach((input, i) => {
      input.closest("label").hidden = i >= ruleset.dice;
    });
    const values = this.dice.map((input) => input.value.trim());
    const roll = scored(this.games, this.rulesets, this.config.family, ruleset, values);
    this.dice.forEach((input, i) => {
      if (roll.bad[i]) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    });
    if (this.config.family === "score-sheet") this.showSheet(ruleset, roll);
    else this.showSetAside(ruleset, roll.result, roll.dice);
  }

  /** Every row: its label, its score (a dash until the dice are complete) and its rule. */
  showSheet(ruleset, { scores, top, best, dice }) {
    const rows = ruleset.rows.map((row) => {
      const tr = document.createElement("tr");
      tr.dataset.row = row.id;
      const points = scores ? scores[row.id] : null;
      if (points !== null && points === top) tr.className = "ds-scorer-top";
      tr.append(
        cell("th", row.label),
        cell("td", points === null ? "–" : this.numbers.format(points), "ds-scorer-points"),
        cell("td", row.rule, "ds-scorer-rule"),
      );
      tr.firstChild.scope = "row";
      return tr;
    });
    this.body.replaceChildren(...rows);
    if (!scores) {
      this.say(format(this.words.need_dice_sheet, { count: ruleset.dice }));
      return;
    }
    const labels = ruleset.rows.filter((row) => best.includes(row.id)).map((row) => row.label);
    this.say(format(this.words.summary_sheet, { dice, points: this.numbers.format(top), rows: labels.join(", ") }));
  }

  /** Every legal set-aside with its points, the best first. */
  showSetAside(ruleset, result, dice) {
    if (!result) {
      this.body.replaceChildren();
      this.say(format(this.words.need_dice_set_aside, { count: ruleset.dice }));
      return;
    }
    const rows = result.options.map((option) => {
      const tr = document.createElement("tr");
      tr.dataset.dice = option.dice;
      const best = option.points === result.best;
      if (best) tr.className = "ds-scorer-top";
      const points = this.numbers.format(option.points) + (best ? ` (${this.words.best})` : "");
      tr.append(cell("td", option.dice, "ds-scorer-set"), cell("td", points, "ds-scorer-points"));
      return tr;
    });
    this.body.replaceChildren(...rows);
    const first = result.options[0];
    this.say(
      first
        ? format(this.words.summary_set_aside, { dice, points: this.numbers.format(result.best), set: first.dice })
        : format(this.words.farkle, { dice }),
    );
  }

  say(text) {
    if (this.summary.textContent !== text) this.summary.textContent = text;
  }
}

startBlocks("scorer", ".ds-scorer-summary", (block, games, rulesets) => new Scorer(block, games, rulesets).start());
