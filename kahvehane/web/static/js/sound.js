// The table's sounds, synthesized in the browser with WebAudio — nothing is fetched and
// there is no recording of unknown licence: the "tak" of a tile laid on wood, a card
// played, the shuffle of a new deal, the your-turn chime and a short win fanfare. One
// switch mutes them all (remembered per browser, localStorage "kahvehane.sound").

const KEY = "kahvehane.sound";
const store = globalThis.localStorage || null;
let ctx = null;

/** Whether the sound switch is on (the default). */
export function soundOn() {
  return !store || store.getItem(KEY) !== "off";
}

export function setSound(on) {
  if (store) store.setItem(KEY, on ? "on" : "off");
}

/** A burst of filtered noise: the body of a tile's "tak" and a card's swish. */
function noise(a, at, { dur, freq, q, gain, type = "bandpass" }) {
  const len = Math.max(1, Math.floor(a.sampleRate * dur));
  const buf = a.createBuffer(1, len, a.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 2;
  const src = a.createBufferSource();
  src.buffer = buf;
  const filter = a.createBiquadFilter();
  filter.type = type;
  filter.frequency.value = freq;
  filter.Q.value = q;
  const g = a.createGain();
  g.gain.value = gain;
  src.connect(filter).connect(g).connect(a.destination);
  src.start(at);
}

/** A plain tone with a quick attack and an exponential fade. */
function tone(a, at, { freq, dur, gain, type = "sine" }) {
  const osc = a.createOscillator();
  const g = a.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(gain, at + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, at + dur);
  osc.connect(g).connect(a.destination);
  osc.start(at);
  osc.stop(at + dur + 0.02);
}

/** What each sound is made of (exported for the tests: every name is drawn). */
export const SOUNDS = {
  tak(a, t0) {
    noise(a, t0, { dur: 0.05, freq: 1900, q: 3, gain: 0.9 });
    tone(a, t0, { freq: 180, dur: 0.07, gain: 0.25, type: "triangle" });
  },
  card(a, t0) {
    noise(a, t0, { dur: 0.09, freq: 3200, q: 0.8, gain: 0.5, type: "highpass" });
  },
  shuffle(a, t0) {
    for (let i = 0; i < 7; i++) noise(a, t0 + i * 0.055, { dur: 0.05, freq: 2600 + 300 * (i % 3), q: 1, gain: 0.35 });
  },
  turn(a, t0) {
    tone(a, t0, { freq: 660, dur: 0.18, gain: 0.12 });
    tone(a, t0 + 0.12, { freq: 880, dur: 0.2, gain: 0.12 });
  },
  win(a, t0) {
    [523, 659, 784, 1047].forEach((f, i) => tone(a, t0 + i * 0.11, { freq: f, dur: 0.28, gain: 0.1, type: "triangle" }));
  },
};

/** Play one of SOUNDS, unless the switch is off. Counted in window.kahvehane.stats
 * (sounds, and by name) so the browser tests can tell what played. */
export function play(name) {
  if (!soundOn() || !SOUNDS[name]) return false;
  const k = globalThis.window && window.kahvehane;
  if (k) {
    k.stats.sounds = (k.stats.sounds || 0) + 1;
    k.stats.played = k.stats.played || {};
    k.stats.played[name] = (k.stats.played[name] || 0) + 1;
  }
  try {
    ctx = ctx || new AudioContext();
    if (ctx.state === "suspended") ctx.resume();
    SOUNDS[name](ctx, ctx.currentTime + 0.005);
  } catch {
    // no audio in this browser: the page still shows every move
  }
  return true;
}
