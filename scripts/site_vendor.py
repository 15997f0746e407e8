"""The browser libraries the site takes from npm, copied into ``site/vendor/`` (used by
scripts/assemble_site.py).

Each library lands in ``vendor/<package>-<version>/`` (the version in every path: browsers
and the service worker keep these files across builds) with only the files the browser
loads: the entry module and every module it imports by a relative path, without source
maps. The page's import map (:func:`import_map`) names each library by its npm name, so our
modules and the libraries themselves import them by bare name
(``import("@trystero-p2p/nostr")``). Nothing imports them statically from the page's own
graph: only js/net/* modules import them, dynamically, when a game is played on several
devices, so the lobby never loads them.

jsQR ships only a UMD bundle; the build wraps it into an ES module (``jsQR.mjs``, whose
default export is the ``jsQR`` function) so it loads like the others, as a file of the site
(no inline script, nothing global).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

# npm package -> its entry module, inside the package (package.json pins each version)
LIBRARIES = {
    "@trystero-p2p/nostr": "dist/index.mjs",
    "@trystero-p2p/core": "dist/index.mjs",
    "@noble/secp256k1": "index.js",
    "qrcode-generator": "dist/qrcode.mjs",
    "jsqr": "dist/jsQR.js",  # UMD: wrapped into jsQR.mjs
}
UMD_WRAPPED = {"jsqr": "jsQR.mjs"}

# import/export statements at the start of a line (not in comments): what they import from
_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?(?:\bfrom\s*)?["']([^"']+)["']""", re.M)
_SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.M)


def version(package_dir: Path) -> str:
    return json.loads((package_dir / "package.json").read_text())["version"]


def module_closure(entry: str, imported) -> list[str]:
    """``entry`` and every module reached from it, ``imported(rel)`` giving the modules that
    module ``rel`` imports (paths of the same kind), in the order they were found."""
    found, todo = [], [entry]
    while todo:
        rel = todo.pop()
        if rel in found:
            continue
        found.append(rel)
        todo += imported(rel)
    return found


def _module_files(package_dir: Path, entry: str) -> list[str]:
    """``entry`` and every module it imports by a relative path, as paths inside the package."""
    return module_closure(entry, lambda rel: [_join(rel, spec) for spec in _IMPORT.findall((package_dir / rel).read_text())
                                              if spec.startswith(".")])


def _join(rel: str, spec: str) -> str:
    """The path inside the package that module ``rel`` names as ``spec`` ("./utils.mjs")."""
    parts = Path(rel).parent.joinpath(spec).as_posix().split("/")
    out: list[str] = []
    for part in parts:
        if part == "..":
            out.pop()
        elif part not in ("", "."):
            out.append(part)
    return "/".join(out)


def _umd_module(name: str, ver: str, source: str) -> str:
    """A UMD bundle as an ES module: it sees a CommonJS ``module`` and fills it in."""
    return (f"// {name} {ver} from npm as an ES module (written by scripts/site_vendor.py): the UMD\n"
            f"// bundle below sees a CommonJS `module`, fills in module.exports and defines nothing global.\n"
            "const module = { exports: {} };\n"
            "const exports = module.exports;\n"
            f"{source.rstrip()}\n"
            "export default module.exports;\n")


def copy_libraries(node_modules: Path, out: Path) -> dict[str, str]:
    """Copy every library into ``out/vendor/``; returns the import map's entries (bare name ->
    URL relative to the page). Fails when a library imports a bare name that is not mapped."""
    imports: dict[str, str] = {}
    bare_used: dict[str, set[str]] = {}
    for name, entry in LIBRARIES.items():
        src = node_modules / name
        folder = f"vendor/{name}-{version(src)}"
        if name in UMD_WRAPPED:
            target = f"{folder}/{UMD_WRAPPED[name]}"
            (out / target).parent.mkdir(parents=True, exist_ok=True)
            (out / target).write_text(_umd_module(name, version(src), (src / entry).read_text()))
            imports[name] = f"./{target}"
            continue
        for rel in _module_files(src, entry):
            text = _SOURCE_MAP.sub("", (src / rel).read_text()).rstrip() + "\n"
            bare_used.setdefault(name, set()).update(s for s in _IMPORT.findall(text) if not s.startswith("."))
            (out / folder / rel).parent.mkdir(parents=True, exist_ok=True)
            (out / folder / rel).write_text(text)
        imports[name] = f"./{folder}/{entry}"
    for name, used in bare_used.items():
        missing = used - imports.keys()
        if missing:
            raise SystemExit(f"error: {name} imports {sorted(missing)}, which the import map does not name "
                             "(add them to scripts/site_vendor.py's LIBRARIES)")
    return imports


def import_map(imports: dict[str, str]) -> str:
    """The page's ``<script type="importmap">`` (its text is hashed into the CSP)."""
    body = json.dumps({"imports": dict(sorted(imports.items()))}, indent=2).replace("\n", "\n  ")
    return f'<script type="importmap">\n  {body}\n  </script>'
