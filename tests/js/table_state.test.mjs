// The table's state and its event reducer (kahvehane/web/static/js/table/state.js),
// without a browser: node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";
import { emptyState, applySnapshot, applyEvent, applySync, myTurn, seatName, relSeat, currentScore, winnersOf } from "../../kahvehane/web/static/js/table/state.js";

const ME = 7;
const seats = () => [{ seat: 0, user: { id: ME, name: "ayşe" } }, { seat: 1, bot: true, level: "orta" }, { seat: 2, bot: true }, { seat: 3, bot: true }];

function joined() {
  const st = emptyState();
  const fx = applySnapshot(st, { epoch: "e1", n: 4, info: { game: "duz_okey", status: "waiting", seats: seats(), entry: 10 }, you: 0 }, ME);
  assert.deepEqual(fx.map((x) => x.kind), ["game_resync"]);
  return st;
}

const kinds = (fx) => fx.map((x) => x.kind);

test("a snapshot sets the table and your seat", () => {
  const st = joined();
  assert.equal(st.n, 4);
  assert.equal(st.you, 0);
  assert.equal(st.match, null);
});

test("a snapshot of a table whose match is over asks for its result", () => {
  const st = emptyState();
  const fx = applySnapshot(st, { epoch: "e", n: 1, info: { game: "casino", status: "waiting", seats: seats(), match: "m9" }, you: null }, ME);
  assert.deepEqual(fx[0], { kind: "load_result", match: "m9" });
});

test("match_start starts the match, pays the entry and calls you", () => {
  const st = joined();
  const fx = applyEvent(st, { n: 5, kind: "match_start", data: { match: "m1", seats: seats(), players: ["ayşe", "bot:orta", "bot:orta", "bot:orta"] } }, ME);
  assert.deepEqual(kinds(fx), ["refresh_user", "attention", "game_resync"]);
  assert.equal(st.info.status, "playing");
  assert.equal(st.match.id, "m1");
  assert.deepEqual(st.match.score.totals, [0, 0, 0, 0]);
  assert.equal(seatName(st, 1, "Bot"), "Bot 2");
  assert.equal(seatName(st, 0, "Bot"), "ayşe");
});

test("an event seen already changes nothing; a gap asks once for what was missed", () => {
  const st = joined();
  assert.deepEqual(applyEvent(st, { n: 4, kind: "kasa", data: { kasa: 99 } }, ME), []);
  assert.equal(st.info.kasa, undefined);
  assert.deepEqual(kinds(applyEvent(st, { n: 7, kind: "kasa", data: { kasa: 99 } }, ME)), ["gap"]);
  assert.deepEqual(applyEvent(st, { n: 8, kind: "kasa", data: { kasa: 99 } }, ME), []); // already asking
  assert.equal(st.n, 4);
  applySync(st, { n: 8 });
  assert.equal(st.catchingUp, false);
  assert.equal(st.n, 8);
});

test("a game event goes to the module and the log; its view makes your turn", () => {
  const st = joined();
  applyEvent(st, { n: 5, kind: "match_start", data: { match: "m1", seats: seats(), players: ["ayşe", "bot:a", "bot:a", "bot:a"] } }, ME);
  const fx = applyEvent(st, { n: 6, kind: "game", data: { kind: "discard", seat: 3, tile: "R5" }, view: { rack: [] }, legal: [{ act: "draw", from: "pile" }], clock: { to_act: [0] } }, ME);
  assert.deepEqual(kinds(fx), ["game_event", "log", "view"]);
  assert.equal(st.viewSeq, 1);
  assert.ok(myTurn(st));
  assert.ok(!myTurn(st, true)); // a move of ours is on its way
});

test("match_end keeps the last view, ends the moves and shows the result", () => {
  const st = joined();
  applyEvent(st, { n: 5, kind: "match_start", data: { match: "m1", seats: seats(), players: ["ayşe", "bot:a", "bot:a", "bot:a"] } }, ME);
  applyEvent(st, { n: 6, kind: "game", data: {}, view: { x: 1 }, legal: [{ act: "draw" }] }, ME);
  const fx = applyEvent(st, { n: 7, kind: "match_end", data: { result: { winner: 0, totals: [1, 2, 3, 4], deals: [] }, chips: { net: [30, -10, -10, -10] } } }, ME);
  assert.deepEqual(kinds(fx), ["refresh_user", "match_won"]);
  assert.equal(st.match.over, true);
  assert.deepEqual(st.match.legal, []);
  assert.deepEqual(st.match.view, { x: 1 });
  assert.equal(st.showResult, true);
  assert.ok(!myTurn(st));
  assert.deepEqual(winnersOf(st.result.result), [0]);
});

test("being unseated, away and back are told to the controller only for your seat", () => {
  const st = joined();
  assert.deepEqual(kinds(applyEvent(st, { n: 5, kind: "unseated", data: { user: { id: 99 } } }, ME)), []);
  assert.deepEqual(kinds(applyEvent(st, { n: 6, kind: "unseated", data: { user: { id: ME } } }, ME)), ["unseated"]);
});

test("seats around the table: you at the bottom, two players face each other", () => {
  assert.deepEqual([0, 1, 2, 3].map((s) => relSeat(4, 2, s)), [2, 3, 0, 1]);
  assert.deepEqual([0, 1].map((s) => relSeat(2, 1, s)), [2, 0]);
  assert.deepEqual([0, 1, 2].map((s) => relSeat(3, null, s)), [0, 1, 3]);
});

test("the score shown between matches is the last result's, void deals kept", () => {
  const st = emptyState();
  st.result = { result: { totals: [5, -5], deals: [{ scores: [5, -5], end: "finish" }, { end: "void", scores: [0, 0] }, { end: "abandoned" }] } };
  assert.equal(currentScore(st).deals.length, 2);
  assert.deepEqual(winnersOf({ winner: null }), []);
  assert.deepEqual(winnersOf({ winner: [0, 2] }), [0, 2]);
});
