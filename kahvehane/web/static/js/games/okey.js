// Düz Okey and KDV Okey: the Okey table (games/okey_table.js) with no variant's hooks.
// A family module imports only ui.js, i18n.js and helpers (tests/test_web_architecture.py):
// 101 Okey builds on the same table through okey_table.js, never through this file.

import { createOkeyTable } from "./okey_table.js";

export { tileWords, KEYS_HELP, COLS, ROWS, blocksOf, slotAt, layoutFromBlocks, removeTile, moveTile } from "./okey_table.js";

export function create(ctx) {
  return createOkeyTable(ctx);
}
