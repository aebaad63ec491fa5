// A rules page's scorer, without the page: the dice typed into it read, and the roll scored by the
// project's JavaScript implementation (dicespec-games.mjs, handed in with the rulesets' data). No
// DOM, no dependency: node's tests run it as scorer.mjs, which draws it, does.

/** Is `text` one die: a digit from 1 to 6? */
export const isDie = (text) => /^[1-6]$/.test(text);

/** The dice in pasted text ("6 6 6-1,6" gives "66616"): its digits from 1 to 6, the rest dropped. */
export const pastedDice = (text) => text.replace(/[^1-6]/g, "");

/**
 * One roll as the scorer's inputs hold it (`values`, the text of each die shown, trimmed), under a
 * ruleset of the page (its entry: {name, dice, rows: [{id, …}]}), scored by `games` on `rulesets`:
 *
 * - `bad`: for each input, whether it holds something that is not a die;
 * - `dice`: the dice typed, as digits;
 * - a score sheet's `scores` (row id -> points), once every die is typed, with the `top` points
 *   and the ids of the rows that make them (`best`, in sheet order); else null, null and [];
 * - a set-aside game's `result` ({options, best}: every legal set-aside, the best first), once at
 *   least one die is typed; else null.
 */
export function scored(games, rulesets, family, ruleset, values) {
  const bad = values.map((value) => value !== "" && !isDie(value));
  const typed = values.filter((value) => value !== "");
  const valid = typed.every(isDie);
  const dice = typed.join("");
  if (family === "score-sheet") {
    const complete = valid && typed.length === ruleset.dice;
    const scores = complete ? games.sheetScores(rulesets, ruleset.name, dice) : null;
    const top = scores ? Math.max(...Object.values(scores)) : null;
    const best = scores ? ruleset.rows.filter((row) => scores[row.id] === top).map((row) => row.id) : [];
    return { bad, dice, scores, top, best };
  }
  const complete = valid && typed.length > 0;
  return { bad, dice, result: complete ? games.setAsideOptions(rulesets, ruleset.name, dice) : null };
}
