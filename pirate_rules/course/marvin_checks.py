"""The checks of the *Marvin's Pirates Go!* chapters, rule by rule, against the track's interface.

The rules pages' examples use the real engine's full interface; a small engine of a
learner's cannot match it, so each rule is checked here again, against the functions
and plain data types of ``my_engine.py`` (the skeleton in
``pirate_rules/course/skeletons/``). Each check holds the learner's code to one
sentence and names its rule; a chapter runs exactly the checks of its own rules.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from pirate_rules.cards import standard_deck
from pirate_rules.course.checking import (
    Bench,
    Wrong,
    card_difference,
    check,
    describe_crew,
    parse_crew,
)
from pirate_rules.course.learner import Refused
from pirate_rules.course.table import PLAYERS, PRIZES, TableView, same_swaps
from pirate_rules.marvin import MarvinGame

__all__ = ["real_deck", "spy", "stacked"]


def real_deck(jokers: int) -> list[str]:
    """The real engine's deck, unshuffled, as text."""
    return [str(card) for card in standard_deck()] + ["JK"] * jokers


def stacked(top: str) -> list[str]:
    """A whole deck whose top cards are ``top`` (as ``MarvinGame.stacked`` deals it)."""
    return list(_stacked(top))


@cache
def _stacked(top: str) -> tuple[str, ...]:  # the same decks again on each run of a relayed check
    return tuple(str(card) for card in MarvinGame.stacked(top).deck)


def spy(bench: Bench, order: list[str] | None = None) -> Any:
    """A shuffle for the learner's ``draw`` that gives a fixed order (or the cards as they
    come) and keeps what it was given (``bench.learner.shuffled(spy)``)."""
    return bench.learner.shuffle(order)


def _raised(error: tuple[str | None, bool]) -> str | None:
    """What a call expected to raise ``ValueError`` did instead, in words; None if it did."""
    name, value_error = error
    if value_error:
        return None
    return "returns" if name is None else f"raises {name}"


def _text_list(value: object, what: str) -> list[str]:
    if not isinstance(value, list | tuple):
        raise Wrong(f"{what} should give a list of cards, not {value!r}")
    return list(value)


# -- Chapter 1: the deck and the draw (M1, M9) -----------------------------------------


@check(1, "M1", "new_deck(jokers) holds the 52 cards once each, and that many jokers")
def _deck_cards(bench: Bench) -> None:
    for jokers in (0, 1, 2):
        deck = _text_list(bench.ask("new_deck", jokers), f"new_deck({jokers})")
        want = real_deck(jokers)
        if Counter(deck) != Counter(want):
            size = f"{len(deck)} cards" if len(deck) != len(want) else "the right number of cards"
            raise Wrong(
                f"new_deck({jokers}) gives {size}, but it {card_difference(deck, want)}; a deck"
                f" has each of the 52 cards once and {jokers} joker{'s' * (jokers != 1)},"
                " written rank then suit, like '7H', 'TS' and 'JK'"
            )


@check(1, "M1", "a deck has two jokers unless it is asked for fewer")
def _deck_default(bench: Bench) -> None:
    deck = _text_list(bench.call("new_deck"), "new_deck()")
    if deck.count("JK") != 2:
        raise Wrong(f"new_deck() gives {deck.count('JK')} jokers; with no number given, it has 2")


@check(1, "M1", "a deck has 0, 1 or 2 jokers: new_deck(3) raises ValueError")
def _deck_refuses(bench: Bench) -> None:
    for jokers in (3, -1):
        got = _raised(bench.error_of("new_deck", jokers))
        if got is not None:
            got = "returns a deck" if got == "returns" else got
            raise Wrong(f"new_deck({jokers}) {got}; it should raise ValueError")


@check(1, "M1", "an Ace counts as 1, a King as 13, and a joker as 0")
def _ranks(bench: Bench) -> None:
    for card, want in (("AS", 1), ("7H", 7), ("TD", 10), ("JC", 11), ("KH", 13), ("JK", 0)):
        got = bench.ask("rank", card)
        if got != want:
            raise Wrong(f"rank({card!r}) is {got!r}; it should be {want}")


def _piles(bench: Bench, draw: str, discard: str) -> Any:
    return bench.reader.make_piles(tuple(draw.split()), tuple(discard.split()))


def _draw(
    bench: Bench, piles: Any, shuffle: Any
) -> tuple[object, tuple[str, ...], tuple[str, ...]]:
    card = bench.call("draw", piles, shuffle)
    after_draw, after_discard = bench.reader.piles(piles)
    return card, after_draw, after_discard


@check(1, "M9", "draw() takes the top card, the first of the draw pile, and puts it on no pile")
def _draw_top(bench: Bench) -> None:
    piles = _piles(bench, "7H 2S KD", "9C")
    card, draw, discard = _draw(bench, piles, spy(bench))
    if card != "7H":
        raise Wrong(f"with the draw pile 7H 2S KD (7H on top), draw() gives {card!r}, not '7H'")
    if draw != ("2S", "KD") or discard != ("9C",):
        raise Wrong(
            f"after drawing 7H from 7H 2S KD, the draw pile is {' '.join(draw) or 'empty'} and"
            f" the discard pile {' '.join(discard) or 'empty'}; they should be 2S KD and 9C"
        )


@check(1, "M9", "the discard pile is shuffled only when the draw pile is empty")
def _no_early_shuffle(bench: Bench) -> None:
    shuffle = spy(bench)
    card, draw, discard = _draw(bench, _piles(bench, "QS", "AS KD"), shuffle)
    calls = bench.learner.shuffled(shuffle)
    if calls or card != "QS" or draw or discard != ("AS", "KD"):
        raise Wrong(
            "with one card, QS, left in the draw pile, draw() should give QS and leave the"
            " discard pile alone; yours "
            + ("shuffled it" if calls else f"gave {card!r} and left {draw}, {discard}")
        )


@check(1, "M9", "an empty draw pile is first refilled: the discard pile, in the shuffle's order")
def _refill(bench: Bench) -> None:
    shuffle = spy(bench, ["3C", "JK", "AS", "KD"])
    card, draw, discard = _draw(bench, _piles(bench, "", "AS KD 3C JK"), shuffle)
    calls = bench.learner.shuffled(shuffle)
    if len(calls) != 1:
        raise Wrong(
            f"with an empty draw pile, draw() should call shuffle once, with the discard"
            f" pile; yours called it {len(calls)} times"
        )
    if Counter(calls[0]) != Counter(["AS", "KD", "3C", "JK"]):
        raise Wrong(f"draw() shuffled {calls[0]}; it should shuffle the discard pile's cards")
    if card != "3C" or draw != ("JK", "AS", "KD") or discard:
        raise Wrong(
            "the shuffle gave 3C JK AS KD, so draw() should give 3C and leave JK AS KD to"
            f" draw and an empty discard pile; yours gave {card!r}, left"
            f" {' '.join(draw) or 'nothing'} to draw and {' '.join(discard) or 'nothing'}"
            " discarded"
        )


# -- Chapter 2: pirates, positions and targets (M2, M16) -------------------------------


@check(2, "M2", "a new crew has four pirates at GL GR CL CR, each with 4 hit points and no shield")
def _new_crew(bench: Bench) -> None:
    crew = bench.read_crew(bench.call("new_crew"))
    if crew != parse_crew("GL GR CL CR"):
        raise Wrong(f"new_crew() gives {describe_crew(crew)}")


@check(2, "M2", "CL stands behind GL, and CR behind GR")
def _behind(bench: Bench) -> None:
    for captain, guard in (("CL", "GL"), ("CR", "GR")):
        got = bench.ask("in_front", captain)
        if got != guard:
            raise Wrong(
                f"in_front({captain!r}) is {got!r}; the guard in front of {captain} is {guard}"
            )


@check(2, "M2", "standing() lists the pirates on the board, not the fainted or the hidden")
def _standing(bench: Bench) -> None:
    cases = (
        ("GL GR CL CR", None, ["GL", "GR", "CL", "CR"]),
        ("GR CL:1 CR", None, ["GR", "CL", "CR"]),
        ("GL GR CL CR", "CL", ["GL", "GR", "CR"]),
    )
    for text, hidden, want in cases:
        got = bench.positions("standing", bench.crew(text, hidden), what="the crew")
        if got != set(want):
            extra = " (CL hidden in the Cave)" if hidden else ""
            raise Wrong(
                f"with {describe_crew(parse_crew(text))}{extra}, standing() gives"
                f" {sorted(got)}; it should be {want}"
            )


def _targets(bench: Bench, text: str, hidden: str | None, want: list[str], why: str) -> None:
    got = bench.positions("targets", bench.crew(text, hidden), what="the crew")
    if got != set(want):
        extra = sorted(got - set(want))
        missing = sorted(set(want) - got)
        said = []
        if extra:
            said.append(f"lets {', '.join(extra)} be hit")
        if missing:
            said.append(f"does not let {', '.join(missing)} be hit")
        shown = describe_crew(parse_crew(text, hidden))
        raise Wrong(f"with {shown}, your targets() {' and '.join(said)}: {why}")


@check(2, "M16", "both guards can be targeted; a captain behind a standing guard cannot")
def _guards_first(bench: Bench) -> None:
    _targets(bench, "GL GR CL CR", None, ["GL", "GR"], "the guards stand in front of the captains")
    _targets(
        bench, "GL:1 GR:2s CL CR", None, ["GL", "GR"], "a guard guards whatever its hit points"
    )


@check(2, "M16", "a captain can be targeted once the guard position in front of it is empty")
def _captain_open(bench: Bench) -> None:
    _targets(bench, "GR CL CR", None, ["GR", "CL"], "GL is empty, so CL is open, but GR guards CR")
    _targets(bench, "GL CL CR", None, ["GL", "CR"], "GR is empty, so CR is open, but GL guards CL")
    _targets(bench, "CL CR", None, ["CL", "CR"], "no guard stands, so both captains are open")
    _targets(bench, "GR CR", None, ["GR"], "GR guards CR; nobody stands at GL or CL")


@check(2, "M16", "a hidden pirate can never be targeted")
def _hidden_safe(bench: Bench) -> None:
    _targets(bench, "CL CR", "CL", ["CR"], "CL is hidden in the Cave")
    _targets(bench, "GR CL CR", "CL", ["GR"], "CL is hidden in the Cave, and GR guards CR")


# -- Chapter 3: hits, shields and fainting (M10-M13, M17) ------------------------------
# The checks of one hit (M17) come first: ``strike`` deals its hits with ``hit``, so a
# misreading of what one hit does is named M17 before the cards' checks can fail on it.


def _effects(bench: Bench, cards: str, want: str) -> None:
    for card in cards.split():
        got = bench.ask("effect", card)
        if got != want:
            raise Wrong(f"effect({card!r}) is {got!r}; it should be {want!r}")


def _after(bench: Bench, start: str, do: str, *args: Any, want: str, why: str) -> None:
    crew = bench.crew(start)
    bench.call(do, crew, *args)
    got = bench.read_crew(crew)
    wanted = parse_crew(want)
    if got != wanted:
        shown = ", ".join(repr(arg) for arg in args)
        raise Wrong(
            f"from {describe_crew(parse_crew(start))}, {do}(crew, {shown}) leaves"
            f" {describe_crew(got)}; it should leave {describe_crew(wanted)}: {why}"
        )


@check(3, "M17", "a hit on a shielded pirate takes the shield and no hit point")
def _shield_takes(bench: Bench) -> None:
    _after(bench, "GL:3s GR CL CR", "hit", "GL", want="GL:3 GR CL CR",
           why="the shield takes the hit and is gone")  # fmt: skip


@check(3, "M17", "a hit on a pirate without a shield takes one hit point, down to 1")
def _one_point(bench: Bench) -> None:
    for start, want in (("GL GR CL CR", "GL:3 GR CL CR"), ("GL:2 GR CL CR", "GL:1 GR CL CR")):
        _after(bench, start, "hit", "GL", want=want,
               why="one hit, one hit point: a pirate stands while it has any left")  # fmt: skip


@check(3, "M17", "at 0 hit points a pirate faints: its position is empty, and nobody moves up")
def _faint(bench: Bench) -> None:
    _after(bench, "GL:1 GR CL CR", "hit", "GL", want="GR CL CR",
           why="GL faints and its position is empty; CL stays where it is")  # fmt: skip


@check(3, "M10", "an A, 3, 5 or 7 hits: one hit on the pirate it aims at")
def _one_hit(bench: Bench) -> None:
    _effects(bench, "AS 3H 5D 7C", "hit")
    for card in ("AS", "7C"):
        _after(bench, "GL GR CL CR", "strike", "GL", card, want="GL:3 GR CL CR",
               why=f"the {card} deals one hit, one hit point")  # fmt: skip
    _after(bench, "GL:2s GR CL CR", "strike", "GL", "5D", want="GL:2 GR CL CR",
           why="the 5D deals one hit, which the shield takes")  # fmt: skip


@check(3, "M11", "a 2, 4, 6 or 10 is a shield")
def _shield_cards(bench: Bench) -> None:
    _effects(bench, "2S 4H 6D TC", "shield")


@check(3, "M11", "a shield goes on a pirate on the board that has none")
def _shieldable(bench: Bench) -> None:
    cases: tuple[tuple[str, str | None, list[str], str], ...] = (
        ("GL:4s GR CL CR", None, ["GR", "CL", "CR"], "GL has a shield already"),
        ("GR:2 CL CR:1s", None, ["GR", "CL"], "GL is empty and CR has a shield"),
        ("GL GR CL CR", "CR", ["GL", "GR", "CL"], "CR hides in the Cave"),
        ("GL:s GR:s CL:s CR:s", None, [], "every pirate has a shield"),
    )
    for text, hidden, want, why in cases:
        got = bench.positions("shieldable", bench.crew(text, hidden), what="the crew")
        if got != set(want):
            shown = describe_crew(parse_crew(text, hidden))
            raise Wrong(
                f"your shieldable() gives {sorted(got)} for {shown}; it should be {want}: {why}"
            )
    _after(bench, "GL:2 GR CL CR", "give_shield", "GL", want="GL:2s GR CL CR",
           why="a shield, and the same hit points")  # fmt: skip


@check(3, "M12", "an 8 knocks out at once, shield or not")
def _kill(bench: Bench) -> None:
    _effects(bench, "8S 8H", "kill")
    for start in ("GL:4s GR CL CR", "GL GR CL CR"):
        _after(bench, start, "strike", "GL", "8H", want="GR CL CR",
               why="the pirate faints at once, and GL is empty")  # fmt: skip


@check(3, "M13", "a 9 slashes: two hits on the pirate it aims at, and only on it")
def _slash(bench: Bench) -> None:
    _effects(bench, "9S 9D", "slash")
    _after(bench, "GL GR CL CR", "strike", "GL", "9S", want="GL:2 GR CL CR",
           why="two hits, two hit points")  # fmt: skip
    _after(bench, "GL:4s GR CL CR", "strike", "GL", "9S", want="GL:3 GR CL CR",
           why="the first hit takes the shield, the second a hit point")  # fmt: skip
    _after(bench, "GL:1 GR CL CR", "strike", "GL", "9D", want="GR CL CR",
           why="GL faints at the first hit; the second is lost, not carried on to CL")  # fmt: skip


# -- Chapter 4: prizes and their powers (M3, M5-M8, M14) -------------------------------

FRESH = "GL GR CL CR"


def _game(
    bench: Bench,
    mine: str = FRESH,
    hidden: str | None = None,
    theirs: str = FRESH,
    held: str = "",
    taken: str = "",
    their_hidden: str | None = None,
) -> Any:
    """A learner's Game where player 0, to move, has ``mine`` and holds ``held``, and
    player 1 has ``theirs`` and holds ``taken``."""
    cave, ship, fort = (
        0 if p in held.split() else 1 if p in taken.split() else None for p in PRIZES
    )
    view = TableView(
        tuple(stacked("")),
        (),
        (parse_crew(mine, hidden), parse_crew(theirs, their_hidden)),
        (cave, ship, fort),
        0,
        None,
        0,
        None,
    )
    return bench.reader.make_game(view, spy(bench))


def _powers(bench: Bench, game: Any, want: list[str], why: str) -> None:
    crew = bench.read_crew(bench.part(game, "crews", 0))
    got = same_swaps(bench.positions("power_moves", game, what="the game"), crew)
    wanted = same_swaps(set(want), crew)
    if got != wanted:
        shown = describe_crew(crew)
        held = bench.reader.game(game).held(0)
        extra, missing = sorted(got - wanted), sorted(wanted - got)
        said = ([f"offers {', '.join(extra)}"] if extra else []) + (
            [f"does not offer {', '.join(missing)}"] if missing else []
        )
        raise Wrong(
            f"holding {' and '.join(held) or 'no prize'} with {shown}, your"
            f" power_moves() {' and '.join(said)}: {why}"
        )


@check(4, "M3", "every prize starts in the bank")
def _bank(bench: Bench) -> None:
    got = bench.call("new_bank")
    if got != {prize: None for prize in PRIZES}:
        raise Wrong(
            f"new_bank() gives {got!r}; it should be {{'cave': None, 'ship': None,"
            " 'fort': None}: nobody holds a prize when a game starts"
        )


@check(4, "M3", "a prize stays with its holder when its power is used")
def _prize_stays(bench: Bench) -> None:
    for move, held in (("fort GL", "fort"), ("cave CL", "cave"), ("ship GL CR", "ship")):
        game = _game(bench, held=held)
        bench.call("use_power", game, move)
        holder = bench.reader.game(game).holder(held)
        if holder != 0:
            raise Wrong(
                f"after use_power(game, {move!r}), the {held} is held by {holder!r};"
                " Marvin still holds it: a prize is kept until a J, Q or K takes it"
            )


@check(4, "M5", "only the prizes the player to move holds give powers")
def _held_only(bench: Bench) -> None:
    for held, taken, want, why in (
        ("", "", set(), "no prize, no power"),
        ("", "fort cave ship", set(), "Mum holds the prizes, and it is Marvin's turn"),
        ("fort", "cave", {"fort"}, "Marvin holds the Fort; the Cave is Mum's, the Ship the bank's"),
    ):  # fmt: skip
        moves = bench.positions(
            "power_moves", _game(bench, held=held, taken=taken), what="the game"
        )
        got = {move.split()[0] for move in moves}
        if got != want:
            extra, missing = sorted(got - want), sorted(want - got)
            said = ([f"offers powers of the {', '.join(extra)}"] if extra else []) + (
                [f"offers no power of the {', '.join(missing)}"] if missing else []
            )
            raise Wrong(
                f"when Marvin holds {held or 'no prize'} and Mum {taken or 'none'}, your"
                f" power_moves() {' and '.join(said)}: {why}"
            )


_ALL_SHIP = ["ship GL GR", "ship GL CL", "ship GL CR", "ship GR CL", "ship GR CR", "ship CL CR"]


@check(4, "M6", "the Ship swaps any two pirates on the board, or moves one into an empty position")
def _ship_moves(bench: Bench) -> None:
    _powers(bench, _game(bench, held="ship"), _ALL_SHIP, "any two pirates may swap")
    _powers(
        bench,
        _game(bench, "GL GR CL", held="ship"),
        ["ship GL GR", "ship GL CL", "ship GR CL", "ship GL CR", "ship GR CR", "ship CL CR"],
        "three swaps, and three moves into the empty CR",
    )


@check(4, "M6", "pirates keep their hit points and shields when the Ship moves them")
def _ship_carries(bench: Bench) -> None:
    game = _game(bench, "GL:2s GR CL CR:3", held="ship")
    bench.call("use_power", game, "ship GL CR")
    _expect(bench, game, "GL:3 GR CL CR:2s", None, "swapping GL (2 hp, shield) and CR (3 hp)")
    game = _game(bench, "GL:2s GR CL", held="ship")
    bench.call("use_power", game, "ship GL CR")
    _expect(bench, game, "GR CL CR:2s", None, "moving GL (2 hp, shield) into the empty CR")


def _expect(bench: Bench, game: Any, want: str, hidden: str | None, doing: str) -> None:
    bench.expect_crew(bench.part(game, "crews", 0), want, hidden, doing)


@check(4, "M6", "the place of a hidden captain is not empty, and the hidden captain stays put")
def _ship_hidden(bench: Bench) -> None:
    _powers(
        bench,
        _game(bench, "GR CL CR", "CL", held="ship"),
        ["ship GR CR", "ship GR GL", "ship CR GL"],
        "CL hides in the Cave: it cannot be moved, and its place is kept for it",
    )


@check(
    4, "M16", "after the Ship, what counts is the position: a captain with nobody in front is open"
)
def _moved_away(bench: Bench) -> None:
    for move, want, why in (
        ("ship GL GR", {"GR", "CL"}, "the Ship moved GL to the empty GR: nobody is in front of CL"),
        ("ship CL GR", {"GL", "GR"}, "the Ship moved CL into the empty GR: GL guards the empty CL"),
    ):  # fmt: skip
        game = _game(bench, "GL CL CR", held="ship")
        bench.call("use_power", game, move)
        crew_of_marvin = bench.part(game, "crews", 0)
        got = bench.positions("targets", crew_of_marvin, what="the crew")
        if got != want:
            crew = describe_crew(bench.read_crew(crew_of_marvin))
            raise Wrong(
                f"after use_power(game, {move!r}) Marvin's crew is {crew}, and your targets()"
                f" gives {sorted(got)}; it should be {sorted(want)}: {why}"
            )


@check(4, "M7", "the Cave hides a captain, while both captains stand and none is hidden")
def _cave_moves(bench: Bench) -> None:
    _powers(bench, _game(bench, held="cave"), ["cave CL", "cave CR"], "either captain may hide")
    _powers(bench, _game(bench, "GL GR CL", held="cave"), [], "CR has fainted")
    _powers(bench, _game(bench, "GL GR CL CR", "CR", held="cave"), [], "CR hides already")
    game = _game(bench, "GL GR CL:2s CR", held="cave")
    bench.call("use_power", game, "cave CL")
    _expect(bench, game, "GL GR CL:2s CR", "CL", "use_power(game, 'cave CL')")


@check(4, "M7", "the hidden captain comes back when no other pirate stands in the captain row")
def _recall(bench: Bench) -> None:
    for text, want, why in (
        ("GL GR CL CR", "CL", "CR still stands"),
        ("GL GR CL", None, "CR has fainted"),
        ("GR CL CR:1", "CL", "CR still stands, at 1 hit point"),
    ):
        crew = bench.crew(text, "CL")
        bench.call("recall", crew)
        got = bench.read_crew(crew).hidden
        if got != want:
            told = "back" if want is None else "hidden"
            raise Wrong(
                f"with CL hidden and {describe_crew(parse_crew(text))}, after recall()"
                f" the hidden captain is {got!r}; CL should be {told}: {why}"
            )
    game = _game(bench, "GR CL CR", "CL", held="ship")
    bench.call("use_power", game, "ship CR GL")
    _expect(bench, game, "GL GR CL", None, "the Ship moves CR into the empty GL, leaving CL alone")


@check(4, "M8", "the Fort shields a guard without a shield, while both guards stand")
def _fort(bench: Bench) -> None:
    _powers(bench, _game(bench, held="fort"), ["fort GL", "fort GR"], "either guard")
    _powers(bench, _game(bench, "GL:s GR CL CR", held="fort"), ["fort GR"], "GL has a shield")
    _powers(bench, _game(bench, "GR CL CR", held="fort"), [], "GL has fainted")
    _powers(bench, _game(bench, "GL:s GR:s CL CR", held="fort"), [], "both guards have shields")
    game = _game(bench, "GL GR:3 CL CR", held="fort")
    bench.call("use_power", game, "fort GR")
    _expect(bench, game, "GL GR:3s CL CR", None, "use_power(game, 'fort GR')")


@check(4, "M14", "a J, Q or K takes any prize the player does not hold, from the bank or the other")
def _takes(bench: Bench) -> None:
    _effects(bench, "JS QH KD", "take")
    for held, taken, want in (
        ("", "", PRIZES),
        ("ship", "cave", ("cave", "fort")),
        ("cave ship fort", "", ()),
    ):
        game = _game(bench, held=held, taken=taken)
        got = bench.positions("take_moves", game, what="the game")
        wanted = {f"take {prize}" for prize in want}
        if got != wanted:
            raise Wrong(
                f"when Marvin holds {held or 'nothing'} and Mum {taken or 'nothing'},"
                f" take_moves() gives {sorted(got)}; it should be {sorted(wanted)}"
            )
    game = _game(bench, taken="ship")
    bench.call("take", game, "ship")
    if bench.reader.game(game).holder("ship") != 0:
        raise Wrong("after take(game, 'ship'), Marvin should hold the Ship he took from Mum")


@check(4, "M14", "a player who loses the Cave gets their hidden captain back at once")
def _cave_taken(bench: Bench) -> None:
    game = _game(bench, taken="cave", their_hidden="CR")
    bench.call("take", game, "cave")
    view = bench.reader.game(game)
    crew = view.crews[1]
    if crew.hidden is not None or view.holder("cave") != 0:
        raise Wrong(
            "after Marvin takes the Cave from Mum, whose CR was hiding in it, CR should"
            f" be back and Marvin hold the Cave; Mum's crew is {describe_crew(crew)}"
        )


# -- Chapter 5: the turn, the joker and the end (M4, M5, M15, M18) -------------------


def _view(bench: Bench, game: Any) -> TableView:
    return bench.reader.game(game)


def _new_game(bench: Bench, deck: list[str], first: int) -> Any:
    """The learner's ``new_game(deck, first, shuffle)``, with a shuffle that must not be used."""
    game = bench.learner.call(
        bench.contracts["new_game"], deck, first, bench.learner.shuffle(refuse=True)
    )
    if game is Refused:
        raise Wrong("new_game() shuffled the deck: the deck it is given is the draw pile, as it is")
    return game


def _new(bench: Bench, top: str, first: int = 0) -> Any:
    return _new_game(bench, stacked(top), first)


def _at_card(bench: Bench, top: str, theirs: str = FRESH, taken: str = "") -> Any:
    """A learner's Game where Marvin (to move) has drawn the first card of ``top``, the
    rest of ``top`` is next to draw, Mum's crew is ``theirs`` and Mum holds ``taken``."""
    deck = stacked(top)
    holders = tuple(1 if prize in taken.split() else None for prize in PRIZES)
    view = TableView(tuple(deck[1:]), (), (parse_crew(FRESH), parse_crew(theirs)),
                     holders, 0, deck[0], 0, None)  # type: ignore[arg-type]  # fmt: skip
    return bench.reader.make_game(view, spy(bench))


def _shown(view: TableView) -> str:
    """What a check says of the learner's game: whose move, the card drawn, the turns."""
    drawn = f"{view.drawn} drawn" if view.drawn else "no card drawn"
    top = view.draw[0] if view.draw else "nothing"
    return (
        f"{PLAYERS[view.to_move]} to move with {drawn}, {top} on top of the draw pile,"
        f" {view.turn} turn{'s' * (view.turn != 1)} played"
    )


@check(
    5, "M4", "a new game starts as set up: the deck as given, full crews, the player given first"
)
def _setup(bench: Bench) -> None:
    deck = stacked("9C 7H")
    for first in (0, 1):
        view = _view(bench, _new_game(bench, list(deck), first))
        if view.to_move != first or view.turn:
            raise Wrong(
                f"new_game(deck, {first}) should give the first turn to player {first}, who"
                f" is to move on the 9C drawn; your engine has {_shown(view)}"
            )
        if view.crews != (parse_crew(FRESH), parse_crew(FRESH)) or any(
            holder is not None for holder in view.holders
        ):
            raise Wrong(
                "a new game has two full crews of fresh pirates, and the prizes in the bank"
            )
        if view.winner is not None:
            raise Wrong(f"a new game has no winner yet; your engine's winner is {view.winner!r}")


@check(5, "M5", "a turn goes straight to the draw when its player has no power to use")
def _straight_to_draw(bench: Bench) -> None:
    view = _view(bench, _new(bench, "9C 7H"))
    moves = bench.positions("legal_moves", _new(bench, "9C 7H"), what="the game")
    if view.drawn != "9C" or view.draw[:1] != ("7H",) or moves != {"GL", "GR"}:
        raise Wrong(
            "nobody holds a prize when a game starts, so the first turn goes straight to the"
            " draw: Marvin has the 9C drawn, to aim at Mum's GL or GR, and 7H is next. Your"
            f" engine has {_shown(view)}, and legal_moves() gives {sorted(moves)}"
        )
    for crew, want, why in (
        ("GL GR CL CR", {"fort GL", "fort GR", "draw"}, "the Fort can shield either guard"),
        (
            "GR CL CR",
            {"GL", "GR"},
            "the Fort needs both guards: the 7H is drawn, for Marvin's GL or GR",
        ),
    ):
        game = _at_card(bench, "AS 7H", theirs=crew, taken="fort")
        bench.call("play", game, "GR")
        view = _view(bench, game)
        moves = bench.positions("legal_moves", game, what="the game")
        if moves != want:
            raise Wrong(
                f"Marvin's AS hits Mum's GR, and Mum, who holds the Fort, has {crew}: her turn"
                f" should offer {sorted(want)} ({why}); your engine has {_shown(view)}, and"
                f" legal_moves() gives {sorted(moves)}"
            )


@check(5, "M15", "a joker loses the rest of the turn: the other player is next")
def _joker(bench: Bench) -> None:
    view = _view(bench, _new(bench, "JK 9C"))
    if view.drawn != "9C" or view.to_move != 1 or view.turn != 1 or "JK" not in view.discard:
        raise Wrong(
            "Marvin draws a joker first: his turn is over at once, the joker is discarded,"
            " and Mum's turn goes on to the draw of the 9C. Your engine has"
            f" {_shown(view)}, and {' '.join(view.discard) or 'nothing'} discarded"
        )


@check(5, "M15", "a joker after a prize power: the power stands, the card is lost")
def _joker_after_power(bench: Bench) -> None:
    game = _at_card(bench, "AS JK 7C", taken="fort")
    bench.call("play", game, "GL")  # Marvin's AS; then Mum holds the Fort
    bench.call("play", game, "fort GL")
    view = _view(bench, game)
    if view.crews[1].at("GL") != (3, True) or view.to_move != 0 or view.drawn != "7C":
        raise Wrong(
            "Mum shields her GL (3 hp) with the Fort, then draws a joker: GL keeps the shield, and"
            f" Marvin's turn goes on to the draw of the 7C. Your engine has {_shown(view)},"
            f" and Mum's crew {describe_crew(view.crews[1])}"
        )


@check(5, "M18", "a player whose last pirate faints loses at once, and nobody moves again")
def _the_end(bench: Bench) -> None:
    game = _at_card(bench, "7H 9C", theirs="GR:1")
    bench.call("play", game, "GR")
    view = _view(bench, game)
    if view.winner != 0:
        raise Wrong(
            f"Marvin's 7H makes Mum's last pirate faint, so Marvin wins; your engine's"
            f" winner is {view.winner!r}"
        )
    moves = bench.positions("legal_moves", game, what="the game")
    if moves:
        raise Wrong(f"once the game is over, legal_moves() should be empty, not {sorted(moves)}")
    if view.drawn is not None or view.draw[:1] != ("9C",):
        raise Wrong(
            "the game ends at once: no card is drawn after the last pirate faints; your"
            f" engine has {_shown(view)}"
        )


@check(5, "M18", "the game goes on while one pirate of the crew is left")
def _not_yet(bench: Bench) -> None:
    for crew, target, left in (
        ("GR:2", "GR", "GR:1"),
        ("CL CR", "CL", "CL:3 CR"),
        ("GL", "GL", "GL:3"),
    ):
        game = _at_card(bench, "7H", theirs=crew)
        bench.call("play", game, target)
        view = _view(bench, game)
        if view.winner is not None or view.to_move != 1:
            raise Wrong(
                f"Marvin's 7H hits Mum's {target} when her crew is"
                f" {describe_crew(parse_crew(crew))}: she is left with"
                f" {describe_crew(parse_crew(left))}, so the game goes on with"
                f" Mum's turn. Your engine's winner is {view.winner!r}, with {_shown(view)}, and"
                f" Mum's crew {describe_crew(view.crews[1])}"
            )  # fmt: skip


@check(5, "M18", "once the game is over, play() refuses every move, with ValueError")
def _refuses(bench: Bench) -> None:
    game = _at_card(bench, "7H 9C", theirs="GR:1")
    bench.call("play", game, "GR")
    for move in ("draw", "GL"):
        got = _raised(bench.error_of("play", game, move))
        if got is not None:
            got = "plays it" if got == "returns" else got
            raise Wrong(
                f"the game is over, but play(game, {move!r}) {got}; it should raise ValueError"
            )
