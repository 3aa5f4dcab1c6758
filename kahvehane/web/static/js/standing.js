// A person's standing in the page (issue 30): the level beside a name (GET /api/levels,
// asked once per name and kept), a rating with its provisional mark, and the daily
// chips box — the bonus to claim once a salon day and the floor's top-up
// (GET/POST /api/me/daily, docs/protocol.md; the day is Europe/Istanbul's).

import { api } from "./net.js";
import { t, addStrings, errorText, getLang } from "./i18n.js";
import { h, toast } from "./ui.js";
import { icon } from "./icons.js";
import { app, refreshHeader } from "./shell.js";

addStrings({
  tr: {
    level_n: "Seviye {n}",
    rating: "Reyting",
    rating_title: "Beceri reytingi (yalnızca insanlar arasındaki maçlardan)",
    provisional: "geçici",
    provisional_title: "{n} maçtan: puan daha oturmadı",
    daily_title: "Günlük çip",
    daily_claim: "{n} çipi al",
    daily_claimed: "Bugünkü çipinizi aldınız.",
    daily_next: "Yenisi: {when}",
    daily_day_note: "Gün İstanbul saatiyle gece yarısı başlar.",
    daily_floor_claim: "Çipimi {floor} çipe tamamla (+{n})",
    daily_floor_note: "Çipiniz {floor} çipin altına düşerse günde bir kez {floor} çipe tamamlanır.",
    daily_floor_taken: "Bugünkü tamamlamayı aldınız.",
    daily_got: "+{n} çip hesabınıza geçti.",
  },
  en: {
    level_n: "Level {n}",
    rating: "Rating",
    rating_title: "Skill rating (from matches between people only)",
    provisional: "provisional",
    provisional_title: "From {n} matches: not settled yet",
    daily_title: "Daily chips",
    daily_claim: "Claim {n} chips",
    daily_claimed: "You have claimed today's chips.",
    daily_next: "Next: {when}",
    daily_day_note: "The day begins at midnight, Istanbul time.",
    daily_floor_claim: "Top my chips up to {floor} (+{n})",
    daily_floor_note: "Below {floor} chips, your chips are topped up to {floor} once a day.",
    daily_floor_taken: "You have taken today's top-up.",
    daily_got: "+{n} chips added to your account.",
  },
});

// ---------------------------------------------------------------- levels
const known = new Map(); // account id -> level

/** The level badge beside a name (a star and the number; its words for readers). */
export function levelBadge(level) {
  if (!level) return null;
  const words = t("level_n", { n: level });
  return h("span", { class: "lvl", title: words, "aria-label": words, "data-level": level }, icon("star", { size: 11 }), String(level));
}

/** The badge of account `id` if its level is known already. */
export function levelOf(id) {
  return known.has(id) ? levelBadge(known.get(id)) : null;
}

/** Ask the levels of `ids` not known yet (50 at a time); true if any was new. */
export async function loadLevels(ids) {
  const missing = [...new Set(ids)].filter((id) => Number.isInteger(id) && !known.has(id));
  for (let i = 0; i < missing.length; i += 50) {
    const part = missing.slice(i, i + 50);
    try {
      const got = await api("GET", `/api/levels?ids=${part.join(",")}`);
      for (const [id, level] of Object.entries(got.levels)) known.set(Number(id), level);
    } catch {
      return false; // names show without their levels
    }
  }
  return missing.length > 0;
}

/** Remember levels the server gave with a page (a profile, leaderboard rows). */
export function noteLevel(user) {
  if (user && user.id !== undefined && user.level) known.set(user.id, user.level);
}

// ---------------------------------------------------------------- ratings
/** A rating as the page shows it: the number, and "geçici" while provisional. */
export function ratingEl(r) {
  if (!r) return h("span", { class: "rating none" }, "–");
  return h(
    "span",
    { class: "rating" + (r.provisional ? " provisional" : ""), "data-rating": r.rating },
    String(r.rating),
    r.provisional ? h("small", { class: "prov", title: t("provisional_title", { n: r.matches }) }, ` ${t("provisional")}`) : null,
  );
}

// ---------------------------------------------------------------- daily chips
/** "Pzt 00:00": when the next salon day begins, in the page's language and time zone. */
function whenText(ms) {
  return new Date(ms).toLocaleString(getLang() === "tr" ? "tr-TR" : "en-GB", { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

/** The daily chips box of a signed-up account (none for a guest): it reads its state
 * itself and draws again after a claim. */
export function dailyBox() {
  const user = app.user;
  if (!user || user.guest) return null;
  const box = h("section", { class: "daily", id: "daily" }, h("h3", {}, icon("star", { size: 16 }), " ", t("daily_title")));
  const draw = (d) => {
    while (box.childNodes.length > 1) box.removeChild(box.lastChild);
    if (!d) return;
    const b = d.bonus;
    if (b.available) box.append(h("button", { type: "button", class: "primary", id: "daily-claim", onclick: (e) => claim("bonus", e.currentTarget) }, t("daily_claim", { n: b.amount })));
    else if (b.claimed) box.append(h("p", { id: "daily-claimed" }, t("daily_claimed"), " ", h("span", { id: "daily-next" }, t("daily_next", { when: whenText(d.next_at) }))));
    const f = d.floor;
    if (f.floor > 0) {
      if (f.available) box.append(h("button", { type: "button", id: "daily-floor", onclick: (e) => claim("floor", e.currentTarget) }, t("daily_floor_claim", { floor: f.floor, n: f.amount })));
      else if (f.claimed) box.append(h("p", { class: "hint" }, t("daily_floor_taken")));
      box.append(h("p", { class: "hint", id: "daily-floor-note" }, t("daily_floor_note", { floor: f.floor })));
    }
    box.append(h("p", { class: "hint" }, t("daily_day_note")));
  };
  const claim = async (kind, button) => {
    button.disabled = true;
    try {
      const r = await api("POST", "/api/me/daily", { kind });
      if (app.user) app.user.chips = r.chips;
      refreshHeader();
      toast(t("daily_got", { n: r.granted }), "info");
      draw(r.daily);
    } catch (err) {
      toast(errorText(err), "error");
      load();
    }
  };
  const load = () =>
    api("GET", "/api/me/daily")
      .then((r) => draw(r.daily))
      .catch(() => box.remove());
  load();
  return box;
}
