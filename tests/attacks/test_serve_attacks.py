"""`kitgen serve` attacked as a hostile web page, a hostile game folder and a hostile client would
(issue 21): traversal in every encoding, DNS rebinding through the Host header, another site's
page asking, script injection from card names and messages, slow, huge and many requests.

The HTTP-level cases talk raw sockets to the real server (kitgen/desk/serve.py) in this process,
serving a stub preview (no build: a fraction of a second each), with short limits. The injection
case runs the real `kitgen serve` of a hostile game and reads the page in headless Chromium.
All traffic goes to 127.0.0.1 only.
"""
from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

from kitgen.desk.serve import PAGE_POLICY, SCRIPT, Limits, exposed, host_allowed, start_server
from tests.conftest import read_until, serve_tiny

SECRET = b"the secret next to the game"
PNG = b"\x89PNG\r\n\x1a\n-a-card"
LIMITS = Limits(seconds=0.3, connections=4, deadline_factor=4)  # a connection is cut after 1.2 s


class StubPreview:
    """What the server reads of a Preview: state, images by key, documents by name."""

    def __init__(self, folder: Path):
        (folder / "rules.pdf").write_bytes(b"%PDF-1.4 the rules")
        (folder / "quick start.pdf").write_bytes(b"%PDF-1.4 a name with a space")
        (folder / "secret.txt").write_bytes(SECRET)
        self.state = {"version": 1, "cards": [], "problems": [], "ok": True, "decks": []}
        self.images = {"abc123": PNG}
        self.documents = {"rules.pdf": folder / "rules.pdf", "quick start.pdf": folder / "quick start.pdf"}


@pytest.fixture
def server(tmp_path):
    (tmp_path / "kit").mkdir()
    running = start_server(StubPreview(tmp_path / "kit"), "127.0.0.1", 0, LIMITS)
    yield running.server_address[1]
    running.shutdown()
    running.server_close()


def raw(port: int, request: bytes, seconds: float = 5) -> bytes:
    """Send `request` as it is and read the whole answer (the server closes after one)."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as sock:
        sock.sendall(request)
        return _read_all(sock)


def _read_all(sock: socket.socket) -> bytes:
    answer = b""
    try:
        while chunk := sock.recv(65536):
            answer += chunk
    except (ConnectionResetError, TimeoutError):
        pass
    return answer


def get(port: int, target: str, host: str | None = "127.0.0.1", headers: str = "") -> tuple[int, bytes, bytes]:
    """(status, head, body) of `GET target` with the given Host and extra header lines."""
    host_line = f"Host: {host}\r\n" if host is not None else ""
    answer = raw(port, f"GET {target} HTTP/1.1\r\n{host_line}{headers}Connection: close\r\n\r\n".encode("latin-1"))
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]) if head else 0, head, body


# --- traversal: no encoding of a path reaches a file; only the preview's own table is served -----

TRAVERSALS = ["/doc/../secret.txt", "/doc/%2e%2e/secret.txt", "/doc/%2E%2E%2Fsecret.txt", "/doc/%252e%252e/secret.txt",
              "/doc/..%5csecret.txt", "/doc/..\\secret.txt", "/doc/%c0%ae%c0%ae/secret.txt", "/doc/%ff%fe",
              "/doc/secret.txt", "/doc//secret.txt", "/doc/rules.pdf%00.txt", "/doc/rules.pdf/../secret.txt",
              "/img/..%2f..%2fsecret.txt", "/img/abc123.png/../../secret.txt", "/doc/", "/img/", "/doc/RULES.PDF",
              "/secret.txt", "/kit/", "/%2e%2e/%2e%2e/etc/passwd", "/doc/%2fetc%2fpasswd"]


@pytest.mark.parametrize("target", TRAVERSALS)
def test_serve_traversal_in_any_encoding__not_found(server, target):
    status, head, body = get(server, target)
    assert status == 404 and SECRET not in body and b"root:" not in body, (status, head, body)


def test_serve_a_document_whose_name_the_page_percent_encodes__served(server):
    """The page links documents with encodeURIComponent: a name with a space must still be found
    (it was looked up undecoded: quick%20start.pdf was not found)."""
    status, _, body = get(server, "/doc/quick%20start.pdf")
    assert status == 200 and body == b"%PDF-1.4 a name with a space"
    assert get(server, "/doc/quick%2520start.pdf")[0] == 404  # decoded once, not twice


# --- the Host header (DNS rebinding) and another site's page ----------------------------------

@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.nip.io", "localhost.evil.example",
                                  "127.0.0.1@evil.example", "", None])
def test_serve_a_host_that_is_not_this_server__refused(server, host):
    """A page on evil.example whose DNS answer turns to 127.0.0.1 sends its own name as Host."""
    status, head, body = get(server, "/api/state", host)
    assert status == 403 and b'"version"' not in body, (head, body)
    assert b"only to its own address" in body


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "LOCALHOST:{port}", "127.0.0.1:{port}", "[::1]:{port}",
                                  "kitgen.localhost:{port}"])
def test_serve_this_servers_own_names__answered(server, host):
    status, _, body = get(server, "/api/state", host.format(port=server))
    assert status == 200 and b'"version": 1' in body


def test_serve_an_absolute_url_in_the_request_line__refused(server):
    """`GET http://evil.example/ HTTP/1.1` through a proxy-style request names another host."""
    assert get(server, "http://evil.example/api/state")[0] == 403
    status, _, body = get(server, "//evil.example/api/state")  # http.server folds the // to one: not found
    assert status in (403, 404) and b'"version"' not in body


@pytest.mark.parametrize("headers", ["Sec-Fetch-Site: cross-site\r\n", "Sec-Fetch-Site: same-site\r\n",
                                     "Origin: http://evil.example\r\n", "Origin: null\r\n",
                                     "Origin: http://127.0.0.1:1\r\n"])
def test_serve_a_request_from_another_sites_page__refused(server, headers):
    status, _, body = get(server, "/api/state", headers=headers)
    assert status == 403 and b"another site" in body


def test_serve_another_sites_link_to_the_page__opens_it_but_nothing_else(server):
    """Following a link to the preview from another site shows the page (it holds no data); its
    data, images and documents are still refused to anyone but the page."""
    navigate = "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: document\r\n"
    assert get(server, "/", headers=navigate)[0] == 200
    for target in ("/api/state", "/doc/rules.pdf", "/img/abc123.png"):
        assert get(server, target, headers=navigate)[0] == 403, target


def test_serve_the_pages_own_requests__answered(server):
    assert get(server, "/api/state", headers="Sec-Fetch-Site: same-origin\r\n")[0] == 200
    assert get(server, "/api/state", f"127.0.0.1:{server}", headers=f"Origin: http://127.0.0.1:{server}\r\n")[0] == 200


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "HEAD"])
def test_serve_no_method_but_get__and_no_cors(server, method):
    """Nothing changes state, and no answer lets another origin read it (no CORS header at all)."""
    answer = raw(server, f"{method} /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\n"
                         f"Content-Length: 2\r\n\r\n{{}}".encode())
    assert answer.split()[1] == b"501" and b"access-control" not in answer.lower()


def test_serve_every_answer__nosniff_no_framing_and_the_page_runs_only_its_own_script(server):
    for target in ("/", "/api/state", "/img/abc123.png", "/doc/rules.pdf", "/nothing"):
        _, head, _ = get(server, target)
        assert b"X-Content-Type-Options: nosniff" in head and b"X-Frame-Options: DENY" in head, head
        assert b"access-control-allow-origin" not in head.lower()
    _, head, body = get(server, "/")
    policy = re.search(rb"Content-Security-Policy: (.*)\r", head).group(1).decode()
    assert policy == PAGE_POLICY and "default-src 'none'" in policy and "unsafe-inline" not in policy
    import base64
    import hashlib

    assert base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode() in policy
    assert body.count(b"<script>") == 1 and b"style=" not in body  # an inline style attribute would be blocked


# --- slow, huge and many requests -------------------------------------------------------------

def test_serve_a_client_that_sends_nothing__is_closed_after_its_time(server):
    with socket.create_connection(("127.0.0.1", server), timeout=5) as sock:
        start = time.monotonic()
        assert _read_all(sock) == b""  # closed by the server
        assert time.monotonic() - start < 2


def test_serve_slowloris_a_byte_at_a_time__cut_off_at_the_deadline(server):
    """Each byte comes within the per-read time, so only the whole connection's deadline stops it."""
    with socket.create_connection(("127.0.0.1", server), timeout=5) as sock:
        start = time.monotonic()
        request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-a: b\r\n" * 100
        try:
            for byte in request:
                sock.send(bytes([byte]))
                time.sleep(0.1)
        except OSError:  # the server closed it
            pass
        _read_all(sock)
        assert time.monotonic() - start < LIMITS.seconds * LIMITS.deadline_factor + 1.5


@pytest.mark.parametrize("request_bytes, status", [
    (b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", b"414"),
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-a: b\r\n" * 200 + b"\r\n", b"431"),
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-a: " + b"b" * 70000 + b"\r\n\r\n", b"431"),
    (b"\x00\x01\x02\xff garbage\r\n\r\n", b"400"),
    (b"GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n", b"505"),
])
def test_serve_a_huge_or_malformed_request__refused_and_the_server_goes_on(server, request_bytes, status):
    answer = raw(server, request_bytes)
    # a request line http.server cannot read is answered as HTTP/0.9 was: the error page, no status line
    assert answer.split()[1] == status or b"Error code: " + status in answer, answer[:400]
    assert get(server, "/api/version")[0] == 200


def test_serve_a_huge_body__never_read(server):
    """A GET announcing a terabyte of body is answered at once, its body never waited for."""
    start = time.monotonic()
    status = raw(server, b"GET /api/version HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000000000\r\n\r\nxx")
    assert status.split()[1] == b"200" and time.monotonic() - start < 1


def test_serve_many_connections__bounded_then_served_again(server):
    """More idle connections than threads: one more is told 503 at once; once they time out, served."""
    import threading

    threads = threading.active_count()
    idle = [socket.create_connection(("127.0.0.1", server), timeout=5) for _ in range(LIMITS.connections)]
    try:
        time.sleep(0.05)
        assert raw(server, b"GET /api/version HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").split()[1] == b"503"
        assert threading.active_count() <= threads + LIMITS.connections
    finally:
        for sock in idle:
            sock.close()
    deadline = time.monotonic() + 3
    while get(server, "/api/version")[0] != 200:
        assert time.monotonic() < deadline, "never served again"
        time.sleep(0.05)


# --- --host: open to the network only when asked, and said ------------------------------------

@pytest.mark.parametrize("host, open_", [("127.0.0.1", False), ("localhost", False), ("::1", False), ("127.0.0.2", False),
                                         ("0.0.0.0", True), ("::", True), ("192.168.1.20", True), ("myhost", True)])
def test_serve_exposed__only_a_loopback_host_is_private(host, open_):
    assert exposed(host) is open_


def test_serve_host_0000__warns_that_the_preview_is_open_to_the_network(tmp_path):
    process = serve_tiny(tmp_path, "--host", "0.0.0.0", "--max-seconds", "20")
    try:
        read_until(process, "Serving")
        line = read_until(process, "warning")
        assert "kitgen: warning: --host 0.0.0.0: the preview is open to the network" in line
    finally:
        process.terminate()
        process.wait(10)


def test_serve_host_allowed__the_bound_name_and_addresses():
    assert host_allowed("mybox.lan:8000", "mybox.lan") and not host_allowed("mybox.lan:8000", "0.0.0.0")
    assert host_allowed("192.168.1.20:8000", "0.0.0.0")  # an address cannot be rebound


# --- script injection from the game's text, in a real browser --------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium); CI installs it")
def test_serve_script_in_card_names_types_decks_and_messages__shown_as_text_in_chromium(tmp_path):
    """Card names, a type, the deck's and game's names and a YAML error holding markup: the page
    shows them as text and runs none of them (a script that ran would mark the body)."""
    from tests.integration.test_serve import dump_dom, state, wait_for

    attack = "<img src=x onerror=document.body.dataset.pwned=1>"
    process = serve_tiny(tmp_path, "--max-seconds", "90")
    game = tmp_path / "tiny"
    (game / "secret.txt").write_bytes(SECRET)
    (game / "decks" / "link.pdf").symlink_to(game / "secret.txt")
    try:
        url = re.search(r"(http://127\.0\.0\.1:\d+/)", read_until(process, "Serving")).group(1)
        wait_for(url, lambda s: len(s["cards"]) == 4)
        deck = game / "decks" / "main.yaml"
        deck.write_text(deck.read_text(encoding="utf-8")
                        .replace("{name: Scout,", f"{{name: '{attack}',")
                        .replace("name: Main Deck", "name: \"</h2><script>document.body.dataset.pwned=2</script>\"")
                        .replace("{name: Market,", "{name: '\"><svg onload=document.body.dataset.pwned=3>',"),
                        encoding="utf-8")
        wait_for(url, lambda s: any(c["name"] == attack for c in s["cards"]))
        dom = dump_dom(url, tmp_path / "profile")
        assert "data-pwned" not in dom and "<svg" not in dom and "<script>document" not in dom
        assert "&lt;img src=x onerror=document.body.dataset.pwned=1&gt;" in dom  # shown, as text
        deck.write_text(deck.read_text(encoding="utf-8") + "\n<script>document.body.dataset.pwned=4</script>: [\n",
                        encoding="utf-8")
        broken, _ = wait_for(url, lambda s: not s["ok"])
        dom = dump_dom(url, tmp_path / "profile")
        assert "data-pwned" not in dom and "error: YAML syntax error" in dom
        for path in ("doc/link.pdf", "doc/secret.txt", "decks/link.pdf"):
            status, body = _get_url(url + path)
            assert status == 404 and SECRET not in body
        assert state(url)["problems"]
    finally:
        process.terminate()
        process.wait(10)


def _get_url(url: str) -> tuple[int, bytes]:
    from tests.integration.test_serve import get as http_get

    return http_get(url)


def test_serve_the_page_never_builds_html_from_a_raw_value():
    """Every ${...} the page puts into innerHTML goes through esc(), except numbers it computes."""
    unescaped = [m for m in re.findall(r"\$\{([^}]*)\}", SCRIPT) if not m.startswith("esc(")]
    # encodeURIComponent leaves no " < > & in the double-quoted href it fills
    assert sorted(set(unescaped)) == ["card.copies", "d.cards", "encodeURIComponent(name)", "t.cards"], unescaped


# --- links in the game folder: never followed by the watcher ----------------------------------

def test_serve_watch_folders__never_through_a_link(tmp_path):
    """A link to / and a link to the folder's parent: watchfiles' recursive watch followed them
    (the whole disk, or a loop) and died with a traceback on the first folder it could not read."""
    from kitgen.desk.watch import real_folders

    game = tmp_path / "game"
    (game / "decks" / "deep").mkdir(parents=True)
    (game / ".git").mkdir()
    (game / "root").symlink_to("/")
    (game / "decks" / "loop").symlink_to("..")
    assert sorted(real_folders([str(game)])) == [str(game), str(game / "decks"), str(game / "decks" / "deep")]


def test_serve_a_game_with_links_to_the_root_and_a_loop__serves_and_follows_saves(tmp_path):
    import os
    import sys

    from tests.conftest import ROOT
    from tests.integration.test_serve import wait_for

    game = tmp_path / "tiny"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", game)
    (game / "root").symlink_to("/")
    (game / "decks" / "loop").symlink_to("..")
    process = subprocess.Popen([sys.executable, "-m", "kitgen", "serve", str(game), "--port", "0", "--max-seconds", "60"],
                               cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stderr=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, text=True)
    try:
        url = re.search(r"(http://127\.0\.0\.1:\d+/)", read_until(process, "Serving")).group(1)
        wait_for(url, lambda s: len(s["cards"]) == 4)
        (game / "art").mkdir()  # a folder made while serving is watched too
        time.sleep(0.3)
        deck = game / "decks" / "main.yaml"
        deck.write_text(deck.read_text(encoding="utf-8").replace("{name: Frigate,", "{name: Corvette,"), encoding="utf-8")
        wait_for(url, lambda s: any(c["name"] == "Corvette" for c in s["cards"]), seconds=20)
    finally:
        process.terminate()
        stderr = process.communicate(timeout=10)[1]
    assert "Traceback" not in stderr, stderr
