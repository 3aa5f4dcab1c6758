// Friends and private messages (issue 30): the friends page (#/friends: add by name,
// requests both ways, who is online and at which table, blocked people, conversations
// with their unread counts), one conversation (#/msg/ID), and the table's "invite by
// name" box. HTTP for every change (docs/protocol.md §2 "Friends"); the socket's `pm`
// and `notice` redraw what is open. Messages are put in the page as text, never markup.

import { api } from "./net.js";
import { t, addStrings, errorText, getLang } from "./i18n.js";
import { h, clear, toast } from "./ui.js";
import { icon } from "./icons.js";
import { gameName } from "./registry.js";
import { onSocial, loadBlocked } from "./people.js";

addStrings({
  tr: {
    friends_title: "Arkadaşlar",
    your_friends: "Arkadaşlarınız",
    friends_guest: "Arkadaşlar, davetler ve mesajlar üye hesaplar içindir: misafir oturumundan çıkıp bir hesap açın, arkadaşlarınızı ekleyin.",
    friend_name: "Kullanıcı adı",
    add_friend: "İstek gönder",
    request_sent: "{name} kişisine istek gönderildi",
    friend_added: "{name} artık arkadaşınız",
    request_declined: "İstek reddedildi",
    incoming_requests: "Gelen istekler",
    outgoing_requests: "Gönderdiğiniz istekler",
    withdraw: "Geri al",
    no_friends: "Henüz arkadaşınız yok. Adıyla birini ekleyin.",
    online: "Çevrimiçi",
    offline: "Çevrimdışı",
    playing_at: "{game} oynuyor",
    waiting_at: "{game} masasında",
    watch: "Masaya bak",
    message: "Mesaj",
    remove_friend: "Arkadaşlıktan çıkar",
    block: "Engelle",
    unblock: "Engeli kaldır",
    blocked_people: "Engellenenler",
    blocked_done: "{name} engellendi: istekleri, davetleri, mesajları ve masa sohbeti size ulaşmaz",
    conversations: "Mesajlar",
    no_conversations: "Henüz mesaj yok.",
    unread_n: "{n} okunmamış",
    back_to_friends: "Arkadaşlar",
    message_placeholder: "Mesajınız",
    send: "Gönder",
    report: "Bildir",
    reported: "Mesaj bildirildi; yöneticiler inceleyecek",
    no_messages_yet: "Henüz mesaj yok. İlk mesajı siz yazın.",
    invite_by_name: "Adıyla davet et",
    invite_send: "Davet et",
    invite_sent: "{name} kişisine davet gönderildi",
  },
  en: {
    friends_title: "Friends",
    your_friends: "Your friends",
    friends_guest: "Friends, invitations and messages are for signed-up accounts: sign out of the guest session, sign up and add your friends.",
    friend_name: "Name",
    add_friend: "Send request",
    request_sent: "Request sent to {name}",
    friend_added: "{name} is now your friend",
    request_declined: "Request declined",
    incoming_requests: "Requests to you",
    outgoing_requests: "Your requests",
    withdraw: "Withdraw",
    no_friends: "No friends yet. Add someone by name.",
    online: "Online",
    offline: "Offline",
    playing_at: "playing {game}",
    waiting_at: "at a {game} table",
    watch: "See the table",
    message: "Message",
    remove_friend: "Remove friend",
    block: "Block",
    unblock: "Unblock",
    blocked_people: "Blocked",
    blocked_done: "{name} is blocked: their requests, invitations, messages and table talk do not reach you",
    conversations: "Messages",
    no_conversations: "No messages yet.",
    unread_n: "{n} unread",
    back_to_friends: "Friends",
    message_placeholder: "Your message",
    send: "Send",
    report: "Report",
    reported: "Message reported; the operators will look at it",
    no_messages_yet: "No messages yet. Write the first one.",
    invite_by_name: "Invite by name",
    invite_send: "Invite",
    invite_sent: "Invitation sent to {name}",
  },
});

/** Run an HTTP change; its error in a toast. The answer, or null. */
async function change(method, path, body, said) {
  try {
    const r = await api(method, path, body);
    if (said) toast(said(r), "info");
    return r;
  } catch (err) {
    toast(errorText(err), "error");
    return null;
  }
}

class SocialPage {
  constructor(app) {
    this.app = app;
    this.root = null;
    this.error = null;
    this.off = null;
  }

  mount(root) {
    this.root = root;
    document.body.dataset.view = this.kind;
    this.off = onSocial((kind, data) => this.onSocial(kind, data));
    this.render();
    this.load();
  }

  unmount() {
    if (this.off) this.off();
    this.root = null;
  }

  onOpen() {
    this.load();
  }

  onMessage() {}

  render() {
    if (!this.root) return;
    const user = this.app.user;
    const body = !user || user.guest ? h("section", { class: "panel", id: "friends-guest" }, h("p", {}, t("friends_guest"))) : this.error ? h("p", { class: "form-error", id: "page-error" }, errorText(this.error)) : this.body();
    clear(this.root).append(h("div", { class: "page social " + this.kind, id: this.kind }, body));
  }
}

// ---------------------------------------------------------------- the friends page
export class FriendsView extends SocialPage {
  constructor(app) {
    super(app);
    this.kind = "friends";
    this.data = null;
    this.inbox = null;
    // one input for the page: it is drawn again as friends come and go (what is typed stays)
    this.name = h("input", { type: "text", id: "friend-name", maxlength: 40, autocomplete: "off", required: true });
  }

  async load() {
    const user = this.app.user;
    if (!user || user.guest) return this.render();
    try {
      [this.data, this.inbox] = await Promise.all([api("GET", "/api/friends"), api("GET", "/api/conversations")]);
      this.error = null;
    } catch (err) {
      this.error = err;
    }
    this.render();
  }

  onSocial(kind) {
    if (kind === "notice" || kind === "pm" || kind === "friends") this.load();
  }

  async act(method, path, body, said) {
    if (await change(method, path, body, said)) {
      await loadBlocked();
      this.load();
    }
  }

  body() {
    if (!this.data) return h("p", { class: "hint" }, "…");
    const d = this.data;
    const name = this.name;
    name.placeholder = t("friend_name");
    name.setAttribute("aria-label", t("friend_name"));
    const add = h("form", { class: "row add-friend", id: "add-friend", onsubmit: (e) => {
      e.preventDefault();
      const who = name.value.trim();
      name.value = "";
      this.act("POST", "/api/friends", { name: who }, (r) => (r.accepted ? t("friend_added", { name: r.friend.name }) : t("request_sent", { name: r.friend.name })));
    } }, name, h("button", { type: "submit", class: "primary", id: "add-friend-send" }, icon("people"), " ", t("add_friend")));
    const person = (p, ...buttons) => h("li", { class: "person", "data-user": p.id }, h("a", { class: "who", href: `#/u/${encodeURIComponent(p.name)}` }, p.name), h("span", { class: "person-actions" }, ...buttons));
    const sections = [h("section", { class: "panel" }, h("h2", {}, t("friends_title")), add)];
    if (d.incoming.length) {
      sections.push(h("section", { class: "panel", id: "incoming" }, h("h3", {}, t("incoming_requests")), h("ul", { class: "people" }, d.incoming.map((p) => person(p,
        h("button", { type: "button", class: "primary", "data-accept": p.id, onclick: () => this.act("POST", `/api/friends/${p.id}/accept`, {}, () => t("friend_added", { name: p.name })) }, t("accept")),
        h("button", { type: "button", "data-decline": p.id, onclick: () => this.act("POST", `/api/friends/${p.id}/decline`, {}, () => t("request_declined")) }, t("decline")),
        h("button", { type: "button", class: "link", "data-block": p.id, onclick: () => this.act("POST", "/api/blocks", { name: p.name }, () => t("blocked_done", { name: p.name })) }, t("block")),
      )))));
    }
    sections.push(h("section", { class: "panel", id: "friend-list" }, h("h3", {}, t("your_friends")), h("ul", { class: "people" }, d.friends.length ? d.friends.map((f) => this.friendRow(f, person)) : h("li", { class: "hint" }, t("no_friends")))));
    sections.push(this.conversations());
    if (d.outgoing.length) {
      sections.push(h("section", { class: "panel", id: "outgoing" }, h("h3", {}, t("outgoing_requests")), h("ul", { class: "people" }, d.outgoing.map((p) => person(p, h("button", { type: "button", class: "link", onclick: () => this.act("DELETE", `/api/friends/${p.id}`) }, t("withdraw")))))));
    }
    if (d.blocked.length) {
      sections.push(h("section", { class: "panel", id: "blocked" }, h("h3", {}, t("blocked_people")), h("ul", { class: "people" }, d.blocked.map((p) => person(p, h("button", { type: "button", class: "link", "data-unblock": p.id, onclick: () => this.act("DELETE", `/api/blocks/${p.id}`) }, t("unblock")))))));
    }
    return sections;
  }

  friendRow(f, person) {
    const where = f.at ? h("a", { class: "where", href: `#/t/${encodeURIComponent(f.at.table)}`, title: t("watch") }, t(f.at.status === "playing" ? "playing_at" : "waiting_at", { game: gameName(f.at.game) })) : null;
    const row = person(
      f,
      h("a", { class: "button", href: `#/msg/${f.id}`, "data-message": f.id }, icon("chat", { size: 16 }), " ", t("message")),
      h("button", { type: "button", class: "link", "data-remove": f.id, onclick: () => this.act("DELETE", `/api/friends/${f.id}`) }, t("remove_friend")),
      h("button", { type: "button", class: "link", "data-block": f.id, onclick: () => this.act("POST", "/api/blocks", { name: f.name }, () => t("blocked_done", { name: f.name })) }, t("block")),
    );
    row.classList.add(f.online ? "online" : "offline");
    row.querySelector(".who").after(h("span", { class: "presence", "data-online": f.online ? "1" : "0" }, h("span", { class: "dot", "aria-hidden": "true" }), f.online ? t("online") : t("offline")), where || "");
    return row;
  }

  conversations() {
    const list = this.inbox ? this.inbox.conversations : [];
    return h(
      "section",
      { class: "panel", id: "conversations" },
      h("h3", {}, t("conversations")),
      list.length
        ? h("ul", { class: "people" }, list.map((c) => h("li", { class: "conversation" + (c.unread ? " unread" : ""), "data-user": c.with.id },
            h("a", { href: `#/msg/${c.with.id}` }, h("b", {}, c.with.name), " ", h("span", { class: "last" }, c.last.text)),
            c.unread ? h("span", { class: "unread-count", title: t("unread_n", { n: c.unread }) }, String(c.unread)) : null)))
        : h("p", { class: "hint" }, t("no_conversations")),
    );
  }
}

// ---------------------------------------------------------------- one conversation
export class ConversationView extends SocialPage {
  constructor(app, id) {
    super(app);
    this.kind = "conversation";
    this.other = Number(id);
    this.data = null;
    this.input = h("input", { type: "text", id: "message-input", maxlength: 500, autocomplete: "off", enterkeyhint: "send" });
  }

  async load() {
    const user = this.app.user;
    if (!user || user.guest) return this.render();
    try {
      this.data = await api("GET", `/api/conversations/${this.other}`); // marks them read
      this.error = null;
    } catch (err) {
      this.error = err;
    }
    this.render();
  }

  onSocial(kind, data) {
    if (kind === "pm" && (data.from === this.other || data.to === this.other)) this.load();
  }

  async send(e) {
    e.preventDefault();
    const text = this.input.value;
    if (!text.trim()) return;
    if (await change("POST", `/api/conversations/${this.other}`, { text })) {
      this.input.value = "";
      this.load();
    }
  }

  body() {
    if (!this.data) return h("p", { class: "hint" }, "…");
    const me = this.app.user;
    const them = this.data.with;
    const lines = this.data.messages.map((m) => {
      const mine = m.from === me.id;
      return h(
        "li",
        { class: "pm" + (mine ? " mine" : ""), "data-id": m.id },
        h("span", { class: "said" }, m.text),
        h("small", { class: "at" }, new Date(m.at).toLocaleTimeString(getLang() === "tr" ? "tr-TR" : "en-GB", { hour: "2-digit", minute: "2-digit" })),
        mine ? null : h("button", { type: "button", class: "link report", "data-report": m.id, onclick: () => change("POST", "/api/reports", { message: m.id }, () => t("reported")) }, t("report")),
      );
    });
    this.input.placeholder = t("message_placeholder");
    const list = h("ol", { class: "pms", id: "pms", "aria-live": "polite" }, lines.length ? lines : h("li", { class: "hint" }, t("no_messages_yet")));
    setTimeout(() => { list.scrollTop = list.scrollHeight; }, 0);
    return h(
      "section",
      { class: "panel conversation-panel" },
      h("div", { class: "conversation-head" }, h("a", { href: "#/friends", class: "back" }, icon("back", { size: 16 }), " ", t("back_to_friends")), h("h2", {}, them.name)),
      list,
      h("form", { class: "row message-form", id: "message-form", onsubmit: (e) => this.send(e) }, this.input, h("button", { type: "submit", class: "primary", id: "message-send" }, t("send"))),
    );
  }
}

// ---------------------------------------------------------------- from a table
/** The table's "invite by name" box, for a signed-up person at it. */
export function inviteByName(view) {
  const user = view.app.user;
  if (!user || user.guest || !view.info || view.info.status === "playing") return null;
  // one input for the view: the waiting screen is drawn again as people come and go
  if (!view.inviteInput) view.inviteInput = h("input", { type: "text", id: "invite-name", maxlength: 40, autocomplete: "off", required: true });
  const name = view.inviteInput;
  name.placeholder = t("friend_name");
  name.setAttribute("aria-label", t("invite_by_name"));
  return h(
    "form",
    { class: "row invite-name", id: "invite-name-form", onsubmit: async (e) => {
      e.preventDefault();
      const who = name.value.trim();
      if (await change("POST", "/api/invitations", { name: who, table: view.id }, (r) => t("invite_sent", { name: r.invited.name }))) name.value = "";
    } },
    h("label", { for: "invite-name" }, t("invite_by_name")),
    name,
    h("button", { type: "submit", id: "invite-name-send" }, t("invite_send")),
  );
}
