// The table's keys: Esc closes what is open, ? the help, Y the yazboz; the rest goes to
// the game's module (its own keys, games/*.js onKey). Typing in a field is left alone.

/** Handle one keydown on the table page; returns nothing (prevents what it handles). */
export function keydown(tv, e) {
  if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.target.tagName === "TEXTAREA")) return;
  if (e.key === "Escape") {
    if (tv.showHelp || tv.showResult || tv.confirmLeave) {
      tv.showHelp = false;
      tv.closeResult();
      tv.confirmLeave = false;
      tv.render();
      e.preventDefault();
      return;
    }
  }
  if (e.key === "?") {
    tv.showHelp = !tv.showHelp;
    tv.render();
    e.preventDefault();
    return;
  }
  if ((e.key === "y" || e.key === "Y") && !e.ctrlKey && !e.metaKey && !e.altKey) {
    tv.showYazboz = !tv.showYazboz;
    tv.render();
    e.preventDefault();
    return;
  }
  if (tv.game && tv.game.onKey && tv.match && tv.match.view && !tv.showResult && tv.game.onKey(e)) {
    e.preventDefault();
  }
}
