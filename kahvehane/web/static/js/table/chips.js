// A match's chips explained (issue 29): every chip movement of the match in one line —
// the entries, what went to the Kasa, the winner's share, the Kasa won or carried over —
// so that "−100 −100 −100 +200" says where the missing 100 went. The lines are read
// from the transfers the server sends with `match_end` (docs/protocol.md §4: by the
// table's account names `seat:N`, `pot`, `kasa`), so nothing here knows a game's rule.

import { t, addStrings } from "../i18n.js";
import { h } from "../ui.js";

addStrings({
  tr: {
    chips_moves: "Çipler nereye gitti",
    chips_entries: "Giriş: her oyuncu ortaya {n} çip koydu (ortada {total} çip).",
    chips_entry_of: "{name} ortaya {n} çip koydu.",
    chips_to_kasa: "Ortadaki {n} çip Kasa'ya gitti.",
    chips_share: "{name} ortadaki {n} çipi aldı (kazananın payı).",
    chips_kasa_won: "{name} Kasa'yı aldı: {n} çip.",
    chips_kasa_before: "Kasa bu maça önceki maçlardan {n} çiple başladı.",
    chips_kasa_carry: "Kasa'da {n} çip kaldı: sonraki maça devreder.",
    chips_move: "{from} → {to}: {n} çip.",
    chips_pot: "orta",
  },
  en: {
    chips_moves: "Where the chips went",
    chips_entries: "Entries: each player put {n} chips in the pot ({total} in the pot).",
    chips_entry_of: "{name} put {n} chips in the pot.",
    chips_to_kasa: "{n} chips went from the pot to the Kasa.",
    chips_share: "{name} took {n} chips from the pot (the winner's share).",
    chips_kasa_won: "{name} took the Kasa: {n} chips.",
    chips_kasa_before: "The Kasa started this match with {n} chips from earlier matches.",
    chips_kasa_carry: "{n} chips stay in the Kasa for the next match.",
    chips_move: "{from} → {to}: {n} chips.",
    chips_pot: "pot",
  },
});

/** The seat of an account name ("seat:2" → 2), or null for `pot` and `kasa`. */
function seatOf(account) {
  return account.startsWith("seat:") ? parseInt(account.slice(5), 10) : null;
}

/** One line for each chip movement of `chips` ({transfers, kasa_before, kasa}); `name(s)`
 * names seat s. Empty when the server sent no transfers (a table without an entry). */
export function chipLines(chips, name) {
  const transfers = (chips && chips.transfers) || [];
  if (!transfers.length) return [];
  const lines = [];
  if (chips.kasa_before > 0) lines.push(t("chips_kasa_before", { n: chips.kasa_before }));
  const entries = transfers.filter((m) => seatOf(m.from) !== null && m.to === "pot");
  const total = entries.reduce((sum, m) => sum + m.amount, 0);
  if (entries.length > 1 && entries.every((m) => m.amount === entries[0].amount)) {
    lines.push(t("chips_entries", { n: entries[0].amount, total }));
  } else {
    for (const m of entries) lines.push(t("chips_entry_of", { name: name(seatOf(m.from)), n: m.amount }));
  }
  const account = (a) => (seatOf(a) !== null ? name(seatOf(a)) : a === "kasa" ? t("kasa") : t("chips_pot"));
  for (const m of transfers) {
    if (entries.includes(m)) continue;
    const to = seatOf(m.to);
    if (m.from === "pot" && m.to === "kasa") lines.push(t("chips_to_kasa", { n: m.amount }));
    else if (m.from === "pot" && to !== null) lines.push(t("chips_share", { name: name(to), n: m.amount }));
    else if (m.from === "kasa" && to !== null) lines.push(t("chips_kasa_won", { name: name(to), n: m.amount }));
    else lines.push(t("chips_move", { from: account(m.from), to: account(m.to), n: m.amount }));
  }
  if (chips.kasa > 0) lines.push(t("chips_kasa_carry", { n: chips.kasa }));
  return lines;
}

/** The lines as a list under the result's table (null when there are none). */
export function chipMoves(chips, name) {
  const lines = chipLines(chips, name);
  if (!lines.length) return null;
  return h("div", { class: "chip-moves", id: "chip-moves" }, h("h3", {}, t("chips_moves")), h("ul", { class: "chip-lines" }, lines.map((line) => h("li", {}, line))));
}
