// The table's social side beside the talk (issue 21): a friends' table's invitation
// link, the manager removing a person from a seat, leaving a seat during a match (with
// a confirmation: a bot takes the seat), and the rövanş every seated person agrees to.
// Pieces the table's view (table.js) puts in its screens; the words are here.

import { api } from "./net.js";
import { t, addStrings, errorText } from "./i18n.js";
import { h, toast } from "./ui.js";
import { icon } from "./icons.js";

addStrings({
  tr: {
    private_table: "Arkadaş masası (salonda görünmez, bağlantıyla girilir)",
    invited_watch: "Yalnızca davetliler izleyebilir",
    private_badge: "arkadaş masası",
    invite_link: "Davet bağlantısı: arkadaşlarınıza gönderin",
    copy_link: "Kopyala",
    link_copied: "Bağlantı kopyalandı",
    invite_not_found: "Bu davetle açık bir masa yok.",
    unseat: "Kaldır",
    unseat_title: "{name} kişisini koltuktan kaldır",
    you_were_unseated: "Masa yöneticisi sizi koltuktan kaldırdı; masayı izlemeye devam edebilirsiniz.",
    leave_match: "Masadan kalk",
    leave_confirm_title: "Oyunun ortasında kalkmak mı?",
    leave_confirm_text: "Yerinize oyunun sonuna kadar bir bot oynar; maç sizin için terk, yani yenilgi sayılır ve kayıtta botun sizden sonra oynadığı görünür.",
    leave_confirm_yes: "Evet, kalk",
    leave_confirm_no: "Vazgeç",
    left_seat: "Koltuğu bıraktınız: yerinize bot oynuyor.",
    rematch: "Rövanş",
    rematch_agreed: "Rövanşa hazır: {names}",
    rematch_waiting: "Herkes kabul edince rövanş başlar.",
    rematch_you_agreed: "Kabul ettiniz; diğerleri bekleniyor.",
  },
  en: {
    private_table: "Friends' table (not in the lobby, joined by link)",
    invited_watch: "Only invited people may watch",
    private_badge: "friends' table",
    invite_link: "Invitation link: send it to your friends",
    copy_link: "Copy",
    link_copied: "Link copied",
    invite_not_found: "No open table has this invitation.",
    unseat: "Remove",
    unseat_title: "Remove {name} from the seat",
    you_were_unseated: "The table manager removed you from your seat; you may go on watching.",
    leave_match: "Leave the table",
    leave_confirm_title: "Leave in the middle of the match?",
    leave_confirm_text: "A bot plays your seat to the end; the match counts as a loss for you (you left), and the record shows the bot played after you.",
    leave_confirm_yes: "Yes, leave",
    leave_confirm_no: "Stay",
    left_seat: "You gave up the seat: a bot plays it.",
    rematch: "Rematch",
    rematch_agreed: "Ready for a rematch: {names}",
    rematch_waiting: "The rematch starts when everyone agrees.",
    rematch_you_agreed: "You agreed; waiting for the others.",
  },
});

/** Whether a table address's id is a friends' table's invitation code (22 URL-safe
 * characters) rather than a table id (8 hex digits). */
export function isInvite(id) {
  return typeof id === "string" && id.length >= 20;
}

/** The create-table form's choice of a friends' table (and who may watch it). */
export function privacyFields() {
  const watch = h("input", { type: "checkbox", id: "create-invited-watch", disabled: true });
  const priv = h("input", { type: "checkbox", id: "create-private", onchange: () => { watch.disabled = !priv.checked; if (!priv.checked) watch.checked = false; } });
  return h(
    "div",
    { class: "privacy" },
    h("label", { class: "field check" }, priv, h("span", {}, t("private_table"))),
    h("label", { class: "field check" }, watch, h("span", {}, t("invited_watch"))),
  );
}

export function privacyValues() {
  const priv = document.getElementById("create-private");
  const watch = document.getElementById("create-invited-watch");
  if (!priv || !priv.checked) return {};
  return { private: true, invited_watch: !!(watch && watch.checked) };
}

/** The table id an invitation code opens, or null. */
export async function resolveInvite(code) {
  try {
    const r = await api("GET", `/api/invites/${encodeURIComponent(code)}`);
    return r.table.id;
  } catch {
    return null;
  }
}

/** The link to share, for those who may share it (the snapshot gives them the code). */
export function inviteBox(invite) {
  if (!invite) return null;
  const link = `${location.origin}${location.pathname}#/t/${invite}`;
  const input = h("input", { type: "text", id: "invite-link", readonly: true, value: link, onfocus: (e) => e.target.select() });
  return h(
    "div",
    { class: "invite-box", id: "invite-box" },
    h("span", {}, t("invite_link")),
    h("div", { class: "row" }, input, h("button", { type: "button", id: "copy-invite", onclick: async () => {
      try {
        await navigator.clipboard.writeText(link);
        toast(t("link_copied"));
      } catch {
        input.select();
      }
    } }, t("copy_link"))),
  );
}

/** The manager's button that frees another person's seat before the match. */
export function unseatButton(view, seat) {
  const me = view.app.user;
  const info = view.info;
  if (!me || !info.manager || info.manager.id !== me.id || info.status !== "waiting") return null;
  if (!seat.user || seat.user.id === me.id) return null;
  return h("button", { type: "button", class: "link unseat", "data-unseat": seat.seat, title: t("unseat_title", { name: seat.user.name }), onclick: () => request(view, { type: "unseat", seat: seat.seat }) }, "✕ ", t("unseat"));
}

/** Leaving during a match asks first (view.confirmLeave draws leaveOverlay). */
export function leaveMatchButton(view) {
  const info = view.info;
  if (view.you === null || info.status !== "playing" || !view.match || view.match.over) return null;
  if (hasLeft(view)) return null;
  return h("button", { type: "button", id: "leave-match", onclick: () => { view.confirmLeave = true; view.render(); } }, t("leave_match"));
}

export function leaveOverlay(view) {
  const close = () => {
    view.confirmLeave = false;
    view.render();
  };
  return h(
    "div",
    { class: "overlay confirm", id: "leave-confirm", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "leave-confirm-title" },
    h(
      "div",
      { class: "box" },
      h("h2", { id: "leave-confirm-title" }, t("leave_confirm_title")),
      h("p", {}, t("leave_confirm_text")),
      h(
        "div",
        { class: "row" },
        h("button", { type: "button", class: "primary", id: "leave-confirm-yes", onclick: async () => {
          view.confirmLeave = false;
          if (await request(view, { type: "leave" })) toast(t("left_seat"));
          view.render();
        } }, t("leave_confirm_yes")),
        h("button", { type: "button", id: "leave-confirm-no", onclick: close }, t("leave_confirm_no")),
      ),
    ),
  );
}

/** Whether you gave your seat up during this match (a bot plays it). */
export function hasLeft(view) {
  const seat = view.you !== null && view.info ? view.info.seats[view.you] : null;
  return !!(seat && seat.left && view.info.status === "playing");
}

/** After a match: the rövanş button for a seated person, and who has agreed. */
export function rematchBox(view) {
  const info = view.info;
  if (!view.result || info.status !== "waiting") return null;
  const agreed = info.rematch || [];
  const names = agreed.map((s) => (info.seats[s] && info.seats[s].user ? info.seats[s].user.name : t("seat_n", { n: s + 1 })));
  const mine = view.you !== null && agreed.includes(view.you);
  return h(
    "div",
    { class: "rematch-box", id: "rematch-box" },
    view.you !== null && !mine ? h("button", { type: "button", class: "primary", id: "rematch-button", onclick: () => request(view, { type: "rematch" }) }, icon("again"), " ", t("rematch")) : null,
    h("p", { class: "hint", id: "rematch-agreed" }, names.length ? t("rematch_agreed", { names: names.join(", ") }) : t("rematch_waiting"), mine ? " " + t("rematch_you_agreed") : ""),
  );
}

async function request(view, msg) {
  try {
    await view.app.socket.request({ ...msg, table: view.id });
    return true;
  } catch (err) {
    toast(errorText(err), "error");
    return false;
  }
}
