# ruff: noqa: E501  (a table of code: each patch is easier to read on one line)
"""Plausible wrong solutions of the course: each a small change to the model solution.

Every rule id of the track has at least one. Each names the misreading it follows, in
the words of the misreading catalogue (``tests/misreadings/``) where one fits, the rule
its chapter's checks must name, and a piece of the message they must give. A wrong
solution that passes its chapter's checks (``beside=True``) must be caught by the
differential run instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

SOLUTIONS = Path(__file__).resolve().parent / "solutions"
MODEL = {
    "my_engine.py": (SOLUTIONS / "my_engine.py").read_text("utf-8"),
    "my_moments.py": (SOLUTIONS / "my_moments.py").read_text("utf-8"),
}


@dataclass(frozen=True)
class WrongSolution:
    """The model solution with ``old`` replaced by ``new``, and what its chapter must say."""

    chapter: int
    rule: str
    name: str
    old: str | tuple[str, ...]
    new: str | tuple[str, ...]
    says: str
    catalogue: bool = True
    beside: bool = False

    @property
    def file(self) -> str:
        return "my_moments.py" if self.chapter == 6 else "my_engine.py"

    @property
    def source(self) -> str:
        """The wrong solution's file: the model, each ``old`` replaced by its ``new``."""
        source = MODEL[self.file]
        olds = (self.old,) if isinstance(self.old, str) else self.old
        news = (self.new,) if isinstance(self.new, str) else self.new
        for old, new in zip(olds, news, strict=True):
            if source.count(old) != 1:
                raise AssertionError(f"{self.name}: the model has {source.count(old)} of {old!r}")
            source = source.replace(old, new)
        return source

    def __str__(self) -> str:
        return f"{self.rule}: {self.name}"


W = WrongSolution
WRONG: tuple[WrongSolution, ...] = (
    # Chapter 1: the deck and the draw
    W(1, "M1", "a deck of the right size may hold a card twice",
      "for rank in RANKS] + [JOKER]", 'for rank in RANKS.replace("2", "A")] + [JOKER]',
      "lacks 2S 2H 2D 2C, has AS AH AD AC twice"),
    W(1, "M1", "no jokers unless you ask for them",
      "def new_deck(jokers: int = 2)", "def new_deck(jokers: int = 0)",
      "new_deck() gives 0 jokers; with no number given, it has 2"),
    W(1, "M1", "any number of jokers",
      "    if jokers not in (0, 1, 2):\n        raise", "    if jokers < 0:\n        raise",
      "new_deck(3) returns a deck; it should raise ValueError"),
    W(1, "M1", "an Ace is high, like a face card",
      "RANKS.index(card[0]) + 1\n", '"23456789TJQKA".index(card[0]) + 2\n',
      "rank('AS') is 14; it should be 1"),
    W(1, "M9", "cards are drawn from the bottom",
      "    return piles.draw.pop(0)", "    return piles.draw.pop()",
      "draw() gives 'KD', not '7H'"),
    W(1, "M9", "the discard pile is turned over, not shuffled",
      "shuffle(piles.discard), []", "piles.discard[::-1], []",
      "draw() should call shuffle once, with the discard pile; yours called it 0 times"),
    W(1, "M9", "the game ends when the draw pile runs out",
      "    if not piles.draw:\n        piles.draw, piles.discard = shuffle(piles.discard), []\n", "",
      "your draw() raised IndexError: pop from empty list"),
    W(1, "M9", "the drawn card goes straight onto the discard pile",
      "    return piles.draw.pop(0)",
      "    piles.discard.append(piles.draw[0])\n    return piles.draw.pop(0)",
      "the discard pile 9C 7H", catalogue=False),
    # Chapter 2: pirates, positions and targets
    W(2, "M2", "a captain stands behind the other guard",
      "    return GUARDS[CAPTAINS.index(captain)]", "    return GUARDS[1 - CAPTAINS.index(captain)]",
      "in_front('CL') is 'GR'; the guard in front of CL is GL"),
    W(2, "M2", "a hidden captain still stands on the board",
      "if p in crew.pirates and p != crew.hidden]", "if p in crew.pirates]",
      "standing() gives ['CL', 'CR', 'GL', 'GR']", catalogue=False),
    W(2, "M16", "any enemy pirate can be hit",
      "    return [p for p in standing(crew) if p in GUARDS or in_front(p) not in crew.pirates]",
      "    return standing(crew)",
      "your targets() lets CL, CR be hit: the guards stand in front of the captains"),
    W(2, "M16", "captains are safe until both guards have fainted",
      "    return [p for p in standing(crew) if p in GUARDS or in_front(p) not in crew.pirates]",
      "    return [p for p in standing(crew) if p in GUARDS] or standing(crew)",
      "your targets() does not let CL be hit: GL is empty, so CL is open"),
    W(2, "M16", "the target is chosen for you",
      "    return [p for p in standing(crew) if p in GUARDS or in_front(p) not in crew.pirates]",
      "    return [p for p in standing(crew) if p in GUARDS or in_front(p) not in crew.pirates][:1]",
      "your targets() does not let GR be hit"),
    W(2, "M16", "a hidden pirate can still be hit",
      "    return [p for p in standing(crew) if p in GUARDS or in_front(p) not in crew.pirates]",
      "    return [p for p in crew.pirates if p in GUARDS or in_front(p) not in crew.pirates]",
      "your targets() lets CL be hit: CL is hidden in the Cave"),
    # Chapter 3: hits, shields and fainting
    W(3, "M10", "an Ace does nothing",
      '    if card == JOKER:\n        return "lost"', '    if card == JOKER or card[0] == "A":\n        return "lost"',
      "effect('AS') is 'lost'; it should be 'hit'"),
    W(3, "M10", "a hit card deals two hits",
      '    if effect(card) == "slash" and position in crew.pirates:',
      '    if effect(card) in ("hit", "slash") and position in crew.pirates:',
      "strike(crew, 'GL', 'AS') leaves GL 2 hp", catalogue=False),
    W(3, "M17", "a shield breaks but the hit still lands",
      "        crew.pirates[position] = pirate._replace(shield=False)\n",
      "        crew.pirates[position] = pirate._replace(shield=False, hit_points=pirate.hit_points - 1)\n",
      "hit(crew, 'GL') leaves GL 2 hp, GR 4 hp, CL 4 hp, CR 4 hp; it should leave GL 3 hp"),
    W(3, "M11", "a 10 is a face card",
      '{"8": "kill", "9": "slash",', '{"8": "kill", "9": "slash", "T": "take",', "effect('TC') is 'take'; it should be 'shield'"),
    W(3, "M11", "shields stack",
      "    return [position for position in standing(crew) if not crew.pirates[position].shield]",
      "    return standing(crew)",
      "your shieldable() gives ['CL', 'CR', 'GL', 'GR'] for GL 4 hp with a shield"),
    W(3, "M11", "a hidden pirate can be shielded",
      "    return [position for position in standing(crew) if not crew.pirates[position].shield]",
      "    return [p for p in POSITIONS if p in crew.pirates and not crew.pirates[p].shield]",
      "it should be ['GL', 'GR', 'CL']: CR hides in the Cave"),
    W(3, "M12", "an 8 is just one hit",
      '{"8": "kill",', '{"8": "hit",', "effect('8S') is 'hit'; it should be 'kill'"),
    W(3, "M12", "a shield stops the 8",
      '    if effect(card) == "kill":\n        del crew.pirates[position]\n',
      '    if effect(card) == "kill" and crew.pirates[position].shield:\n        hit(crew, position)\n        return\n'
      '    if effect(card) == "kill":\n        del crew.pirates[position]\n',
      "strike(crew, 'GL', '8H') leaves GL 4 hp, GR 4 hp"),
    W(3, "M12", "an 8 is four hits",
      '    if effect(card) == "kill":\n        del crew.pirates[position]\n        return\n',
      '    if effect(card) == "kill":\n        for _ in range(4):\n            if position in crew.pirates:\n'
      '                hit(crew, position)\n        return\n',
      "strike(crew, 'GL', '8H') leaves GL 1 hp"),
    W(3, "M13", "a 9 is just one hit",
      '"9": "slash"', '"9": "hit"', "effect('9S') is 'hit'; it should be 'slash'"),
    W(3, "M13", "a shield stops the whole slash",
      '    hit(crew, position)\n    if effect(card) == "slash" and position in crew.pirates:',
      '    had_shield = crew.pirates[position].shield\n    hit(crew, position)\n'
      '    if effect(card) == "slash" and position in crew.pirates and not had_shield:',
      "strike(crew, 'GL', '9S') leaves GL 4 hp, GR 4 hp, CL 4 hp, CR 4 hp; it should leave GL 3 hp"),
    W(3, "M13", "a slash's second hit carries on to the captain behind",
      '    if effect(card) == "slash" and position in crew.pirates:\n        hit(crew, position)\n',
      '    if effect(card) == "slash" and position in crew.pirates:\n        hit(crew, position)\n'
      '    elif effect(card) == "slash" and position in GUARDS and "C" + position[1] in crew.pirates:\n'
      '        hit(crew, "C" + position[1])\n',
      "the second is lost, not carried on to CL"),
    W(3, "M17", "a shield is never used up",
      "        crew.pirates[position] = pirate._replace(shield=False)\n", "        crew.pirates[position] = pirate\n",
      "hit(crew, 'GL') leaves GL 3 hp with a shield"),
    W(3, "M17", "a pirate at 0 hit points stays on the board",
      "    elif pirate.hit_points > 1:\n", "    else:\n",
      "leaves GL 0 hp, GR 4 hp"),
    W(3, "M17", "a pirate faints at 1 hit point",
      "    elif pirate.hit_points > 1:\n", "    elif pirate.hit_points > 2:\n",
      "hit(crew, 'GL') leaves GL empty, GR 4 hp, CL 4 hp, CR 4 hp; it should leave GL 1 hp", catalogue=False),
    W(3, "M17", "the captain steps forward when its guard faints",
      "        crew.pirates[position] = pirate._replace(hit_points=pirate.hit_points - 1)\n",
      "        crew.pirates[position] = pirate._replace(hit_points=pirate.hit_points - 1)\n"
      '    elif position in GUARDS and "C" + position[1] in crew.pirates:\n'
      '        crew.pirates[position] = crew.pirates.pop("C" + position[1])\n',
      "it should leave GL empty, GR 4 hp, CL 4 hp, CR 4 hp"),
    # Chapter 4: prizes and their powers
    W(4, "M3", "a prize goes back to the bank once used",
      '    prize, *where = move.split()\n',
      '    prize, *where = move.split()\n    game.holders[prize] = None\n',
      "the fort is held by None; Marvin still holds it"),
    W(4, "M5", "the powers of prizes in the bank are yours too",
      'if game.holders["ship"] == player:', 'if game.holders["ship"] in (player, None):',
      "your power_moves() offers powers of the ship: no prize, no power"),
    W(4, "M6", "the Ship only swaps",
      "        moves += [f\"ship {a} {b}\" for a in on for b in POSITIONS if b not in crew.pirates]\n", "",
      "does not offer ship CL CR, ship GL CR, ship GR CR"),
    W(4, "M6", "the Ship only swaps a guard with a captain",
      "for i, a in enumerate(on) for b in on[i + 1 :]]",
      "for i, a in enumerate(on) for b in on[i + 1 :] if a[0] != b[0]]",
      "does not offer ship CL CR, ship GL GR"),
    W(4, "M6", "shields stay behind when pirates swap",
      "        if other is not None:\n            crew.pirates[a] = other\n",
      "        if other is not None:\n            crew.pirates[a] = other._replace(shield=moving.shield)\n"
      "            crew.pirates[b] = moving._replace(shield=other.shield)\n",
      "swapping GL (2 hp, shield) and CR (3 hp), the crew is GL 3 hp with a shield"),
    W(4, "M6", "hit points stay with the place",
      "        if other is not None:\n            crew.pirates[a] = other\n",
      "        if other is not None:\n            crew.pirates[a] = other._replace(hit_points=moving.hit_points)\n"
      "            crew.pirates[b] = moving._replace(hit_points=other.hit_points)\n",
      "swapping GL (2 hp, shield) and CR (3 hp), the crew is GL 2 hp"),
    W(4, "M6", "the place of a hidden captain is empty",
      "for a in on for b in POSITIONS if b not in crew.pirates]",
      "for a in on for b in POSITIONS if b not in on]",
      "offers ship CL CR, ship GR CL"),
    W(4, "M6", "the Ship can move the hidden pirate",
      "    on, moves = standing(crew), []\n", "    on, moves = [p for p in POSITIONS if p in crew.pirates], []\n",
      "offers ship CL CR"),
    W(4, "M7", "a guard can hide",
      '        moves += [f"cave {captain}" for captain in CAPTAINS]',
      '        moves += [f"cave {pirate}" for pirate in on]',
      "offers cave GL, cave GR"),
    W(4, "M7", "the Cave works with one captain standing",
      "and not crew.hidden and set(CAPTAINS) <= set(on):",
      "and not crew.hidden and set(CAPTAINS) & set(on):",
      "your power_moves() offers cave CL"),
    W(4, "M7", "the hidden captain never has to come back",
      "    if crew.hidden and not set(standing(crew)) & set(CAPTAINS):\n        crew.hidden = None\n",
      "    if crew.hidden and not set(standing(crew)) & set(CAPTAINS):\n        pass\n",
      "after recall() the hidden captain is 'CL'; CL should be back: CR has fainted"),
    W(4, "M7", "the hidden captain comes back only when the other captain faints",
      "            crew.pirates[a] = other\n        recall(crew)\n",
      "            crew.pirates[a] = other\n",
      "after the Ship moves CR into the empty GL, leaving CL alone, the crew is GL 4 hp, GR 4 hp, CL 4 hp, hidden"),
    W(4, "M7", "hiding heals",
      "        crew.hidden = where[0]\n",
      "        crew.hidden = where[0]\n        crew.pirates[where[0]] = Pirate()\n",
      "after use_power(game, 'cave CL'), the crew is GL 4 hp, GR 4 hp, CL 4 hp, hidden"),
    W(4, "M8", "the Fort shields a captain too",
      'moves += [f"fort {guard}" for guard in GUARDS if not crew.pirates[guard].shield]',
      'moves += [f"fort {p}" for p in on if not crew.pirates[p].shield]',
      "offers fort CL, fort CR"),
    W(4, "M8", "the Fort works with one guard standing",
      ('if game.holders["fort"] == player and set(GUARDS) <= set(on):',
       'for guard in GUARDS if not crew.pirates[guard].shield]'),
      ('if game.holders["fort"] == player and set(GUARDS) & set(on):',
       'for guard in GUARDS if guard in on and not crew.pirates[guard].shield]'),
      "offers fort GR: GL has fainted"),
    W(4, "M8", "the Fort adds a second shield",
      'moves += [f"fort {guard}" for guard in GUARDS if not crew.pirates[guard].shield]',
      'moves += [f"fort {guard}" for guard in GUARDS]',
      "offers fort GL: GL has a shield"),
    W(4, "M16", "a captain can be hit only once the guard that started in front of it has fainted",
      ("        if other is not None:\n            crew.pirates[a] = other\n",
       "    return [p for p in standing(crew) if p in GUARDS or in_front(p) not in crew.pirates]"),
      ("        if other is not None:\n            crew.pirates[a] = other\n        else:\n            crew.moved_from = a\n",
       "    moved = getattr(crew, \"moved_from\", None)\n"
       "    return [p for p in standing(crew) if p in GUARDS or in_front(p) not in [*crew.pirates, moved]]"),
      "your targets() gives ['GR']; it should be ['CL', 'GR']"),
    W(4, "M14", "face cards take only from the bank",
      "if game.holders[prize] != game.to_move]", "if game.holders[prize] is None]",
      "it should be ['take cave', 'take fort']"),
    W(4, "M14", "a face card may take a prize you hold",
      "if game.holders[prize] != game.to_move]", "]",
      "it should be ['take cave', 'take fort']"),
    W(4, "M14", "a captain stays hidden when the Cave is taken",
      '    if prize == "cave" and loser is not None:\n        game.crews[loser].hidden = None\n', "",
      "CR should be back and Marvin hold the Cave"),
    # Chapter 5: the joker, the turn and the end
    W(5, "M4", "the first player named always starts",
      "new_bank(), first, shuffle=shuffle)", "new_bank(), 0, shuffle=shuffle)",
      "new_game(deck, 1) should give the first turn to player 1"),
    W(5, "M4", "the deck is shuffled again as the game starts",
      "    game = Game(Piles(list(deck)),", "    game = Game(Piles(shuffle(list(deck))),",
      "new_game() shuffled the deck", catalogue=False),
    W(5, "M5", "every turn stops for the power step, even with no power to use",
      ("    play(game, \"draw\")\n    return game\n", "        if not power_moves(game):\n            play(game, \"draw\")\n"),
      ("    return game\n", ""),
      "so the first turn goes straight to the draw", catalogue=False),
    W(5, "M15", "a joker gives you another card",
      "        if legal_moves(game):\n            return\n",
      "        if legal_moves(game):\n            return\n"
      "        if game.drawn == JOKER:\n"
      "            game.piles.discard.append(game.drawn)\n"
      "            game.drawn = None\n"
      "            play(game, \"draw\")\n"
      "            return\n",
      "Marvin draws a joker first: his turn is over at once"),
    W(5, "M15", "a joker makes the other player miss a turn",
      "    else:\n        game.to_move = 1 - player\n",
      "    elif card != JOKER:\n        game.to_move = 1 - player\n",
      "Marvin draws a joker first: his turn is over at once, the joker is discarded, and Mum's turn goes on"),
    W(5, "M15", "a joker is wild: a one-hit kill",
      '        return "lost"', '        return "kill"',
      "Marvin draws a joker first: his turn is over at once"),
    W(5, "M18", "a crew has lost when both its guards have fainted",
      "    if not enemy.pirates:\n", "    if not any(g in enemy.pirates for g in GUARDS):\n",
      "so the game goes on with Mum's turn. Your engine's winner is 0"),
    W(5, "M18", "a crew with one pirate left has lost",
      "    if not enemy.pirates:\n", "    if len(enemy.pirates) <= 1:\n",
      "so the game goes on with Mum's turn. Your engine's winner is 0"),
    W(5, "M18", "the turn is played out after the last pirate faints",
      "    if game.winner is not None:\n        return []\n", "",
      "once the game is over, legal_moves() should be empty"),
    W(5, "M7", "the hidden captain comes back only when the Ship moves the other away",
      "    recall(enemy)\n    game.piles.discard.append(card)", "    game.piles.discard.append(card)",
      "hidden in the Cave; in the real one it is back on the board", catalogue=False,
      beside=True),
    W(5, "M9", "the drawn card goes on the discard pile as it is drawn",
      ("        game.drawn, move = draw(game.piles, game.shuffle), \"\"\n", "    game.piles.discard.append(card)\n"),
      ("        game.drawn, move = draw(game.piles, game.shuffle), \"\"\n        game.piles.discard.append(game.drawn)\n", ""),
      "your discard pile is", catalogue=False, beside=True),
    # Chapter 6: Pirate's moments
    W(6, "P4", "players take turns",
      '    return ["T", "W"]\n',
      '    return ["T", "W"] if table.moment % 2 == player else ["W"]\n',
      "your legal_actions() gives Ben ['W']; it should be ['T', 'W']"),
    W(6, "P4", "the first player's action happens first",
      "    if len(actions) != 2 or any(a not in legal_actions(table, p) for p, a in enumerate(actions)):\n"
      '        raise ValueError(f"not a moment that can be played now: {actions!r}")\n',
      "    if len(actions) != 2:\n"
      '        raise ValueError(f"not a moment that can be played now: {actions!r}")\n'
      "    for player, action in enumerate(actions):\n"
      "        if action not in legal_actions(table, player):\n"
      '            raise ValueError(f"not a moment that can be played now: {actions!r}")\n'
      '        if action == "T":\n'
      "            turn(table, player)\n"
      '    actions = actions.replace("T", "W")\n',
      "refused the moment but changed the table"),
    W(6, "P4", "a card that fits must be played",
      '        return ["T", "P", "W"]', '        return ["P"]',
      "your legal_actions() gives Ann ['P']; it should be ['T', 'P', 'W']"),
    W(6, "P7", "a ship sinks when both players have built on it",
      "            if len(players) == 2:", "            if ship.halves[0] and ship.halves[1]:",
      "Ann's 7H completes the hearts ship A-6 | K-8: she captures it"),
    W(6, "P7", "when both close it at once, one of them still captures it",
      "            if len(players) == 2:\n                table.sunk.append(ship)\n            else:\n"
      "                table.captured[min(players)].append(ship)\n",
      "            table.captured[min(players)].append(ship)\n",
      "it sinks and nobody captures it"),
    W(6, "P9", "a player with cards left may claim",
      "    if not is_observer(table, player) or not table.fresh[owner] or not waste:",
      "    if not table.fresh[owner] or not waste:",
      "can_claim(table, 0) is True, not False"),
    W(6, "P9", "a covered card can still be claimed",
      "    if not is_observer(table, player) or not table.fresh[owner] or not waste:",
      "    if not is_observer(table, player) or not waste:",
      "your legal_actions() gives Ben ['C', 'W']; it should be ['W']: KH was not the card Ann turned last"),
    W(6, "P9", "a card uncovered by a play can be claimed",
      "            card = table.wastes[player].pop(0)\n            table.fresh[player] = False\n",
      "            card = table.wastes[player].pop(0)\n",
      "as just turned; the real one does not agree", beside=True),
    W(6, "P9", "a claim is too late when the owner turns in the same moment",
      '            if actions[owner] != "P":  # else the owner\'s play of the same card stands',
      '            if actions[owner] not in "PT":  # else the owner\'s play of the same card stands',
      "in the moment 'TC', Ben claims the KH Ann turned last"),
    W(6, "P9", "when a claim and a play clash, the owner captures",
      "            placed.setdefault(card[1], set()).add(player)\n            if actions[owner]",
      "            if actions[owner]",
      "her play stands, and as the 6H completes the hearts ship with both hands on it, the ship sinks"),
    W(6, "P9", "a claimed card scores for its owner",
      "            placed.setdefault(card[1], set()).add(player)\n            if actions[owner]",
      "            placed.setdefault(card[1], set()).add(owner)\n            if actions[owner]",
      "Ben claims the KH that completes the hearts ship: he captures it"),
)  # fmt: skip
