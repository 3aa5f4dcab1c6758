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
