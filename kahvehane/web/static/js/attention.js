// Attention (issue 21): when it becomes your turn or a match starts, a short sound (if the
// sound switch is on, remembered per browser), a vibration where the browser allows, and,
// while the tab is in the background, the title "● Sıra sizde" until the tab is looked at.

import { t } from "./i18n.js";

const KEY = "kahvehane.sound";
let plain = null; // the page's own title, while ours shows
let audio = null;

/** Whether the sound switch is on (the default). */
export function soundOn() {
  return localStorage.getItem(KEY) !== "off";
}

export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
}

/** A short two-note chime from an oscillator: nothing is fetched. */
function chime() {
  const stats = window.kahvehane.stats;
  stats.sounds = (stats.sounds || 0) + 1;
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.12, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.001, now + i * 0.12 + 0.18);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.2);
    }
  } catch {
    // no audio in this browser: the title and vibration still tell
  }
}

function restoreTitle() {
  if (!document.hidden && plain !== null) {
    document.title = plain;
    plain = null;
  }
}

document.addEventListener("visibilitychange", restoreTitle);

/** It is the player's turn now (or their match just started): tell them. */
export function callAttention() {
  if (soundOn()) {
    chime();
    if (navigator.vibrate) navigator.vibrate(120);
  }
  if (document.hidden) {
    if (plain === null) plain = document.title;
    document.title = `● ${t("your_turn")}`;
  }
}
