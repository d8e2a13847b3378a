"""A budget for Jinja: a game's template may not hang a build or fill the memory.

The sandbox already keeps templates away from Python's internals; this adds limits on work.
- range() gives at most MAX_RANGE items, and all the range() loops of one render together at most
  MAX_STEPS items: nested `range(100000)` loops stop with one line instead of running for days.
- `*` and `**` may not build a huge string, list or number ('x' * 10**9, 10**10**10).
- A render has a wall-clock limit (MAX_SECONDS), checked as the template writes output and, for
  loops that write nothing, by an interval timer (in the main thread, where Python delivers it).
"""
from __future__ import annotations

import contextlib
import math
import operator
import signal
import threading
import time

from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

MAX_RANGE = 10_000  # items one range() may give: a player sheet's turns are about 20
MAX_STEPS = 1_000_000  # items all range() loops of one render may give together
MAX_SECONDS = 10.0  # one document renders in well under 0.1 s
MAX_SIZE = 1_000_000  # characters or items one `*` may make; digits one `**` may make


class OverBudget(Exception):
    """A template used more than its budget (time or operations)."""


class _Budget(threading.local):
    steps = 0
    deadline = math.inf


_budget = _Budget()


class _Counted:
    """A range that counts the items it gives against the render's budget."""

    def __init__(self, items: range):
        self.items = items

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self):
        for item in self.items:
            _budget.steps += 1
            if _budget.steps > MAX_STEPS:
                raise OverBudget(f"loops went over {MAX_STEPS:,} steps; the template is too slow")
            if not _budget.steps % 10_000 and time.monotonic() > _budget.deadline:
                raise OverBudget("rendering took too long; the template is too slow")
            yield item


def safe_range(*args: int) -> _Counted:
    items = range(*args)
    if len(items) > MAX_RANGE:
        raise SecurityError(f"range() of {len(items):,} items; at most {MAX_RANGE:,}")
    return _Counted(items)


class BudgetedSandbox(SandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**"})

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.globals["range"] = safe_range

    def call_binop(self, context, op: str, left, right):
        if op == "*":
            for seq, times in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(times, int) and len(seq) * times > MAX_SIZE:
                    raise SecurityError(f"'*' would make {len(seq) * times:,} items; at most {MAX_SIZE:,}")
            return operator.mul(left, right)
        if isinstance(left, (int, float)) and isinstance(right, (int, float)) and abs(left) > 1:
            digits = abs(right) * math.log10(abs(left))
            if digits > MAX_SIZE // 100:
                raise SecurityError(f"'**' would make a number of about {digits:,.0f} digits")
        return operator.pow(left, right)


@contextlib.contextmanager
def budget(seconds: float | None = None):
    """One render's budget: steps counted from zero, a deadline, and (in the main thread) a timer
    that stops a template looping without writing anything."""
    seconds = MAX_SECONDS if seconds is None else seconds
    _budget.steps, _budget.deadline = 0, time.monotonic() + seconds
    timer = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    if timer:
        def expired(signum, frame):
            raise OverBudget(f"rendering took over {seconds:g} s; the template is too slow")
        previous = signal.signal(signal.SIGALRM, expired)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        _budget.deadline = math.inf
        if timer:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


def over_time() -> bool:
    return time.monotonic() > _budget.deadline


def reset_steps() -> None:
    _budget.steps = 0


def template_place(exc: BaseException) -> tuple[str, int] | None:
    """The template file and line an exception was raised at: the innermost frame of the
    traceback Jinja rewrites for templates (an include's own file, not the one including it)."""
    tb, place = exc.__traceback__, None
    while tb is not None:
        globals_ = tb.tb_frame.f_globals
        if "__jinja_exception__" in globals_ or "__jinja_template__" in globals_:
            place = (tb.tb_frame.f_code.co_filename, tb.tb_lineno)
        tb = tb.tb_next
    return place
