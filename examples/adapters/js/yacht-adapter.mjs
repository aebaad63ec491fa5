// A dicespec adapter in plain JavaScript: Yacht's scoring (protocol 2, the score operation), node
// only. Each request is a line of JSON on stdin, each reply a line on stdout; a question it does
// not answer (a replay) is skipped. Run it with
//
//     dicespec conform --impl "node examples/adapters/js/yacht-adapter.mjs" --ruleset yacht
import { createInterface } from "node:readline";

const FACES = { ones: 1, twos: 2, threes: 3, fours: 4, fives: 5, sixes: 6 };

function score(dice, row) {
  const faces = [...dice].map(Number);
  const sum = faces.reduce((a, b) => a + b, 0);
  const counts = [1, 2, 3, 4, 5, 6].map((face) => faces.filter((f) => f === face).length);
  const sorted = [...faces].sort().join("");
  if (row in FACES) return FACES[row] * counts[FACES[row] - 1];
  if (row === "full_house") return counts.includes(3) && counts.includes(2) ? sum : 0;
  if (row === "four_of_a_kind") return 4 * (counts.findIndex((n) => n >= 4) + 1);
  if (row === "little_straight") return sorted === "12345" ? 30 : 0;
  if (row === "big_straight") return sorted === "23456" ? 30 : 0;
  if (row === "choice") return sum;
  if (row === "yacht") return counts.includes(5) ? 50 : 0;
  throw new Error(`no row ${row}`);
}

function answer(request) {
  if (request.op === "hello") {
    return { protocol: 2, implementation: { name: "yacht-js", language: "javascript" }, games: { yacht: ["yacht"] } };
  }
  if (request.op === "score" && request.ruleset === "yacht") return score(request.dice, request.row);
  return undefined; // not answered: skipped
}

for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  let reply;
  try {
    const result = answer(request);
    reply =
      result === undefined
        ? { id: request.id, skipped: `${request.op} is not implemented` }
        : { id: request.id, result };
  } catch (error) {
    reply = { id: request.id, error: { message: String(error) } };
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
