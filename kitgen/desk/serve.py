"""`kitgen serve GAME`: a local page that shows the kit as it is now and follows every save.

stdlib http.server in a thread; the page polls /api/version and, when it moves, fetches
/api/state and replaces only the cards whose image changed. Only what the preview made is served,
looked up by name in a table (images by content key, documents by file name): no file path from
a request ever reaches the file system, so there is no traversal and no directory listing.
"""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

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
table{border-collapse:collapse}td,th{padding:1px 8px;text-align:left}
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
    `<img src="${esc(url)}" alt="deck statistics charts" style="max-width:100%">`).join(''); }
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


class _Handler(BaseHTTPRequestHandler):
    preview: Preview  # set on the class made for each server

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        path = urlsplit(self.path).path
        state = self.preview.state
        if path == "/":
            self._send(200, PAGE.encode(), "text/html; charset=utf-8")
        elif path == "/api/version":
            self._send(200, json.dumps({"version": state["version"]}).encode(), "application/json")
        elif path == "/api/state":
            self._send(200, json.dumps(state, ensure_ascii=False).encode(), "application/json")
        elif path.startswith("/img/") and path.endswith(".png") and path[5:-4] in self.preview.images:
            self._send(200, self.preview.images[path[5:-4]], "image/png", cache=True)
        elif path.startswith("/doc/") and path[5:] in self.preview.documents:
            self._send(200, self.preview.documents[path[5:]].read_bytes(), "application/pdf")
        else:
            self._send(404, b"not found\n", "text/plain")

    def _send(self, status: int, body: bytes, kind: str, cache: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=31536000, immutable" if cache else "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args) -> None:  # the terminal shows rebuilds, not every poll
        pass


def start_server(preview: Preview, host: str = "127.0.0.1", port: int = 8000) -> ThreadingHTTPServer:
    """Serve `preview` from a background thread; returns the server (server_address has the port)."""
    handler = type("Handler", (_Handler,), {"preview": preview})
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="kitgen-serve", daemon=True).start()
    return server
