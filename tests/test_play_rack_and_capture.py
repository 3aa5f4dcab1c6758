"""``kahvehane play`` (issue 17): the Okey player picks the copy a discard takes and sees
the gap it leaves; the Casino player takes what the rules allow, not only the maximal
captures; the narration speaks to "you" and of the others properly, in both languages."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from kahvehane.cards import parse_card
from kahvehane.cli import main
from kahvehane.games.casino.actions import CaptureAction
from kahvehane.games.okey.actions import Arrange, Discard
from kahvehane.games.okey.fixed import fixed_setup
from kahvehane.match import Match
from kahvehane.narration import Voice
from kahvehane.play import human_turn, menu, rack_line
from kahvehane.tiles import parse_tile, parse_tiles

LONE_AND_RUN = [["R5"], ["R4", "R5", "R6"], ["K7", "K8", "K9"], ["Y10", "Y11", "Y12"],
                ["B1", "B2", "B3"], ["K1"], ["Y13"]]


def _okey_match() -> tuple[Match, Any]:
    m = Match("kdv_okey", {"deals": 3}, seed=None)
    d = m.deal(fixed_setup(starter=0, indicator="R2",
                           hands={0: [t for b in LONE_AND_RUN for t in b]}))
    m.apply(Arrange(0, tuple(tuple(parse_tiles(b)) for b in LONE_AND_RUN)))
    return m, d


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=200, highlight=False, color_system=None), out


def test_each_copy_of_a_tile_that_matters_is_its_own_move_with_its_ceza() -> None:
    _, d = _okey_match()
    moves = menu(d, 0, Voice(["you", "a", "b", "c"], 0, "en"))
    r5 = [(a, text.plain) for a, text in moves
          if isinstance(a, Discard) and a.tile == parse_tile("R5")]
    assert r5 == [
        (Discard(0, parse_tile("R5"), at=(0, 0)), "discard [R5] from block 1 ([R5])  Ceza then 28"),
        (Discard(0, parse_tile("R5"), at=(1, 1)),
         "discard [R5] from block 2 ([R4][R5][R6])  Ceza then 58"),
    ]
    # a tile held once is one move, with no slot named
    k1 = [a for a, _ in moves if isinstance(a, Discard) and a.tile == parse_tile("K1")]
    assert k1 == [Discard(0, parse_tile("K1"))]
    tr = menu(d, 0, Voice(["sen", "a", "b", "c"], 0, "tr"))
    assert "2. bloktan [R5] at ([R4][R5][R6])  sonra Ceza 58" in [t.plain for _, t in tr]


def test_two_copies_that_leave_the_same_rack_are_one_move() -> None:
    m = Match("duz_okey", {"deals": 3}, seed=None)
    d = m.deal(fixed_setup(starter=0, hands={0: ["B9", "B9"]}))  # unarranged: two singles
    moves = menu(d, 0, Voice(["you", "a", "b", "c"], 0, "en"))
    b9 = [a for a, _ in moves if isinstance(a, Discard) and a.tile == parse_tile("B9")]
    assert b9 == [Discard(0, parse_tile("B9"))]


def test_the_player_picks_the_lone_copy_and_sees_the_gap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    m, d = _okey_match()
    console, out = _console()
    moves = menu(d, 0, Voice(["you", "a", "b", "c"], 0, "en"))
    number = 1 + next(i for i, (a, _) in enumerate(moves)
                      if isinstance(a, Discard) and a.at == (0, 0))
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{number}\n"))
    human_turn(m, d, 0, console, Voice(["you", "a", "b", "c"], 0, "en"))
    text = out.getvalue()
    assert "your rack: 1:[R5]  2:[R4][R5][R6]  3:[K7][K8][K9]" in text
    assert "your Ceza 38 (live)" in text  # 2 × (R5 + K1 + Y13) before the first discard
    assert "you discard [R5]" in text
    assert d.view(0)["ceza"] == 28 and d.view(0)["ceza_live"] is False
    assert [b for b in d.view(0)["rack"] if "R5" in b] == [["R4", "R5", "R6"]]


def test_a_gap_left_in_a_block_shows_as_two_blocks() -> None:
    assert rack_line([["R4", "R6"], ["K1"]]).plain == "1:[R4][R6]  2:[K1]"
    _, d = _okey_match()
    d.apply(Discard(0, parse_tile("K8"), at=(2, 1)))
    assert "3:[K7]  4:[K9]" in rack_line(d.view(0)["rack"]).plain


# ------------------------------------------------------------------ Casino


def _casino_with_three_sixes() -> tuple[Match, Any, int]:
    """A 2-player Casino deal whose table is 6S 6D 6C 2H and whose first player holds
    6H (the seeded deal with cards swapped into place)."""
    m = Match("casino", {"players": 2}, seed=1)
    setup = m.rules.setup_from_order(m.options, m.rules.canonical_deck(), 0, [])
    first = 1  # the dealer is seat 0: seat 1 plays first
    wanted = {"6S": ("table", 0), "6D": ("table", 1), "6C": ("table", 2), "2H": ("table", 3),
              "6H": ("hand", 0)}
    spots: list[list[str]] = [r["hands"][s] for r in setup["rounds"] for s in range(2)]
    spots.append(setup["rounds"][0]["table"])

    def place(card: str, where: list[str], i: int) -> None:
        holder = next(x for x in spots if card in x)
        j = holder.index(card)
        holder[j], where[i] = where[i], holder[j]

    for card, (kind, i) in wanted.items():
        place(card, setup["rounds"][0]["table"] if kind == "table"
              else setup["rounds"][0]["hands"][first], i)
    state = m.deal(setup)
    assert state.to_act == (first,)
    return m, state, first


def test_the_terminal_takes_one_six_of_three(monkeypatch: pytest.MonkeyPatch) -> None:
    m, state, seat = _casino_with_three_sixes()
    # the listed captures with 6H are the maximal one: all three 6s
    listed = [a for a in state.legal_actions(seat)
              if isinstance(a, CaptureAction) and a.card == parse_card("6H")]
    assert [sorted(c for s in a.sets for c in s) for a in listed] == [
        sorted(parse_card(x) for x in ("6S", "6D", "6C"))]
    console, out = _console()
    lines = ["x", "x 6H 6S+6D", "x 6H 6S"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    human_turn(m, state, seat, console, Voice(["a", "you"], seat, "en"))
    text = out.getvalue()
    assert "x CARD SET... captures with CARD exactly the sets you name" in text
    assert "6S+6D make 12, not 6" in text  # refused by the rules, the turn goes on
    assert "you capture with 6♥ (1 cards)" in text
    assert sorted(state.view(seat)["table"]["loose"]) == ["2H", "6C", "6D"]


def test_the_composer_says_what_it_cannot_read(monkeypatch: pytest.MonkeyPatch) -> None:
    m, state, seat = _casino_with_three_sixes()
    console, out = _console()
    lines = ["x 6Z 6S", "x 6H b9", "x 6H=x 6S", "x 6H 6S"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    human_turn(m, state, seat, console, Voice(["a", "sen"], seat, "tr"))
    text = out.getvalue()
    assert "'6Z' is not a card" in text
    assert "masada 9 yapısı yok" in text
    assert "6H=x bir sayı değil" in text
    assert "6♥ ile aldın (1 kart)" in text


# ------------------------------------------------------------------ the narration


@pytest.mark.parametrize(
    ("ev", "en_you", "en_other", "tr_you", "tr_other"),
    [
        ({"kind": "play", "card": "4C"}, "you play 4♣", "Ayşe plays 4♣", "4♣ oynadın",
         "Ayşe 4♣ oynadı"),
        ({"kind": "draw", "from": "pile"}, "you draw from the pile", "Ayşe draws from the pile",
         "ortadan çektin", "Ayşe ortadan çekti"),
        ({"kind": "reveal", "pile": 7, "card": "9D"}, "your pile 7 turns up 9♦",
         "Ayşe's pile 7 turns up 9♦", "7. yığınının üstü açıldı: 9♦",
         "Ayşe: 7. yığınının üstü açıldı: 9♦"),
        ({"kind": "unlock"}, "your hand is unlocked", "Ayşe's hand is unlocked",
         "elinin kilidi açıldı", "Ayşe: elinin kilidi açıldı"),
        ({"kind": "bid", "tricks": 4}, "you bid 4", "Ayşe bids 4", "4 el dedin", "Ayşe 4 el dedi"),
        ({"kind": "trick", "number": 3}, "trick 3 to you", "trick 3 to Ayşe", "3. eli sen aldın",
         "3. eli Ayşe aldı"),
        ({"kind": "kasa_claim"}, "you reach 6 tricks first: the Kasa is yours",
         "Ayşe reaches 6 tricks first: the Kasa is theirs", "6 ele ilk sen ulaştın: Kasa senin",
         "Ayşe 6 ele ilk ulaştı: Kasa onun"),
        ({"kind": "discard", "tile": "R5"}, "you discard [R5]", "Ayşe discards [R5]",
         "[R5] attın", "Ayşe [R5] attı"),
    ],
)
def test_the_narration_speaks_to_you_and_of_the_others(
    ev: dict[str, Any], en_you: str, en_other: str, tr_you: str, tr_other: str
) -> None:
    lines = []
    for lang, me in (("en", "you"), ("tr", "sen")):
        voice = Voice([me, "Ayşe"], 0, lang)
        for seat in (0, 1):
            said = voice.event({**ev, "seat": seat})
            assert said is not None
            lines.append(said.plain)
    assert lines == [en_you, en_other, tr_you, tr_other]


def test_a_whole_match_in_either_language_has_no_broken_grammar(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for lang in ("en", "tr"):
        monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 2000))
        assert main(["play", "balayi_kingi", "--seed", "2", "--lang", lang]) == 0
        out = capsys.readouterr().out
        if lang == "en":
            assert "you play " in out and "you plays" not in out and "you's" not in out
        else:
            assert "oynadın" in out and "hamlen (1–" in out and "you " not in out
