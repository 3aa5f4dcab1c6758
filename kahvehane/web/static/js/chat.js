// Table talk (issue 21): the chat of one table over the salon's WebSocket
// (docs/protocol.md, `chat` / `chat_history`): lines of seated players and watchers
// (watchers' lines marked), quick phrases and emotes with one tap, muting a person for
// yourself (remembered in this browser), and the manager's switch for watchers' talk.
//
// Every text a person wrote is put in the page as text (textContent through h()), never
// as markup. The panel lives beside the table's view, outside what the table redraws, so
// a half-typed line survives every move.

import { t, getLang, addStrings, renderMessage, refusalText } from "./i18n.js";
import { h, clear, toast } from "./ui.js";
import { icon } from "./icons.js";
import { isBlocked } from "./people.js";

addStrings({
  tr: {
    chat_pic_thumbs_up: "Beğendim", chat_pic_laugh: "Gülüyorum", chat_pic_tea: "Çay ister misiniz?", chat_pic_wow: "Vay be!",
    chat_title: "Sohbet",
    chat_placeholder: "Bir şey yazın…",
    chat_send: "Gönder",
    chat_watcher: "izleyici",
    chat_mute: "Sustur",
    chat_unmute: "Sesini aç",
    chat_muted: "Susturduklarınız: ",
    chat_empty: "Henüz kimse bir şey yazmadı.",
    chat_watchers_on: "İzleyiciler konuşabilir",
    chat_watchers_off: "İzleyicilerin konuşması kapalı",
    chat_sign_in: "Konuşmak için giriş yapın.",
    chat_phrases: "Hazır sözler",
    chat_toggle: "Sohbet",
  },
  en: {
    chat_pic_thumbs_up: "Thumbs up", chat_pic_laugh: "Laughing", chat_pic_tea: "Tea, anyone?", chat_pic_wow: "Wow!",
    chat_title: "Table talk",
    chat_placeholder: "Say something…",
    chat_send: "Send",
    chat_watcher: "watcher",
    chat_mute: "Mute",
    chat_unmute: "Unmute",
    chat_muted: "You muted: ",
    chat_empty: "Nobody has said anything yet.",
    chat_watchers_on: "Watchers may talk",
    chat_watchers_off: "Watchers' talk is off",
    chat_sign_in: "Sign in to talk.",
    chat_phrases: "Quick phrases",
    chat_toggle: "Talk",
  },
});

/** The quick phrases and emotes, by their server keys (chat.phrase.KEY in the catalogue). */
export const PHRASES = ["good_game", "congrats", "kolay_gelsin", "lucky", "well_played", "thanks", "hurry", "again", "thumbs_up", "laugh", "tea", "wow"];

const MUTED_KEY = "kahvehane.muted";
const MAX_LINES = 100;

/** The people muted in this browser: {user id: name}. */
export function mutedPeople() {
  try {
    const v = JSON.parse(localStorage.getItem(MUTED_KEY) || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

function setMuted(people) {
  localStorage.setItem(MUTED_KEY, JSON.stringify(people));
}

/** The quick phrases that are a picture (the server's text is an emoji, which a system
 * without a colour-emoji font shows as an empty box): drawn as an icon, named in words. */
const PICTURES = { thumbs_up: "thumbs", laugh: "laugh", tea: "tea", wow: "wow" };

/** A quick phrase as shown: its words, or its icon with the emoji kept for screen
 * readers and copy-paste (visually hidden). */
function phraseEl(key) {
  const text = phraseText(key);
  if (!PICTURES[key]) return text;
  return [icon(PICTURES[key], { size: 18 }), h("span", { class: "visually-hidden" }, text)];
}

/** A quick phrase's words in the page's language. */
export function phraseText(key) {
  return renderMessage({ code: `chat.phrase.${key}`, params: {} }) || key;
}

export class ChatPanel {
  /** `view` is the TableView: its app, table id, info, seat and user are read live. */
  constructor(view) {
    this.view = view;
    this.lines = [];
    this.el = null;
    this.input = null;
    this.sending = false;
    this.open = false; // on phones the panel folds away until opened
  }

  mount(after) {
    this.input = h("input", { type: "text", id: "chat-input", maxlength: 200, autocomplete: "off", enterkeyhint: "send" });
    this.el = h("section", { id: "chat", class: "chat", "aria-label": t("chat_title") });
    after.after(this.el);
    this.render();
  }

  unmount() {
    if (this.el) this.el.remove();
    this.el = null;
  }

  onMessage(msg) {
    if (msg.table !== this.view.id) return;
    if (msg.type === "chat_history") {
      this.lines = (msg.lines || []).slice(-MAX_LINES);
      this.render();
    } else if (msg.type === "chat") {
      this.lines.push(msg.line);
      if (this.lines.length > MAX_LINES) this.lines.shift();
      this.render();
    }
  }

  // ---------------------------------------------------------------- saying
  async say(what) {
    const socket = this.view.app.socket;
    if (!socket || this.sending) return;
    this.sending = true;
    try {
      await socket.request({ type: "chat", table: this.view.id, ...what });
      if (what.text !== undefined) this.input.value = "";
    } catch (err) {
      toast(refusalText(err), "error");
    } finally {
      this.sending = false;
    }
  }

  submit(e) {
    e.preventDefault();
    const text = this.input.value;
    if (text.trim()) this.say({ text });
  }

  toggleMute(user) {
    const people = mutedPeople();
    if (people[user.id] !== undefined) delete people[user.id];
    else people[user.id] = user.name;
    setMuted(people);
    this.render();
  }

  async setWatcherChat(on) {
    try {
      await this.view.app.socket.request({ type: "settings", table: this.view.id, watcher_chat: on });
    } catch (err) {
      toast(refusalText(err), "error");
    }
  }

  // ---------------------------------------------------------------- drawing
  render() {
    const el = this.el;
    if (!el) return;
    const view = this.view;
    const info = view.info;
    const me = view.app.user;
    const manager = !!(me && info && info.manager && info.manager.id === me.id);
    const watcherOff = !!(info && info.watcher_chat === false);
    const mayTalk = !!me && (view.you !== null || !watcherOff || manager);
    const muted = mutedPeople();
    // The table redraws on every event; the talk only when what it shows changed, so a
    // reader scrolled up in the lines is not pulled down by every move.
    const last = this.lines[this.lines.length - 1];
    const key = JSON.stringify([this.lines.length, last && last.at, manager, watcherOff, mayTalk, view.you, me && me.id, getLang(), muted, this.open]);
    if (key === this.drawn) return;
    this.drawn = key;
    const focused = document.activeElement === this.input;
    clear(el);
    el.classList.toggle("open", this.open);
    const head = h(
      "div",
      { class: "chat-head" },
      h("button", { type: "button", class: "link chat-toggle", id: "chat-toggle", "aria-expanded": this.open ? "true" : "false", onclick: () => { this.open = !this.open; this.render(); } }, icon("chat"), " ", t("chat_toggle"), this.lines.length ? h("small", {}, ` (${this.lines.length})`) : null),
      h("b", { class: "chat-title" }, t("chat_title")),
      manager
        ? h("label", { class: "check chat-watchers" }, h("input", { type: "checkbox", id: "chat-watchers", checked: !watcherOff, onchange: (e) => this.setWatcherChat(e.target.checked) }), h("span", {}, t("chat_watchers_on")))
        : watcherOff
          ? h("small", { class: "chat-note", id: "chat-watchers-off" }, t("chat_watchers_off"))
          : null,
    );
    // muted here, or blocked (issue 30): their lines are not shown
    const shown = this.lines.filter((ln) => !(ln.user && (muted[ln.user.id] !== undefined || isBlocked(ln.user.id))));
    const list = h(
      "ol",
      { class: "chat-lines", id: "chat-lines", "aria-live": "polite" },
      shown.length
        ? shown.map((ln) => this.lineEl(ln, me))
        : h("li", { class: "chat-empty" }, t("chat_empty")),
    );
    const mutedIds = Object.keys(muted);
    const mutedBox = mutedIds.length
      ? h("p", { class: "chat-muted", id: "chat-muted" }, t("chat_muted"), mutedIds.map((id) => h("button", { type: "button", class: "link", "data-unmute": id, title: t("chat_unmute"), onclick: () => this.toggleMute({ id, name: muted[id] }) }, muted[id], " ", icon("close", { size: 12 }))))
      : null;
    const phrases = mayTalk
      ? h("div", { class: "chat-phrases", id: "chat-phrases", role: "group", "aria-label": t("chat_phrases") }, PHRASES.map((key) => h("button", { type: "button", class: "phrase", "data-phrase": key, title: PICTURES[key] ? t("chat_pic_" + key) : null, "aria-label": PICTURES[key] ? t("chat_pic_" + key) : null, onclick: () => this.say({ phrase: key }) }, phraseEl(key))))
      : null;
    this.input.placeholder = t("chat_placeholder");
    const form = mayTalk
      ? h("form", { class: "chat-form", id: "chat-form", onsubmit: (e) => this.submit(e) }, this.input, h("button", { type: "submit", id: "chat-send" }, t("chat_send")))
      : h("p", { class: "chat-note" }, me ? t("chat_watchers_off") : t("chat_sign_in"));
    el.append(head, h("div", { class: "chat-body" }, list, mutedBox, phrases, form));
    list.scrollTop = list.scrollHeight;
    if (focused) this.input.focus({ preventScroll: true });
  }

  lineEl(ln, me) {
    const user = ln.user || { id: null, name: "?" };
    const mine = me && user.id === me.id;
    const words = ln.phrase ? phraseEl(ln.phrase) : ln.text;
    return h(
      "li",
      { class: "chat-line" + (ln.watcher ? " watcher" : "") + (ln.phrase ? " phrase" : "") + (mine ? " mine" : ""), "data-user": user.id },
      h("span", { class: "who" }, user.name),
      ln.watcher ? h("small", { class: "chat-badge" }, t("chat_watcher")) : null,
      h("span", { class: "said" }, words),
      mine || user.id === null ? null : h("button", { type: "button", class: "link mute", "data-mute": user.id, title: t("chat_mute"), "aria-label": `${t("chat_mute")}: ${user.name}`, onclick: () => this.toggleMute(user) }, icon("bell-off", { size: 14 })),
    );
  }
}
