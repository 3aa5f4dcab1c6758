// The games as the server's registry describes them (GET /api/games: one spec per game,
// in the salon's order: name, family, seats, typed options with labels in both
// languages, entry, lower_totals_win ...) and each family's module, games/<family>.js,
// loaded by the name the spec gives. Nothing else in the client names a game: a new game
// needs its spec on the server and its module here, no other change.

import { api } from "./net.js";
import { localized, setCatalogue } from "./i18n.js";
import { h } from "./ui.js";

export const registry = {
  games: [], // the specs, in the salon's order
  modules: {}, // family -> its module (create(ctx), and what else it exports)
};

/** Fetch the games and the message catalogue, and load every family's module. A
 * catalogue that cannot be fetched leaves refusals in the server's English. */
export async function loadRegistry() {
  const [games, messages] = await Promise.allSettled([api("GET", "/api/games"), api("GET", "/api/messages")]);
  if (messages.status === "fulfilled") setCatalogue(messages.value.messages);
  else console.warn("no message catalogue: refusals are shown in English", messages.reason);
  if (games.status === "rejected") throw games.reason;
  registry.games = games.value.games;
  const families = [...new Set(registry.games.map((g) => g.family))];
  await Promise.all(
    families.map(async (family) => {
      try {
        registry.modules[family] = await import(`./games/${family}.js`);
      } catch (err) {
        console.error(`games/${family}.js did not load`, err);
      }
    }),
  );
}

/** The spec of a game id, or null. */
export function gameSpec(game) {
  return registry.games.find((g) => g.game === game) || null;
}

/** The game's name in the page's language (its id while the registry is not loaded). */
export function gameName(game) {
  const spec = gameSpec(game);
  return (spec && localized(spec.name)) || game;
}

/** The module of the game's family, or null. */
export function gameModule(game) {
  const spec = gameSpec(game);
  return spec ? registry.modules[spec.family] || null : null;
}

/** Where the game stands in the salon's order (unknown games last). */
export function gamePosition(game) {
  const i = registry.games.findIndex((g) => g.game === game);
  return i < 0 ? registry.games.length : i;
}

/** How an option's value reads: its choice label, a number, a word. */
export function optionValueText(opt, value) {
  if (opt && opt.choices && opt.choice_labels) {
    const i = opt.choices.indexOf(value);
    if (i >= 0) return localized(opt.choice_labels[i]);
  }
  return String(value);
}

/** "El sayısı: 5 · Eşli (2'ye 2)" — a table's options in words, as its spec labels them
 * (true booleans by their label, false ones not at all; values the spec does not
 * declare are the rules' own checks and not shown). */
export function optionsSummary(game, options) {
  const spec = gameSpec(game);
  const parts = [];
  for (const [key, value] of Object.entries(options || {})) {
    const opt = spec && spec.options[key];
    if (!opt || value === null || value === undefined) continue;
    const label = localized(opt.label) || key;
    if (typeof value === "boolean") {
      if (value) parts.push(label);
    } else {
      parts.push(`${label}: ${optionValueText(opt, value)}`);
    }
  }
  return parts.join(" · ");
}

/** The badge of a bot's seat: "bot", or with the table's bot level (the table option
 * bot_level every game has) "bot · zor" / "bot · hard" in the page's language. */
export function botBadge(game, level) {
  const spec = gameSpec(game);
  const opt = spec && spec.options.bot_level;
  const text = level ? `bot · ${optionValueText(opt, level)}` : "bot";
  return h("span", { class: "bot-badge", "data-level": level || null }, text);
}
