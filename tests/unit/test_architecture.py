"""Who imports whom (STYLE.md): the pipeline's layers stay apart, checked from the source."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "kitgen"
THIRD_PARTY = {"yaml", "reportlab", "PIL", "pypdfium2", "jinja2", "click", "openpyxl", "platformdirs", "watchfiles",
               "numpy", "dask", "distributed", "babel"}
# openpyxl: decks kept in XLSX, read and written by load/ (sheet.py, convert.py) like YAML;
# platformdirs: where the per-user config file lives (load/config.py);
# babel: a game's language, its CLDR plural rules, dates and numbers (load/language.py).
ALLOWED = {  # module or package -> third-party libraries it may import
    "model": set(), "units": set(), "errors": set(), "check": set(),
    "simulate": {"distributed"},  # simulate/play/cluster.py only, and only when --scheduler asks (kitgen[cluster])
    "desk": {"watchfiles", "pypdfium2"},  # watch sees saves; the live preview renders the PDF's pages, as PNG export does
    "load": {"yaml", "openpyxl", "platformdirs", "babel"}, "layout": {"jinja2"}, "render": {"reportlab", "PIL", "pypdfium2", "numpy"},
    "cli": {"click", "platformdirs"}, "kit": {"platformdirs"},  # kit: the build cache lives in the user's cache folder
    # render draws the PDF (reportlab) and renders it to pixels (pypdfium2): images are the PDF, rendered
}


def third_party_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found & THIRD_PARTY


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports__each_layer_uses_only_its_own_libraries(path):
    layer = path.relative_to(PACKAGE).parts[0].removesuffix(".py")
    assert third_party_imports(path) <= ALLOWED.get(layer, set()), f"{path.name} imports outside its layer"


# The pipeline's layers, earliest first: a module may import its own layer and earlier ones, never
# a later one (load never imports layout). Decisions encoded here:
# - layout may import load: the Jinja loader finds templates through load/templates (the search
#   path and the one containment check), and load/files names them in messages;
# - render may import load: load/fonts reads and contains the font files render registers;
# - layout may import check: the documents print what check computes (deck stats, formulas, limits);
# - simulate (the balance lab) stands beside the kit pipeline and uses only core, load and check.
LAYERS = ["core", "load", "check", "layout", "render", "kit", "exports", "desk", "cli"]
CORE = {"model", "units", "errors", "colors", "project", "language", "__init__"}
SIDE = {"simulate": {"core", "load", "check", "simulate"}}


def layer_of(parts: tuple[str, ...]) -> str:
    """The layer of kitgen.<parts> (a module or a package's module); __main__ starts the CLI."""
    head = parts[0].removesuffix(".py") if parts else "__init__"
    return "core" if head in CORE else "cli" if head == "__main__" else head


def internal_imports(path: Path) -> set[str]:
    """The kitgen layers a file imports, at its top or inside functions (lazy imports count)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
        for name in names:
            if name == "kitgen" or name.startswith("kitgen."):
                found.add(layer_of(tuple(name.split(".")[1:])))
    return found


def allowed_layers(layer: str) -> set[str]:
    if layer in SIDE:
        return SIDE[layer]
    return set(LAYERS[:LAYERS.index(layer) + 1]) | (set(SIDE) if layer == "cli" else set())  # cli runs them all


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports__no_layer_imports_a_later_one(path):
    layer = layer_of(path.relative_to(PACKAGE).parts)
    later = internal_imports(path) - allowed_layers(layer)
    assert not later, f"{path.relative_to(PACKAGE)} ({layer}) imports from {sorted(later)}: a later stage"


MAKES_A_PDF = ("Canvas(", "SimpleDocTemplate(", "(Canvas)")


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports__every_module_that_makes_a_pdf_sets_binary_streams(path):
    """render/binary sets reportlab's useA85 off; the render package no longer does (a rebuild that
    draws nothing imports render/writer alone): a module that makes a PDF without it writes ASCII85."""
    source = path.read_text()
    if any(mark in source for mark in MAKES_A_PDF):
        assert "from kitgen.render import binary" in source, f"{path.relative_to(PACKAGE)} makes a PDF without render/binary"


def test_layers__every_package_has_a_place():
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert packages <= set(LAYERS) | set(SIDE), sorted(packages - set(LAYERS) - set(SIDE))


# The balance lab's floors, earliest first (ARCHITECTURE.md): a module of simulate/ imports its own
# floor and earlier ones, never a later one. Decisions encoded here:
# - the engine takes its steps from table.actions and its choices from table.policies (values given
#   to the table), so it imports neither vocabulary/ nor players/, and the vocabulary never imports
#   the players (a choice a step leaves open is the seat's policy's: Policy.choose_move);
# - there is no rules/ floor: every game plays from its data through the one engine (issue 33), and
#   no per-game module is left (test below);
# - report/ (the sums and statistics of played games) stands on play/ (its Settings) and under the
#   experiments that read its statistics; experiments/lab.py, the lab top to bottom, is the top.
SIMULATE = PACKAGE / "simulate"
SIMULATE_FLOORS = ["compile", "engine", "vocabulary", "players", "play", "report", "experiments"]


def simulate_imports(path: Path) -> set[str]:
    """The modules of simulate/ a file imports (lazy and TYPE_CHECKING ones too), dotted from simulate:
    `engine.table`, `vocabulary` (a package's __init__); `from kitgen.simulate.engine import x` names
    the submodule engine.x when there is one."""
    return {module.removeprefix("simulate.") for module in kitgen_imports(path) if module.startswith("simulate.")}


def simulate_floor(module: str) -> str:
    """The floor of `engine.table` or of the file `engine/table.py`: its package."""
    return module.replace("/", ".").split(".")[0]


SIMULATE_FILES = sorted(p for p in SIMULATE.rglob("*.py") if p.parent != SIMULATE or p.name != "__init__.py")


@pytest.mark.parametrize("path", SIMULATE_FILES, ids=lambda p: str(p.relative_to(SIMULATE)))
def test_simulate__no_floor_imports_a_later_one(path):
    floor = simulate_floor(path.relative_to(SIMULATE).as_posix())
    assert floor in SIMULATE_FLOORS, f"simulate/{floor} has no floor in SIMULATE_FLOORS"
    later = sorted(module for module in simulate_imports(path)
                   if SIMULATE_FLOORS.index(simulate_floor(module)) > SIMULATE_FLOORS.index(floor))
    assert not later, f"simulate/{path.relative_to(SIMULATE)} ({floor}) imports a later floor: {later}"


def test_simulate__no_rule_modules_are_left():
    """One engine (issue 33): no per-game module with its own game loop, no package to hold one."""
    assert not (SIMULATE / "rules").exists()


def test_simulate__no_import_circle():
    """Within a floor too: modules of one package import each other one way."""
    graph = {p.relative_to(SIMULATE).with_suffix("").as_posix().replace("/", ".").removesuffix(".__init__"):
             simulate_imports(p) for p in SIMULATE_FILES}
    assert_no_circle(graph)


def assert_no_circle(graph: dict[str, set[str]]) -> None:
    """Walks every import from every module, depth first; the first circle met, named module by module."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            raise AssertionError(f"import circle: {' -> '.join(path[path.index(module):] + [module])}")
        if module not in done:
            for other in sorted(graph.get(module, ())):
                visit(other, path + [module])
            done.add(module)

    for module in sorted(graph):
        visit(module, [])


def test_every_package_ships_in_the_wheel():
    """pyproject.toml lists packages by hand (data, templates and fonts are mapped in): a new
    subpackage left out would install a kitgen that cannot start, and one listed that is gone
    stops `pip install .` (the README's first command)."""
    import tomllib

    listed = set(tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(PACKAGE.parent).parts) for p in PACKAGE.rglob("__init__.py")}
    assert found <= listed, f"not in pyproject.toml's packages: {sorted(found - listed)}"
    mapped = {"kitgen._data", "kitgen._templates", "kitgen._fonts"}  # folders at the top, mapped in
    assert listed - mapped <= found, f"in pyproject.toml's packages but gone: {sorted(listed - mapped - found)}"


MAX_FUNCTION_LINES = 50  # issue 22; STYLE.md aims at about 40
# Over 50 today, in the packages the pipeline rewrite (issue 22) splits: each must leave this list
# when it is split (the test below fails on an entry that is no longer long, so the list only shrinks).
LONG_FUNCTIONS_ALLOWED: set[str] = set()


def function_lengths(path: Path, root: Path = PACKAGE) -> dict[str, int]:
    """`file:name` -> lines from `def` to the function's last line, for every function and method
    (nested ones too; decorators not counted)."""
    shown = path.relative_to(root).as_posix()
    return {f"{shown}:{node.name}": node.end_lineno - node.lineno + 1
            for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


def test_functions__none_is_over_50_lines():
    lengths = {name: lines for path in sorted(PACKAGE.rglob("*.py")) for name, lines in function_lengths(path).items()}
    too_long = {name: lines for name, lines in lengths.items()
                if lines > MAX_FUNCTION_LINES and name not in LONG_FUNCTIONS_ALLOWED}
    assert not too_long, f"functions over {MAX_FUNCTION_LINES} lines: {too_long}"
    split = sorted(name for name in LONG_FUNCTIONS_ALLOWED if lengths.get(name, 0) <= MAX_FUNCTION_LINES)
    assert not split, f"no longer over {MAX_FUNCTION_LINES} lines (or gone): remove from LONG_FUNCTIONS_ALLOWED: {split}"


def test_function_lengths__counts_from_def_to_the_last_line(tmp_path):
    source = tmp_path / "kitgen" / "sample.py"
    source.parent.mkdir()
    source.write_text("@decorator\ndef short():\n    return 1\n\n\nclass Thing:\n    def method(self):\n"
                      + "        x = 1\n" * 50 + "        return x\n")
    assert function_lengths(source, source.parent) == {"sample.py:short": 2, "sample.py:method": 52}


def test_top_level__at_most_eight_modules_beside_the_packages():
    """Issue 22: a newcomer finds a feature by its package; the top level keeps only the small core."""
    modules = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(modules) <= 8, f"kitgen/ holds {len(modules)} modules: {modules}"


def kitgen_imports(path: Path) -> set[str]:
    """The modules of kitgen a file imports, lazy and TYPE_CHECKING ones too, dotted from kitgen
    (`layout.precompiled`; a package's __init__ as its package's name)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")[1:] if name.startswith("kitgen.") else []
            place = PACKAGE.joinpath(*parts) if parts else None
            if place is not None and (place.with_suffix(".py").is_file() or place.is_dir()):
                found.add(".".join(parts))
    return found


def test_no_import_circle_anywhere_in_kitgen():
    """Modules import each other one way, across packages and within one (a local import that
    hides a circle counts): the afternoon's read of kitgen goes down, never round."""
    def dotted(path: Path) -> str:
        return path.relative_to(PACKAGE).with_suffix("").as_posix().replace("/", ".").removesuffix(".__init__")

    graph = {dotted(p): {m for m in kitgen_imports(p) if not (dotted(p).startswith(m + ".") and m in PACKAGE_FACES)}
             for p in PACKAGE.rglob("*.py")}
    assert_no_circle(graph)


# A package's __init__ that only hands its modules' names on: a module of it importing the package
# itself (`from kitgen.load import x` inside load/) is no circle of code.
PACKAGE_FACES = {p.parent.relative_to(PACKAGE).as_posix().replace("/", ".")
                 for p in PACKAGE.rglob("__init__.py") if p.parent != PACKAGE}
