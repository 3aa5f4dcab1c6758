// What the trick games (Koz Maça, Balayı Kingi) share: the seats' places around the
// table and the cards of the trick on the felt. A family helper: it imports only ui.js
// and i18n.js, as the game modules do.

import { t } from "../i18n.js";
import { h, cardEl } from "../ui.js";

/** A seat's place on the screen by its position relative to you (ctx.rel). */
export const POS = ["bottom", "right", "top", "left"];

/** The cards on the table: the current trick, or the last finished one (faded). */
export function trickArea(ctx, v, n) {
  const area = h("div", { class: "trick-area", id: "trick" });
  let cards = [];
  let last = false;
  let winner = null;
  if (v.trick && v.trick.length) {
    cards = v.trick.map((x) => ({ seat: x.seat, card: x.card }));
  } else if (v.tricks && v.tricks.length) {
    const tr = v.tricks[v.tricks.length - 1];
    cards = tr.cards.map((c, i) => ({ seat: (tr.leader + i) % n, card: c }));
    last = true;
    winner = tr.winner;
  }
  const done = v.tricks ? v.tricks.length : 0;
  for (const { seat, card } of cards) {
    // a card just played slides in from its player's side (table/motion.js)
    const el = cardEl(card, { static: true });
    if (!last) {
      el.dataset.anim = `from-${POS[ctx.rel(seat)]}`;
      el.dataset.animKey = `play:${ctx.deal}:${done}:${seat}`;
    }
    area.append(h("div", { class: `played ${POS[ctx.rel(seat)]}` + (last && seat === winner ? " winner" : "") }, el));
  }
  if (last) {
    // the trick is collected: it shrinks towards its taker
    area.dataset.anim = "collect";
    area.dataset.animKey = `collect:${ctx.deal}:${done}`;
    area.classList.add("last");
    area.append(h("div", { class: "trick-note" }, t("trick_taken_by", { name: ctx.name(winner) })));
  }
  return area;
}
