"""Each rule's own section of its rules page rules out the misreadings of that rule.

For every rule id: the section passes on the real engine; under each catalogued
misreading of the rule (see `catalogue`), the same section fails because the engine
answers differently, not because the patch crashed. Each misreading has an example of
its own: one that it alone needs (see `catalogue.own_examples`), except the older ones
listed in `SHARING_EXAMPLES`. The rule's "Not to be confused with" box names exactly
the catalogued misreadings, so the page and the catalogue stay in step. Every rule has
at least four misreadings, and those that meet one of the situations where careful
readers go wrong most often (`KINDS_OF_RULE`) have five. Weakening a rule's examples
makes one of these tests fail.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from catalogue import (
    CATALOGUE_FILES,
    Misreading,
    MissingTarget,
    Verdict,
    apply,
    judge,
    own_examples,
    resolve,
    targets,
)
from equivalent_mutants import EQUIVALENT
from marvin_misreadings import MARVIN_MISREADINGS
from marvin_patches import PLAIN
from mutation import OUTSIDE_THE_RULES, function_of, function_rules, survivors_report
from pages_pass import part_source, parts
from pirate_misreadings import PIRATE_MISREADINGS
from rule_pages import (
    PAGES,
    PYCON,
    page_of,
    page_source,
    preamble,
    rule_sections,
    rule_titles,
    run_examples,
    section_source,
)

from pirate_rules.rulebook import RULES

CATALOGUE: tuple[Misreading, ...] = MARVIN_MISREADINGS + PIRATE_MISREADINGS
ALL_RULES = sorted(RULES, key=lambda rule: (rule[0], int(rule[1:])))
AT_LEAST = 4
"""Every rule has at least this many misreadings catalogued."""

KINDS = {
    "refilled": "a place is emptied and later filled again",
    "prize lost": "losing a prize has side effects",
    "running out": "the exact boundary of running out of cards",
    "one moment": "both players place cards in one moment, on different ships",
    "second time round": "a card comes round a second time after the waste is turned over",
}
"""The kinds of situation where careful readers go wrong most often."""

KINDS_OF_RULE = {
    "M3": {"prize lost"},
    "M6": {"refilled"},
    "M7": {"refilled", "prize lost"},
    "M8": {"refilled"},
    "M9": {"running out"},
    "M14": {"prize lost"},
    "M16": {"refilled"},
    "M17": {"refilled"},
    "M18": {"refilled"},
    "P3": {"running out", "second time round"},
    "P4": {"running out", "one moment"},
    "P5": {"running out", "second time round"},
    "P7": {"one moment"},
    "P8": {"refilled"},
    "P9": {"running out", "second time round"},
    "P11": {"running out", "second time round"},
}
"""The rules whose section meets one of the `KINDS`, and which ones. A rule not listed
meets none: its reading does not change in those situations (P10, for one: one moment's
captures can never bring both players to the mark, as its section explains)."""

AT_LEAST_WHERE_KINDS = 5
"""A rule listed in `KINDS_OF_RULE` has at least this many misreadings catalogued."""

SHARING_EXAMPLES = frozenset(
    {
        ("M1", "no jokers unless you ask for them"),
        ("M1", "any number of jokers"),
        ("M2", "the captains stand in front"),
        ("M2", "a captain stands behind the other guard"),
        ("M2", "the other crew's left is your left"),
        ("M3", "a prize goes back to the bank once used"),
        ("M4", "the first player named always starts"),
        ("M5", "one power for each prize you hold"),
        ("M5", "a power can wait until after the draw"),
        ("M5", "the powers of prizes in the bank are yours too"),
        ("M6", "the Ship only swaps"),
        ("M6", "shields stay behind when pirates swap"),
        ("M6", "hit points stay with the place"),
        ("M7", "a hidden pirate can still be hit"),
        ("M7", "a guard can hide"),
        ("M7", "hiding heals"),
        ("M7", "the shield stays outside the Cave"),
        ("M7", "the hidden captain never has to come back"),
        ("M7", "the hidden captain comes back only when the other captain faints"),
        ("M8", "the Fort shields a captain too"),
        ("M8", "the Fort works with one guard standing"),
        ("M8", "the Fort adds a second shield"),
        ("M9", "the game ends when the draw pile runs out"),
        ("M9", "the discard pile is turned over, not shuffled"),
        ("M9", "cards are drawn from the bottom"),
        ("M10", "a hit may be skipped"),
        ("M10", "a shield breaks but the hit still lands"),
        ("M10", "an Ace does nothing"),
        ("M11", "shields stack"),
        ("M11", "a 10 is a face card"),
        ("M11", "an unusable shield card is swapped for another card"),
        ("M12", "a shield stops the 8"),
        ("M12", "an 8 is just one hit"),
        ("M13", "a shield stops the whole slash"),
        ("M13", "a slash goes through a shield"),
        ("M13", "a 9 is just one hit"),
        ("M14", "face cards take only from the bank"),
        ("M14", "each face card takes its own prize"),
        ("M15", "a joker gives you another card"),
        ("M15", "a joker makes the other player miss a turn"),
        ("M15", "a joker is wild: a one-hit kill"),
        ("M16", "any enemy pirate can be hit"),
        ("M16", "captains are safe until both guards have fainted"),
        ("M16", "the target is chosen for you"),
        ("M17", "a pirate at 0 hit points stays on the board"),
        ("M17", "the captain steps forward when its guard faints"),
        ("M18", "a crew has lost when both its guards have fainted"),
        ("M18", "a crew with one pirate left has lost"),
        ("P1", "a deck may hold a card twice"),
        ("P1", "part of a deck will do"),
        ("P2", "suits break a tie"),
        ("P2", "the Ace is high in the cut"),
        ("P2", "the higher card makes the low player"),
        ("P2", "on a tie the first player is low"),
        ("P2", "the cut shows the top card of the part left behind"),
        ("P3", "any card of the waste can be played"),
        ("P3", "the top card of the stock can be played"),
        ("P3", "the waste is played from the bottom"),
        ("P4", "players take turns"),
        ("P4", "a card that fits is played as it is turned"),
        ("P4", "a card that fits must be played"),
        ("P5", "the waste is turned over and a card turned at once"),
        ("P5", "the last card turned comes back first"),
        ("P5", "the waste is shuffled before it becomes the stock"),
        ("P5", "three cards are turned at a time"),
        ("P6", "a half may start with either keel"),
        ("P6", "a card may go on the other player's half"),
        ("P6", "both halves build up from the Ace"),
        ("P7", "the player with more cards on the ship captures it"),
        ("P7", "a ship sinks when both players have built on it"),
        ("P7", "when both close it at once, one of them still captures it"),
        ("P8", "every ship keeps the first ship's keels"),
        ("P8", "the keels swap only once"),
        ("P8", "a sunk ship does not swap the keels"),
        ("P9", "a covered card can still be claimed"),
        ("P9", "a claim beats the owner's play"),
        ("P9", "when a claim and a play clash, the owner captures"),
        ("P10", "four ships always win"),
        ("P10", "five ships are needed even after a sinking"),
        ("P11", "a card that fits the other half always keeps the game going"),
        ("P11", "cards an observer could claim do not count"),
        ("P11", "only the cards in sight count"),
        ("P11", "the game is blocked only when both players are observers"),
        ("P11", "the game goes on while a player is watching"),
    }
)
"""Older misreadings that have no example of their own: each is caught, but only by
examples that catch other misreadings too, or that another misreading needs. Every
misreading added since must come with an example of its own; this list only shrinks."""

_VERDICTS: dict[str, Verdict] = {}


def verdict(item: Misreading) -> Verdict:
    """`catalogue.judge` of ``item``, worked out once per session (``--dist loadfile``
    keeps this module's tests in one process)."""
    key = str(item)
    if key not in _VERDICTS:
        _VERDICTS[key] = judge(item)
    return _VERDICTS[key]


BOX = re.compile(r'^!!! misreadings "Not to be confused with"\n(?P<body>(?:\n|    .*\n)+)', re.M)


def box_names(rule: str) -> list[str]:
    """The misreadings named in ``rule``'s "Not to be confused with" box, in order."""
    section = rule_sections(page_of(rule).read_text(encoding="utf-8"))[rule]
    boxes = BOX.findall(section)
    assert len(boxes) == 1, f"{rule} needs one 'Not to be confused with' box, has {len(boxes)}"
    return [line.strip()[2:].strip() for line in boxes[0].splitlines() if line.strip()]


@pytest.mark.parametrize("rule", ALL_RULES)
def test_the_rule_section_passes_on_its_own(rule: str) -> None:
    run = run_examples(section_source(rule), rule)
    assert run.tried, f"{rule}'s section has no example"
    assert run.passed, f"{rule}'s section fails on the engine:\n" + "\n".join(
        map(str, run.failures)
    )


@pytest.mark.parametrize("item", CATALOGUE, ids=str)
def test_the_rule_section_rules_out_the_misreading(item: Misreading) -> None:
    judged = verdict(item)
    broken = "\n".join(map(str, judged.broken))
    assert not judged.broken, f"the patch for '{item}' crashed:\n{broken}"
    assert judged.failing, (
        f"every example of {item.rule} still passes if the engine thinks '{item.name}':"
        " add an example to that section that tells the two apart"
    )


@pytest.mark.parametrize("rule", ALL_RULES)
def test_each_misreading_has_an_example_of_its_own(rule: str) -> None:
    verdicts = [verdict(item) for item in CATALOGUE if item.rule == rule]
    owners = own_examples(verdicts)
    lacking = []
    for judged in verdicts:
        name = judged.misreading.name
        if owners[name] is None and (rule, name) not in SHARING_EXAMPLES:
            caught = ", ".join(str(judged.examples[n - 1]) for n in judged.failing)
            if judged.needs is None:
                why = "so it needs none of them alone"
            else:
                also = [v.misreading.name for v in verdicts if v.needs == judged.needs]
                why = f"which '{also[-1] if also[-1] != name else also[0]}' needs too"
            lacking.append(
                f"'{judged.misreading}' fails {caught or 'no example'}, {why}: give it an"
                " example that only it fails"
            )
    assert not lacking, "\n".join(lacking)


def test_the_misreadings_sharing_examples_are_catalogued() -> None:
    catalogued = {(item.rule, item.name) for item in CATALOGUE}
    assert catalogued >= SHARING_EXAMPLES, SHARING_EXAMPLES - catalogued


def test_every_patch_target_exists() -> None:
    missing = []
    for target in targets(CATALOGUE):
        try:
            resolve(target)
        except MissingTarget as error:
            missing.append(str(error))
    assert not missing, "\n".join(missing)


def test_every_rule_has_at_least_four_misreadings() -> None:
    counts = Counter(item.rule for item in CATALOGUE)
    assert set(counts) <= set(RULES)
    for rule in ALL_RULES:
        assert counts[rule] >= AT_LEAST, f"{rule} has {counts[rule]} misreadings, needs {AT_LEAST}"


def test_rules_where_the_kinds_apply_have_five_misreadings() -> None:
    assert set(KINDS_OF_RULE) <= set(RULES)
    assert set().union(*KINDS_OF_RULE.values()) == set(KINDS), "each kind applies somewhere"
    counts = Counter(item.rule for item in CATALOGUE)
    few = [
        f"{rule} ({', '.join(sorted(kinds))}) has {counts[rule]}"
        for rule, kinds in KINDS_OF_RULE.items()
        if counts[rule] < AT_LEAST_WHERE_KINDS
    ]
    assert not few, f"needs {AT_LEAST_WHERE_KINDS} misreadings each: " + "; ".join(few)


def rule_words(rule: str) -> str:
    """The words of ``rule``'s heading and section, as a reader sees them: without the
    examples' code and the misreadings box, links and code marks, spaces made single."""
    text = page_of(rule).read_text(encoding="utf-8")
    section = BOX.sub("", PYCON.sub("", rule_sections(text)[rule]))
    words = re.sub(r"\[([^]]*)\]\([^)]*\)", r"\1", f"{rule_titles(text)[rule]}\n{section}")
    return " ".join(words.replace("`", "").replace("**", "").split())


@pytest.mark.parametrize("rule", ALL_RULES)
def test_each_misreading_reads_words_of_its_rule(rule: str) -> None:
    words = rule_words(rule)
    wrong = [
        f"'{item.name}' reads {item.reads!r}"
        for item in CATALOGUE
        if item.rule == rule and (len(item.reads.split()) < 2 or item.reads not in words)
    ]
    assert not wrong, f"not words of {rule}'s section on its page: " + "; ".join(wrong)


def test_misreading_names_are_unique_within_a_rule() -> None:
    names = Counter((item.rule, item.name) for item in CATALOGUE)
    assert not [key for key, count in names.items() if count > 1]


@pytest.mark.parametrize("rule", ALL_RULES)
def test_the_box_names_exactly_the_catalogued_misreadings(rule: str) -> None:
    catalogued = [item.name for item in CATALOGUE if item.rule == rule]
    assert box_names(rule) == catalogued


def test_a_weakened_section_lets_its_misreading_through(monkeypatch: pytest.MonkeyPatch) -> None:
    item = next(i for i in CATALOGUE if i.name == "an 8 reaches a captain behind its guard")
    checked = ">>> game.legal_moves\n<LegalMoves: GL, GR>\n"
    source = section_source("M12")
    assert checked in source
    apply(item, monkeypatch)
    assert not run_examples(source, "M12").passed
    assert run_examples(source.replace(checked, ""), "M12").passed


def test_a_missing_target_fails_and_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    target = "pirate_rules.marvin.game:MarvinGame._no_such_step"
    item = Misreading("M10", "a test of the catalogue", {target: lambda original: original})
    with pytest.raises(pytest.fail.Exception, match=r"MarvinGame\._no_such_step"):
        apply(item, monkeypatch)


def test_a_crashing_patch_counts_as_broken_not_as_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def crashing(original: object) -> object:
        return lambda game, move: game.no_such_attribute

    target = "pirate_rules.marvin.game:MarvinGame._resolve"
    patches = {target: crashing, **PLAIN}  # _resolve runs on the plain code only
    apply(Misreading("M10", "a test of the catalogue", patches), monkeypatch)
    run = run_examples(section_source("M10"), "M10", watch=CATALOGUE_FILES)
    assert run.broken and "no_such_attribute" in run.broken[0].got


def test_the_mutation_run_runs_every_example_of_the_pages() -> None:
    """``make mutation`` runs the pages part by part (`pages_pass.parts`): each page's
    opening examples and each rule's section. Together they hold every example once."""
    for letter, page in PAGES.items():
        text = page.read_text(encoding="utf-8")
        head = preamble(text)
        pieces = [
            part_source(part) if part.endswith("-opening") else part_source(part).removeprefix(head)
            for part in parts()
            if part[0] == letter
        ]
        assert "".join(pieces) == page_source(page)


def test_each_mutant_claimed_equivalent_is_of_the_rules_code_and_says_why() -> None:
    """Each claim of ``equivalent_mutants.py`` names a mutant of a function of the rules
    code (one the score counts), and gives a reason."""
    rules = function_rules()
    for name, reason in EQUIVALENT.items():
        where = function_of(name)
        assert where in rules, f"{name}: no such function in the mutated modules"
        assert where[1] not in OUTSIDE_THE_RULES, f"{name}: left out of the score already"
        assert name.rpartition("__mutmut_")[2].isdigit() and reason.strip(), name


def test_the_report_counts_the_claimed_survivors_apart() -> None:
    claimed = next(iter(EQUIVALENT))
    other = "pirate_rules.pirate.game.xǁPirateGameǁ_turn__mutmut_999"
    statuses = {claimed: "survived", other: "no tests"}
    statuses |= {
        f"pirate_rules.pirate.game.xǁPirateGameǁ_play__mutmut_{n}": "killed" for n in range(8)
    }
    first, second = survivors_report(statuses, statuses)
    assert "2 (1 no tests, 1 survived): 1 claimed equivalent" in first
    assert first.endswith("1 not equivalent")
    assert second == "not equivalent: 1 of all 10 mutants = 10.0% (target: at most 10%, met)"
