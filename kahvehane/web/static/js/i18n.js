// Turkish (the default) and English. t("key", {name: ...}) fills {name} placeholders.
// The page's own words are here; a game's module may add its own (addStrings). What the
// server says comes as message codes with params (a refusal's `i18n`), shown from the
// catalogue of GET /api/messages (setCatalogue) in the page's language; the registry's
// {en, tr} texts (game names, option labels) are read with localized().

const STRINGS = {
  tr: {
    app_name: "kahvehane",
    tagline: "Okey, Koz Maça, Balayı Kingi ve Casino masaları",
    lang_switch: "EN",
    my_profile: "Profilim",
    leaderboard_title: "Sıralama",
    lang_switch_title: "Switch to English",
    connecting: "Bağlanıyor…",
    reconnecting: "Bağlantı koptu, yeniden bağlanılıyor…",
    lobby: "Salon",
    tables: "Masalar",
    no_tables: "Henüz açık masa yok. İlk masayı siz açın!",
    create_table: "Masa aç",
    game: "Oyun",
    options: "Seçenekler",
    entry: "Giriş (çip)",
    clock: "Hamle süresi (sn)",
    sit_down_myself: "Masaya otur",
    create: "Aç",
    option_none: "yok",
    sit: "Otur",
    watch: "İzle",
    open_table: "Masaya git",
    empty_seat: "Boş",
    bot: "Bot",
    away: "uzakta",
    spectators: "{n} izleyici",
    kasa: "Kasa",
    status_waiting: "Bekliyor",
    status_countdown: "Başlıyor",
    status_playing: "Oynanıyor",
    sign_in: "Giriş yap",
    sign_up: "Kayıt ol",
    sign_out: "Çıkış",
    change_password: "Şifreyi değiştir",
    old_password: "Şu anki şifre",
    new_password: "Yeni şifre",
    password_changed: "Şifre değişti; diğer oturumlarınız kapatıldı.",
    guest: "Misafir olarak gir",
    guest_name: "Takma ad (isteğe bağlı)",
    name: "Ad",
    password: "Şifre",
    chips: "{n} çip",
    guest_badge: "misafir",
    signin_needed: "Oynamak için giriş yapın ya da misafir olarak girin. İzlemek için gerekmez.",
    back_to_lobby: "Salona dön",
    leave_seat: "Kalk",
    start: "Başlat",
    cancel: "Durdur",
    starts_in: "Oyun başlıyor",
    quick_waiting: "Masaya başka oyuncular bekleniyor",
    quick_waiting_hint: "Süre bitince boş koltuklara botlar oturur.",
    quick_skip: "Beklemeden başla",
    salon_count: "Şu an salonda {online} kişi var, {playing} kişi oyunda.",
    waiting_for_start: "Masa yöneticisinin Başlat'a basması bekleniyor.",
    you_are_manager: "Masa yöneticisi sizsiniz: koltuklar dolmasa da başlatabilirsiniz, boş koltuklara bot oturur.",
    manager: "Yönetici",
    your_turn: "Sıra sizde",
    sound_on: "Ses açık: sıra size gelince çalar (kapatmak için tıklayın)",
    sound_off: "Ses kapalı (açmak için tıklayın)",
    turn_of: "Sıra: {name}",
    watching: "İzliyorsunuz",
    yazboz: "Yazboz",
    deal_n: "{n}. el",
    total: "Toplam",
    void_deal: "bozuldu",
    final_result: "Maç bitti",
    show_result: "Sonucu göster",
    entry_paid: "Giriş ödendi: {n} çip",
    winner: "Kazanan: {name}",
    draw_result: "Berabere",
    ranking_points: "Sıralama puanı",
    chips_net: "Çip",
    new_match: "Yeni maç başlat",
    close: "Kapat",
    download_record: "Kaydı indir",
    lower_is_better: "az olan kazanır",
    series_title: "Seri ({n} maç): kazanılan maçlar",
    clock_left: "{s} sn",
    bot_thinking: "bot oynuyor",
    you_are_away: "Süreniz doldu: siz dönene kadar yerinize bot oynuyor.",
    come_back: "Geri dön",
    illegal: "Bu hamle olmaz",
    error: "Hata",
    deal_over: "El bitti",
    keys_help: "Klavye",
    keys_cards: "← → kart seç · Enter oyna · Y yazboz · ? yardım",
    keys_okey: "← → taş seç · Shift+← → taşı kaydır · Shift+↑ ↓ sıra değiştir · Enter at · F bitir · P desteden çek · L soldan al · S seri diz · C çift diz · G gösterge",
    help_title: "Klavye ile oynama",
    players_n: "{n} oyuncu",
    seat_n: "{n}. koltuk",
    you: "siz",
    // errors
    err_auth_required: "Önce giriş yapın (ya da misafir olarak girin).",
    err_bad_credentials: "Ad ya da şifre yanlış.",
    err_name_taken: "Bu ad alınmış.",
    err_bad_name: "Ad 2–24 karakter olmalı (harf, rakam, boşluk, _ . -).",
    err_bad_password: "Şifre en az 8 karakter olmalı.",
    err_insufficient_chips: "Bu masanın girişi için çipiniz yetmiyor.",
    err_seat_taken: "Bu koltuk dolu.",
    err_table_busy: "Masada oyun var ya da geri sayım sürüyor.",
    err_not_found: "Masa bulunamadı (kapanmış olabilir).",
    err_forbidden: "Bunu yalnız masa yöneticisi yapabilir.",
    err_bad_options: "Seçenekler geçersiz.",
    err_rate_limited: "Çok hızlı: biraz bekleyin.",
    err_disconnected: "Bağlantı yok.",
    err_timeout: "Sunucu yanıt vermedi; yeniden bağlanılıyor.",
    // tiles and cards in words (ui.js: tooltips and screen-reader labels)
    tile_R: "kırmızı", tile_Y: "sarı", tile_B: "mavi", tile_K: "siyah", tile_J: "sahte okey", tile_okey: "okey",
    tile_back: "kapalı taş", card_back: "kapalı kart",
    suit_S: "maça", suit_H: "kupa", suit_D: "karo", suit_C: "sinek",
    rank_A: "as", rank_K: "papaz", rank_Q: "kız", rank_J: "vale",
    card_words: "{suit} {rank}",
    err_not_seated: "Bu masada koltuğunuz yok.",
    no_games: "Oyun listesi alınamadı: sayfayı yenileyin.",
    no_game_module: "{game} bu sayfada gösterilemiyor (oyunun sayfa modülü yüklenemedi).",
    yes: "evet",
    no: "hayır",
    // okey
    pile: "Deste",
    pile_left: "{n} taş",
    indicator: "Gösterge",
    okey_is: "Okey",
    draw_pile: "Desteden çek",
    draw_left: "Soldan al",
    discard: "At",
    finish: "Bitir",
    finish_hint: "Bitirmek için taşı göstergenin üzerine bırakın",
    discard_here: "Atmak için buraya bırakın",
    show_indicator: "Gösterge yap",
    seri_diz: "Seri diz",
    cift_diz: "Çift diz",
    ceza: "Ceza",
    ceza_none: "—",
    ceza_live: "şu an",
    ceza_live_hint: "Henüz taş atmadınız: el şimdi biterse yazılacak ceza, dizdikçe değişir",
    ceza_frozen: "son atışta",
    ceza_frozen_hint: "Son attığınız taşta dondu: bir sonraki atışınıza kadar dizmek değiştirmez",
    rack: "Istaka",
    okey_draw_hint: "Desteden ya da soldan taş çekin",
    okey_discard_hint: "Bir taş atın (sürükleyin ya da seçip Enter) veya göstergeye bırakıp bitirin",
    finished_with: "{name} bitirdi",
    multiplier: "×{m}",
    finisher_rack: "Bitiren el",
    okey_tile: "okey",
    partner: "Eş",
    // trick games
    bid: "İhale",
    bids: "İhaleler",
    your_bid: "Kaç el alırsınız?",
    tricks_won: "Aldığı",
    trick_taken_by: "Eli {name} aldı",
    spades_broken: "Koz kırıldı",
    kasa_claim: "Kasa hakkı: {name}",
    extra_deal: "Ek el",
    hand: "El",
    contract: "Koz",
    choose_contract: "Kozu seçin",
    contract_C: "Sinek",
    contract_D: "Karo",
    contract_H: "Kupa",
    contract_S: "Maça",
    contract_NT: "Kozsuz",
    weight: "ağırlık {w}",
    locked_hand: "Kilitli el: ilk eli alınca açılır",
    used: "kullanıldı",
    waiting_contract: "{name} kozu seçiyor",
    first_lead: "İlk kart: {name}",
    log_played: "{name} {card} attı",
    // casino
    loose: "Yerdeki kartlar",
    builds: "Yapılar",
    build_of: "{v} yapısı",
    owner: "sahibi {name}",
    single: "tek",
    multiple: "çoklu",
    stock: "Destede {n}",
    round_n: "Tur {r}/{n}",
    last_round: "son tur",
    captured: "Aldığı kart",
    sweeps: "Pişti",
    choose_move: "{card} ile ne yapacaksınız?",
    capture: "Al",
    build: "Yap",
    trail: "Yere bırak",
    compose: "Kendim seçeyim",
    compose_hint: "Yerdeki kart ve yapılara tıklayıp grup oluşturun; her grup bir toplam.",
    new_set: "Yeni grup",
    add_played: "Oynanan kartı gruba kat",
    clear: "Temizle",
    value: "Değer",
    set_n: "Grup {n}",
    pick_card: "Elinizden bir kart seçin",
    you_own: "Sahibi olduğunuz yapılar: {v}",
    last_capturer: "Son alan: {name}",
    // short reminders shown with the server's explanation of a refused move (by rule id)
    "rule_KM-3": "Sıra sizde değil.",
    "rule_KM-5": "Bu kart elinizde yok.",
    "rule_KM-6": "İhale: herkes sırayla bir kez 1–13 arası söyler; kartlar dört ihale bitince oynanır.",
    "rule_KM-7": "Sıra sizde değil.",
    "rule_KM-8": "Maça kırılmadan maçayla başlanmaz (elinizde yalnız maça yoksa).",
    "rule_KM-9": "Yerdeki rengi takip edin; elinizde varsa yerdekinden yükseğini atın.",
    "rule_KM-10": "Yerdeki renk yoksa koz (maça) atılır; yerde koz varsa ve daha yükseği elinizdeyse onu.",
    "rule_BK-4": "Kozu sırası gelen oyuncu seçer; her koz bir maçta bir kez söylenir.",
    "rule_BK-6": "Yalnız açık yer kartlarınız ve (ilk eli aldıktan sonra) elinizdeki kartlar oynanır.",
    "rule_BK-8": "Sıra sizde değil.",
    "rule_BK-9": "Açılan renkten varsa o atılır; yoksa koz; koz açıldıysa daha yüksek koz.",
    "rule_BK-10": "Sıra sizde değil.",
    "rule 9": "Sıra sizde değil.",
    "rule 10": "Önce taş çekin (desteden ya da soldan), sonra bir taş atın.",
    "rule 14": "Gösterge yalnız ilk elinizde, taş çekmeden yapılır.",
    "rule 16": "Bu taşla bitilmez: kalan 14 taş per ya da 7 çift olmalı.",
    "rule 29": "Dizilim elinizdeki taşların tamamını içermeli.",
    "rule_C-16": "Sıra sizde değil.",
    "rule_C-18": "Resimli kart yalnız aynı resimden bir kartı alır.",
    "rule_C-19": "Her grup oynanan kartın değerini tutmalı (ya da o değerde bir yapı olmalı).",
    "rule_B-1": "Yapının değerini alacak bir kart elinizde kalmalı.",
    "rule_O-1": "Yapınız varken kart bırakamazsınız: alın, yapın ya da yapıya ekleyin.",
    "rule_O-2": "Sahibi olduğunuz her yapıyı alacak bir kart elinizde kalmalı.",
  },
  en: {
    app_name: "kahvehane",
    tagline: "Okey, Koz Maça, Balayı Kingi and Casino tables",
    lang_switch: "TR",
    my_profile: "My profile",
    leaderboard_title: "Leaderboard",
    lang_switch_title: "Türkçe'ye geç",
    connecting: "Connecting…",
    reconnecting: "Connection lost, reconnecting…",
    lobby: "Salon",
    tables: "Tables",
    no_tables: "No open tables yet. Open the first one!",
    create_table: "Open a table",
    game: "Game",
    options: "Options",
    entry: "Entry (chips)",
    clock: "Move clock (s)",
    sit_down_myself: "Take a seat",
    create: "Open",
    option_none: "none",
    sit: "Sit",
    watch: "Watch",
    open_table: "Go to table",
    empty_seat: "Empty",
    bot: "Bot",
    away: "away",
    spectators: "{n} watching",
    kasa: "Kasa",
    status_waiting: "Waiting",
    status_countdown: "Starting",
    status_playing: "Playing",
    sign_in: "Sign in",
    sign_up: "Sign up",
    sign_out: "Sign out",
    change_password: "Change password",
    old_password: "Current password",
    new_password: "New password",
    password_changed: "Password changed; your other sessions were signed out.",
    guest: "Play as a guest",
    guest_name: "Nickname (optional)",
    name: "Name",
    password: "Password",
    chips: "{n} chips",
    guest_badge: "guest",
    signin_needed: "Sign in or play as a guest to take a seat. Watching needs neither.",
    back_to_lobby: "Back to the salon",
    leave_seat: "Stand up",
    start: "Start",
    cancel: "Stop",
    starts_in: "The match starts in",
    quick_waiting: "Waiting for other players to join",
    quick_waiting_hint: "When the time is up, bots take the empty seats.",
    quick_skip: "Start without waiting",
    salon_count: "{online} people in the salon now, {playing} of them playing.",
    salon_count_one: "1 person in the salon now, {playing} playing.",
    waiting_for_start: "Waiting for the table manager to press Start.",
    you_are_manager: "You manage this table: you may start with empty seats; bots take them.",
    manager: "Manager",
    your_turn: "Your turn",
    sound_on: "Sound on: it plays when it is your turn (click to turn it off)",
    sound_off: "Sound off (click to turn it on)",
    turn_of: "Turn: {name}",
    watching: "Watching",
    yazboz: "Score table",
    deal_n: "Deal {n}",
    total: "Total",
    void_deal: "void",
    final_result: "Match over",
    show_result: "Show the result",
    entry_paid: "Entry paid: {n} chips",
    winner: "Winner: {name}",
    draw_result: "A draw",
    ranking_points: "Ranking points",
    chips_net: "Chips",
    new_match: "Start a new match",
    close: "Close",
    download_record: "Download the record",
    lower_is_better: "lowest wins",
    series_title: "Series ({n} matches): matches won",
    clock_left: "{s} s",
    bot_thinking: "bot playing",
    you_are_away: "Your clock ran out: a bot plays for you until you are back.",
    come_back: "I'm back",
    illegal: "Not allowed",
    error: "Error",
    deal_over: "Deal over",
    keys_help: "Keys",
    keys_cards: "← → choose a card · Enter play · Y score table · ? help",
    keys_okey: "← → choose a tile · Shift+← → move it · Shift+↑ ↓ other row · Enter discard · F finish · P draw from pile · L take from left · S runs · C pairs · G show indicator",
    help_title: "Playing with the keyboard",
    players_n: "{n} players",
    seat_n: "seat {n}",
    you: "you",
    err_auth_required: "Sign in (or play as a guest) first.",
    err_bad_credentials: "Wrong name or password.",
    err_name_taken: "That name is taken.",
    err_bad_name: "Names are 2–24 characters (letters, digits, space, _ . -).",
    err_bad_password: "Passwords are at least 8 characters.",
    err_insufficient_chips: "You do not have enough chips for this table's entry.",
    err_seat_taken: "That seat is taken.",
    err_table_busy: "A match or a countdown is running.",
    err_not_found: "No such table (it may have closed).",
    err_forbidden: "Only the table manager can do that.",
    err_bad_options: "Those options are not valid.",
    err_rate_limited: "Too fast: wait a moment.",
    err_disconnected: "Not connected.",
    err_timeout: "The server did not answer; reconnecting.",
    // tiles and cards in words (ui.js: tooltips and screen-reader labels)
    tile_R: "red", tile_Y: "yellow", tile_B: "blue", tile_K: "black", tile_J: "the false okey", tile_okey: "the okey",
    tile_back: "face-down tile", card_back: "face-down card",
    suit_S: "spades", suit_H: "hearts", suit_D: "diamonds", suit_C: "clubs",
    rank_A: "ace", rank_K: "king", rank_Q: "queen", rank_J: "jack",
    card_words: "{rank} of {suit}",
    err_not_seated: "You have no seat at this table.",
    no_games: "The list of games could not be fetched: reload the page.",
    no_game_module: "{game} cannot be shown on this page (the game's page module did not load).",
    yes: "yes",
    no: "no",
    pile: "Pile",
    pile_left: "{n} tiles",
    indicator: "Indicator",
    okey_is: "Okey",
    draw_pile: "Draw from pile",
    draw_left: "Take from left",
    discard: "Discard",
    finish: "Finish",
    finish_hint: "Drop a tile on the indicator to finish",
    discard_here: "Drop here to discard",
    show_indicator: "Show indicator",
    seri_diz: "Arrange runs",
    cift_diz: "Arrange pairs",
    ceza: "Penalty",
    ceza_none: "—",
    ceza_live: "live",
    ceza_live_hint: "You have not discarded yet: what you would be charged if the deal ended now; it follows your layout",
    ceza_frozen: "frozen",
    ceza_frozen_hint: "Frozen at your last discard: arranging does not change it until your next discard",
    rack: "Rack",
    okey_draw_hint: "Draw from the pile or take from the left",
    okey_discard_hint: "Discard a tile (drag it, or choose it and press Enter), or drop it on the indicator to finish",
    finished_with: "{name} finished",
    multiplier: "×{m}",
    finisher_rack: "Winning rack",
    okey_tile: "okey",
    partner: "Partner",
    bid: "Bid",
    bids: "Bids",
    your_bid: "How many tricks will you take?",
    tricks_won: "Tricks",
    trick_taken_by: "{name} took the trick",
    spades_broken: "Spades broken",
    kasa_claim: "Kasa claim: {name}",
    extra_deal: "Extra deal",
    hand: "Hand",
    contract: "Contract",
    choose_contract: "Choose the contract",
    contract_C: "Clubs",
    contract_D: "Diamonds",
    contract_H: "Hearts",
    contract_S: "Spades",
    contract_NT: "No trumps",
    weight: "weight {w}",
    locked_hand: "Locked hand: opens when you win a trick",
    used: "used",
    waiting_contract: "{name} is choosing the contract",
    first_lead: "First lead: {name}",
    log_played: "{name} played {card}",
    loose: "Loose cards",
    builds: "Builds",
    build_of: "build of {v}",
    owner: "owner {name}",
    single: "single",
    multiple: "multiple",
    stock: "{n} in stock",
    round_n: "Round {r}/{n}",
    last_round: "last round",
    captured: "Cards taken",
    sweeps: "Sweeps",
    choose_move: "What will you do with {card}?",
    capture: "Capture",
    build: "Build",
    trail: "Trail",
    compose: "Choose myself",
    compose_hint: "Click loose cards and builds to form groups; each group is one sum.",
    new_set: "New group",
    add_played: "Put the played card in this group",
    clear: "Clear",
    value: "Value",
    set_n: "Group {n}",
    pick_card: "Choose a card from your hand",
    you_own: "Builds you own: {v}",
    last_capturer: "Last capture: {name}",
    "rule_KM-3": "It is not your turn.",
    "rule_KM-5": "That card is not in your hand.",
    "rule_KM-6": "Bidding: each player bids 1–13 once, in turn; cards are played after all four bids.",
    "rule_KM-7": "It is not your turn.",
    "rule_KM-8": "Spades cannot be led before they are broken (unless you hold only spades).",
    "rule_KM-9": "Follow the suit led and beat the highest card of it if you can.",
    "rule_KM-10": "Void in the suit led: play a spade, and over-trump if you can.",
    "rule_BK-4": "The chooser names the contract; each contract once per match.",
    "rule_BK-6": "Only your face-up pile cards, and your hand once unlocked, can be played.",
    "rule_BK-8": "It is not your turn.",
    "rule_BK-9": "Follow suit if you can; else trump; over a trump lead, a higher trump.",
    "rule_BK-10": "It is not your turn.",
    "rule 9": "It is not your turn.",
    "rule 10": "Draw first (from the pile or the left), then discard.",
    "rule 14": "The indicator is shown only on your first turn, before drawing.",
    "rule 16": "You cannot finish with that tile: the other 14 must be sets or 7 pairs.",
    "rule 29": "An arrangement holds exactly the tiles you hold.",
    "rule_C-16": "It is not your turn.",
    "rule_C-18": "A court card takes only one loose card of its rank.",
    "rule_C-19": "Each group must add up to the played card's value (or be a build of it).",
    "rule_B-1": "Keep a card in hand that captures the build's value.",
    "rule_O-1": "You own a build: you cannot trail; capture, build or add.",
    "rule_O-2": "Keep a card for every build you own.",
  },
};

// the browser's storage (absent when the module is loaded by node's test runner)
const store = globalThis.localStorage || null;
let lang = (store && store.getItem("kahvehane.lang")) || "tr";
if (!STRINGS[lang]) lang = "tr";

export function getLang() {
  return lang;
}

export function setLang(next) {
  lang = STRINGS[next] ? next : "tr";
  if (store) store.setItem("kahvehane.lang", lang);
  if (globalThis.document) document.documentElement.lang = lang;
}

export function t(key, params) {
  let s = STRINGS[lang][key];
  if (s === undefined) s = STRINGS.tr[key];
  if (s === undefined) return key;
  if (params) {
    for (const [k, v] of Object.entries(params)) s = s.replaceAll(`{${k}}`, String(v));
  }
  return s;
}

/** Every page string of one language (the game modules' own words included): what the
 * tests check the other language's screens against. */
export function allStrings(language) {
  return { ...(STRINGS[language] || {}) };
}

/** A translated string if the key exists, else null. */
export function tMaybe(key, params) {
  return STRINGS[lang][key] !== undefined ? t(key, params) : null;
}

/** More strings, {tr: {...}, en: {...}}: a game's module brings its own words. */
export function addStrings(table) {
  for (const [code, words] of Object.entries(table)) {
    if (STRINGS[code]) Object.assign(STRINGS[code], words);
  }
}

/** The page's language's text of a registry {en, tr} object (game names, labels). */
export function localized(text) {
  if (text === null || text === undefined) return null;
  if (typeof text === "string") return text;
  return text[lang] ?? text.tr ?? text.en ?? null;
}

// ---------------------------------------------------------------- the server's messages
let catalogue = {}; // code -> {en, tr}, from GET /api/messages

export function setCatalogue(messages) {
  catalogue = messages || {};
}

/** ["3", "5", "7"] as "3, 5 ya da 7" (Turkish) or "3, 5 or 7" — a list param reads as
 * alternatives, as the server's own English text does. */
export function alternatives(items, language = lang) {
  const words = items.map(word);
  if (words.length < 2) return words.join("");
  return words.slice(0, -1).join(", ") + (language === "tr" ? " ya da " : " or ") + words[words.length - 1];
}

/** A param value as Python's str() writes it (the server fills its English text so). */
function word(v) {
  if (v === true) return "True";
  if (v === false) return "False";
  if (v === null || v === undefined) return "None";
  return String(v);
}

/** A Python format template ("it is seat {turn}'s turn") filled with params; `{{` and
 * `}}` are braces, `{x!r}` quotes a string, a format spec after `:` is not applied. */
export function fillTemplate(template, params, language = lang) {
  return template.replace(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(![rsa])?(?::[^{}]*)?\}/g, (all, name, conv) => {
    if (all === "{{") return "{";
    if (all === "}}") return "}";
    if (!params || !(name in params)) return all;
    const v = params[name];
    if (Array.isArray(v)) return alternatives(v, language);
    if (conv === "!r" && typeof v === "string") return `'${v}'`;
    return word(v);
  });
}

/** The server's coded message ({code, params}) in the page's language, or null when the
 * catalogue does not know the code (then the English `message` stands). */
export function renderMessage(i18n, language = lang) {
  if (!i18n || !i18n.code) return null;
  const entry = catalogue[i18n.code];
  if (!entry) return null;
  const template = entry[language] ?? entry.en;
  return typeof template === "string" ? fillTemplate(template, i18n.params || {}, language) : null;
}

/** A tile in words ("mavi 13", "sahte okey") from its code ("B13", "J"), or null when
 * `code` is no tile's code. */
export function tileWordsOf(code, language = lang) {
  const words = STRINGS[language] || STRINGS.tr;
  if (code === "J") return words.tile_J;
  const m = /^([RYBK])(1[0-3]|[1-9])$/.exec(code);
  return m ? `${words["tile_" + m[1]]} ${m[2]}` : null;
}

/** A card in words ("kupa 10", "maça papaz") from its code ("10H", "KS"), or null. */
export function cardWordsOf(code, language = lang) {
  const words = STRINGS[language] || STRINGS.tr;
  const m = /^(10|[2-9AKQJ])([SHDC])$/.exec(code);
  if (!m) return null;
  const rank = /^[AKQJ]$/.test(m[1]) ? words["rank_" + m[1]] : m[1];
  return words.card_words.replace("{suit}", words["suit_" + m[2]]).replace("{rank}", rank);
}

/** The params a player reads (docs/web.md "Plain words"): tiles and cards by their
 * words, seats counted from 1 as the table shows them ("Koltuk 1"). The engines name
 * tiles and cards by code and seats from 0 (their records and logs keep doing so). */
function playerParams(params, language) {
  const out = {};
  for (const [key, v] of Object.entries(params || {})) {
    const words = (x) => (typeof x !== "string" ? x : /^(tile|tiles)$/.test(key) ? tileWordsOf(x, language) ?? x : /^(card|cards|played)$/.test(key) ? cardWordsOf(x, language) ?? x : x);
    if ((key === "seat" || key === "turn") && Number.isInteger(v)) out[key] = v + 1;
    else out[key] = Array.isArray(v) ? v.map(words) : words(v);
  }
  return out;
}

/** What the server said of a refusal, in the page's language and in a player's words:
 * its coded message with tiles, cards and seats worded (else the English text). The rule
 * it cites stays off the screen (no "kural 16": the table's reminder of the rule says it
 * in words, table/socket.js illegalText); `renderMessage` keeps the engine's own text. */
export function refusalText(err, language = lang) {
  const i18n = err && err.i18n;
  const said = i18n ? renderMessage({ code: i18n.code, params: playerParams(i18n.params, language) }, language) : null;
  return said ?? (err && err.message) ?? "";
}

/** An error answer (WebSocket `error` or HTTP `{"error": ...}`) for a person: our short
 * line for its protocol code, with what the server said in the page's language. */
export function errorText(err) {
  if (!err) return t("error");
  const code = err.code;
  const known = code ? tMaybe("err_" + code) : null;
  const said = code === "disconnected" || code === "timeout" ? "" : refusalText(err);
  if (known && said && said !== known) return `${known} (${said})`;
  return known || said || code || t("error");
}
