"""The attack catalogue's shared fixtures (see harness.py)."""
from tests.attacks.harness import built_kit  # noqa: F401  (a fixture: the tiny kit, built once a session)
