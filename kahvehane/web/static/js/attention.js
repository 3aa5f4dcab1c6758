// Attention (issue 21): when it becomes your turn or a match starts, the your-turn chime (if the
// sound switch is on, sound.js, remembered per browser), a vibration where the browser allows, and,
// while the tab is in the background, the title "● Sıra sizde" until the tab is looked at.

import { t } from "./i18n.js";
import { play, soundOn, setSound } from "./sound.js";

export { soundOn, setSound };

let plain = null; // the page's own title, while ours shows

function restoreTitle() {
  if (!document.hidden && plain !== null) {
    document.title = plain;
    plain = null;
  }
}

document.addEventListener("visibilitychange", restoreTitle);

/** It is the player's turn now (or their match just started): tell them. */
export function callAttention() {
  if (play("turn") && navigator.vibrate) navigator.vibrate(120);
  if (document.hidden) {
    if (plain === null) plain = document.title;
    document.title = `● ${t("your_turn")}`;
  }
}
