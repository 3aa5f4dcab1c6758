// The Okey rack as a model, pure (no DOM, no imports): 2 rows × 15 slots, a tile or null
// in each. Adjacent tiles form a block and a gap ends one (docs/rules/okey.md rule 29):
// what the server counts a discard's `at: [block, position]` in. Tested without a
// browser: tests/js/okey_rack.test.mjs.

export const COLS = 15;
export const ROWS = 2;
export const SLOTS = COLS * ROWS;

export function blocksOf(slots) {
  const out = [];
  for (let r = 0; r < ROWS; r++) {
    let cur = [];
    for (let c = 0; c < COLS; c++) {
      const x = slots[r * COLS + c];
      if (x) cur.push(x);
      else if (cur.length) {
        out.push(cur);
        cur = [];
      }
    }
    if (cur.length) out.push(cur);
  }
  return out;
}

/** The blocks as a set of sets: equal when the same blocks are laid out, in any order. */
export function blockKey(blocks) {
  return blocks
    .map((b) => [...b].sort().join(","))
    .sort()
    .join("|");
}

/** The blocks in order, tiles in order: what `at` counts in. */
export function layoutKey(blocks) {
  return blocks.map((b) => b.join(",")).join("|");
}

/** The slot `i` as the server names it: [block, position] in blocksOf(slots). */
export function slotAt(slots, i) {
  if (!slots[i]) return null;
  let block = -1;
  for (let r = 0; r < ROWS; r++) {
    let start = -1; // the first slot of the block being read, -1 in a gap
    for (let c = 0; c < COLS; c++) {
      const k = r * COLS + c;
      if (!slots[k]) {
        start = -1;
        continue;
      }
      if (start < 0) {
        start = k;
        block += 1;
      }
      if (k === i) return [block, k - start];
    }
  }
  return null;
}

export function tileCount(list) {
  const m = new Map();
  for (const x of list) m.set(x, (m.get(x) || 0) + 1);
  return m;
}

/** Lay blocks out row by row with one empty slot between blocks. */
export function layoutFromBlocks(blocks) {
  const slots = Array(SLOTS).fill(null);
  const overflow = [];
  let row = 0;
  let col = 0;
  for (const b of blocks) {
    if (!b.length) continue;
    if (col + b.length > COLS) {
      row += 1;
      col = 0;
    }
    if (row >= ROWS || b.length > COLS) {
      overflow.push(...b);
      continue;
    }
    b.forEach((x, i) => (slots[row * COLS + col + i] = x));
    col += b.length + 1;
  }
  for (const x of overflow) {
    const i = freeSlot(slots);
    if (i >= 0) slots[i] = x;
  }
  return slots;
}

export function isFree(slots, i) {
  return i >= 0 && i < SLOTS && !slots[i];
}

export function neighboursFree(slots, i) {
  const c = i % COLS;
  const leftOk = c === 0 || !slots[i - 1];
  const rightOk = c === COLS - 1 || !slots[i + 1];
  return leftOk && rightOk;
}

/** A free slot for a new tile: after the last tile, away from other tiles if possible. */
export function freeSlot(slots) {
  let last = -1;
  for (let i = 0; i < SLOTS; i++) if (slots[i]) last = i;
  const order = [];
  for (let i = last + 1; i < SLOTS; i++) order.push(i);
  for (let i = 0; i <= last; i++) order.push(i);
  for (const i of order) if (isFree(slots, i) && neighboursFree(slots, i)) return i;
  for (const i of order) if (isFree(slots, i)) return i;
  return -1;
}

/** Remove one copy of `tile`, leaving its slot empty (no tile moves: a gap stays, as
 * on a real ıstaka). Which copy: the slot we discarded from (`prefer`), else the one
 * whose removal gives the server's blocks (`want`, a blockKey: a finish, or a bot that
 * played for us), else the server's default, the last position of the rightmost block
 * holding it: the last such slot. */
export function removeTile(slots, tile, prefer = null, want = null) {
  const where = [];
  for (let i = SLOTS - 1; i >= 0; i--) if (slots[i] === tile) where.push(i);
  if (!where.length) return;
  let at = where[0];
  if (prefer !== null && slots[prefer] === tile) at = prefer;
  else if (want !== null) {
    const match = where.find((i) => {
      const s = [...slots];
      s[i] = null;
      return blockKey(blocksOf(s)) === want;
    });
    if (match !== undefined) at = match;
  }
  slots[at] = null;
}

/** Move the tile at `from` to slot `to`, pushing neighbours aside within the row. */
export function moveTile(slots, from, to) {
  if (from === to) return slots;
  const s = [...slots];
  const tile = s[from];
  s[from] = null;
  if (!s[to]) {
    s[to] = tile;
    return s;
  }
  const rowStart = Math.floor(to / COLS) * COLS;
  const rowEnd = rowStart + COLS;
  // the nearest free slot to the right, else to the left, in the same row
  let free = -1;
  for (let i = to + 1; i < rowEnd; i++)
    if (!s[i]) {
      free = i;
      break;
    }
  if (free >= 0) {
    for (let i = free; i > to; i--) s[i] = s[i - 1];
    s[to] = tile;
    return s;
  }
  for (let i = to - 1; i >= rowStart; i--)
    if (!s[i]) {
      free = i;
      break;
    }
  if (free >= 0) {
    for (let i = free; i < to; i++) s[i] = s[i + 1];
    s[to] = tile;
    return s;
  }
  // the row is full: swap
  s[from] = s[to];
  s[to] = tile;
  return s;
}


/** Whether blocks laid out by layoutFromBlocks fit the rack without breaking a block. */
export function fitsRack(blocks) {
  let row = 0;
  let col = 0;
  for (const b of blocks) {
    if (!b.length) continue;
    if (b.length > COLS) return false;
    if (col + b.length > COLS) {
      row += 1;
      col = 0;
    }
    if (row >= ROWS) return false;
    col += b.length + 1;
  }
  return true;
}

/** A new deal as players lay it: the tiles side by side from the rack's left end, the
 * first row first, in the order dealt. */
export function dealtLayout(tiles) {
  const slots = Array(SLOTS).fill(null);
  tiles.forEach((x, i) => {
    if (i < SLOTS) slots[i] = x;
  });
  return slots;
}

const COLOUR_ORDER = ["R", "Y", "B", "K"];

/** Tiles sorted by colour, then number (false okeys and the okey last). */
export function sortTiles(tiles, okey = null) {
  const rank = (x) => (x === "J" || x === okey ? 1000 : COLOUR_ORDER.indexOf(x[0]) * 100 + parseInt(x.slice(1), 10));
  return [...tiles].sort((a, b) => rank(a) - rank(b));
}

/**
 * "Seri diz" / "Çift diz" with every tile laid out: the engine's suggestion (`blocks`:
 * its melds or pairs, and the other tiles one by one) becomes its melds, each a block,
 * then the rest sorted by colour and number, one block per colour where numbers lie
 * close (within 2: a likely run stays together), the okey and false okeys apart. No rest
 * block is a meld — a run of the rest would have lowered the engine's minimum — so the
 * unmatched sum (KDV's Ceza) stays the engine's. When that does not fit the two rows, one
 * block per colour; failing that, the engine's own blocks.
 */
export function tidyArrangement(blocks, okey = null) {
  const melds = blocks.filter((b) => b.length >= 2);
  const rest = sortTiles(blocks.filter((b) => b.length < 2).flat(), okey);
  const wild = rest.filter((x) => x === "J" || x === okey);
  const plain = rest.filter((x) => x !== "J" && x !== okey);
  const close = [];
  const byColour = [];
  for (const x of plain) {
    const last = close.length ? close[close.length - 1] : null;
    const prev = last ? last[last.length - 1] : null;
    const near = prev && prev[0] === x[0] && parseInt(x.slice(1), 10) - parseInt(prev.slice(1), 10) <= 2;
    if (near) last.push(x);
    else close.push([x]);
    const col = byColour.length ? byColour[byColour.length - 1] : null;
    if (col && col[0][0] === x[0]) col.push(x);
    else byColour.push([x]);
  }
  for (const candidate of [close, byColour]) {
    const out = [...melds, ...candidate, ...wild.map((x) => [x])];
    if (fitsRack(out)) return out;
  }
  return blocks;
}

// ------------------------------------------------------------------ a finished hand
const WILD = "*";

function num(x) {
  return parseInt(x.slice(1), 10);
}

/** The tiles as the rules read them: the okey tiles are wild ("*"), a false okey ("J")
 * stands for the okey's own tile (docs/rules/okey.md rules 2, 11–13). */
function readTiles(tiles, okey) {
  return tiles.map((x) => (okey && x === okey ? WILD : x === "J" && okey ? okey : x));
}

/** Runs of one colour with consecutive numbers (12-13-1 allowed, 1 only after 13 at the
 * end) and groups of one number in different colours, okeys filling; null if none. */
function meldsOf(real, wilds, failed = new Set()) {
  // what cannot be laid out is remembered (a hand of pairs would otherwise make the
  // search try every split of 14 tiles); past a budget the search gives up (null: the
  // finisher's own layout is shown)
  const key = real.join(",") + "|" + wilds;
  if (failed.has(key) || failed.size > 20000) return null;
  const found = meldsFrom(real, wilds, failed);
  if (!found) failed.add(key);
  return found;
}

function meldsFrom(real, wilds, failed) {
  if (!real.length) return wilds === 0 ? [] : wilds >= 3 ? [Array(wilds).fill(WILD)] : null;
  const x = real[0];
  const rest = real.slice(1);
  const c = x[0];
  const n = num(x);
  // groups holding x
  const others = [...new Set(rest.filter((y) => num(y) === n && y[0] !== c).map((y) => y[0]))];
  for (let mask = 0; mask < 1 << others.length; mask++) {
    const colours = others.filter((_, i) => mask & (1 << i));
    for (let w = 0; w <= wilds; w++) {
      const size = 1 + colours.length + w;
      if (size < 3 || size > 4) continue;
      let left = rest;
      const meld = [x];
      for (const col of colours) {
        const at = left.indexOf(col + n);
        meld.push(left[at]);
        left = [...left.slice(0, at), ...left.slice(at + 1)];
      }
      for (let i = 0; i < w; i++) meld.push(WILD);
      const more = meldsOf(left, wilds - w, failed);
      if (more) return [meld, ...more];
    }
  }
  // a 1 may also end a run after 13 (12-13-1, 11-12-13-1, ...)
  if (n === 1) {
    let left = rest;
    let w = wilds;
    const meld = [x];
    for (let k = 13; k >= 2; k--) {
      const at = left.indexOf(c + k);
      if (at >= 0) {
        meld.unshift(c + k);
        left = [...left.slice(0, at), ...left.slice(at + 1)];
      } else if (w > 0) {
        meld.unshift(WILD);
        w -= 1;
      } else break;
      if (meld.length >= 3) {
        const more = meldsOf(left, w, failed);
        if (more) return [[...meld], ...more];
      }
    }
  }
  // runs holding x as their lowest real tile (x is the smallest left): wilds may come before
  for (let before = 0; before <= wilds; before++) {
    if (n - before < 1) break;
    let left = rest;
    let w = wilds - before;
    const meld = [...Array(before).fill(WILD), x];
    for (let k = n + 1; ; k++) {
      const want = k === 14 ? c + "1" : k > 14 ? null : c + k;
      if (want === null) break;
      const at = left.indexOf(want);
      if (at >= 0) {
        meld.push(want);
        left = [...left.slice(0, at), ...left.slice(at + 1)];
      } else if (w > 0) {
        meld.push(WILD);
        w -= 1;
      } else break;
      if (meld.length >= 3 && meld.length <= 13) {
        const more = meldsOf(left, w, failed);
        if (more) return [[...meld], ...more];
      }
      if (k === 14) break; // 1 only as the last tile after 13
    }
  }
  return null;
}

/** Seven pairs: two identical tiles, an okey standing in for either. */
function pairsOf(real, wilds) {
  const out = [];
  const left = [...real];
  while (left.length) {
    const x = left.shift();
    const at = left.indexOf(x);
    if (at >= 0) {
      out.push([x, x]);
      left.splice(at, 1);
    } else if (wilds > 0) {
      out.push([x, WILD]);
      wilds -= 1;
    } else return null;
  }
  for (; wilds >= 2; wilds -= 2) out.push([WILD, WILD]);
  return wilds === 0 ? out : null;
}

/**
 * A finished hand laid out as the rules read it: its melds (or its seven pairs), each a
 * list of the finisher's own tiles (the okeys where they stand in), or null when the
 * tiles form neither (then the finisher's own layout is shown).
 */
export function finishGroups(tiles, okey) {
  const read = readTiles(tiles, okey);
  const wilds = read.filter((x) => x === WILD).length;
  const real = sortTiles(read.filter((x) => x !== WILD));
  // a run needs the lowest real tile first: 1 is low, except after 13 (tried in order)
  const found = meldsOf(real, wilds) || pairsOf(real, wilds);
  if (!found) return null;
  // back to the finisher's own tiles: a false okey where it stood, the okeys for "*"
  const pool = [...tiles];
  const take = (want) => {
    const at = pool.indexOf(want);
    if (at < 0) return null;
    return pool.splice(at, 1)[0];
  };
  // (a real tile of the okey's face can only be a false okey: the okeys themselves are "*")
  const out = found.map((g) => g.map((x) => (x === WILD ? take(okey) : take(okey && x === okey ? "J" : x))));
  return out.some((g) => g.includes(null)) || pool.length ? null : out;
}
