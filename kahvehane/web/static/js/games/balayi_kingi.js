// Balayı Kingi: two players, ten piles each (face-up over face-down), a hand that stays
// locked (backs only) until its owner wins a trick, and a contract chosen by the non-dealer.

import { t, addStrings } from "../i18n.js";
import { h, cardEl, backEl, cardText, SUITS, cycleFocus } from "../ui.js";
import { trickArea } from "./tricks.js";

const CONTRACTS = ["C", "D", "H", "S", "NT"];

addStrings({
  tr: {
    log_contract: "{name} {contract} seçti",
    weight_help: "Ağırlık: bu elin puan çarpanı. 13'ün üstündeki her el +{w}, altındaki her el −{w} puan (Sinek 1, Karo 2, Kupa 3, Maça 4, Kozsuz 5).",
  },
  en: {
    log_contract: "{name} chose {contract}",
    weight_help: "Weight: this deal's multiplier. Each trick above 13 scores +{w}, each below −{w} (Clubs 1, Diamonds 2, Hearts 3, Spades 4, No trumps 5).",
  },
});

/** The yazboz's and the match page's note of a finished deal: the contract it played
 * and its weight ("♥ Kupa ×3"). */
export function dealLabel(detail) {
  return detail && detail.contract ? `${contractLabel(detail.contract)} ×${detail.weight}` : null;
}

function contractLabel(c) {
  return (SUITS[c] ? SUITS[c] + " " : "") + t("contract_" + c);
}

export function create(ctx) {
  function side(v, s, playable) {
    const p = v.players[s];
    const mine = s === ctx.you;
    const piles = h(
      "div",
      { class: "piles", "data-owner": s },
      p.piles.map((pile, i) => {
        const box = h("div", { class: "pile" + (pile.down ? " has-down" : ""), "data-pile": i });
        if (pile.down) box.append(backEl({ extraClass: "under" }));
        if (pile.up) {
          const legal = mine && playable.has(pile.up);
          box.append(cardEl(pile.up, { legal, dim: mine && playable.size > 0 && !legal, static: !mine, extraClass: "top", onClick: mine ? () => ctx.act({ act: "play", card: pile.up }) : undefined }));
        }
        if (!pile.down && !pile.up) box.classList.add("empty");
        return box;
      }),
    );
    let hand;
    if (mine && p.unlocked && v.hand) {
      hand = h(
        "div",
        { class: "hand bk-hand unlocked", id: "hand" },
        v.hand.map((c) => cardEl(c, { legal: playable.has(c), dim: playable.size > 0 && !playable.has(c), onClick: () => ctx.act({ act: "play", card: c }) })),
      );
    } else {
      hand = h(
        "div",
        { class: "hand bk-hand locked" + (mine ? " mine" : ""), id: mine ? "hand" : null, title: t("locked_hand") },
        Array.from({ length: p.hand_count }, () => backEl({ small: !mine })),
        mine && p.hand_count && !p.unlocked ? h("span", { class: "lock-note" }, t("locked_hand")) : null,
      );
    }
    const used = (p.used_contracts || []).map((c) => h("span", { class: "used-contract", title: t("used") }, contractLabel(c)));
    const extra = h("div", { class: "seat-info" }, h("span", { class: "won" }, `${t("tricks_won")}: ${p.tricks_won}`), v.dealer === s ? h("span", { class: "dealer-chip" }, "D") : null, used.length ? h("span", { class: "used" }, used) : null);
    return h("div", { class: "bk-side " + (ctx.rel(s) === 0 ? "bottom" : "top") }, ctx.seatTag(s, extra), hand, piles);
  }

  return {
    render(el) {
      const v = ctx.view;
      const legal = ctx.legal;
      const playable = new Set(legal.filter((a) => a.act === "play").map((a) => a.card));
      const contracts = legal.filter((a) => a.act === "contract").map((a) => a.contract);
      const bottom = ctx.you === null ? 0 : ctx.you;
      const top = 1 - bottom;
      const felt = h("div", { class: "felt bk" });
      felt.append(side(v, top, playable));
      const middle = h(
        "div",
        { class: "bk-middle" },
        h(
          "div",
          { class: "contract-box", id: "contract" },
          v.contract ? [h("b", {}, contractLabel(v.contract)), h("small", { class: "weight-help", id: "weight", title: t("weight_help", { w: v.weight }), onclick: () => ctx.toast(t("weight_help", { w: v.weight })) }, " · " + t("weight", { w: v.weight }))] : h("span", {}, v.chooser === ctx.you ? t("choose_contract") : t("waiting_contract", { name: ctx.name(v.chooser) })),
        ),
        trickArea(ctx, v, 2),
      );
      felt.append(middle);
      felt.append(side(v, bottom, playable));
      el.append(felt);
      if (contracts.length) {
        const used = new Set(v.players[ctx.you].used_contracts || []);
        el.append(
          h(
            "div",
            { class: "contract-panel", id: "contract-panel" },
            h("span", { class: "label" }, t("choose_contract")),
            CONTRACTS.map((c) =>
              h(
                "button",
                {
                  type: "button",
                  class: "contract-btn" + (contracts.includes(c) ? " legal" : "") + (used.has(c) ? " used" : ""),
                  "data-contract": c,
                  "data-legal": contracts.includes(c) ? "1" : null,
                  disabled: !contracts.includes(c),
                  title: used.has(c) ? t("used") : null,
                  onclick: () => ctx.act({ act: "contract", contract: c }),
                },
                contractLabel(c),
              ),
            ),
          ),
        );
      }
    },
    onKey(e) {
      const game = document.getElementById("game");
      return game ? cycleFocus(e, game) : false;
    },
    describe(d) {
      const who = ctx.name(d.seat);
      switch (d.kind) {
        case "contract":
          return t("log_contract", { name: who, contract: contractLabel(d.contract) });
        case "first_lead":
          return t("first_lead", { name: who });
        case "play":
          return t("log_played", { name: who, card: cardText(d.card) });
        case "trick":
          return t("trick_taken_by", { name: who });
        default:
          return null;
      }
    },
  };
}
