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

A few files are patched as they are copied (:data:`PATCHES`: unified diffs in
``scripts/vendor-patches/``, each naming the SHA-256 of every file it changes, as npm ships it:
another version fails the build, never patched blindly). A patched package's folder says so
(``vendor/<package>-<version>-patched.<hash of the patch>/``), so no cache mistakes it for
npm's files.

jsQR ships only a UMD bundle; the build wraps it into an ES module (``jsQR.mjs``, whose
default export is the ``jsQR`` function) so it loads like the others, as a file of the site
(no inline script, nothing global).
"""
from __future__ import annotations

import hashlib
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
# the patches applied to the libraries as they are copied (paths from scripts/): each one's
# header says why, and which files it changes with their SHA-256 ("# sha256 <file> <hex>",
# the file as "<package>/<path in it>")
PATCHES = ["vendor-patches/trystero.patch"]
_HERE = Path(__file__).resolve().parent
_PATCH_SUM = re.compile(r"^# sha256 (\S+) ([0-9a-f]{64})$", re.M)
_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")

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


class PatchError(Exception):
    """A vendor patch does not fit the files npm installed."""


def read_patch(text: str) -> tuple[dict[str, str], dict[str, list[tuple[int, list[str]]]]]:
    """A unified diff (``--- a/<file>``, ``+++ b/<file>``, hunks; lines before the first
    ``---`` are its description) and the SHA-256 its header gives each file: (sums, hunks by
    file), each hunk as (its first line in the old file, its lines with their ' ', '-', '+')."""
    sums = dict(_PATCH_SUM.findall(text))
    hunks: dict[str, list[tuple[int, list[str]]]] = {}
    lines = text.split("\n")
    file = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("--- a/") and i + 1 < len(lines) and lines[i + 1].startswith("+++ b/"):
            file = lines[i + 1][len("+++ b/"):].strip()
            hunks[file] = []
            i += 2
            continue
        match = _HUNK.match(line)
        if match and file:
            old_n = int(match[2] or 1)
            new_n = int(match[4] or 1)
            body: list[str] = []
            i += 1
            while (old_n > 0 or new_n > 0) and i < len(lines):
                body.append(lines[i])
                kind = lines[i][:1]
                if kind in (" ", "-", ""):
                    old_n -= 1
                if kind in (" ", "+", ""):
                    new_n -= 1
                i += 1
            hunks[file].append((int(match[1]), [b if b else " " for b in body]))
            continue
        i += 1
    missing = sorted(set(hunks) - set(sums))
    if missing:
        raise PatchError(f"no '# sha256' line for {', '.join(missing)}")
    return sums, hunks


def apply_hunks(text: str, hunks: list[tuple[int, list[str]]]) -> str:
    """``text`` with ``hunks`` applied, each exactly where it says (no fuzz, no offset)."""
    lines = text.split("\n")
    for start, body in reversed(hunks):  # from the end: earlier line numbers stay right
        old = [b[1:] for b in body if b[0] in " -"]
        new = [b[1:] for b in body if b[0] in " +"]
        at = start - 1 if old else start
        if lines[at:at + len(old)] != old:
            raise PatchError(f"a hunk at line {start} does not match")
        lines[at:at + len(old)] = new
    return "\n".join(lines)


def library_patches(node_modules: Path) -> tuple[dict[str, str], dict[str, str]]:
    """Every vendor file patched (``<package>/<path>`` -> its text once patched) and every
    patched package (-> the short hash of its patches). Raises PatchError, naming the patch,
    when a file is not the one the patch was made for."""
    files: dict[str, str] = {}
    packages: dict[str, hashlib._Hash] = {}
    for rel in PATCHES:
        text = (_HERE / rel).read_text()
        try:
            sums, hunks = read_patch(text)
            for file, file_hunks in hunks.items():
                package = next((name for name in LIBRARIES if file.startswith(name + "/")), None)
                if package is None:
                    raise PatchError(f"{file} is not in a vendored library")
                raw = (node_modules / file).read_bytes()
                if hashlib.sha256(raw).hexdigest() != sums[file]:
                    raise PatchError(f"{file} is not the file this patch was made for (another version of "
                                     f"{package}?): see whether it still needs the patch, then make it again or drop it")
                files[file] = apply_hunks(raw.decode(), file_hunks)
                packages.setdefault(package, hashlib.sha256()).update(text.encode())
        except (PatchError, OSError) as err:
            raise PatchError(f"scripts/{rel}: {err}") from err
    return files, {name: h.hexdigest()[:8] for name, h in packages.items()}


def copy_libraries(node_modules: Path, out: Path) -> dict[str, str]:
    """Copy every library into ``out/vendor/``; returns the import map's entries (bare name ->
    URL relative to the page). Fails when a library imports a bare name that is not mapped."""
    imports: dict[str, str] = {}
    bare_used: dict[str, set[str]] = {}
    try:
        patched, patched_packages = library_patches(node_modules)
    except PatchError as err:
        raise SystemExit(f"error: {err}") from err
    unused = set(patched)
    for name, entry in LIBRARIES.items():
        src = node_modules / name
        folder = f"vendor/{name}-{version(src)}"
        if name in patched_packages:
            folder += f"-patched.{patched_packages[name]}"
        if name in UMD_WRAPPED:
            target = f"{folder}/{UMD_WRAPPED[name]}"
            (out / target).parent.mkdir(parents=True, exist_ok=True)
            (out / target).write_text(_umd_module(name, version(src), (src / entry).read_text()))
            imports[name] = f"./{target}"
            continue
        for rel in _module_files(src, entry):
            text = patched.get(f"{name}/{rel}") or (src / rel).read_text()
            unused.discard(f"{name}/{rel}")
            text = _SOURCE_MAP.sub("", text).rstrip() + "\n"
            bare_used.setdefault(name, set()).update(s for s in _IMPORT.findall(text) if not s.startswith("."))
            (out / folder / rel).parent.mkdir(parents=True, exist_ok=True)
            (out / folder / rel).write_text(text)
        imports[name] = f"./{folder}/{entry}"
    if unused:
        raise SystemExit(f"error: the vendor patches change {sorted(unused)}, which the site does not load")
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
