"""Tang Garden widgets: the clickable board and a full game against bots.

The game-independent parts are :class:`~gardenkit.widgets.board_base.BoardWidget` and
:class:`~gardenkit.widgets.view.GameView`; this adds what a Tang Garden turn needs, each a pick
and then a click on what ``rules.targets`` offers:

* **build**: pick a face-up stack top (``pick("tile:17")``), turn it (``turn()``), and every space
  beside the garden shows what the tile would give there (its coins; the explanation on hover) or
  why it is refused;
* **decorate**: after the draw, pick one of the drawn cards (``pick("card:fish/water")``): every
  space with a free area of its kind is offered, the others refused with the reason;
* **landscape**: pick a tile on view (``pick("land:S3")``, or a hidden one with the lantern that
  chooses, ``pick("land:S5:lantern")``), then click a slot round the board;
* **characters**: pick the character to stand (``pick("char:poet")``), each free spot shows the
  most coins it could score at the end; pick a spot (``pick("spot:c4:tile")``) and the four facings
  show their line of sight and the coins each would score at the end (``rules.final_lines`` of the
  position after it). The lantern that moves a character works the same way from one of yours
  standing in the garden;
* every other step (``decorate``, a lantern, ``footpath coins``, ``influence …``, ``refresh …``,
  ``end turn``) is a button.

Nothing is decided here: legality, refusals and coins come from the engine.

Until the game is registered in ``gardenkit._GAMES`` (``gardenkit.make("tang_garden")``), these
widgets work only where a test registers it (``tests/test_tang_garden_widgets.py``).
"""
from __future__ import annotations

from ..games.tang_garden.actions import FACINGS, Build, Keep, Landscape, MoveChar, PlaceChar, TakeToken, parse
from ..games.tang_garden.components import parse_space, space_name
from ..render.tang_garden import TANG_CSS, render_board, status_line, tang_pattern_defs
from ..core import Target
from ._html import h
from .board_base import BoardWidget, guarded
from .view import GameView

__all__ = ["TangGardenBoard", "TangGardenGame"]

NOTATION_HINT = ("build 17 c4 r90, decorate, keep fish/water c4, landscape S3 N s1, influence shown poet, "
                 "place poet c4 tile N, footpath coins or end turn")
_ON_BOARD = (Build, Keep, TakeToken, PlaceChar, MoveChar, Landscape)
#: decisions where a character is stood on a spot (an influence's, a solo neutral figure, the solo final placing)
PLACING = ("place", "neutral", "final")


class TangGardenBoard(BoardWidget):
    """One position, seen by ``player`` (default: the one to act): the garden with its landscape
    slots, the stacks, the drawn cards, the displays, the buttons and every player's board.
    ``names``: what to call each player (default "Player 1" …)."""

    game_id = "tang_garden"
    _css = BoardWidget._css + TANG_CSS
    notation_hint = NOTATION_HINT
    _ui_actions = {"turn": "turn", "unpick": "unpick"}

    def __init__(self, state, *, player: int | None = None, panel=None, on_play=None, clickable: bool = True,
                 header: str | None = None, names=None, **kwargs):
        self.tile: int | None = None
        self.rot = 0
        self.card: str | None = None
        self.land: tuple | None = None
        self.char: str | None = None
        self.spot: tuple | None = None
        self.names = names
        self._cache: dict = {}
        super().__init__(state, player=player, panel=panel, on_play=on_play, clickable=clickable, header=header,
                         **kwargs)

    # ----- what is picked ----------------------------------------------------------------------------
    def _state_changed(self, s, keep_selection: bool) -> None:
        self._cache = {}
        d = self.rules.decision(s)
        if not keep_selection or d not in ("main", "build2") or self.tile not in self.pickable_tiles():
            self.tile, self.rot = None, 0
        if not keep_selection or d != "keep" or self.card not in s.drawn:
            self.card = None
        if not keep_selection or d != "landscape":
            self.land = None
        self.char, self.spot = None, None
        # one character to place: picked at once
        if d in PLACING and self.my_turn():
            chars = self.place_chars()
            if len(chars) == 1:
                self.char = chars[0]
        if d == "keep" and self.my_turn() and self.card is None:
            placeable = [t for t in self._legal() if t.action.startswith("keep ")]
            kinds = sorted({t.action.split()[1] for t in placeable})
            if len(kinds) == 1:
                self.card = kinds[0]

    def _decision(self) -> str:
        return self.rules.decision(self._state)

    def _from_display(self) -> bool:
        s = self._state
        return s.solo and s.lantern_mode == "display"

    def pickable_tiles(self) -> tuple:
        """The tiles that may be picked to build: the face-up stack tops, or in the solo game with its
        display lantern in use, the tiles of the garden-tile display."""
        s = self._state
        return tuple(s.display) if self._from_display() else tuple(t for t in s.tops if t)

    def _refuse(self, text: str) -> bool:
        if self.locked:
            self.show_message(self.locked, "warn")
            return True
        if not self.clickable:
            self.show_message("This board only shows a position.", "warn")
            return True
        if not self.my_turn():
            self.show_message("It is not your turn.", "warn")
            return True
        return False

    def _pick(self, value: str) -> None:
        kind, _, rest = value.strip().partition(":")
        if kind == "tile" and rest.isdigit():
            self.select(int(rest))
        elif kind == "card":
            self.choose_card(rest)
        elif kind == "land":
            lid, _, lantern = rest.partition(":")
            self.choose_land(lid, lantern == "lantern")
        elif kind == "char":
            self.choose_char(rest)
        elif kind == "spot":
            space, _, where = rest.partition(":")
            self.choose_spot(space, where)
        else:
            self.show_message(f"Pick a stack top (tile:17), a drawn card (card:fish/water), a landscape tile "
                              f"(land:S3), a character (char:poet) or a spot (spot:c4:tile), not {value[:30]!r}.",
                              "warn")

    @guarded
    def select(self, tile: int) -> None:
        """Pick face-up stack top ``tile`` to build with (picking it again puts it back)."""
        if self._refuse("select"):
            return
        s = self._state
        if self._decision() not in ("main", "build2"):
            self.show_message("A tile is built as the turn's main action; that is done now.", "warn")
            return
        tiles = self.pickable_tiles()
        if isinstance(tile, bool) or not isinstance(tile, int) or tile not in tiles:
            where = "in the garden-tile display" if self._from_display() else "face up on a stack"
            self.show_message(f"Tile {tile} is not {where}: pick one of {', '.join(map(str, tiles))}.", "warn")
            return
        if self.tile == tile:
            self.tile, self.rot = None, 0
        else:
            self.tile, self.rot = tile, 0
        self._changed()
        if self.tile is not None:
            self.panel.value = self.build_html()

    @guarded
    def turn(self) -> None:
        """Turn the picked tile a quarter clockwise."""
        if self.tile is None:
            self.show_message("Pick a stack top first.", "warn")
            return
        self.rot = (self.rot + 90) % 360
        self._changed()
        self.panel.value = self.build_html()

    @guarded
    def choose_card(self, name: str) -> None:
        """Pick drawn card ``name`` to keep: its areas are offered on the board."""
        if self._refuse("card"):
            return
        s = self._state
        if self._decision() != "keep" or name not in s.drawn:
            self.show_message(f"{name!r} is not among the cards drawn now.", "warn")
            return
        self.card = None if self.card == name else name
        self._changed()

    @guarded
    def choose_land(self, lid: str, lantern: bool = False) -> None:
        """Pick landscape tile ``lid`` (on view; ``lantern``: a hidden one, with the lantern that chooses)."""
        if self._refuse("land"):
            return
        s = self._state
        if self._decision() != "landscape":
            self.show_message("No landscape tile is to be inserted now.", "warn")
            return
        lid = str(lid).upper()
        i = 0 if s.pending[0][1] == "large" else 1
        pool = s.land_piles if lantern else s.land_shown
        if lid not in pool[i]:
            self.show_message(f"{lid} is not a {s.pending[0][1]} landscape tile you may pick now.", "warn")
            return
        self.land = None if self.land == (lid, lantern) else (lid, lantern)
        self._changed()

    @guarded
    def choose_char(self, cid: str) -> None:
        """Pick character ``cid``: to stand it (an influence) or, with the move lantern, one of yours."""
        if self._refuse("char"):
            return
        if cid not in self.place_chars() and cid not in self.movable_chars():
            self.show_message(f"{cid!r} is no character you may place or move now.", "warn")
            return
        self.char = None if self.char == cid else cid
        self.spot = None
        self._changed()
        if self.char:
            self.show_message("Each ringed spot shows the most coins the character could score there at the end; "
                              "pick one to see each facing.")

    @guarded
    def choose_spot(self, space: str, where: str = "tile") -> None:
        """Pick the free spot ``where`` of ``space`` for the picked character: its four facings are shown."""
        if self.char is None:
            self.show_message("Pick a character first.", "warn")
            return
        x, y = parse_space(space)
        spot = (x, y, where)
        if spot not in {(sx, sy, w) for sx, sy, w, _ in self.spot_picks()}:
            self.show_message(f"The {where} spot of {space} is not one the character may take now.", "warn")
            return
        self.spot = None if self.spot == spot else spot
        self._changed()
        if self.spot:
            self.panel.value = self.facing_html()

    @guarded
    def unpick(self) -> None:
        """Put back whatever is picked."""
        self.tile, self.rot, self.card, self.land, self.char, self.spot = None, 0, None, None, None, None
        self._changed()

    def _changed(self) -> None:
        self._cache = {}
        self.marked = None
        self.refresh()

    def _move_played(self, played) -> None:
        self.tile, self.rot, self.card, self.land, self.char, self.spot = None, 0, None, None, None, None

    def play(self, text) -> bool:
        version = self.version
        ok = super().play(text)
        if ok and self.version == version:  # played, and nothing drew the board since: its picks went
            self.refresh()
        return ok

    # ----- the engine's answers ----------------------------------------------------------------------
    def _cached(self, key, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def _legal(self) -> tuple:
        """``rules.targets(state)``: every legal move but the builds, when this board's player is to act."""
        return self._cached("legal", lambda: self.rules.targets(self._state) if self.my_turn() else ())

    def place_chars(self) -> tuple:
        """The characters this board's player may stand now (an influence's placement)."""
        return tuple(sorted({parse(t.action).char for t in self._legal() if t.action.startswith("place ")}))

    def movable_chars(self) -> tuple:
        """Your characters in the garden the move lantern may move or turn now."""
        return tuple(sorted({parse(t.action).char for t in self._legal() if t.action.startswith("move ")}))

    def spots(self) -> tuple:
        """The targets drawn on the board for what is picked: the builds of the picked tile (every
        space beside the garden, refused ones with the reason), the spaces for the picked card, the
        tokens to take, the slots for the picked landscape tile."""
        def make():
            if not self.my_turn():
                return ()
            s = self._state
            d = self._decision()
            if d in ("main", "build2") and self.tile is not None:
                return self.rules.targets(s, (self.tile, self.rot))
            if d == "keep" and self.card is not None:
                return self.rules.targets(s, ("card", self.card))
            if d == "landscape" and self.land is not None:
                lid, lantern = self.land
                size = s.pending[0][1]
                out = []
                for side in "NESW":
                    for slot in (("l1", "l2") if size == "large" else ("s1", "s2", "s3")):
                        a = Landscape(lid, side, slot, lantern)
                        why = self.rules.why_illegal(s, a)
                        out.append(Target(str(a), None if why else self.rules.action_points(s, a), why, ()))
                return tuple(out)
            if d in ("landscape", "keep") or d in PLACING:
                return ()
            if d not in ("main", "build2", "after"):  # a token to take, a solo pair's card: on the board
                return tuple(t for t in self._legal() if t.at and not t.action.startswith(("place ", "move ")))
            return ()
        return self._cached("spots", make)

    def buttons(self) -> tuple:
        """The legal moves drawn as buttons (everything not placed on the board)."""
        return tuple(t for t in self._legal() if not isinstance(parse(t.action), _ON_BOARD))

    def sight_scores(self, cid: str | None = None) -> dict:
        """For character ``cid`` (default: the picked one), each legal ``place``/``move`` action ->
        the coins that character would score at the end from there (``rules.sight_scores``)."""
        cid = cid or self.char

        def make():
            s = self._state
            if cid is None or not self.my_turn():
                return {}
            if cid in self.place_chars() and self._decision() in PLACING:
                acts = [t for t in self.rules.targets(s, ("char", cid)) if t.points is not None]
            else:
                acts = [t for t in self._legal() if t.action.startswith(f"move {cid} ")]
            return self.rules.sight_scores(s, self.player, cid, [t.action for t in acts])
        return self._cached(("sight", cid), make)

    def spot_picks(self) -> tuple:
        """``(x, y, where, best)``: the spots the picked character may take, each with the most coins
        it could score there at the end."""
        best: dict = {}
        for action, coins in self.sight_scores().items():
            a = parse(action)
            key = (a.x, a.y, a.where)
            best[key] = max(best.get(key, coins), coins)
        return tuple((x, y, w, v) for (x, y, w), v in sorted(best.items(), key=lambda kv: (kv[0][1], kv[0][0])))

    def facings(self) -> tuple:
        """``(facing, target, coins)`` for the picked spot: each way the character could face there."""
        if self.spot is None or self.char is None:
            return ()
        x, y, where = self.spot
        scores = self.sight_scores()
        out = []
        s = self._state
        mover = MoveChar if not (self._decision() in PLACING and self.char in self.place_chars()) else PlaceChar
        for f in FACINGS:
            a = mover(self.char, x, y, where, f)
            text = str(a)
            if text in scores:
                out.append((f, Target(text, self.rules.action_points(s, a), None, (x, y)), scores[text]))
            else:
                out.append((f, Target(text, None, self.rules.why_illegal(s, a), (x, y)), 0))
        return tuple(out)

    # ----- the panel -----------------------------------------------------------------------------------
    def build_html(self) -> str:
        legal = [t for t in self.spots() if t.points is not None]
        refused = [t for t in self.spots() if t.points is None]
        head = (f"Tile {self.tile} turned {self.rot}°: {len(legal)} space{'s' if len(legal) != 1 else ''} "
                f"where it fits, {len(refused)} refused (point at one to see why or what it gives).")
        best = sorted(legal, key=lambda t: -t.points)[:3]
        items = "".join(f"<li><code>{h(t.action)}</code>: {t.points} coin{'s' if t.points != 1 else ''} now</li>"
                        for t in best if t.points)
        return f"<div>{h(head)}</div>" + (f"<ul>{items}</ul>" if items else "")

    def facing_html(self) -> str:
        rows = []
        for f, t, coins in self.facings():
            if t.points is None:
                rows.append(f"<li>facing {f}: refused, {h(t.reason.text)}</li>")
            else:
                rows.append(f"<li>facing {f}: <b>{coins}</b> coin{'s' if coins != 1 else ''} at the end "
                            f"(<code>{h(t.action)}</code>)</li>")
        return "<div>What the character would score at the end, each way it could face:</div><ul>" + "".join(rows) + "</ul>"

    def mark(self, action: str | None) -> None:
        """Ring one move (a hint, a scenario's move): a build also picks its tile and turn, a keep its
        card, a placement its character and spot."""
        if action is not None and self.my_turn():
            a = self.rules.parse_action(self._state, action)
            if isinstance(a, Build):
                self.tile, self.rot = a.tile, a.rot
            elif isinstance(a, Keep):
                self.card = a.card
            elif isinstance(a, Landscape):
                self.land = (a.tile, a.lantern)
            elif isinstance(a, (PlaceChar, MoveChar)):
                self.char, self.spot = a.char, (a.x, a.y, a.where)
            self._cache = {}
        super().mark(action)

    def start_pick(self, caption: str = "") -> None:
        """What a try board shows on (re)start: the first face-up top picked when a tile may be
        built, else what to do."""
        s = self._state
        if not self.my_turn():
            return
        tiles = self.pickable_tiles()
        if self._decision() in ("main", "build2") and tiles:
            named = getattr(caption, "pick", None)
            tile = int(named) if isinstance(named, (int, str)) and str(named).isdigit() and int(named) in tiles \
                else tiles[0]
            self.select(tile)
        else:
            self.show_message(status_line(self.rules.view(s), self.names) + ": click one of the choices on the board.")

    # ----- drawing -------------------------------------------------------------------------------------
    def render_patterns(self) -> str:
        return tang_pattern_defs(self._uid)

    def render(self) -> str:
        s = self._state
        mine = self.clickable and self.my_turn()
        targets = self.spots() if mine else ()
        buttons = self.buttons() if mine else ()
        picks = []
        if mine:
            placing = self._decision() in PLACING
            for cid in self.place_chars() if placing else self.movable_chars():
                name = s.components.character(cid).name
                verb = "stand" if placing else "move or turn"
                picks.append((f"{verb} {name}", f"char:{cid}", f"pick {name} to {verb}", cid == self.char))
        pick_buttons = tuple(picks)
        hidden = ()
        if mine and self._decision() == "landscape" and any(t.action.endswith(" lantern") for t in self._legal()):
            size = s.pending[0][1]
            hidden = s.land_piles[0 if size == "large" else 1]
        sight = None
        faces = self.facings() if mine else ()
        if not self.clickable and self.marked:
            try:
                a = parse(self.marked)
                if isinstance(a, (PlaceChar, MoveChar)):
                    sight = (a.x, a.y, a.where, a.facing)
            except ValueError:
                pass
        notes = []
        if mine and self.char and not self.spot:
            notes.append("Ringed spots: the most coins the character could score there at the end. Pick one.")
        view = self.rules.view(s, self.player, clickable=False)  # the targets are the widget's: above
        return render_board(
            view, targets=targets, buttons=buttons, pick_buttons=pick_buttons, picked_tile=self.tile,
            rot=self.rot, picked_card=self.card, picked_land=self.land, hidden_land=hidden, picked_spot=self.spot,
            faces=faces, spot_picks=self.spot_picks() if mine and self.char else (), sight=sight,
            marked=self.marked, header=self.header or status_line(view, self.names), note_lines=notes,
            clickable=self.clickable, uid=self._uid, version=self.version, style=False, patterns=False,
            names=self.names)


class TangGardenGame(GameView):
    """Play Tang Garden against bots: you sit in ``seat`` (0-based) of 2 to 4 players, the others are
    ``opponents`` bots. The cards another player draws are face down (``rules.observe``). With
    ``players=1`` it is the solo game "Yin & Yang" (no bots): new game, undo, hints, the log, the
    coins and their chart work the same.
    """

    game_id = "tang_garden"
    board_class = TangGardenBoard
    others_heading = "The other players (their boards are drawn beside the garden)"

    @property
    def start_hint(self) -> str:
        timeline = getattr(self, "timeline", None)
        if timeline is not None and timeline.state.solo:
            return ("Pick a stack top (the card beside it comes too), turn it and click a ringed space of the "
                    "central garden; then place the card's decoration, stand a character when the coins allow, "
                    "and end your turn. Cover all 28 spaces to win.")
        return ("On your turn pick a face-up stack top, turn it and click a ringed space to build, or click "
                "decorate; then influence a character if you may, and end your turn.")

    def __init__(self, players: int = 2, seat: int = 0, opponents: str = "greedy", seed: int = 7,
                 bot_delay: float = 0.4, *, options: dict | None = None, **kwargs):
        super().__init__(players, seat, opponents, seed, options=options, bot_delay=bot_delay, **kwargs)

    def _build(self) -> None:  # the chart exists once the view is built (a lazy view: on its click)
        super()._build()
        self.set_chart_labels(ylabel="coins")

    def round_of(self, state) -> int:
        """The round: every player's turn once (0 while setting up)."""
        return 0 if not state.turn else (state.turn - 1) // state.players + 1

    def score_columns(self, state) -> dict:
        seen = self.rules.observe(state, self.seat)
        # (the coins are the table's own column: the game's score word, rules.score_word)
        if seen.solo:  # no player board in the solo game: no tracks, and no cards are kept
            return {"Tokens L/S": [f"{a}/{b}" for a, b in seen.held]}
        return {"Tracks G/W/R": ["/".join(map(str, t)) for t in seen.tracks],
                "Tokens L/S": [f"{a}/{b}" for a, b in seen.held],
                "Cards": [str(len(c)) for c in seen.cards]}

    def score_note(self, state) -> str:
        if state.solo:
            return "Coins gained so far; after a win the characters stand and score their lines of sight too."
        return "Coins gained so far; at the end the cards and the characters' lines of sight score too."

    def other_summary(self, state, player: int) -> str:
        seen = self.rules.observe(state, self.seat)
        comps = seen.components
        own = comps.character(seen.own[player]).name if seen.own[player] else "none"
        return (f"{seen.scores[player]} coins · tracks {'/'.join(map(str, seen.tracks[player]))} · "
                f"{len(seen.cards[player])} cards · on the card: {own}")

    def _status_text(self, s, p) -> str:
        if p is None or p != self.seat:
            return super()._status_text(s, p)
        return f"{status_line(self.rules.view(s), self.names)}: your move."

    def _start(self, players, seat, opponents, seed, options, timeline=None) -> None:
        super()._start(players, seat, opponents, seed, options, timeline=timeline)
        self.board.names = list(self.names)
        self.board.refresh()
