"""Attacks on `kitgen simulate --scheduler ADDRESS` before anything connects: every bad form of an
address is one usage line (exit 2), and a scheduler that is not on this machine is refused unless
the user says they run it (--trust-scheduler, or tls:// with Dask's TLS certificates). Run in this
process: nothing here reaches a cluster, and no game is played."""
from __future__ import annotations

import re
import socket

import pytest

from kitgen.simulate.play.address import is_this_machine, read_address
from tests.attacks.harness import assert_one_line, kitgen_in_process

pytest.importorskip("distributed")

REMOTE = "203.0.113.5"  # TEST-NET-3 (RFC 5737): documentation only, never this machine's address
BAD_FORMS = [  # (address, what the one line says)
    ("127.0.0.1:8786", r"'127\.0\.0\.1:8786' has no scheme: write tcp://HOST:8786 \(or tls://HOST:PORT\)"),
    ("udp://127.0.0.1:8786", r"unknown scheme 'udp://': kitgen connects to a scheduler with tcp:// or tls://"),
    ("inproc://127.0.0.1/1/2", r"unknown scheme 'inproc://': .*"),
    ("tcp://127.0.0.1:99999", r"'tcp://127\.0\.0\.1:99999': Port out of range 0-65535; .*"),
    ("tcp://127.0.0.1:http", r"'tcp://127\.0\.0\.1:http': Port could not be cast to integer value as 'http'; .*"),
    ("tcp://127.0.0.1:0", r"'tcp://127\.0\.0\.1:0' gives no port \(1-65535\): write tcp://HOST:8786"),
    ("tcp://127.0.0.1", r"'tcp://127\.0\.0\.1' gives no port \(1-65535\): write tcp://HOST:8786"),
    ("tcp://:8786", r"'tcp://:8786' names no host: write tcp://HOST:8786"),
    ("tcp://nosuch.invalid:8786", r"'nosuch\.invalid' (does not resolve to an address \(.*\)|did not resolve within .*)"),
    ("tcp://::1:8786", r"'tcp://::1:8786': an IPv6 address goes in brackets, with the port after them: tcp://\[::1\]:8786"),
    ("tcp://[not-v6]:8786", r"'tcp://\[not-v6\]:8786': .*; a scheduler's address is tcp://HOST:8786"),
    ("tcp://127.0.0.1:8786/scheduler", r"'tcp://127\.0\.0\.1:8786/scheduler': a scheduler's address is a host and a "
                                       r"port only \(tcp://HOST:8786\): no path, query or user name"),
    ("tcp://me@127.0.0.1:8786", r"'tcp://me@127\.0\.0\.1:8786': a scheduler's address is a host and a port only .*"),
    ("tcp://127.0.0.1:8786?x=1", r".*: a scheduler's address is a host and a port only .*"),
    ("tcp://" + "a" * 5000 + ":8786", r"an address of 5,011 characters: a scheduler's address is tcp://HOST:8786"),
    ("tcp://127.0.0.1:8786\x1b[2J", r"'tcp://127\.0\.0\.1:8786\\x1b\[2J' holds a space or a control character: .*"),
    ("tcp://127.0.0.1 :8786", r"'tcp://127\.0\.0\.1 :8786' holds a space or a control character: .*"),
]


def usage_line(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"Error: Invalid value for '?--scheduler'?: {pattern}")


@pytest.mark.parametrize("address, line", BAD_FORMS, ids=[form[0][:40] for form in BAD_FORMS])
def test_scheduler__a_bad_address_is_one_usage_line(address, line):
    run = kitgen_in_process("simulate", "galactic-civ", "--games", "50", "--scheduler", address,
                            "--scheduler-timeout", "2")
    assert_one_line(run, usage_line(line), exit=2, seconds=10)


def test_scheduler__one_on_another_machine_is_refused_and_says_what_trusting_it_means():
    run = kitgen_in_process("simulate", "galactic-civ", "--scheduler", f"tcp://{REMOTE}:8786")
    assert_one_line(run, usage_line(
        rf"tcp://{re.escape(REMOTE)}:8786 is not on this machine \({re.escape(REMOTE)}\): it and its workers run "
        r"kitgen's code with this game's data and send the results back \(checked as plain numbers; nothing they "
        r"send is run as code\); pass --trust-scheduler if you run that cluster, or use tls:// with Dask's TLS "
        r"certificates"), exit=2, seconds=10)


def test_scheduler__tls_without_dasks_certificates_is_refused(monkeypatch):
    for name in ("DASK_DISTRIBUTED__COMM__TLS__CA_FILE", "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT"):
        monkeypatch.delenv(name, raising=False)
    run = kitgen_in_process("simulate", "galactic-civ", "--scheduler", f"tls://{REMOTE}:8786", "--trust-scheduler")
    assert_one_line(run, usage_line(r"tls:// needs Dask's TLS settings \(distributed\.comm\.tls\.ca-file, "
                                    r"distributed\.comm\.tls\.client\.cert not set\): see Dask's security "
                                    r"documentation"), exit=2, seconds=10)


def test_scheduler__trust_without_a_scheduler_is_a_usage_error():
    run = kitgen_in_process("simulate", "galactic-civ", "--trust-scheduler")
    assert_one_line(run, re.compile(r"Error: Invalid value for '?--trust-scheduler'?: goes with --scheduler ADDRESS"), exit=2)


def test_scheduler__help_says_what_trusting_a_scheduler_means():
    run = kitgen_in_process("simulate", "--help")
    text = " ".join(run.run.stdout.split())
    assert "run kitgen's code with this game's data and send the results back" in text, text
    assert "--trust-scheduler" in text and "--scheduler-timeout SECONDS" in text, text


def test_address__loopback_names_and_this_hosts_own_address_are_this_machine():
    assert read_address("tcp://localhost:8786", 5).local
    assert read_address("TCP://127.0.0.1:8786", 5).local
    assert read_address("tcp://[::1]:8786", 5).target == "tcp://[::1]:8786"
    assert not read_address(f"tcp://{REMOTE}:8786", 5).local
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:  # no packet is sent: the route picks our address
        try:
            probe.connect((REMOTE, 9))
        except OSError:
            pytest.skip("no route out of this machine")
        own = probe.getsockname()[0]
    assert is_this_machine(own), own
    assert not is_this_machine(REMOTE)


def test_address__kitgen_connects_to_the_address_it_checked_not_the_name_again():
    """A name is resolved once: a second look-up (DNS rebinding) cannot send the connection elsewhere."""
    address = read_address("tcp://localhost:8786", 5)
    assert address.target in ("tcp://127.0.0.1:8786", "tcp://[::1]:8786"), address.target
    assert str(address) == "tcp://localhost:8786"
