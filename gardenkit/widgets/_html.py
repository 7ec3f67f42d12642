"""Small HTML builders for the panels (explanation, log, scores, final breakdown).

They format what the engine said; they never compute points or decide legality. Refusals,
effects and outcome reasons are :class:`~gardenkit.Cited` values: the words are their ``text``
and the rule their ``rule`` (nothing is read back out of the sentence).

>>> from gardenkit import Effect, Explanation, Refusal
>>> import gardenkit
>>> rules = gardenkit.make("samurai_gardener")
>>> why = Refusal("it must touch the house", "samurai_gardener.place.touch")
>>> no = Explanation("9@0,0", legal=False, reason=why, rules=why.rules)
>>> html = explanation_html(rules, no)
>>> "it must touch the house</div>" in html and "<code>samurai_gardener.place.touch</code>" in html
True
>>> _effect_html(rules, Effect("the round ends", None))
'<li>the round ends</li>'
"""
from __future__ import annotations

from html import escape

import gardenkit

from ..core.types import Cited, points_text
from ..render.svg import THEME_CSS
from ._links import link_rule_ids, rule_link

#: seen by screen readers only (``.gk-sr``): the live regions, the board's position in words, "(to
#: move)" in the score table; every widget that shows such a text carries this rule
SR_CSS = (".gk-sr{position:absolute !important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;"
          "clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0}")

#: One button style for the house, light and dark: every button of ours (ipywidgets' buttons in
#: our widgets, the buttons our front ends make, the Save link) plain, outlined and the same size;
#: the one main action of a row (``mod-success``: New game, Run) green. Included in every
#: stylesheet of ours that can come first on a page (the panels, a board, a lesson's cover, the
#: learner's bar, Copy link), so a button never shows in another style while the page loads.
#: Every button of ours that style covers (a CSS selector each: ipywidgets' buttons in our widgets,
#: then the buttons our front ends make); the theme test finds the house's buttons by the same list.
BUTTON_SELECTORS = ('.jupyter-button[class*="gk-"]', '[class*="gk-"] .jupyter-button', "button.gk-save-button",
                    "button.gk-share-button", "button.gk-aid-print", "button.gk-progress-reset")
BUTTON_CSS = f"""
{BUTTON_SELECTORS[0]}:not(.mod-success):not(.mod-info),
{BUTTON_SELECTORS[1]}:not(.mod-success):not(.mod-info),
{", ".join(BUTTON_SELECTORS[2:])}, .gk-save a {{
  background: var(--gk-button, #fff); color: var(--gk-ink, #222); border: 1px solid var(--gk-line, #8a7a66);
  border-radius: 4px; font: 13px sans-serif; padding: 0 12px; min-height: 28px; line-height: 26px;
  box-shadow: none; cursor: pointer; text-decoration: none; box-sizing: border-box; }}
.jupyter-button[class*="gk-"].mod-success, [class*="gk-"] .jupyter-button.mod-success,
.jupyter-button[class*="gk-"].mod-info, [class*="gk-"] .jupyter-button.mod-info {{
  background: #2e7d32; color: #fff; border: 1px solid #2e7d32; border-radius: 4px; font: 13px sans-serif;
  padding: 0 12px; min-height: 28px; box-shadow: none; }}
.jupyter-button[class*="gk-"]:hover:enabled:not(.mod-success):not(.mod-info),
[class*="gk-"] .jupyter-button:hover:enabled:not(.mod-success):not(.mod-info),
button.gk-save-button:hover, button.gk-share-button:hover, button.gk-aid-print:hover,
button.gk-progress-reset:hover, .gk-save a:hover {{ background: var(--gk-hover, #f3ead6); box-shadow: none; }}
.jupyter-button[class*="gk-"]:disabled, [class*="gk-"] .jupyter-button:disabled {{ opacity: .55; cursor: default; }}
.jupyter-button[class*="gk-"]:focus-visible, [class*="gk-"] .jupyter-button:focus-visible,
button.gk-save-button:focus-visible, button.gk-share-button:focus-visible, .gk-save a:focus-visible {{
  outline: 3px solid #1a5fb4; outline-offset: 2px; }}
body[data-jp-theme-light="false"] .jupyter-button[class*="gk-"]:focus-visible,
body[data-jp-theme-light="false"] [class*="gk-"] .jupyter-button:focus-visible {{ outline-color: #99c1f1; }}
"""

PANEL_CSS = f"""
<style>
{THEME_CSS}
{BUTTON_CSS}
.gk-explanation{{min-height:3em;padding:6px 10px;border-left:4px solid #b58b55;background:var(--gk-panel,#fbf8f1);
  font:14px/1.45 sans-serif;color:var(--gk-ink,#222)}}
.gk-ok{{color:var(--gk-ok,#1f6f43);font-weight:bold}}
.gk-no{{color:var(--gk-no,#8b1e1e);font-weight:bold}}
.gk-explanation ul{{margin:4px 0 4px 18px;padding:0}}
.gk-explanation code,.gk-log code{{background:var(--gk-chip,#efe8d8);color:var(--gk-ink,#222);padding:0 3px;border-radius:3px}}
.gk-rule{{color:var(--gk-ink2,#555);font-size:12px}}
/* rule ids are links to their headings: in the text's own colour (both themes), underlined */
a.gk-rule-link{{color:inherit;text-decoration:underline dotted;text-underline-offset:2px;cursor:pointer}}
.gk-log{{max-height:220px;overflow-y:auto;font:13px/1.4 sans-serif;color:var(--gk-ink,#222)}}
.gk-log ol{{margin:0;padding-left:22px}}
.gk-scores{{max-width:100%}}.gk-scores .gk-scroll{{max-width:100%;overflow-x:auto}}
{SR_CSS}
.gk-scores table{{border-collapse:collapse;font:14px sans-serif;color:var(--gk-ink,#222)}}
.gk-scores td,.gk-scores th{{border-bottom:1px solid var(--gk-line,#ddd);padding:3px 10px;text-align:left}}
.gk-scores tr.gk-now td{{background:var(--gk-now,#fff3cc)}}
.gk-scores caption{{caption-side:bottom;text-align:left;font-size:12px;color:var(--gk-ink2,#555)}}
.gk-status{{font:bold 15px sans-serif;color:var(--gk-head,#3d2f20)}}
.gk-others{{margin-top:10px}}
.gk-others-head{{font:bold 14px sans-serif;color:var(--gk-head,#3d2f20);margin:0 0 4px 2px}}
.gk-others-row{{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}}
.gk-other{{border:1px solid var(--gk-line,#d8cfbd);border-radius:6px;background:var(--gk-card,#f7f3ea);padding:6px 8px;
  font:13px sans-serif;color:var(--gk-ink,#222);max-width:100%;box-sizing:border-box}}
.gk-other.gk-now{{border-color:#b07d00;background:var(--gk-now,#fff3cc)}}
.gk-other-name{{font-weight:bold}}
.gk-other-score{{color:var(--gk-ink2,#555);margin-bottom:4px}}
.gk-other svg{{display:block;max-width:100%;height:auto}}
.gk-save a{{display:inline-block}}
.gk-main{{column-gap:12px}}
/* the chart's legend names in the text colour (bqplot paints them in the line's colour, which
   reads on neither theme for every player); the swatch beside each name keeps the colour */
.gk-chart .legendtext{{fill:var(--gk-ink,#2b2b2b) !important}}
.gk-chart-table{{font:13px sans-serif;color:var(--gk-ink,#222);margin:2px 0 6px}}
.gk-chart-table summary{{cursor:pointer;color:var(--gk-ink2,#555)}}
.gk-chart-table table{{border-collapse:collapse;margin-top:4px}}
.gk-chart-table th,.gk-chart-table td{{border-bottom:1px solid var(--gk-line,#ddd);padding:2px 8px;text-align:right}}
.gk-chart-table caption{{text-align:left;font-size:12px;color:var(--gk-ink2,#555)}}
@media (max-width:520px){{.gk-scores td,.gk-scores th{{padding:3px 6px}}}}
</style>
"""


def h(text) -> str:
    return escape(str(text), quote=True)


def _linked(rules, rule_id: str, text: str | None = None) -> str:
    """A rule id as a link to its heading (:func:`._links.rule_link`); plain for a game not registered."""
    inner = text if text is not None else f"<code>{h(rule_id)}</code>"
    game = getattr(getattr(rules, "info", None), "id", None)
    if game not in gardenkit.available_games():
        return inner
    return rule_link(game, rule_id, inner)


def _words_html(rules, cited) -> str:
    """The words of a Cited value as HTML, any rule id in them a link."""
    text = h(_words(cited))
    game = getattr(getattr(rules, "info", None), "id", None)
    return link_rule_ids(game, text) if game in gardenkit.available_games() else text


def rule_html(rules, rule_id: str) -> str:
    summary = rules.info.rules.get(rule_id, "")
    return f'<span class="gk-rule">{_linked(rules, rule_id)} — {h(summary)}</span>'


def _words(cited) -> str:
    """The plain words of a :class:`~gardenkit.Cited` value (its ``text``); other text as it is."""
    if cited is None:
        return ""
    return cited.text if isinstance(cited, Cited) else str(cited)


def explanation_html(rules, expl, heading: str | None = None) -> str:
    """An Explanation as HTML: points and every line with its rule, or the refusal and its rule."""
    head = f"<div>{h(heading)}</div>" if heading else ""
    if not expl.legal:
        rules_list = "".join(f"<li>{rule_html(rules, r)}</li>" for r in expl.rules)
        return (
            f'{head}<div><span class="gk-no">Not allowed:</span> <code>{h(expl.action)}</code> — '
            f"{_words_html(rules, expl.reason)}</div>"
            + (f"<ul>{rules_list}</ul>" if rules_list else "")
        )
    items = "".join(
        f"<li><b>{line.points:+d}</b> {h(line.text)}<br>{rule_html(rules, line.rule)}</li>" for line in expl.lines
    )
    effects = "".join(_effect_html(rules, e) for e in expl.effects)
    shown = {line.rule for line in expl.lines} | {r for e in expl.effects if isinstance(e, Cited) for r in e.rules}
    # the rules that make the move legal, where no line or effect above already names them
    effects += "".join(f'<li class="gk-allowed">allowed by {rule_html(rules, r)}</li>'
                       for r in expl.rules if r not in shown)
    total = f'<span class="gk-ok">{points_text(expl.points, bool(expl.lines), expl.unit)}</span>'
    return f"{head}<div><code>{h(expl.action)}</code>: {total}</div><ul>{items}{effects}</ul>"


def _effect_html(rules, effect) -> str:
    """An effect line (an :class:`~gardenkit.Effect`); the rule it cites is shown as the score
    lines show theirs. A plain string effect cites no rule."""
    cited = effect.rules if isinstance(effect, Cited) else ()
    if not cited:
        return f"<li>{_words_html(rules, effect)}</li>"
    return f"<li>{_words_html(rules, effect)}<br>{'<br>'.join(rule_html(rules, r) for r in cited)}</li>"


def message_html(text: str, kind: str = "info") -> str:
    cls = {"error": "gk-no", "warn": "gk-no", "ok": "gk-ok"}.get(kind, "")
    return f'<div class="{cls}">{h(text)}</div>' if cls else f"<div>{h(text)}</div>"


def result_words(outcome, names) -> str:
    """Who won, in words: "Ann wins", "Ann and Bo share the win", or "no one wins" (a solo game
    lost names no winner).

    >>> from gardenkit.core.types import Cited, Outcome
    >>> [result_words(Outcome(w, (5, 5), Cited("", "")), ["Ann", "Bo"]) for w in ((0,), (0, 1), ())]
    ['Ann wins', 'Ann and Bo share the win', 'no one wins']
    """
    if not outcome.winners:
        return "no one wins"
    win = " and ".join(names[i] for i in outcome.winners)
    return f"{win} share the win" if len(outcome.winners) > 1 else f"{win} wins"


def breakdown_html(rules, state, names) -> str:
    """The final (or running) breakdown per player: every score line and the total; the winners."""
    out = rules.outcome(state)
    unit = "demerit" if rules.info.lower_wins else "point"
    parts = []
    if out is not None:
        words = result_words(out, names)
        head = (f'<div class="gk-ok">{h(words)} with {out.scores[out.winners[0]]} {unit}s.</div>' if out.winners
                else f'<div class="gk-no">{h(words[0].upper() + words[1:])}.</div>')
        rule = getattr(out.reason, "rule", None)  # a Cited reason: the rule that decided it
        cited = f" <span class='gk-rule'>[{_linked(rules, rule, h(rule))}]</span>" if rule else ""
        parts.append(f'<div class="gk-final">{head}<div class="gk-reason">{_words_html(rules, out.reason)}{cited}</div>')
    for p in range(state.players):
        lines = rules.score_breakdown(state, p)
        items = "".join(
            f"<li>round {line.round}: <b>{line.points:+d}</b> {h(line.text)} <span class='gk-rule'>[{_linked(rules, line.rule, h(line.rule))}]</span></li>"
            for line in lines
        ) or f"<li>no {unit}s</li>"
        parts.append(f"<details open><summary><b>{h(names[p])}: {state.scores[p]} {unit}s</b></summary><ul>{items}</ul></details>")
    if out is not None:
        parts.append("</div>")
    return "".join(parts)


def hint_html(rules, hint) -> str:
    """A search hint (:class:`gardenkit.bots.Hint`) as HTML: the suggested move and the next two,
    each with what it scores now (the rules cited) and the search's findings in words
    (``HintMove.outlook``: where the suggestion leaves you, how the others compare with it), then
    the whole hint in words. Each move is an ``li.gk-hint-move`` carrying its ``data-action``.
    No per cents and no decimals: the numbers stay on the hint's moves, for code."""
    most = "fewest demerits now" if rules.info.lower_wins else "scores most now"
    items = []
    for m in hint.moves:
        cited = "".join(f"<br>{rule_html(rules, r)}" for r in m.rules)
        tag = f" <i>({most})</i>" if m.greedy else ""
        now = points_text(m.points, m.points != 0, m.unit) + " now"
        outlook = f"; {h(m.outlook)}" if m.outlook else ""
        items.append(
            f'<li class="gk-hint-move" data-action="{h(m.notation)}"><code>{h(m.notation)}</code>{tag}: '
            f'<span class="gk-ok">{h(now)}</span>{outlook}{cited}</li>')
    head = ("Hint from the search (the ringed move first, then the next two):" if len(hint.moves) > 1
            else "Hint from the search:")
    return (f'<div class="gk-hint-text"><div>{h(head)}</div><ol>{"".join(items)}</ol>'
            f'<div class="gk-rule">{h(hint.text)}</div></div>')
