"""`kitgen serve GAME`: a local page that shows the kit as it is now and follows every save.

stdlib http.server in a thread; the page polls /api/version and, when it moves, fetches
/api/state and replaces only the cards whose image changed. Only what the preview made is served,
looked up by name in a table (images by content key, documents by file name): no file path from
a request ever reaches the file system, so there is no traversal and no directory listing.

Any page the user visits can send requests here, so (issue 21): only a Host of this server's
names is answered (DNS rebinding), nothing another site's page asks for (Sec-Fetch-Site, Origin),
no request changes anything, the page runs only its own script (a Content-Security-Policy by hash),
and a client gets bounded time and one of a bounded number of threads.
"""
from __future__ import annotations

import base64
import hashlib
import ipaddress
import json
import socket
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote, urlsplit

from kitgen.desk.preview import Preview

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>kitgen preview</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:0 1.5em 2em;color:#222;background:#f4f2ee}
h1{font-size:20px}h2{font-size:17px;margin:1.2em 0 .3em}h3{font-size:14px;margin:.8em 0 .3em;color:#555}
.cards{display:flex;flex-wrap:wrap;gap:10px}.back{margin-bottom:.5em}
figure{margin:0;width:190px;text-align:center}figure img{width:190px;border-radius:8px;box-shadow:0 1px 4px #0004}
figcaption{font-size:12px}.copies{color:#777}
figure.error img{outline:3px solid #c00;outline-offset:2px}figure.error figcaption{color:#a00;font-weight:600}
#problems li.error{color:#a00}#problems li.warning{color:#865c00}#problems code{font-size:12px}
#status{position:fixed;top:6px;right:12px;font-size:12px;color:#777}
#status.bad{color:#fff;background:#a00;padding:3px 10px;border-radius:4px;font-size:14px}
#charts img{max-width:100%}table{border-collapse:collapse}td,th{padding:1px 8px;text-align:left}
</style></head><body>
<div id="status">connecting…</div>
<h1 id="title">kitgen preview</h1>
<section><h2>Problems</h2><ul id="problems"></ul></section>
<section id="decks"></section>
<section><h2>Composition</h2><div id="composition"></div><div id="charts"></div></section>
<section><h2>Documents</h2><ul id="documents"></ul></section>
<script>
let version = -1;
const esc = s => String(s).replace(/[&<>"']/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c]));
function show(state) {
  if (!state.version) { status('building the preview…', true); return; }  // the first build is under way
  document.getElementById('title').textContent = (state.title || 'kitgen preview');
  const problems = document.getElementById('problems');
  problems.innerHTML = state.problems.length ? state.problems.map(p =>
    `<li class="${esc(p.level)}"><code>${esc(p.text)}</code></li>`).join('') : '<li>none: the game validates</li>';
  const decks = document.getElementById('decks');
  const seen = new Set();
  for (const card of state.cards) {
    const deckId = 'deck-' + card.deck_id, groupId = deckId + '-' + card.type.replace(/\\W+/g, '-');
    let deck = document.getElementById(deckId);
    if (!deck) { deck = document.createElement('div'); deck.id = deckId;
      deck.innerHTML = `<h2>${esc(card.deck)}</h2><div class="cards back"></div>`; decks.appendChild(deck); }
    let group = document.getElementById(groupId);
    if (!group) { group = document.createElement('div'); group.id = groupId;
      group.innerHTML = `<h3>${esc(card.type)}</h3><div class="cards"></div>`; deck.appendChild(group); }
    const cardId = 'card-' + card.deck_id + '-' + card.id;
    seen.add(cardId);
    let figure = document.getElementById(cardId);
    if (!figure) { figure = document.createElement('figure'); figure.id = cardId;
      figure.innerHTML = '<img><figcaption></figcaption>'; group.querySelector('.cards').appendChild(figure); }
    else if (figure.parentNode !== group.querySelector('.cards')) group.querySelector('.cards').appendChild(figure);
    const img = figure.querySelector('img');
    if (img.getAttribute('src') !== card.image) { img.setAttribute('src', card.image); img.alt = card.name; }
    figure.querySelector('figcaption').innerHTML =
      `${esc(card.name)} <span class="copies">×${card.copies}</span>` + (card.error ? ' (does not fit)' : '');
    figure.className = card.error ? 'error' : '';
  }
  for (const back of state.backs || []) {
    const figureId = 'back-' + back.deck_id, deck = document.getElementById('deck-' + back.deck_id);
    seen.add(figureId);
    let figure = document.getElementById(figureId);
    if (!figure) { figure = document.createElement('figure'); figure.id = figureId;
      figure.innerHTML = '<img><figcaption>the back</figcaption>'; deck.querySelector('.back').appendChild(figure); }
    const img = figure.querySelector('img');
    if (img.getAttribute('src') !== back.image) { img.setAttribute('src', back.image); img.alt = 'back of ' + back.deck; }
  }
  for (const figure of document.querySelectorAll('figure')) if (!seen.has(figure.id)) figure.remove();
  document.getElementById('composition').innerHTML = state.decks.map(d =>
    `<h3>${esc(d.name)}: ${d.cards} cards</h3><table>` + d.types.map(t =>
    `<tr><td>${esc(t.type)}</td><td>${t.cards}</td></tr>`).join('') + '</table>').join('');
  const charts = document.getElementById('charts'), pages = (state.charts || []).join(' ');
  if (charts.dataset.pages !== pages) { charts.dataset.pages = pages; charts.innerHTML = (state.charts || []).map(url =>
    `<img src="${esc(url)}" alt="deck statistics charts">`).join(''); }
  document.getElementById('documents').innerHTML = (state.documents || []).map(name =>
    `<li><a href="/doc/${encodeURIComponent(name)}">${esc(name)}</a></li>`).join('');
  document.body.dataset.version = state.version;
  status(state.ok ? 'up to date' : !state.stale ? 'errors: the cards as they would print'
         : state.cards.length ? 'errors: showing the last good cards' : 'errors: fix them to see the cards',
         state.ok);
  document.title = (state.ok ? '' : '\u2717 ') + (state.title || 'kitgen preview');  // the tab says it too
}
function status(text, ok) {
  const shown = document.getElementById('status');
  shown.textContent = text; shown.className = ok ? '' : 'bad';
}
async function poll() {
  try {
    const now = await (await fetch('/api/version', {cache: 'no-store'})).json();
    if (now.version !== version) {
      const state = await (await fetch('/api/state', {cache: 'no-store'})).json();
      version = state.version; show(state);
    }
  } catch (e) { status('kitgen serve is not running', false); }
  setTimeout(poll, 300);
}
poll();
</script></body></html>
"""


SCRIPT = PAGE.split("<script>", 1)[1].split("</script>", 1)[0]
STYLE = PAGE.split("<style>", 1)[1].split("</style>", 1)[0]


def _source_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


# The page runs only its own script and style (by hash), loads images and JSON only from here,
# may not be framed, and sends nothing anywhere: text from a card or a message that slipped past
# esc() still could not run.
PAGE_POLICY = (f"default-src 'none'; script-src {_source_hash(SCRIPT)}; style-src {_source_hash(STYLE)}; "
               "img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


@dataclass(frozen=True)
class Limits:
    """What one client may take: `seconds` for each read or write of a connection (slowloris),
    a whole connection at most DEADLINE_FACTOR times that, and `connections` at once (each a thread)."""
    seconds: float = 10.0  # a browser sends its request at once; 10 s is kind to a slow network
    connections: int = 32  # the page polls on one connection and loads images on a few
    deadline_factor: int = 6  # a multi-MB document to a slow client: up to a minute


def host_allowed(host_header: str | None, bound: str) -> bool:
    """Whether a request's Host names this server: a loopback name, an IP address, or the --host
    given. A page on evil.example whose DNS turns to 127.0.0.1 (DNS rebinding) still sends
    `Host: evil.example`, and is refused; an address cannot be rebound."""
    if not host_header:
        return False
    host = host_header.strip().lower()
    if host.startswith("["):  # [::1]:8000
        host = host[1:host.find("]")] if "]" in host else ""
    elif host.count(":") == 1:
        host = host.split(":")[0]
    if host in LOOPBACK_NAMES or host.endswith(".localhost") or host == bound.lower().strip("[]"):
        return True
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


class _Handler(BaseHTTPRequestHandler):
    preview: Preview  # set on the class made for each server
    server: _Server
    bound = "127.0.0.1"  # the --host given
    limits = Limits()
    timeout = Limits.seconds  # StreamRequestHandler: every read and write of the socket

    def handle(self) -> None:
        """One request (HTTP/1.0: the connection closes after it); the server cuts it off at its deadline."""
        self.server.deadlines[self.connection] = time.monotonic() + self.limits.seconds * self.limits.deadline_factor
        try:
            super().handle()
        except OSError:  # the client went away, timed out, or was cut off
            self.close_connection = True
        finally:
            self.server.deadlines.pop(self.connection, None)

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        refused = self._refusal()
        if refused:
            self._send(403, refused.encode(), "text/plain; charset=utf-8")
            return
        try:
            path = unquote(urlsplit(self.path).path, errors="strict")
        except UnicodeDecodeError:
            path = ""
        state = self.preview.state
        if path == "/":
            self._send(200, PAGE.encode(), "text/html; charset=utf-8")
        elif path == "/api/version":
            self._send(200, json.dumps({"version": state["version"]}).encode(), "application/json")
        elif path == "/api/state":
            # ASCII (\u escapes): any text of the game's becomes JSON the page reads, whatever it holds
            self._send(200, json.dumps(state).encode(), "application/json")
        elif path.startswith("/img/") and path.endswith(".png") and path[5:-4] in self.preview.images:
            self._send(200, self.preview.images[path[5:-4]], "image/png", cache=True)
        elif path.startswith("/doc/") and path[5:] in self.preview.documents:
            self._send(200, self.preview.documents[path[5:]].read_bytes(), "application/pdf")
        else:
            self._send(404, b"not found\n", "text/plain")

    def _refusal(self) -> str:
        """Why this request is not answered, or "": only a URL path (not http://other/...), only
        this server's names, and nothing asked for by another site's page."""
        if not self.path.startswith("/") or self.path.startswith("//"):
            return "kitgen serve answers only a path, e.g. GET / HTTP/1.1\n"
        if not host_allowed(self.headers.get("Host"), self.bound):
            return (f"kitgen serve answers only to its own address (this request named "
                    f"{self.headers.get('Host', 'no host')!r}); open the address kitgen printed\n")
        site = self.headers.get("Sec-Fetch-Site", "none")
        origin = self.headers.get("Origin")
        opened = self.path == "/" and self.headers.get("Sec-Fetch-Mode") == "navigate"  # a link to the page: harmless
        if not opened and (site not in ("same-origin", "none") or
                           (origin is not None and not _same_origin(origin, self.headers))):
            return "kitgen serve answers only its own page, not another site's\n"
        return ""

    def end_headers(self) -> None:
        """Every answer, errors too: never sniffed into another type, never framed, no referrer."""
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        super().end_headers()

    def _send(self, status: int, body: bytes, kind: str, cache: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=31536000, immutable" if cache else "no-store")
        if kind.startswith("text/html"):
            self.send_header("Content-Security-Policy", PAGE_POLICY)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args) -> None:  # the terminal shows rebuilds, not every poll
        pass


def _same_origin(origin: str, headers) -> bool:
    parts = urlsplit(origin)
    return parts.scheme == "http" and parts.netloc.lower() == (headers.get("Host") or "").strip().lower()


class _Server(ThreadingHTTPServer):
    """A thread a connection, at most `limits.connections` at once: one more is told it is busy
    (503) and closed at once, and never waits for a thread."""
    daemon_threads = True
    limits = Limits()

    def server_activate(self) -> None:
        super().server_activate()
        self.slots = threading.BoundedSemaphore(self.limits.connections)
        self.deadlines: dict[socket.socket, float] = {}  # connection -> when it is cut off

    def service_actions(self) -> None:
        """Between polls (serve_forever's, every half second): cut off each connection past its
        deadline, however slowly it trickles in (slowloris); no thread of its own a connection."""
        now = time.monotonic()
        for connection, deadline in list(self.deadlines.items()):
            if deadline < now:
                try:
                    connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def process_request(self, request, client_address) -> None:
        if not self.slots.acquire(blocking=False):
            try:
                request.setblocking(False)
                request.send(b"HTTP/1.0 503 Service Unavailable\r\nContent-Length: 0\r\nRetry-After: 1\r\n\r\n")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


def start_server(preview: Preview, host: str = "127.0.0.1", port: int = 8000,
                 limits: Limits = Limits()) -> ThreadingHTTPServer:
    """Serve `preview` from a background thread; returns the server (server_address has the port)."""
    handler = type("Handler", (_Handler,), {"preview": preview, "bound": host, "limits": limits,
                                            "timeout": limits.seconds})
    server_class = type("Server", (_Server,), {"limits": limits})
    server = server_class((host, port), handler)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": min(0.5, limits.seconds)},
                     name="kitgen-serve", daemon=True).start()
    return server


def exposed(host: str) -> bool:
    """Whether --host opens the preview to other computers (anything but a loopback address)."""
    if host.lower() == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return True  # a name: whatever it resolves to, the user asked for more than this computer
