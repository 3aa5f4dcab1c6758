// Koz Maça: four seats, bids 1–13, spades trump. The legal moves come from the server.

import { t, addStrings } from "../i18n.js";
import { h, cardEl, backEl, cardText, cycleFocus } from "../ui.js";
import { trickArea, POS } from "./tricks.js";

addStrings({ tr: { log_bid: "{name} {n} el dedi", dealer_title: "Dağıtan" }, en: { log_bid: "{name} bid {n}", dealer_title: "Dealer" } });

export function create(ctx) {
  return {
    render(el) {
      const v = ctx.view;
      const legal = ctx.legal;
      const n = 4;
      const playable = new Set(legal.filter((a) => a.act === "play").map((a) => a.card));
      const bids = legal.filter((a) => a.act === "bid").map((a) => a.tricks);
      const felt = h("div", { class: "felt km" });
      for (let s = 0; s < n; s++) {
        const pos = POS[ctx.rel(s)];
        const bid = v.bids[s];
        const extra = h(
          "div",
          { class: "seat-info" },
          h("span", { class: "bid", title: t("bid") }, `${t("bid")}: ${bid === null ? "–" : bid}`),
          h("span", { class: "won", title: t("tricks_won") }, `${t("tricks_won")}: ${v.tricks_won[s]}`),
          v.dealer === s ? h("span", { class: "dealer-chip", title: t("dealer_title") }, "D") : null,
          v.kasa_claimant === s ? h("span", { class: "kasa-chip" }, t("kasa")) : null,
        );
        const seatBox = h("div", { class: `seat-pos ${pos}` }, ctx.seatTag(s, extra));
        if (s !== ctx.you && pos !== "bottom") {
          seatBox.append(h("div", { class: "backs" }, Array.from({ length: Math.min(v.hand_sizes[s], 13) }, () => backEl({ small: true }))));
        }
        felt.append(seatBox);
      }
      felt.append(trickArea(ctx, v, n));
      const status = [];
      if (v.extra_deal) status.push(h("span", { class: "pill" }, t("extra_deal")));
      if (v.spades_broken) status.push(h("span", { class: "pill" }, "♠ ", t("spades_broken")));
      if (v.kasa_claimant !== null && v.kasa_claimant !== undefined) status.push(h("span", { class: "pill" }, t("kasa_claim", { name: ctx.name(v.kasa_claimant) })));
      felt.append(h("div", { class: "felt-status" }, status));
      el.append(felt);

      const mine = h("div", { class: "my-area" });
      if (bids.length) {
        mine.append(
          h(
            "div",
            { class: "bid-panel", id: "bid-panel" },
            h("span", { class: "label" }, t("your_bid")),
            Array.from({ length: 13 }, (_, i) => i + 1).map((b) =>
              h(
                "button",
                {
                  type: "button",
                  class: "bid-btn" + (bids.includes(b) ? " legal" : ""),
                  "data-bid": b,
                  "data-legal": bids.includes(b) ? "1" : null,
                  disabled: !bids.includes(b),
                  onclick: () => ctx.act({ act: "bid", tricks: b }),
                },
                String(b),
              ),
            ),
          ),
        );
      }
      if (v.hand) {
        if (v.hand.length <= 8) mine.classList.add("spread");
        const myTurnPlay = playable.size > 0;
        mine.append(
          h(
            "div",
            { class: "hand", id: "hand" },
            v.hand.map((c) =>
              cardEl(c, {
                legal: playable.has(c),
                dim: myTurnPlay && !playable.has(c),
                onClick: () => ctx.act({ act: "play", card: c }),
              }),
            ),
          ),
        );
      }
      if (mine.childNodes.length) el.append(mine);
    },
    onKey(e) {
      const game = document.getElementById("game");
      return game ? cycleFocus(e, game) : false;
    },
    describe(d) {
      const who = ctx.name(d.seat);
      switch (d.kind) {
        case "bid":
          return t("log_bid", { name: who, n: d.tricks });
        case "play":
          return t("log_played", { name: who, card: cardText(d.card) });
        case "trick":
          return t("trick_taken_by", { name: who });
        case "spades_broken":
          return t("spades_broken");
        case "kasa_claim":
          return t("kasa_claim", { name: who });
        default:
          return null;
      }
    },
  };
}
