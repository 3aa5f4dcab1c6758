// The salon's pages beside the lobby and the tables: the six games on the landing page
// (each with "Hemen oyna"), a game's leaderboard (#/lb/GAME?period=week|all) and a
// player's profile (#/u/NAME) with the chips chart. They read the HTTP API only
// (docs/protocol.md) and name no game: the games, their names, descriptions and how
// they rank come from the registry (GET /api/games).

import { api } from "./net.js";
import { t, localized, errorText, addStrings, getLang } from "./i18n.js";
import { h, clear, toast, fmtSigned } from "./ui.js";
import { navigate, signedIn } from "./shell.js";
import { registry, gameSpec, gameName } from "./registry.js";
import { rooms, roomShortfall, roomMinimum } from "./rooms.js";
import { levelBadge, ratingEl } from "./standing.js";

addStrings({
  tr: {
    games_title: "Oyunlar",
    play_now: "Hemen oyna",
    play_now_title: "Sizi bu oyunda bekleyenlerin masasına oturtur; kimse yoksa botlarla hemen başlar",
    leaderboard: "Sıralama",
    leaderboard_of: "{game} sıralaması",
    period_week: "Bu hafta",
    period_all: "Tüm zamanlar",
    rank: "Sıra",
    player: "Oyuncu",
    matches: "Maç",
    wins: "Galibiyet",
    draws: "Beraberlik",
    net_chips: "Çip (net)",
    ranked_by_points: "Sıralama puanına göre",
    ranked_by_wins: "Galibiyet sayısına göre",
    no_standings: "Bu dönemde bitmiş maç yok.",
    profile: "Profil",
    profile_of: "{name}",
    standings: "Oyunlara göre",
    recent_matches: "Son maçlar",
    chips_over_time: "Çip geçmişi",
    no_chip_history: "Henüz çip hareketi yok.",
    result_win: "Kazandı",
    result_loss: "Kaybetti",
    result_draw: "Berabere",
    no_matches: "Henüz bitmiş maç yok.",
    when: "Tarih",
    result: "Sonuç",
    score: "Puan",
    watch_replay: "İzle",
    guest_cannot_play_entry: "{game} çiple oynanır: misafirler oturamaz. Hesap açıp öyle oynayın.",
    seats_n: "{n} kişilik",
    not_found_player: "Böyle bir oyuncu yok.",
    chips_now: "Şu an: {n} çip",
    points_short: "puan",
    chips_short: "çip",
    by_standings: "Sıralamaya göre",
    by_rating: "Reytinge göre",
    rated_matches: "Reytingli maç",
    ranked_by_rating: "Reytinge göre: yalnızca insanlar arasındaki, sayılan maçlar",
    result_left: "Terk",
    result_left_title: "Maçın ortasında kalktı: bot oynayıp bitirdi, yenilgi sayıldı",
    not_counted: "sayılmadı",
    not_counted_title: "Hamlelerinin yarısından çoğunu bot yaptı: sıralamaya sayılmadı",
  },
  en: {
    games_title: "Games",
    play_now: "Play now",
    play_now_title: "Seats you with people waiting for this game; with nobody there, starts at once with bots",
    leaderboard: "Leaderboard",
    leaderboard_of: "{game} leaderboard",
    period_week: "This week",
    period_all: "All time",
    rank: "Rank",
    player: "Player",
    matches: "Matches",
    wins: "Wins",
    draws: "Draws",
    net_chips: "Chips (net)",
    ranked_by_points: "By ranking points",
    ranked_by_wins: "By wins",
    no_standings: "No finished matches in this period.",
    profile: "Profile",
    profile_of: "{name}",
    standings: "By game",
    recent_matches: "Recent matches",
    chips_over_time: "Chips over time",
    no_chip_history: "No chip movements yet.",
    result_win: "Won",
    result_loss: "Lost",
    result_draw: "Draw",
    no_matches: "No finished matches yet.",
    when: "Date",
    result: "Result",
    score: "Score",
    watch_replay: "Replay",
    guest_cannot_play_entry: "{game} is played for chips: guests cannot sit. Sign up to play it.",
    seats_n: "{n} players",
    not_found_player: "No such player.",
    chips_now: "Now: {n} chips",
    points_short: "points",
    chips_short: "chips",
    by_standings: "By standings",
    by_rating: "By rating",
    rated_matches: "Rated matches",
    ranked_by_rating: "By skill rating: counted matches between people only",
    result_left: "Left",
    result_left_title: "Left mid-match: a bot played it out; counted as a loss",
    not_counted: "not counted",
    not_counted_title: "A bot made most of their moves: not counted in the standings",
  },
});

/** A date and time in the page's language. */
export function fmtTime(ms) {
  if (!ms) return "";
  return new Date(ms).toLocaleString(getLang() === "tr" ? "tr-TR" : "en-GB", { dateStyle: "short", timeStyle: "short" });
}

/** A player's name as a link to their profile. */
export function playerLink(name) {
  return h("a", { href: `#/u/${encodeURIComponent(name)}`, class: "player-link" }, name);
}

// ---------------------------------------------------------------- landing: the games
/** "4" or "2–4": how many sit at the game's table. */
function seatsText(seats) {
  const low = Math.min(...seats);
  const high = Math.max(...seats);
  return low === high ? String(low) : `${low}–${high}`;
}

/** The six games (the registry's, in the salon's order): name, description, seats,
 * "Hemen oyna" and the game's leaderboard. */
export function gamesSection(app) {
  const cards = registry.games.map((spec) =>
    h(
      "li",
      { class: "game-card", "data-game": spec.game },
      h("b", { class: "game-name" }, gameName(spec.game)),
      h("span", { class: "game-seats" }, t("seats_n", { n: seatsText(spec.seats) })),
      h("p", { class: "game-desc" }, localized(spec.description) || ""),
      h(
        "div",
        { class: "row" },
        h("button", { type: "button", class: "primary play-now", "data-play": spec.game, title: t("play_now_title"), onclick: (e) => playNow(app, spec, e.currentTarget) }, t("play_now")),
        h("a", { class: "button", href: `#/lb/${encodeURIComponent(spec.game)}` }, t("leaderboard")),
      ),
      roomChoice(app, spec),
    ),
  );
  return h("section", { class: "panel games-panel", id: "games" }, h("h2", {}, t("games_title")), h("ul", { class: "game-cards" }, cards));
}

/** The options of a quick table: every default, the first choice where one is required. */
function quickOptions(spec) {
  const options = {};
  for (const [key, opt] of Object.entries(spec.options || {})) {
    if (opt.default !== null && opt.default !== undefined) options[key] = opt.default;
    else if (opt.required && opt.choices) options[key] = opt.choices[0];
  }
  return options;
}

/** How long "Hemen oyna" waits for other people before bots fill the seats, seconds
 * (the server caps it at its `quick_wait`); the person may skip it. */
export const QUICK_WAIT = 8;

/** The seconds to wait for people: none when nobody else is in the salon and free to
 * join (the server's `free`: connected and at no running match; oneself left out), so
 * that a person alone plays at once. */
export function quickWait(counts) {
  if (!counts) return 0;
  return counts.free - 1 > 0 ? QUICK_WAIT : 0;
}

/** The entries "Hemen oyna" may choose for a game with an entry: the lowest entry of
 * each room within the game's range (the salon's rooms, rooms.js). */
function roomEntries(spec) {
  const [low, high] = spec.entry_range || [1, null];
  return rooms.list
    .map((r) => ({ room: r, entry: Math.max(low, r.entry_min) }))
    .filter(({ room, entry }) => (high === null || entry <= high) && (room.entry_max === null || entry <= room.entry_max));
}

/** Under a game with an entry, "Hemen oyna" in each room: its lowest entry, and what
 * it asks for to sit (the server refuses a balance below it; the page says so first). */
function roomChoice(app, spec) {
  if (!spec.entry || !rooms.list.length) return null;
  const choices = roomEntries(spec);
  if (!choices.length) return null;
  return h(
    "div",
    { class: "room-choice", "data-game": spec.game },
    h("span", { class: "label" }, t("rooms_entry_label")),
    choices.map(({ room, entry }) =>
      h(
        "button",
        { type: "button", class: "room-play", "data-room": room.name, title: `${t("play_in_room", { room: room.name, entry })} · ${roomMinimum(room)}`, onclick: (e) => playNow(app, spec, e.currentTarget, entry) },
        h("b", {}, room.name),
        h("small", {}, ` ${entry}`),
      ),
    ),
  );
}

/** "Hemen oyna": sign in as a guest if need be and send the salon's `quick` (docs/
 * protocol.md §3.2): it seats the person at a quick table of the game with the same
 * options and entry where someone waits, or opens one. Bots take the empty seats at
 * once when nobody else could come, else after a short wait (table/view.js shows it,
 * with a button that skips it). A game with an entry: the lowest, or the room's chosen;
 * below the room's minimum balance nothing is asked. */
async function playNow(app, spec, button, chosenEntry = null) {
  if (button) button.disabled = true;
  try {
    if (spec.entry && (!app.user || app.user.guest)) {
      toast(t("guest_cannot_play_entry", { game: gameName(spec.game) }), "error");
      return;
    }
    const entry = spec.entry ? chosenEntry ?? (spec.entry_range || [1])[0] : null;
    const short = entry ? roomShortfall(app.user, entry) : null;
    if (short) {
      toast(short, "error");
      return;
    }
    if (!app.user) {
      const r = await api("POST", "/api/auth/guest", {});
      signedIn(r.user);
    }
    await app.socket.whenGreeted(); // the server knows who asks
    const counts = await api("GET", "/api/salon").catch(() => null);
    const msg = { type: "quick", game: spec.game, options: quickOptions(spec), wait: quickWait(counts) };
    if (entry) msg.entry = entry;
    let answer;
    try {
      answer = await app.socket.request(msg);
    } catch (err) {
      if (err.code !== "table_busy") throw err;
      answer = await app.socket.request(msg); // the table chosen filled up meanwhile
    }
    navigate(`#/t/${encodeURIComponent(answer.table.id)}`);
  } catch (err) {
    toast(errorText(err), "error");
  } finally {
    if (button) button.disabled = false;
  }
}

// ---------------------------------------------------------------- base of a page
class Page {
  constructor(app) {
    this.app = app;
    this.root = null;
    this.error = null;
  }

  mount(root) {
    this.root = root;
    document.body.dataset.view = this.kind;
    this.render();
    this.load();
  }

  unmount() {}

  onOpen() {}

  onMessage() {}

  async fetch(path) {
    try {
      return await api("GET", path);
    } catch (err) {
      this.error = err;
      return null;
    }
  }

  render() {
    if (!this.root) return;
    clear(this.root);
    const body = this.error ? h("p", { class: "form-error", id: "page-error" }, errorText(this.error)) : this.body();
    this.root.append(h("div", { class: "page " + this.kind, id: this.kind }, body));
  }
}

// ---------------------------------------------------------------- leaderboard
export class LeaderboardView extends Page {
  constructor(app, game, params) {
    super(app);
    this.kind = "leaderboard";
    this.game = game;
    this.period = params.get("period") === "week" ? "week" : "all";
    this.by = params.get("by") === "rating" ? "rating" : "standings";
    this.data = null;
  }

  async load() {
    this.data = await this.fetch(`/api/leaderboard/${encodeURIComponent(this.game)}?period=${this.period}&by=${this.by}`);
    this.render();
  }

  body() {
    const spec = gameSpec(this.game);
    const byPoints = spec && spec.ranking === "points";
    const tabs = h(
      "nav",
      { class: "tabs game-tabs" },
      registry.games.map((g) => h("a", { href: `#/lb/${encodeURIComponent(g.game)}?period=${this.period}&by=${this.by}`, class: g.game === this.game ? "active" : null, "aria-current": g.game === this.game ? "page" : null }, gameName(g.game))),
    );
    const periods = h(
      "nav",
      { class: "tabs period-tabs", id: "period-tabs" },
      ["week", "all"].map((p) => h("a", { href: `#/lb/${encodeURIComponent(this.game)}?period=${p}&by=${this.by}`, "data-period": p, class: p === this.period ? "active" : null, "aria-current": p === this.period ? "page" : null }, t("period_" + p))),
    );
    const orders = h(
      "nav",
      { class: "tabs order-tabs", id: "order-tabs" },
      ["standings", "rating"].map((b) => h("a", { href: `#/lb/${encodeURIComponent(this.game)}?period=${this.period}&by=${b}`, "data-by": b, class: b === this.by ? "active" : null, "aria-current": b === this.by ? "page" : null }, t("by_" + b))),
    );
    // by rating a row is the rating itself ({rating, provisional, matches: rated ones});
    // by standings it carries the game's figures and its `rating` beside them
    const rated = this.by === "rating";
    const head = [t("rank"), t("player"), t("rating"), rated ? t("rated_matches") : t("matches")];
    if (!rated) head.push(t("wins"));
    if (!rated && byPoints) head.push(t("ranking_points"));
    if (!rated && spec && spec.entry) head.push(t("net_chips"));
    let table;
    if (!this.data) table = h("p", { class: "hint" }, "…");
    else if (!this.data.rows.length) table = h("p", { class: "empty", id: "no-standings" }, t("no_standings"));
    else
      table = h(
        "table",
        { class: "standings", id: "leaderboard-table" },
        h("thead", {}, h("tr", {}, head.map((x) => h("th", {}, x)))),
        h(
          "tbody",
          {},
          this.data.rows.map((r) =>
            h(
              "tr",
              { "data-player": r.user.name },
              h("td", {}, r.rank),
              h("td", { class: "name" }, playerLink(r.user.name), levelBadge(r.user.level)),
              h("td", { class: "rating-cell", title: t("rating_title") }, ratingEl(rated ? r : r.rating)),
              h("td", {}, r.matches),
              rated ? null : h("td", { class: "wins" }, r.wins),
              !rated && byPoints ? h("td", { class: "points" }, r.points) : null,
              !rated && spec && spec.entry ? h("td", {}, fmtSigned(r.chips_net)) : null,
            ),
          ),
        ),
      );
    return h(
      "section",
      { class: "panel" },
      h("h2", {}, t("leaderboard_of", { game: gameName(this.game) })),
      tabs,
      periods,
      orders,
      h("p", { class: "hint" }, t(this.by === "rating" ? "ranked_by_rating" : byPoints ? "ranked_by_points" : "ranked_by_wins")),
      table,
    );
  }
}

// ---------------------------------------------------------------- profile
const CHART_W = 320;
const CHART_H = 120;

/** The chips over time as an SVG line: each point a balance after a ledger move. */
export function chipsChart(points) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${CHART_W} ${CHART_H}`);
  svg.setAttribute("class", "chips-chart");
  svg.setAttribute("id", "chips-chart");
  svg.setAttribute("role", "img");
  const values = points.map((p) => p.balance);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const pad = 8;
  const x = (i) => (points.length === 1 ? CHART_W / 2 : pad + (i * (CHART_W - 2 * pad)) / (points.length - 1));
  const y = (v) => CHART_H - pad - ((v - low) * (CHART_H - 2 * pad)) / span;
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", points.map((p, i) => `${x(i).toFixed(1)},${y(p.balance).toFixed(1)}`).join(" "));
  line.setAttribute("class", "line");
  svg.append(line);
  points.forEach((p, i) => {
    const dot = document.createElementNS(ns, "circle");
    dot.setAttribute("cx", x(i).toFixed(1));
    dot.setAttribute("cy", y(p.balance).toFixed(1));
    dot.setAttribute("r", "2.5");
    dot.setAttribute("data-balance", String(p.balance));
    const title = document.createElementNS(ns, "title");
    title.textContent = `${fmtTime(p.at)}: ${p.balance} (${fmtSigned(p.amount)})`;
    dot.append(title);
    svg.append(dot);
  });
  // the highest and the lowest balance, written at the left edge
  for (const [v, yy, cls] of [[high, pad + 4, "high"], [low, CHART_H - 2, "low"]]) {
    const label = document.createElementNS(ns, "text");
    label.setAttribute("x", "4");
    label.setAttribute("y", String(yy));
    label.setAttribute("class", "axis " + cls);
    label.textContent = String(v);
    svg.append(label);
  }
  svg.setAttribute("aria-label", `${low} – ${high}`);
  return svg;
}

/** What a finished match gave the player: ranking points, chips, or nothing more. */
function matchFigure(m) {
  const spec = gameSpec(m.game);
  if (spec && spec.ranking === "points") return `${m.points} ${t("points_short")}`;
  if (spec && spec.entry) return `${fmtSigned(m.chips_net)} ${t("chips_short")}`;
  return "";
}

/** A match's result on the profile: "Terk" for one the person left (a counted loss),
 * "sayılmadı" beside one a bot played most of (not in the standings). */
function matchResult(m) {
  if (m.left) return h("td", { class: "result left loss", title: t("result_left_title") }, t("result_left"));
  const uncounted = m.counted === false ? h("small", { class: "uncounted", title: t("not_counted_title") }, t("not_counted")) : null;
  return h("td", { class: "result " + m.result }, t("result_" + m.result), uncounted);
}

export class ProfileView extends Page {
  constructor(app, name) {
    super(app);
    this.kind = "profile";
    this.name = name;
    this.data = null;
  }

  async load() {
    const n = encodeURIComponent(this.name);
    const [user, matches, chips] = await Promise.all([this.fetch(`/api/users/${n}`), this.fetch(`/api/users/${n}/matches?limit=20`), this.fetch(`/api/users/${n}/chips`)]);
    if (user) this.data = { user: user.user, standings: user.standings, matches: matches ? matches.matches : [], chips: chips ? chips.points : [] };
    this.render();
  }

  body() {
    if (!this.data) return h("p", { class: "hint" }, "…");
    const { user, standings, matches, chips } = this.data;
    const totals = standings.reduce((a, r) => ({ matches: a.matches + r.matches, wins: a.wins + r.wins }), { matches: 0, wins: 0 });
    const summary = h(
      "p",
      { class: "profile-summary", id: "profile-summary" },
      h("span", { "data-k": "matches" }, `${t("matches")}: ${totals.matches}`),
      " · ",
      h("span", { "data-k": "wins" }, `${t("wins")}: ${totals.wins}`),
    );
    const games = standings.length
      ? h(
          "table",
          { class: "standings", id: "profile-standings" },
          h("thead", {}, h("tr", {}, [t("game"), t("rating"), t("matches"), t("wins"), t("draws"), t("ranking_points"), t("net_chips")].map((x) => h("th", {}, x)))),
          h(
            "tbody",
            {},
            standings.map((r) => {
              const spec = gameSpec(r.game);
              return h(
                "tr",
                { "data-game": r.game },
                h("td", { class: "name" }, h("a", { href: `#/lb/${encodeURIComponent(r.game)}` }, gameName(r.game))),
                h("td", { class: "rating-cell", title: t("rating_title") }, ratingEl(r.rating)),
                h("td", {}, r.matches),
                h("td", { class: "wins" }, r.wins),
                h("td", {}, r.draws),
                h("td", { class: "points" }, spec && spec.ranking === "points" ? r.points : "–"),
                h("td", {}, spec && spec.entry ? fmtSigned(r.chips_net) : "–"),
              );
            }),
          ),
        )
      : h("p", { class: "empty" }, t("no_matches"));
    const chart = chips.length
      ? h("div", { class: "chart-box" }, chipsChart(chips), h("p", { class: "hint", id: "chips-now" }, t("chips_now", { n: chips[chips.length - 1].balance })))
      : h("p", { class: "empty" }, t("no_chip_history"));
    const list = matches.length
      ? h(
          "table",
          { class: "standings", id: "profile-matches" },
          h("thead", {}, h("tr", {}, [t("when"), t("game"), t("result"), t("score"), ""].map((x) => h("th", {}, x)))),
          h(
            "tbody",
            {},
            matches.map((m) =>
              h(
                "tr",
                { "data-match": m.id },
                h("td", {}, fmtTime(m.finished_at)),
                h("td", {}, gameName(m.game)),
                matchResult(m),
                h("td", {}, matchFigure(m)),
                h("td", {}, h("a", { href: `#/m/${m.id}`, class: "button" }, t("watch_replay"))),
              ),
            ),
          ),
        )
      : h("p", { class: "empty" }, t("no_matches"));
    return h(
      "section",
      { class: "panel" },
      h("h2", { class: "profile-head" }, h("span", { id: "profile-name" }, user.name), " ", levelBadge(user.level), user.guest ? h("span", { class: "badge" }, t("guest_badge")) : null),
      summary,
      h("div", { class: "profile-grid" }, h("div", {}, h("h3", {}, t("standings")), games), h("div", {}, h("h3", {}, t("chips_over_time")), chart)),
      h("h3", {}, t("recent_matches")),
      list,
    );
  }
}
