// The optimal coach's pure parts (coach.mjs): the digest of a ruleset's rule values that names its
// coach file, a turn's keeps and how a reroll moves between them, and the order of equal choices.
// The coach on real coach files, against the solver's choices and values, is
// tests/solver/test_coachdata.py (in node) and tests/site/test_coach.py (in a browser).

import assert from "node:assert/strict";
import { test } from "node:test";
import { bestKeepValues, byValue, keepTables, rerollValues, rulesDigest, subKeeps } from "../coach.mjs";
import { countsOf } from "../dicespec-games.mjs";

test("a ruleset's digest reads its rule values alone, in any key order", () => {
  // dicespec.solver.coachdata.values_digest gives the same digests: the file's rules_digest
  assert.equal(rulesDigest({ b: 1, a: [1, 2], title: "a title" }), "d624c23e");
  assert.equal(rulesDigest({ a: [1, 2], b: 1 }), "d624c23e");
  assert.equal(rulesDigest({ a: [1, 2], b: 2 }), "d62893d5");
});

test("a turn's keeps: every multiset of up to all the dice, by size, and each roll's chance", () => {
  const tables = keepTables(5);
  // where each size starts: 1 keep of no die, 6 of one, 21 of two, 56, 126, then the 252 rolls
  assert.deepEqual(tables.starts, [0, 1, 7, 28, 84, 210, 462]);
  assert.equal(tables.rolls.length, 252);
  assert.ok(Math.abs(tables.probability.reduce((a, b) => a + b, 0) - 1) < 1e-12);
  assert.equal(tables.probability[tables.index.get("0500000") - tables.rollStart], 1 / 6 ** 5);
  for (let k = 0; k < tables.rollStart; k++) {
    const size = tables.keeps[k].reduce((a, b) => a + b, 0);
    for (const child of tables.children[k]) {
      assert.equal(
        tables.keeps[child].reduce((a, b) => a + b, 0),
        size + 1,
      );
    }
  }
});

test("a keep is worth the mean of the rolls it leads to; a roll, the best keep inside it", () => {
  const one = keepTables(1); // a roll's value: its face
  const expected = rerollValues(one, Float64Array.from([1, 2, 3, 4, 5, 6]));
  assert.equal(expected[0], 3.5); // keep nothing: throw the die again
  assert.deepEqual([...bestKeepValues(one, expected)], [3.5, 3.5, 3.5, 4, 5, 6]);
  const two = keepTables(2); // a roll's value: the sum of its dice
  const sums = Float64Array.from(two.rolls, (counts) => counts.reduce((total, n, face) => total + n * face, 0));
  const kept = rerollValues(two, sums);
  assert.equal(kept[0], 7);
  assert.equal(kept[two.index.get("0000001")], 9.5);
});

test("the keeps inside a roll run from none to all of its dice", () => {
  const keeps = subKeeps(countsOf([1, 1, 5]));
  assert.equal(keeps.length, 6);
  assert.deepEqual(keeps[0], [0, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual(keeps.at(-1), [0, 2, 0, 0, 0, 1, 0]);
});

test("equal choices: a score before ending before a keep, a win at once first, fewer dice kept", () => {
  const choices = [
    { action: "keep", dice: "66", value: 10 },
    { action: "keep", dice: "6", value: 10 },
    { action: "end", value: 10 },
    { action: "score", row: "ones", value: 10 },
    { action: "score", row: "generala", value: 10, won: true },
    { action: "keep", dice: "", value: 12 },
  ];
  assert.deepEqual(
    [...choices].sort(byValue).map((c) => c.row ?? c.dice ?? c.action),
    ["", "generala", "ones", "end", "6", "66"],
  );
});
