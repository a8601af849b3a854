"""The Starlette application behind ``cardforge serve``.

``create_app(db)`` serves the score sheets of the SQLite store at ``db`` (the very file
``cardforge table`` writes), the live table and the referee.  Each request opens the store for
its own thread and closes it: every write is one of the store's transactions, so two phones
writing to one match keep one log, and a confirmed entry is on disk before the page shows it.

Forms work without JavaScript (POST, then a redirect); with htmx (vendored in ``static/``) the
same handlers answer with the changed part of the page only.  A refused entry answers 422 with
the CLI's own one-line message; a write without a phone's token 403 (``guard``: the join code
is exchanged once for a token; a write from another site, 403; a Host not this server's, 400).
Every request body is bounded (``MAX_BODY``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from cardforge.errors import CardforgeError, UsageError
from cardforge.i18n import refusal
from cardforge.web.guard import COOKIE, LOOPBACK, TOKEN_LIFE, JoinGuard, Refused, StoredTokens, host_allowed, same_origin
from cardforge.web.i18n import LANGS, choose_lang, words
from cardforge.web.push import Changes

__all__ = ["create_app", "STATIC_DIR", "TEMPLATES_DIR", "MAX_BODY"]

#: the largest form a page sends is a few hundred bytes; a body beyond this is refused (413)
MAX_BODY = 64 * 1024

HERE = Path(__file__).resolve().parent
STATIC_DIR = HERE / "static"
TEMPLATES_DIR = HERE / "templates"


def create_app(db: Path | str | None = None, *, join_code: str | None = None,
               pictures_dir: Path | None = None, hosts: tuple[str, ...] = ()) -> Any:
    """The ASGI app over the score-sheet database ``db`` (default: the CLI's default file),
    answering the loopback names and ``hosts`` (the LAN address ``serve`` printed)."""
    import jinja2
    from starlette.applications import Starlette
    from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    from cardforge.paths import fonts_dir
    from cardforge.table.store import Store, default_db_path
    from cardforge.web import pages
    from cardforge.web.pictures import PictureCache

    db_path = Path(db) if db is not None else default_db_path()
    Store(db_path).close()  # create (or check) the database once, before the first request
    guard = JoinGuard(join_code, StoredTokens(db_path))  # a phone that joined stays in after a restart
    changes = Changes()
    cache = PictureCache(pictures_dir)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES_DIR), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)

    @contextmanager
    def keeper() -> Iterator[Any]:
        from cardforge.table.scorekeeper import Scorekeeper

        with Store(db_path) as store:
            yield Scorekeeper(store)

    def lang_of(request) -> str:
        return choose_lang(request.cookies.get("lang"), request.headers.get("accept-language"))

    def render(request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        lang = lang_of(request)
        body = env.get_template(template).render(
            lang=lang, w=words(lang), other_lang=next(x for x in LANGS if x != lang),
            here=context.pop("here", request.url.path), join_required=guard.required,
            joined=guard.allows(request.cookies.get(COOKIE)), **context)
        return HTMLResponse(body, status_code=status)

    def htmx(request) -> bool:
        return request.headers.get("hx-request") == "true"

    def writes(handler: Callable) -> Callable:
        """A write: refused from another site (403), over ``MAX_BODY`` (413), without a phone's
        token (403); ``CardforgeError`` → 422 with its line."""
        async def endpoint(request):
            headers = request.headers
            if not same_origin(headers.get("origin"), headers.get("sec-fetch-site"), headers.get("host")):
                return render(request, "error.html", 403, error=words(lang_of(request))["cross_site"])
            form = await _bounded_form(request)
            if form is None:
                return render(request, "error.html", 413, error=words(lang_of(request))["too_big"])
            if not guard.allows(request.cookies.get(COOKIE)):
                back = _page_of(request.url.path)
                response = render(request, "join.html", 403, message=words(lang_of(request))["join_needed"], next=back)
                if htmx(request):  # the whole page goes to the join form, not a fragment of it
                    response.headers["HX-Redirect"] = f"/join?next={back}"
                return response
            try:
                answer = await _threaded(handler, request, form)
                await changes.bump()  # every phone's stream looks at its match again
                return answer
            except CardforgeError as exc:
                return await _threaded(_refused, request, form, said(exc, lang_of(request)))
        return endpoint

    def _refused(request, form: dict[str, str], message: str) -> Response:
        match_id = request.path_params.get("match_id")
        if match_id is None:
            return render(request, "index.html", 422, **{**index_context(lang_of(request), form), "error": message})
        if _match_number(match_id) is None:  # /m/x/undo: no such match, no page to come back to
            return render(request, "error.html", 404, error=message)
        return match_page(request, _int(match_id), status=422, error=message, form=form,
                          partial=htmx(request))

    # -- pages ---------------------------------------------------------------------------------

    def index_context(lang: str, form: dict[str, str] | None = None) -> dict[str, Any]:
        from cardforge.deck import load_deck
        from cardforge.deck.loader import GAMES

        with keeper() as k:
            matches = [{"id": s.match_id, "match": s.match, "title": load_deck(s.match.game).title(lang),
                        "over": st.outcome.over, "next": pages.next_round(st, lang)} for s, st in k.list()]
        games = []
        for game in GAMES:
            deck = load_deck(game)
            games.append({"slug": game, "title": deck.title, "modes": list(deck.modes),
                          "variants": list(deck.variants), "players": (deck.players_min, deck.players_max)})
        return {"matches": list(reversed(matches)), "games": games, "form": form or {}, "error": ""}

    def index(request) -> Response:
        return render(request, "index.html", **index_context(lang_of(request)))

    def match_digest(match_id: int) -> Any:
        """The match's snapshot: a few rows of the store, whatever the match's length."""
        with Store(db_path) as store:
            return store.digest(match_id)

    def match_context(match_id: int, lang: str, live: Any = None, digest: Any = None) -> dict[str, Any]:
        from cardforge.table.standings import compute_standings
        from cardforge.web.live import LiveTable, has_live_table

        digest = digest or match_digest(match_id)
        standings = compute_standings(digest.events)
        game = standings.match.game
        if live is None and has_live_table(digest.events):
            live = LiveTable(db_path, match_id).view(digest)
        from cardforge.deck import load_deck

        return {
            "match_id": match_id,
            "m": standings.match,
            "game_title": load_deck(game).title(lang),
            "sheet": pages.sheet_view(standings, lang),
            # numwin followed card by card: its rounds come from the engine, none typed by hand
            "entry": None if standings.outcome.over or (live is not None and game == "numwin")
            else pages.entry_fields(standings, live, lang),
            "live": None if live is None else pages.live_view(live, lang, standings),
            "picker": pages.picker(game, len(standings.match.players)),
            "last_event": digest.last_seq,
        }

    def match_page(request, match_id: int, *, status: int = 200, error: str = "", form: dict | None = None,
                   partial: bool = False, live: Any = None) -> Response:
        digest = match_digest(match_id)
        since = request.query_params.get("since")
        if since is not None and since == str(digest.last_seq) and status == 200:
            return Response(status_code=204)  # nothing new: htmx keeps the page as it is
        context = match_context(match_id, lang_of(request), live, digest)
        template = "_match.html" if partial else "match.html"
        error_at = request.url.path.rsplit("/", 1)[-1] if error else ""  # the error shows by the button used
        return render(request, template, status, error=error, error_at=error_at, form=form or {}, **context)

    def show_match(request) -> Response:
        match_id = _int(request.path_params["match_id"])
        return match_page(request, match_id, partial=request.query_params.get("part") == "match")

    async def events(request) -> Response:
        """The match's changes pushed as Server-Sent Events (``cardforge.web.push``)."""
        from starlette.responses import StreamingResponse

        from cardforge.web.push import stream

        match_id = _int(request.path_params["match_id"])
        await _threaded(match_digest, match_id)  # an unknown match: one line, 404
        since = request.headers.get("last-event-id") or request.query_params.get("since") or ""
        page = f"/m/{match_id}"

        def last_seq() -> int:
            with Store(db_path) as store:
                return store.last_seq(match_id) or 0

        def fragment() -> tuple[int | None, str]:
            digest = match_digest(match_id)
            context = match_context(match_id, lang_of(request), digest=digest)
            body = render(request, "_match.html", error="", error_at="", form={}, here=page, **context).body
            return (context["live"] or {}).get("version"), body.decode()

        async def seq_now() -> int:
            return await _threaded(last_seq)

        async def fragment_now() -> tuple[int | None, str]:
            return await _threaded(fragment)

        body = stream(changes, seq_now, fragment_now, since=_match_number(since))
        return StreamingResponse(body, media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    def after_write(request, match_id: int, live: Any = None) -> Response:
        if htmx(request):
            return match_page(request, match_id, partial=True, live=live)
        return RedirectResponse(f"/m/{match_id}", status_code=303)

    # -- writes ----------------------------------------------------------------------------------

    def new_match(request, form: dict[str, str]) -> Response:
        from cardforge.table.scorekeeper import parse_players

        game = form.get("game", "")
        players = form.get("players", "")
        parse_players(players)  # the CLI's messages for an empty or repeated name
        options: dict[str, Any] = {"title": form.get("title", "").strip()}
        for key in ("mode", "variant"):
            if form.get(key):
                options[key] = form[key]
        for key in ("rounds", "start_cards"):  # as --rounds and --start-cards
            if form.get(key, "").strip():
                options[key] = _int(form[key], key.replace("_", "-"))
        house = [rule.strip() for rule in form.get("house", "").replace(";", "\n").splitlines() if rule.strip()]
        if house:  # house rules as --house KEY=VALUE, one a line (or separated by ;)
            options["house"] = house
        with keeper() as k:
            standings = k.new_match(game, players, **options)
        return RedirectResponse(f"/m/{standings.match_id}", status_code=303)

    def correct(request, form: dict[str, str]) -> Response:
        """A cell of the sheet corrected: the round keeps its place; undo takes it back."""
        match_id = _int(request.path_params["match_id"])
        with keeper() as k:
            game = k.standings(match_id).match.game
            player = form.get("player", "").strip()
            entry = form.get("entry", "")
            tokens = pages.split_entry(game, player, _entry_fields(game, entry))
            if not tokens:
                raise refusal(UsageError, "error.web.correct_empty", player=player or "?")
            k.correct(_int(form.get("round_seq", ""), "round"), player, tokens, match_id)
        return after_write(request, match_id)

    def rematch(request, form: dict[str, str]) -> Response:
        """A new match: the same game, players (seats), options and house rules."""
        match_id = _int(request.path_params["match_id"])
        with keeper() as k:
            m = k.standings(match_id).match
            options = {"mode": m.mode, "variant": m.variant, "house": m.house, "rounds": m.rounds,
                       "start_cards": m.start_cards, "title": m.title, "lang": m.lang}
            standings = k.new_match(m.game, ",".join(m.players), **options)
        return RedirectResponse(f"/m/{standings.match_id}", status_code=303)

    def final_sheet(request) -> Response:
        """The match's sheet to share: the filled score pad as PNG (``?format=pdf``: PDF)."""
        from cardforge.table.export import pdf_data, png_data

        match_id = _int(request.path_params["match_id"])
        with keeper() as k:
            standings = k.standings(match_id)
        lang = lang_of(request)
        pdf = request.query_params.get("format") == "pdf"
        data = pdf_data(standings, lang) if pdf else png_data(standings, lang)
        name = f"cardforge-{standings.match.game}-{match_id}.{'pdf' if pdf else 'png'}"
        return Response(data, media_type="application/pdf" if pdf else "image/png",
                        headers={"Content-Disposition": f'inline; filename="{name}"', "Cache-Control": "no-cache"})

    def record_round(request, form: dict[str, str]) -> Response:
        from cardforge.web.live import LIVE_GAMES, LiveTable

        match_id = _int(request.path_params["match_id"])
        with keeper() as k:
            match = k.standings(match_id).match
            tokens: list[str] = []
            for i, player in enumerate(match.players):
                values = {key: form.get(f"p{i}_{key}", "") for key in ("cards", "bid", "won")}
                tokens += pages.split_entry(match.game, player, values)
            void = form.get("void", "").strip()
            options = {"void": _int(void, "void")} if void else {}
            if match.game in LIVE_GAMES and match.game not in ("rows", "numwin"):  # the live table starts its next round
                LiveTable(db_path, match_id).record_round(tokens, options)
            else:
                k.record_round(tokens, options, match_id)
        return after_write(request, match_id)

    def undo(request, form: dict[str, str]) -> Response:
        match_id = _int(request.path_params["match_id"])
        with keeper() as k:
            k.undo(match_id)
        return after_write(request, match_id)

    def live_move(request, form: dict[str, str]) -> Response:
        from cardforge.web.live import LiveTable

        match_id = _int(request.path_params["match_id"])
        tokens = pages.move_tokens(form)
        if not tokens:
            raise refusal(UsageError, "error.web.no_card")
        version = form.get("version", "").strip()
        moved = LiveTable(db_path, match_id).move(tokens, version=_int(version, "version") if version else None,
                                                  move_id=form.get("move_id", "").strip() or None)
        return after_write(request, match_id, moved)

    def live_undo(request, form: dict[str, str]) -> Response:
        from cardforge.web.live import LiveTable

        match_id = _int(request.path_params["match_id"])
        return after_write(request, match_id, LiveTable(db_path, match_id).undo())

    def legal(request) -> Response:
        from cardforge.web.live import LiveTable

        match_id = _int(request.path_params["match_id"])
        lang = lang_of(request)
        live = LiveTable(db_path, match_id).view()
        if live.match.game != "tricks":  # only a trick has cards that may or may not be laid
            raise refusal(UsageError, "error.web.legal_tricks", game=live.match.game)
        try:
            verdict, error = pages.verdict_view(pages.legal_verdict(live, request.query_params.get("hand", "")), lang), ""
        except CardforgeError as exc:
            verdict, error = None, said(exc, lang)
        return render(request, "_legal.html", 422 if error else 200, verdict=verdict, error=error)

    async def join(request) -> Response:
        """The join code (typed, or in the QR code's URL) exchanged once for this phone's token."""
        import time

        if request.method == "POST":
            if not same_origin(request.headers.get("origin"), request.headers.get("sec-fetch-site"),
                               request.headers.get("host")):
                return render(request, "error.html", 403, error=words(lang_of(request))["cross_site"])
            form = await _bounded_form(request) or {}
        else:
            form = dict(request.query_params)
        code = form.get("code", "")[:64]
        target = form.get("next") or "/"
        if not target.startswith("/") or target.startswith("//") or "\\" in target:
            target = "/"
        said_ = words(lang_of(request))
        if not code and guard.required:  # the form to type it (a write without a token came here)
            return render(request, "join.html", message=said_["join_needed"], next=target)
        try:
            token = guard.exchange(code, request.client.host if request.client else "?", time.monotonic())
        except Refused as refused:
            if refused.wait > 0:
                response = render(request, "join.html", 429, message=said_["join_wait"].format(s=round(refused.wait + 0.5)),
                                  next=target)
                response.headers["Retry-After"] = str(round(refused.wait + 0.5))
                return response
            return render(request, "join.html", 403, message=said_["join_wrong"], next=target)
        response = RedirectResponse(target, status_code=303)
        if guard.required:
            response.set_cookie(COOKIE, token, httponly=True, samesite="strict", max_age=TOKEN_LIFE)
        return response

    def set_lang(request) -> Response:
        lang = request.path_params["lang"]
        target = request.query_params.get("next") or "/"
        if not target.startswith("/") or target.startswith("//"):
            target = "/"
        response = RedirectResponse(target, status_code=303)
        if lang in LANGS:
            response.set_cookie("lang", lang, samesite="lax", max_age=365 * 24 * 3600)
        return response

    # -- files -------------------------------------------------------------------------------------

    def card_picture(request) -> Response:
        game, code = request.path_params["game"], request.path_params["code"]
        from cardforge.deck.loader import GAMES

        if game not in GAMES:
            return Response("unknown game", status_code=404)
        try:
            path = cache.path(game, code, lang_of(request))
        except CardforgeError as exc:
            return Response(str(exc), status_code=404, media_type="text/plain")
        return FileResponse(path, media_type="image/png", headers={"Cache-Control": "public, max-age=86400"})

    def font(request) -> Response:
        name = request.path_params["name"]
        path = fonts_dir() / name
        if "/" in name or not name.endswith(".ttf") or not path.is_file():
            return Response("no such font", status_code=404)
        return FileResponse(path, media_type="font/ttf", headers={"Cache-Control": "public, max-age=604800"})

    def referee(request) -> Response:
        from cardforge.deck.loader import GAMES
        from cardforge.web.questions import QUESTIONS, ask

        game = request.path_params["game"]
        if game not in QUESTIONS:
            raise refusal(UsageError, "error.web.no_referee", game=repr(game), games=", ".join(GAMES))
        asked = dict(request.query_params)
        key = asked.get("q", "")
        verdict, error, status = None, "", 200
        if key:
            try:
                verdict = pages.verdict_view(ask(game, key, asked), lang_of(request))
            except CardforgeError as exc:
                error, status = said(exc, lang_of(request)), 422
        return render(request, "referee.html", status, game=game, games=list(QUESTIONS), questions=QUESTIONS[game],
                      asked=asked, asked_key=key, verdict=verdict, error=error,
                      picker=pages.picker(game))

    def shell_file(request) -> Response:
        """The installable app's manifest and service worker, served from the root (a service
        worker only controls the pages under its own path)."""
        name = request.url.path.lstrip("/")
        types = {"manifest.webmanifest": "application/manifest+json", "sw.js": "text/javascript"}
        return FileResponse(STATIC_DIR / name, media_type=types[name], headers={"Cache-Control": "no-cache"})

    def ping(request) -> Response:
        return Response(b"", status_code=204)

    async def app_errors(request, exc: Exception) -> Response:
        if isinstance(exc, CardforgeError):
            return render(request, "error.html", 404 if "no match" in str(exc) else 422, error=said(exc, lang_of(request)))
        raise exc

    routes = [
        Route("/", _sync(index)),
        Route("/matches", writes(new_match), methods=["POST"]),
        Route("/m/{match_id}", _sync(show_match)),
        Route("/m/{match_id}/round", writes(record_round), methods=["POST"]),
        Route("/m/{match_id}/undo", writes(undo), methods=["POST"]),
        Route("/m/{match_id}/move", writes(live_move), methods=["POST"]),
        Route("/m/{match_id}/live-undo", writes(live_undo), methods=["POST"]),
        Route("/m/{match_id}/legal", _sync(legal)),
        Route("/m/{match_id}/correct", writes(correct), methods=["POST"]),
        Route("/m/{match_id}/rematch", writes(rematch), methods=["POST"]),
        Route("/m/{match_id}/final", _sync(final_sheet)),
        Route("/m/{match_id}/events", events),
        Route("/join", join, methods=["GET", "POST"]),
        Route("/lang/{lang}", _sync(set_lang)),
        Route("/cards/{game}/{code}.png", _sync(card_picture)),
        Route("/fonts/{name}", _sync(font)),
        Route("/referee/{game}", _sync(referee)),
        Route("/ping", ping),
        Route("/manifest.webmanifest", shell_file),
        Route("/sw.js", shell_file),
        Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={CardforgeError: app_errors})
    app.state.db_path = db_path
    app.state.guard = guard
    return _HostCheck(app, (*LOOPBACK, *hosts))


class _HostCheck:
    """Serve only requests whose ``Host`` names this server (400 otherwise): a page on another
    site whose name was rebound to this address cannot read the score sheets."""

    def __init__(self, app: Any, allowed: tuple[str, ...]):
        self.app, self.allowed = app, allowed
        self.state = app.state

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
            if not host_allowed(host, self.allowed):
                from starlette.responses import PlainTextResponse

                response = PlainTextResponse(f"cardforge: this server answers {', '.join(self.allowed)}, "
                                             f"not {host!r}", status_code=400)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


async def _bounded_form(request: Any) -> dict[str, str] | None:
    """The form's fields (the last value of a repeated one), or ``None`` past ``MAX_BODY``."""
    from urllib.parse import parse_qsl

    declared = request.headers.get("content-length", "")
    if declared.isdigit() and (len(declared) > 9 or int(declared) > MAX_BODY):
        return None
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    if request.headers.get("content-type", "").startswith("multipart/"):
        return None  # no page sends one
    return dict(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))


def said(error: CardforgeError, lang: str) -> str:
    """A refusal in the page's language: the catalogue message an error carries, if any
    (``cardforge.i18n.refusal``), else its English line — the CLI's words either way."""
    message = getattr(error, "message", None)
    return message.text(lang) if message is not None and hasattr(message, "text") else str(error)


def _page_of(path: str) -> str:
    """The page a write was made from (``/m/3/round`` → ``/m/3``), to come back to after joining."""
    parts = path.strip("/").split("/")
    return f"/m/{parts[1]}" if len(parts) >= 2 and parts[0] == "m" and parts[1].isdigit() else "/"


def _entry_fields(game: str, entry: str) -> dict[str, str]:
    """A corrected cell as the round form's fields: ``2/1`` (bid/won) in tricks, cards elsewhere."""
    if game == "tricks":
        bid, _, won = entry.partition("/")
        return {"bid": bid, "won": won}
    return {"cards": entry}


def _match_number(text: str) -> int | None:
    """A match number from a URL (at most 18 digits: SQLite's), else ``None``."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


def _int(text: str, what: str = "match") -> int:
    """A whole number typed in a form or a URL (``UsageError`` in one line otherwise)."""
    number = _match_number(text.strip())
    if number is None:
        shown = repr(text if len(text) <= 20 else text[:20] + "…")
        if what == "match":
            raise refusal(UsageError, "error.web.no_match", match=shown)
        raise refusal(UsageError, "error.web.number", what=what, text=shown)
    return number


async def _threaded(fn: Callable, *args: Any) -> Any:
    """Run blocking work (SQLite, rendering) off the event loop."""
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(fn, *args)


def _sync(fn: Callable) -> Callable:
    async def endpoint(request):
        return await _threaded(fn, request)
    endpoint.__name__ = fn.__name__
    return endpoint

