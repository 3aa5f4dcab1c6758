// Tiles in words (games/okey.js tileWords), both languages, without a browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../kahvehane/web/static/js/i18n.js";
import { tileWords } from "../../kahvehane/web/static/js/games/okey.js";

test("a tile reads as its colour and number, the okey and the false okey by name", () => {
  setLang("tr");
  assert.equal(tileWords("B13", "R5"), "mavi 13");
  assert.equal(tileWords("Y10", "R5", true), "sarı 10'u");
  assert.equal(tileWords("J", "R5"), "sahte okey");
  assert.equal(tileWords("R5", "R5", true), "okeyi");
  setLang("en");
  assert.equal(tileWords("K3", "R5"), "black 3");
  assert.equal(tileWords("J", "R5"), "the false okey");
  setLang("tr");
});
