"""Everything the 101 Okey engine can refuse, in English and Turkish.

Codes are ``okey101.*``; rules are cited as docs/rules/okey_101.md numbers them
(``101-11``). The turn messages shared with Düz and KDV (whose turn it is, a tile not
held, the rack layout) are :mod:`kahvehane.games.okey.messages`' own.

>>> from kahvehane.errors import IllegalAction
>>> exc = IllegalAction(TAKE_UNUSED, "101-11", tile="K13")
>>> str(exc)
'the tile taken from the left (K13) must be put on the table before discarding (101-11)'
"""

from __future__ import annotations

from kahvehane.errors import Message

NO_GOSTERGE = Message(
    "okey101.no_gosterge", "101 Okey has no gösterge: showing the indicator is not a move",
    "101 Okey'de gösterge yoktur: gösterge göstermek bir hamle değil")
TAKE_UNUSED = Message(
    "okey101.take_unused",
    "the tile taken from the left ({tile}) must be put on the table before discarding",
    "soldan alınan taş ({tile}) atmadan önce yere işlenmeli")
TAKE_UNUSABLE = Message(
    "okey101.take_unusable",
    "seat {seat} cannot put {tile} on the table this turn, so it may not take it from the"
    " left",
    "{seat}. koltuk {tile} taşını bu el yere koyamaz, bu yüzden soldan alamaz")
TAKE_WOULD_STRAND = Message(
    "okey101.take_would_strand",
    "after this, the tile taken from the left ({tile}) could no longer be put on the"
    " table",
    "bundan sonra soldan alınan taş ({tile}) artık yere konamaz")
OPEN_WITHOUT_TAKE = Message(
    "okey101.open_without_take",
    "the opening must hold the tile taken from the left ({tile})",
    "açılış soldan alınan taşı ({tile}) içermeli")
RETURN_NOT_NOW = Message(
    "okey101.return_not_now",
    "a tile can be given back only as the very next action after taking it from the"
    " left",
    "soldan alınan taş ancak alındıktan hemen sonra geri bırakılabilir")
DRAW_PILE_AFTER_RETURN = Message(
    "okey101.draw_pile_after_return",
    "after giving the tile back, seat {seat} must draw from the pile",
    "taşı geri bıraktıktan sonra {seat}. koltuk ortadan çekmeli")
ALREADY_OPENED = Message(
    "okey101.already_opened", "seat {seat} has already opened this deal",
    "{seat}. koltuk bu elde zaten açtı")
NOT_OPENED = Message(
    "okey101.not_opened", "seat {seat} has not opened yet: open first",
    "{seat}. koltuk henüz açmadı: önce elini aç")
PLAIN_OKEY = Message(
    "okey101.plain_okey",
    "the okey {tile} inside a meld must say what it stands for, e.g. *{tile}",
    "per içindeki okey {tile} neyin yerine geçtiğini söylemeli, örneğin *{tile}")
INVALID_MELD = Message(
    "okey101.invalid_meld", "{meld} is not a valid run or group",
    "{meld} geçerli bir seri ya da per değil")
INVALID_PAIR = Message(
    "okey101.invalid_pair", "{meld} is not a valid pair",
    "{meld} geçerli bir çift değil")
NO_MELDS = Message("okey101.no_melds", "the action lays no meld", "hamlede per yok")
NOT_IN_HAND = Message(
    "okey101.not_in_hand", "seat {seat} does not hold the tiles {tiles}",
    "{seat}. koltukta şu taşlar yok: {tiles}")
BELOW_THRESHOLD = Message(
    "okey101.below_threshold",
    "the opening is worth {value}, below the {threshold} needed",
    "açılış {value} ediyor, gereken {threshold} altında")
TOO_FEW_PAIRS = Message(
    "okey101.too_few_pairs", "the opening has {count} pairs, below the {needed} needed",
    "açılışta {count} çift var, gereken {needed} altında")
EMPTIES_HAND = Message(
    "okey101.empties_hand",
    "this would leave seat {seat} with no tile: the last tile leaves by finishing",
    "bu {seat}. koltuğun elinde taş bırakmaz: son taş bitirerek atılır")
PAIRS_OPENER_NO_LAY = Message(
    "okey101.pairs_opener_no_lay", "a pairs opener never lays runs or groups",
    "çift açan seri ya da per açamaz")
NO_PAIRS_OPENER = Message(
    "okey101.no_pairs_opener",
    "a melds opener may lay pairs only once someone has opened with pairs",
    "seri açan, biri çift açmadıkça çift işleyemez")
NO_SUCH_MELD = Message(
    "okey101.no_such_meld", "there is no meld {meld} on the table ({count} laid)",
    "yerde {meld} numaralı per yok ({count} per açıldı)")
PAIR_NO_LAYOFF = Message(
    "okey101.pair_no_layoff", "a pair on the table never takes a single tile",
    "yerdeki çifte tek taş işlenmez")
DOES_NOT_FIT = Message(
    "okey101.does_not_fit", "{tile} does not extend meld {meld}",
    "{tile} {meld} numaralı pere işlenmez")
LAYOFF_LIMIT = Message(
    "okey101.layoff_limit",
    "a pairs opener may lay off or swap at most {limit} tiles a turn",
    "çift açan bir elde en fazla {limit} taş işleyebilir")
END_LIMIT = Message(
    "okey101.end_limit",
    "at most {limit} tiles may be added to one end of a run in one turn",
    "bir elde bir serinin bir ucuna en fazla {limit} taş eklenebilir")
NO_OKEY_FOR = Message(
    "okey101.no_okey_for", "meld {meld} has no okey standing for {tile}",
    "{meld} numaralı perde {tile} yerine geçen okey yok")
SWAP_WITH_OKEY = Message(
    "okey101.swap_with_okey", "an okey is swapped with a natural tile, not with an okey",
    "okey, okeyle değil asıl taşla alınır")
MUST_FINISH = Message(
    "okey101.must_finish",
    "after opening below the threshold the only move is to finish with the last tile",
    "barajın altında açtıktan sonra tek hamle son taşla bitmektir")
CANNOT_FINISH = Message(
    "okey101.cannot_finish",
    "a finish needs an opened player holding exactly one tile, not {count}",
    "bitmek için elini açmış ve elinde tam bir taş kalmış olmak gerekir, {count} değil")
LAST_TILE_FINISHES = Message(
    "okey101.last_tile_finishes",
    "the last tile is not discarded: it finishes the deal",
    "son taş atılmaz: el onunla biter")
BAD_MELDS = Message(
    "okey101.bad_melds", "{key} must be a list of lists of tiles",
    "{key} taş listelerinden oluşan bir liste olmalı")
STAR_JOKER = Message(
    "okey101.star_joker", "*J is not a tile: a star names the natural tile an okey stands"
    " for", "*J bir taş değil: yıldız okeyin yerine geçtiği asıl taşı gösterir")
BAD_MELD_INDEX = Message(
    "okey101.bad_meld_index", "'meld' must be a table index (an integer ≥ 0), not {value}",
    "'meld' bir masa sırası (0 ya da üstü bir tam sayı) olmalı, {value} değil")
