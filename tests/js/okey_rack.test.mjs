// The Okey rack model (kahvehane/web/static/js/games/okey_rack.js), without a browser:
// node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";
import { COLS, SLOTS, blocksOf, blockKey, slotAt, layoutFromBlocks, removeTile, moveTile, freeSlot } from "../../kahvehane/web/static/js/games/okey_rack.js";

function rack(rows) {
  // rows: two strings of 15 cells separated by spaces, "." an empty slot
  const slots = Array(SLOTS).fill(null);
  rows.forEach((row, r) => row.split(" ").forEach((x, c) => (slots[r * COLS + c] = x === "." ? null : x)));
  return slots;
}

test("a gap ends a block and a row's end ends one too", () => {
  const s = rack(["R1 R2 R3 . K5 . . . . . . . . . B13", "Y7 Y8 . . . . . . . . . . . . ."]);
  assert.deepEqual(blocksOf(s), [["R1", "R2", "R3"], ["K5"], ["B13"], ["Y7", "Y8"]]);
});

test("slotAt names a slot as [block, position] and an empty slot as null", () => {
  const s = rack(["R1 R2 R3 . K5 . . . . . . . . . .", "Y7 Y8 . . . . . . . . . . . . ."]);
  assert.deepEqual(slotAt(s, 2), [0, 2]);
  assert.deepEqual(slotAt(s, 4), [1, 0]);
  assert.deepEqual(slotAt(s, COLS + 1), [2, 1]);
  assert.equal(slotAt(s, 3), null);
});

test("layoutFromBlocks keeps every block whole with a gap between, wrapping rows", () => {
  const blocks = [["R1", "R2", "R3", "R4", "R5", "R6"], ["K1", "K2", "K3", "K4", "K5"], ["B9", "B10", "B11"], ["J"]];
  const s = layoutFromBlocks(blocks);
  assert.deepEqual(blocksOf(s), blocks);
  assert.equal(s.filter(Boolean).length, 15);
  assert.equal(s[6], null); // the gap after the first block
  assert.equal(s[COLS], "B9"); // the third block did not fit the first row
});

test("layoutFromBlocks places what does not fit rather than losing a tile", () => {
  const blocks = Array.from({ length: 16 }, (_, i) => [`R${(i % 13) + 1}`]);
  const s = layoutFromBlocks(blocks);
  assert.equal(s.filter(Boolean).length, 16);
});

test("removeTile leaves a gap where the tile was, the preferred copy first", () => {
  const s = rack(["R1 R2 R3 . R2 . . . . . . . . . .", ". . . . . . . . . . . . . . ."]);
  const a = [...s];
  removeTile(a, "R2", 1);
  assert.deepEqual(blocksOf(a), [["R1"], ["R3"], ["R2"]]);
  const b = [...s];
  removeTile(b, "R2"); // the server's default: the rightmost copy
  assert.deepEqual(blocksOf(b), [["R1", "R2", "R3"]]);
  const c = [...s];
  removeTile(c, "R2", null, blockKey([["R1"], ["R3"], ["R2"]])); // the copy that gives the server's blocks
  assert.equal(c[1], null);
});

test("moveTile pushes neighbours aside within the row and swaps in a full row", () => {
  const s = rack(["R1 R2 R3 . . . . . . . . . . . .", "K9 . . . . . . . . . . . . . ."]);
  const moved = moveTile(s, COLS, 1);
  assert.deepEqual(moved.slice(0, 4), ["R1", "K9", "R2", "R3"]);
  assert.equal(moved[COLS], null);
  assert.notEqual(moved, s); // a new layout; the old one is kept
  const full = rack(["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 K1 K2", "B5 . . . . . . . . . . . . . ."]);
  const swapped = moveTile(full, COLS, 0);
  assert.equal(swapped[0], "B5");
  assert.equal(swapped[COLS], "R1");
});

test("a drawn tile lands after the last tile, away from the others when it can", () => {
  const s = rack(["R1 R2 . . . . . . . . . . . . .", ". . . . . . . . . . . . . . ."]);
  assert.equal(freeSlot(s), 3);
});

import { dealtLayout, tidyArrangement, sortTiles, fitsRack } from "../../kahvehane/web/static/js/games/okey_rack.js";

test("a new deal lies side by side from the left end", () => {
  const tiles = ["R1", "K5", "B7", "Y2", "J", "R9", "R9", "K1", "B13", "Y8", "Y9", "K12", "R4", "B2"];
  const s = dealtLayout(tiles);
  assert.deepEqual(s.slice(0, 14), tiles);
  assert.equal(s[14], null);
  assert.deepEqual(blocksOf(s), [tiles]);
});

test("seri diz keeps the engine's melds and lays the rest out by colour and number", () => {
  const engine = [["R3", "R4", "R5"], ["K7", "Y7", "B7"], ["B9"], ["R12"], ["K1"], ["Y2"], ["R8"], ["B11"], ["Y13"], ["J"]];
  const out = tidyArrangement(engine, "K13");
  assert.deepEqual(out.slice(0, 2), [["R3", "R4", "R5"], ["K7", "Y7", "B7"]]);
  assert.deepEqual(out.slice(2), [["R8"], ["R12"], ["Y2"], ["Y13"], ["B9", "B11"], ["K1"], ["J"]]);
  assert.deepEqual(sortTiles(out.flat(), "K13"), sortTiles(engine.flat(), "K13")); // the same tiles
  assert.ok(fitsRack(out));
  // laid out, every meld is a block of its own and the rest holds no three in a row
  const back = blocksOf(layoutFromBlocks(out));
  assert.deepEqual(back, out);
});

test("çift diz keeps the pairs whole", () => {
  const engine = [["R3", "R3"], ["K7", "K7"], ["B9", "B9"], ["Y1"], ["Y2"], ["K4"], ["R10"], ["R11"], ["B5"], ["J"], ["K12"]];
  const out = tidyArrangement(engine, null);
  assert.deepEqual(out.slice(0, 3), [["R3", "R3"], ["K7", "K7"], ["B9", "B9"]]);
  assert.deepEqual(out.slice(3), [["R10", "R11"], ["Y1", "Y2"], ["B5"], ["K4"], ["K12"], ["J"]]);
});

test("a rest too wide for the rack falls back to one block per colour", () => {
  const singles = ["R1", "R4", "R7", "R10", "R13", "Y1", "Y4", "Y7", "Y10", "Y13", "B1", "B4", "B7", "B10"].map((x) => [x]);
  const engine = [["K1", "K2", "K3", "K4"], ...singles];
  assert.ok(!fitsRack([["K1", "K2", "K3", "K4"], ...singles]));
  const out = tidyArrangement(engine, null);
  assert.ok(fitsRack(out));
  assert.deepEqual(out, [["K1", "K2", "K3", "K4"], ["R1", "R4", "R7", "R10", "R13"], ["Y1", "Y4", "Y7", "Y10", "Y13"], ["B1", "B4", "B7", "B10"]]);
});

import { finishGroups } from "../../kahvehane/web/static/js/games/okey_rack.js";

test("a finished hand is laid out as its melds, okeys where they stand in", () => {
  // a jumble as the finisher left it; the okey is K5 (wild), the false okey stands for K5
  const hand = ["R12", "Y3", "R1", "B3", "K3", "K4", "K5", "J", "R13", "B7", "B8", "B9", "B10", "B11"];
  const groups = finishGroups(hand, "K5");
  assert.ok(groups);
  assert.deepEqual(sortTiles(groups.flat(), "K5"), sortTiles(hand, "K5"));
  const has = (g) => groups.some((x) => [...x].sort().join() === [...g].sort().join());
  assert.ok(has(["R12", "R13", "R1"])); // 1 after 13
  assert.ok(groups.every((g) => g.length >= 3));
  assert.ok(has(["B7", "B8", "B9", "B10", "B11"]));
});

test("seven pairs are laid out as pairs, an okey beside a lone tile", () => {
  const hand = ["R1", "R1", "Y5", "Y5", "B9", "B9", "K13", "K13", "R7", "R7", "Y11", "Y11", "B2", "K5"];
  const groups = finishGroups(hand, "K5");
  assert.equal(groups.length, 7);
  assert.ok(groups.every((g) => g.length === 2));
  assert.ok(groups.some((g) => g.includes("B2") && g.includes("K5")));
});

test("tiles that form neither melds nor pairs give null", () => {
  assert.equal(finishGroups(["R1", "Y5", "B9", "K13", "R7", "Y11", "B2", "K4", "R3", "R10", "Y1", "Y2", "B5", "B6"], "K12"), null);
});

test("an okey and a false okey in one hand each go back to their own tile", () => {
  // okey K5: the K5 is wild, the false okey J is the K5 of the run K4 J K6
  const hand = ["K4", "J", "K6", "K5", "R7", "R8", "Y1", "Y2", "Y3", "B10", "B11", "B12", "B13", "R9"];
  const groups = finishGroups(hand, "K5");
  assert.ok(groups);
  assert.deepEqual(sortTiles(groups.flat(), "K5"), sortTiles(hand, "K5"));
  assert.ok(groups.every((g) => !g.includes(null)));
});

test("a hand of pairs with both okeys is laid out as pairs (the meld search gives up)", () => {
  const hand = ["R1", "R1", "Y5", "Y5", "B9", "B9", "K13", "K13", "R7", "R7", "Y11", "B2", "K5", "K5"];
  const groups = finishGroups(hand, "K5");
  assert.ok(groups);
  assert.equal(groups.length, 7);
});
