// The table's motion: after each drawing, the elements a game's module marked with
// `data-anim` (what kind of move) and `data-anim-key` (which one: each key moves once)
// are animated with the Web Animations API — a tile dealt, drawn or discarded, a card
// played, a trick collected, a Casino capture. prefers-reduced-motion: nothing moves.
// The first drawing of a table only learns the keys, so a reload does not replay them.

/** The keyframes of each kind of move (offsets in px from where the element ends). */
const KINDS = {
  "from-bottom": { frames: [{ transform: "translateY(70px) scale(0.9)", opacity: 0 }, { transform: "none", opacity: 1 }], ms: 260 },
  "from-top": { frames: [{ transform: "translateY(-70px) scale(0.9)", opacity: 0 }, { transform: "none", opacity: 1 }], ms: 260 },
  "from-left": { frames: [{ transform: "translateX(-70px) scale(0.9)", opacity: 0 }, { transform: "none", opacity: 1 }], ms: 260 },
  "from-right": { frames: [{ transform: "translateX(70px) scale(0.9)", opacity: 0 }, { transform: "none", opacity: 1 }], ms: 260 },
  drop: { frames: [{ transform: "translateY(-40px)", opacity: 0 }, { transform: "none", opacity: 1 }], ms: 240 },
  deal: { frames: [{ transform: "translateY(-120px) rotate(-8deg)", opacity: 0 }, { transform: "none", opacity: 1 }], ms: 300, stagger: 35 },
  pop: { frames: [{ transform: "scale(0.6)", opacity: 0 }, { transform: "scale(1.06)", opacity: 1, offset: 0.7 }, { transform: "none", opacity: 1 }], ms: 260 },
  collect: { frames: [{ transform: "none", opacity: 1 }, { transform: "scale(0.7)", opacity: 0.55 }], ms: 420 },
  capture: { frames: [{ boxShadow: "0 0 0 0 rgba(255,213,74,0.9)" }, { boxShadow: "0 0 0 14px rgba(255,213,74,0)" }], ms: 600 },
};

/** Whether the person asked their system for less motion. */
export function reducedMotion() {
  return !!(globalThis.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/**
 * Animate the marked elements under `root` whose key is new to `seen` (a Set the table
 * keeps). `learnOnly`: remember the keys without moving anything. Returns how many moved.
 */
export function animateFresh(root, seen, learnOnly = false) {
  const reduced = reducedMotion();
  let moved = 0;
  const counts = new Map(); // a stagger per kind
  for (const el of root.querySelectorAll("[data-anim-key]")) {
    const key = el.dataset.animKey;
    if (seen.has(key)) continue;
    seen.add(key);
    if (learnOnly || reduced || typeof el.animate !== "function") continue;
    const kind = KINDS[el.dataset.anim];
    if (!kind) continue;
    const k = counts.get(el.dataset.anim) || 0;
    counts.set(el.dataset.anim, k + 1);
    el.animate(kind.frames, { duration: kind.ms, delay: (kind.stagger || 0) * k, easing: "cubic-bezier(.2,.8,.3,1)", fill: "backwards" });
    moved += 1;
  }
  if (seen.size > 4000) seen.clear(); // a long session: forget the old keys
  const stats = globalThis.window && window.kahvehane && window.kahvehane.stats;
  if (stats && moved) stats.animations = (stats.animations || 0) + moved;
  return moved;
}
