// Casino and Royal Casino: loose cards and builds on the table; pick a card from your hand,
// then one of its legal moves (the server's list), or compose the capture/build sets
// yourself by clicking table cards into groups (any legal grouping is accepted).

import { t, addStrings } from "../i18n.js";
import { h, cardEl, backEl, cardText } from "../ui.js";

const POS = ["bottom", "right", "top", "left"];

addStrings({
  tr: {
    log_trailed: "{name} {card} yere bıraktı",
    log_captured: "{name} {card} ile aldı: {sets}",
    log_built: "{name} {value} yaptı: {sets}",
    log_sweep: "masayı süpürdü",
  },
  en: {
    log_trailed: "{name} trailed {card}",
    log_captured: "{name} captured with {card}: {sets}",
    log_built: "{name} built {value}: {sets}",
    log_sweep: "a sweep",
  },
});

/** The sets of a move in the log: "4♦ + 5♣", groups apart with " · ". */
function setsWords(sets) {
  return sets.map((s) => s.map(cardText).join(" + ")).join(" · ");
}

function setsText(sets) {
  return sets.map((s) => "[" + s.map(cardText).join("+") + "]").join(" ");
}

export function optionLabel(a) {
  if (a.act === "trail") return t("trail");
  const v = a.value !== undefined && a.value !== null ? ` ${a.value}` : "";
  const verb = a.act === "capture" ? t("capture") : t("build");
  return `${verb}${v}: ${setsText(a.sets)}`;
}

export function create(ctx) {
  const st = {
    selected: null, // the hand card chosen
    composing: false,
    sets: [[]], // the composer's groups (card codes)
    current: 0,
    value: "",
  };

  function reset() {
    st.selected = null;
    st.composing = false;
    st.sets = [[]];
    st.current = 0;
    st.value = "";
  }

  function select(card) {
    if (st.selected === card) {
      reset();
    } else {
      reset();
      st.selected = card;
    }
    ctx.rerender();
    requestAnimationFrame(() => {
      const first = document.querySelector("#move-panel [data-option]");
      if (first && st.selected) first.focus();
    });
  }

  async function play(action) {
    const ok = await ctx.act(action);
    if (ok) reset();
    ctx.rerender();
  }

  function toggleLoose(card) {
    if (!st.composing) return;
    const inCurrent = st.sets[st.current].includes(card);
    st.sets = st.sets.map((s) => s.filter((c) => c !== card));
    if (!inCurrent) st.sets[st.current].push(card);
    ctx.rerender();
  }

  function toggleBuild(build) {
    if (!st.composing) return;
    const key = [...build.cards].sort().join(",");
    const idx = st.sets.findIndex((s) => [...s].filter((c) => c !== st.selected).sort().join(",") === key);
    if (idx >= 0) {
      st.sets.splice(idx, 1);
      if (!st.sets.length) st.sets = [[]];
      st.current = Math.min(st.current, st.sets.length - 1);
    } else {
      const cleaned = st.sets.map((s) => s.filter((c) => !build.cards.includes(c)));
      if (cleaned[st.current].length === 0) {
        cleaned[st.current] = [...build.cards];
      } else {
        cleaned.push([...build.cards]);
        st.current = cleaned.length - 1;
      }
      st.sets = cleaned;
    }
    ctx.rerender();
  }

  function composedSets() {
    return st.sets.filter((s) => s.length);
  }

  function highlight(sets, on) {
    for (const s of sets || []) {
      for (const c of s) {
        for (const el of document.querySelectorAll(`#casino-table [data-card="${c}"]`)) el.classList.toggle("highlight", on);
      }
    }
  }

  function movePanel(v, legal) {
    const card = st.selected;
    const options = legal.filter((a) => a.card === card);
    const panel = h("div", { class: "move-panel", id: "move-panel" });
    panel.append(h("div", { class: "label" }, t("choose_move", { card: cardText(card) })));
    const list = h("div", { class: "options" });
    options.forEach((a, i) => {
      list.append(
        h(
          "button",
          {
            type: "button",
            class: "option legal " + a.act,
            "data-option": i,
            "data-act": a.act,
            "data-legal": "1",
            onmouseenter: () => highlight(a.sets, true),
            onmouseleave: () => highlight(a.sets, false),
            onfocus: () => highlight(a.sets, true),
            onblur: () => highlight(a.sets, false),
            onclick: () => play({ ...a, seat: undefined }),
          },
          optionLabel(a),
        ),
      );
    });
    panel.append(list);
    panel.append(
      h(
        "button",
        {
          type: "button",
          class: "link",
          id: "compose-toggle",
          onclick: () => {
            st.composing = !st.composing;
            st.sets = [[]];
            st.current = 0;
            ctx.rerender();
          },
        },
        st.composing ? "× " + t("compose") : "✎ " + t("compose"),
      ),
    );
    if (st.composing) panel.append(composer(options));
    return panel;
  }

  function composer(options) {
    const box = h("div", { class: "composer", id: "composer" }, h("p", { class: "hint" }, t("compose_hint")));
    st.sets.forEach((s, i) => {
      box.append(
        h(
          "button",
          {
            type: "button",
            class: "set" + (i === st.current ? " current" : ""),
            "data-set": i,
            onclick: () => {
              st.current = i;
              ctx.rerender();
            },
          },
          h("b", {}, t("set_n", { n: i + 1 }) + ": "),
          s.length ? s.map(cardText).join(" + ") : "—",
        ),
      );
    });
    const valueInput = h("input", {
      type: "number",
      id: "compose-value",
      min: 1,
      max: 16,
      value: st.value,
      placeholder: t("value"),
      oninput: (e) => {
        st.value = e.target.value;
      },
    });
    const hasValueChoices = options.some((a) => a.act === "capture" && a.value !== undefined && a.value !== null);
    box.append(
      h(
        "div",
        { class: "row" },
        h(
          "button",
          {
            type: "button",
            id: "compose-new-set",
            onclick: () => {
              if (st.sets[st.current].length) {
                st.sets.push([]);
                st.current = st.sets.length - 1;
              }
              ctx.rerender();
            },
          },
          "+ " + t("new_set"),
        ),
        h(
          "button",
          {
            type: "button",
            id: "compose-add-played",
            onclick: () => {
              st.sets = st.sets.map((s) => s.filter((c) => c !== st.selected));
              st.sets[st.current].push(st.selected);
              ctx.rerender();
            },
          },
          t("add_played"),
        ),
        h(
          "button",
          {
            type: "button",
            id: "compose-clear",
            onclick: () => {
              st.sets = [[]];
              st.current = 0;
              ctx.rerender();
            },
          },
          t("clear"),
        ),
      ),
      h(
        "div",
        { class: "row" },
        h("label", { class: "value" }, t("value") + " ", valueInput),
        h(
          "button",
          {
            type: "button",
            class: "primary",
            id: "compose-capture",
            onclick: () => {
              const sets = composedSets().map((s) => s.filter((c) => c !== st.selected));
              const action = { act: "capture", card: st.selected, sets: sets.filter((s) => s.length) };
              if (st.value !== "" || hasValueChoices) {
                const v = parseInt(st.value, 10);
                if (!Number.isNaN(v)) action.value = v;
              }
              play(action);
            },
          },
          t("capture"),
        ),
        h(
          "button",
          {
            type: "button",
            class: "primary",
            id: "compose-build",
            onclick: () => {
              const v = parseInt(st.value, 10);
              if (Number.isNaN(v)) {
                ctx.toast(t("value") + "?", "error");
                document.getElementById("compose-value")?.focus();
                return;
              }
              play({ act: "build", card: st.selected, sets: composedSets(), value: v });
            },
          },
          t("build"),
        ),
      ),
    );
    return box;
  }

  let captures = 0; // captures seen: the capturer's place pulses once for each
  let capturer = null;
  return {
    onResync() {
      reset();
    },
    onEvent(d) {
      if (d.kind === "capture") {
        captures += 1;
        capturer = d.seat;
      }
    },
    onDealStart() {
      reset();
    },
    render(el) {
      const v = ctx.view;
      const legal = ctx.legal;
      const n = v.players;
      const playable = new Set(legal.map((a) => a.card));
      if (st.selected && (!v.hand || !v.hand.includes(st.selected))) reset();
      const inSets = new Set(st.sets.flat());
      const felt = h("div", { class: `felt casino players-${n}` });
      for (let s = 0; s < n; s++) {
        const pos = POS[ctx.rel(s)];
        const extra = h(
          "div",
          { class: "seat-info" },
          h("span", { class: "won" }, `${t("captured")}: ${v.captured[s]}`),
          v.dealer === s ? h("span", { class: "dealer-chip" }, "D") : null,
          v.partners ? h("span", { class: "team" }, s % 2 === 0 ? "A" : "B") : null,
        );
        const box = h("div", { class: `seat-pos ${pos}` }, ctx.seatTag(s, extra));
        if (s === capturer && captures) {
          box.firstChild.dataset.anim = "capture";
          box.firstChild.dataset.animKey = `capture:${ctx.deal}:${captures}`;
        }
        if (s !== ctx.you && pos !== "bottom") box.append(h("div", { class: "backs" }, Array.from({ length: v.hand_sizes[s] }, () => backEl({ small: true }))));
        felt.append(box);
      }
      const tableBox = h("div", { class: "casino-table" + (st.composing ? " composing" : ""), id: "casino-table" });
      const loose = h(
        "div",
        { class: "loose" },
        v.table.loose.map((c) => {
          const el = cardEl(c, {
            static: !st.composing,
            selected: inSets.has(c),
            extraClass: "loose-card",
            onClick: st.composing ? () => toggleLoose(c) : undefined,
          });
          el.dataset.anim = "pop"; // a card laid on the table
          el.dataset.animKey = `loose:${ctx.deal}:${c}`;
          return el;
        }),
      );
      const builds = h(
        "div",
        { class: "builds" },
        v.table.builds.map((b, i) =>
          h(
            st.composing ? "button" : "div",
            {
              type: st.composing ? "button" : null,
              class: "build" + (b.owner === ctx.you ? " mine" : "") + (b.cards.every((c) => inSets.has(c)) ? " selected" : ""),
              "data-build": i,
              "data-value": b.value,
              onclick: st.composing ? () => toggleBuild(b) : undefined,
            },
            h("div", { class: "build-label" }, h("b", {}, t("build_of", { v: b.value })), " · ", t(b.kind === "multiple" ? "multiple" : "single"), " · ", t("owner", { name: ctx.name(b.owner) })),
            h("div", { class: "build-cards" }, b.groups.map((g) => h("span", { class: "group" }, g.map((c) => cardEl(c, { static: true, small: true }))))),
          ),
        ),
      );
      tableBox.append(loose, builds);
      const info = [t("round_n", { r: v.round + 1, n: v.rounds }), t("stock", { n: v.stock })];
      if (v.last_round) info.push(t("last_round"));
      if (v.last_capturer !== null && v.last_capturer !== undefined) info.push(t("last_capturer", { name: ctx.name(v.last_capturer) }));
      if (v.sweeps && v.sweeps.length) info.push(`${t("sweeps")}: ${v.sweeps.map((s) => ctx.name(s)).join(", ")}`);
      if (v.owns && v.owns.length) info.push(t("you_own", { v: v.owns.join(", ") }));
      felt.append(h("div", { class: "center" }, tableBox, h("div", { class: "felt-status" }, info.join(" · "))));
      el.append(felt);

      const mine = h("div", { class: "my-area" });
      if (v.hand) {
        if (v.hand.length <= 8) mine.classList.add("spread");
        mine.append(
          h(
            "div",
            { class: "hand", id: "hand" },
            v.hand.map((c) =>
              cardEl(c, {
                legal: playable.has(c),
                dim: playable.size > 0 && !playable.has(c),
                selected: st.selected === c,
                // a card with no legal move is sent anyway: the server says why not
                onClick: () => (playable.has(c) ? select(c) : ctx.act({ act: "trail", card: c })),
              }),
            ),
          ),
        );
        if (st.selected && playable.size) mine.append(movePanel(v, legal));
        else if (playable.size) mine.append(h("p", { class: "hint" }, t("pick_card")));
        el.append(mine);
      }
    },
    onKey(e) {
      if (e.key === "Escape" && st.selected) {
        reset();
        ctx.rerender();
        return true;
      }
      const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"];
      if (!keys.includes(e.key)) return false;
      const inPanel = document.activeElement && document.activeElement.closest && document.activeElement.closest("#move-panel");
      const zone = inPanel ? document.getElementById("move-panel") : document.getElementById("hand");
      if (!zone) return false;
      const items = [...zone.querySelectorAll('[data-legal="1"]')];
      if (!items.length) return false;
      const i = items.indexOf(document.activeElement);
      const step = e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 1;
      items[i < 0 ? 0 : (i + step + items.length) % items.length].focus();
      return true;
    },
    describe(d) {
      const who = ctx.name(d.seat);
      switch (d.kind) {
        case "trail":
          return t("log_trailed", { name: who, card: cardText(d.card) });
        case "capture": {
          const line = t("log_captured", { name: who, card: cardText(d.card), sets: setsWords(d.sets) });
          return d.sweep ? `${line} — ${t("log_sweep")} ★` : line;
        }
        case "build":
          return t("log_built", { name: who, value: d.value, sets: setsWords(d.sets) });
        default:
          return null;
      }
    },
  };
}
