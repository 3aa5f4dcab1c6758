// The landing page's head: a picture of a table (SVG drawn here: felt in a wooden rim,
// four racks of tiles, a trick of cards, a glass of tea), what the salon is, "Hemen oyna"
// below it (pages.js gamesSection), and what no other salon can say: every deal can be
// checked — with a short "how" (docs/records.md "Seeded deals", "Commit–reveal").

import { t, addStrings } from "./i18n.js";
import { h } from "./ui.js";
import { icon } from "./icons.js";

addStrings({
  tr: {
    hero_title: "Okey ve kâğıt oyunları, kahvehane masasında",
    hero_text: "Düz Okey, KDV Okey, Koz Maça, Balayı Kingi, Casino ve Royal Casino: tarayıcıda, kurulum yok, reklam yok. Botlarla hemen oynayın ya da arkadaşlarınızla masa açın.",
    hero_verify: "Her el doğrulanabilir",
    hero_verify_how: "Nasıl?",
    verify_1: "Her el, dağıtılmadan önce gizli bir tohumun parmak izi (SHA-256) yayımlanarak başlar: el oynanırken kimse tohumu değiştiremez.",
    verify_2: "El bitince tohum açıklanır. Taşlar ve kartlar bu tohumdan herkesin bildiği bir kuralla karılır: aynı tohum, aynı dağıtım.",
    verify_3: "Biten her maçın sayfasında kaydını indirebilir, eli hamle hamle yeniden oynatabilirsiniz.",
    verify_4: "Kaydı kendi bilgisayarınızda da denetleyebilirsiniz: kahvehane verify KAYIT.json — parmak izi tohuma, dağıtım tohuma uymuyorsa söyler.",
    table_picture: "Kahvehane masası: yeşil çuha üstünde dört ıstaka, ortada bir el kâğıt ve bir bardak çay",
  },
  en: {
    hero_title: "Okey and card games at a coffeehouse table",
    hero_text: "Düz Okey, KDV Okey, Koz Maça, Balayı Kingi, Casino and Royal Casino: in the browser, nothing to install, no ads. Play with bots right away, or open a table for your friends.",
    hero_verify: "Every deal can be verified",
    hero_verify_how: "How?",
    verify_1: "Before each deal, the fingerprint (SHA-256) of a secret seed is published: nobody can change the seed while the deal is played.",
    verify_2: "When the deal is over the seed is revealed. The tiles and cards are shuffled from it by a public rule: the same seed, the same deal.",
    verify_3: "Every finished match has a page where you can download its record and replay it move by move.",
    verify_4: "You can check a record on your own computer too: kahvehane verify RECORD.json — it says if a fingerprint does not match its seed or a deal does not follow from it.",
    table_picture: "A coffeehouse table: four racks on green felt, a trick of cards and a glass of tea in the middle",
  },
});

const TILE_COLOURS = ["#c62828", "#b8860b", "#1b5fb8", "#1d232a"];

/** One rack of tiles, seen from above, at (x, y), turned by `angle` degrees. */
function rack(x, y, angle, seed) {
  let tiles = "";
  for (let i = 0; i < 9; i++) {
    const colour = TILE_COLOURS[(i * 7 + seed) % 4];
    const n = ((i * 5 + seed * 3) % 13) + 1;
    tiles += `<g transform="translate(${-58 + i * 13},-9)"><rect width="12" height="17" rx="2" fill="#fffdf6" stroke="#d9ccab"/><text x="6" y="11.5" font-size="8" font-weight="700" text-anchor="middle" fill="${colour}" font-family="sans-serif">${n}</text></g>`;
  }
  return `<g transform="translate(${x},${y}) rotate(${angle})"><rect x="-64" y="-12" width="128" height="26" rx="4" fill="#7a4a22" stroke="#4a2d15"/>${tiles}</g>`;
}

/** A playing card at (x, y), turned by `angle`. */
function card(x, y, angle, label, red) {
  return `<g transform="translate(${x},${y}) rotate(${angle})"><rect x="-13" y="-18" width="26" height="36" rx="3" fill="#fff" stroke="#cfc6b0"/><text x="0" y="5" font-size="12" text-anchor="middle" fill="${red ? "#c62828" : "#1d232a"}" font-family="serif">${label}</text></g>`;
}

/** The picture of a table (decorative: described by its title). */
export function tablePicture() {
  const svg = `<svg class="table-picture" viewBox="0 0 400 260" role="img" aria-label="${t("table_picture")}" xmlns="http://www.w3.org/2000/svg">
  <defs>
    <radialGradient id="felt" cx="50%" cy="45%" r="60%"><stop offset="0" stop-color="#2a8456"/><stop offset="1" stop-color="#134a30"/></radialGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9a6634"/><stop offset="1" stop-color="#4a2d15"/></linearGradient>
  </defs>
  <ellipse cx="200" cy="136" rx="192" ry="118" fill="url(#wood)"/>
  <ellipse cx="200" cy="132" rx="176" ry="104" fill="url(#felt)"/>
  ${rack(200, 218, 0, 1)}${rack(200, 46, 180, 2)}${rack(52, 132, 90, 3)}${rack(348, 132, -90, 4)}
  ${card(178, 128, -12, "A♠", false)}${card(204, 120, 4, "K♥", true)}${card(228, 134, 16, "10♦", true)}
  <g transform="translate(262,170)"><path d="M-9,-14 L9,-14 L6,12 L-6,12 Z" fill="#b5471f" fill-opacity="0.85" stroke="#f3e2c8"/><ellipse cx="0" cy="14" rx="12" ry="3" fill="#f3e2c8"/></g>
  <rect x="130" y="160" width="14" height="20" rx="2" fill="#d8c68f" stroke="#a8925a"/>
</svg>`;
  return h("div", { class: "picture", html: svg });
}

/** The landing page's head (`count`: the salon's counts line, or null). */
export function hero(count = null) {
  return h(
    "section",
    { class: "hero", id: "hero" },
    h(
      "div",
      { class: "words" },
      h("h1", {}, t("hero_title")),
      count,
      h("p", {}, t("hero_text")),
      h(
        "details",
        { class: "verify-box", id: "verify" },
        h("summary", { class: "verify" }, icon("shield"), " ", t("hero_verify"), " · ", h("span", { class: "how" }, t("hero_verify_how"))),
        h("ol", {}, ["verify_1", "verify_2", "verify_3", "verify_4"].map((k) => h("li", {}, t(k)))),
      ),
    ),
    tablePicture(),
  );
}
