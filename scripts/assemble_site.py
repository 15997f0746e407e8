#!/usr/bin/env python3
"""Assemble the static site in ``site/`` from scratch (called by ``scripts/build``).

Layout produced::

    site/
      index.html, css/, js/, py/        our page sources, copied from web/; js/games.js and
                                        index.html's stylesheet links list the games, from
                                        each game's spec (engine/spec.py, Game.web)
      pyscript/<version>/               PyScript (@pyscript/core from npm): core.js and the
                                        chunks the page loads (core-*.js, error-*.js)
      pyodide/                          the files Pyodide needs at run time (from npm), and
                                        python_stdlib-<hash>.zip.gz, the standard library
                                        trimmed to what the engine and PyScript use, compiled,
                                        as one gzip stream (no lock file: the loader passes its
                                        header)
      pyodide/engine-boot-<hash>.mjs    our loadPyodide for PyScript's worker (web/js/engine-boot.mjs
                                        with this build's settings written in)
      wheels/<hash>/moteplay-<version>-py3-none-any.whl   the engine wheel hatchling built
      wheels/<hash>/moteplay-<version>-bytecode.zip.gz    its modules compiled (.pyc) and its
                                        data files, with the glue's and PyScript's package's
                                        compiled modules, as one gzip stream
      build.json                        the lobby's games (list_games), the engine's paths, the
                                        snapshot key, versions, the build's hash, and the engine's
                                        files a first visit downloads with their sizes (download)
      sw.js                             the service worker, with this build's hash, file list and
                                        each file's short SHA-256 and size (SUMS)
      manifest.webmanifest, icons/      the installable app (copied from web/)
      rules/                            the Rules panel's texts (copied from web/) and its data
                                        (<game>-*.json, from each game's spec: Game.web.rules_data)
      vendor/<package>-<version>/       browser libraries from npm (Trystero, QR codes), named by
                                        index.html's import map, loaded only for play on several
                                        devices (scripts/site_vendor.py)
      .nojekyll                         GitHub Pages: serve files as they are

index.html also gets its Content Security Policy as a meta tag (scripts/site_csp.py).

Every file a browser may keep across builds has a version or a content hash in its path
(``build.json`` is fetched with ``cache: "no-cache"``). Python's standard library and the
engine are compiled by Pyodide at build time (scripts/pyodide-files.mjs): compiling them in
the browser was most of the start-up.

``sw.js`` (web/sw.js with two placeholders filled in) precaches every file the page can
need; its ``BUILD`` is a hash of all those files, so any change to the site is a new
service worker and a new cache (docs/web-guide.md, "Offline, installing and updates").
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import site_csp
import site_vendor

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"]
BOOT_SOURCE = "engine-boot.mjs"  # web/js/: copied into pyodide/ with its settings, not into js/


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def npm_version(package_dir: Path) -> str:
    return json.loads((package_dir / "package.json").read_text())["version"]


# Never precached: the worker itself and GitHub Pages' marker.
NOT_PRECACHED = {"sw.js", ".nojekyll"}


def precache_list(out: Path) -> list[str]:
    """Every file of the site the page can need, as sorted URLs relative to the site root."""
    paths = []
    for path in out.rglob("*"):
        rel = path.relative_to(out)
        if path.is_file() and rel.as_posix() not in NOT_PRECACHED:
            paths.append(rel.as_posix())
    return sorted(paths)


def site_hash(out: Path, paths: list[str]) -> str:
    """A short hash of the names and contents of ``paths``: the build's identity."""
    h = hashlib.sha256()
    for rel in paths:
        h.update(rel.encode() + b"\0" + sha256(out / rel).encode() + b"\n")
    return h.hexdigest()[:16]


def write_service_worker(out: Path, build: str, queried: dict[str, str]) -> None:
    """Fill web/sw.js's BUILD (the build hash) and FILES (every precached file) in. ``queried``:
    files the page asks for with a version query (``py/worker.py?v=…``), precached under that
    URL so that the precache revalidates the copy the page already has (a 304)."""
    paths = [queried.get(p, p) for p in precache_list(out)]
    source = (out / "sw.js").read_text()
    for placeholder in ('"__BUILD__"', '["__FILES__"]'):
        if placeholder not in source:
            sys.exit(f"error: web/sw.js lost its placeholder {placeholder}")
    source = source.replace('"__BUILD__"', json.dumps(build)).replace('["__FILES__"]', json.dumps(paths, indent=0))
    # each file's short SHA-256 and size: the install keeps only bytes of this build, and counts
    sums = {p: [sha256(out / p.split("?")[0])[:16], (out / p.split("?")[0]).stat().st_size] for p in paths}
    if '"__SUMS__"' not in source:
        sys.exit('error: web/sw.js lost its placeholder "__SUMS__"')
    source = source.replace('"__SUMS__"', json.dumps(sums, indent=0))
    (out / "sw.js").write_text(source)
    size = sum((out / p.split("?")[0]).stat().st_size for p in paths)
    print(f"  service worker  build {build}: {len(paths)} files, {size:,} bytes precached")


GAME_STYLES = "<!-- the build links each game's stylesheet here"


def fill_page(out: Path, placeholder: str, lines: list[str]) -> None:
    """index.html with the HTML comment that starts with ``placeholder`` replaced by ``lines``."""
    page = out / "index.html"
    html = page.read_text()
    start = html.find(placeholder)
    if start < 0:
        sys.exit(f"error: web/index.html lost its placeholder {placeholder!r}")
    end = html.index("-->", start) + 3
    page.write_text(html[:start] + "\n  ".join(lines) + html[end:])


def fill_list(out: Path, placeholder: str, items: list[str]) -> None:
    """index.html with the JavaScript array ``placeholder`` (``[/* … */]``, once in the page)
    replaced by ``items``."""
    page = out / "index.html"
    html = page.read_text()
    if html.count(placeholder) != 1:
        sys.exit(f"error: web/index.html lost its placeholder {placeholder!r}")
    page.write_text(html.replace(placeholder, json.dumps(items)))


def write_game_list(out: Path) -> list[dict]:
    """The page's list of games, from each game's spec (``Game.web``: view module, stylesheet,
    rules text), so the page never lists a game by hand: ``js/games.js`` (``GAMES``, read by
    js/views/index.js and js/rules-panel.js) and one stylesheet link per game in index.html.
    Every file a spec names must be in the site."""
    sys.path.insert(0, str(ROOT))
    from engine.registry import game_names, game_spec

    games = []
    for name in game_names():
        spec = game_spec(name)
        entry = {"name": name, "title": spec.info.title, **spec.web.to_json()}
        for part in ("view", "css", "rules"):
            if not (out / entry[part]).is_file():
                sys.exit(f"error: {name}'s spec names {part} {entry[part]!r}, which is not in web/")
        games.append(entry)
    module = out / "js" / "games.js"
    source = module.read_text()
    if 'export const GAMES = /** @type {any} */ ("__GAMES__");' not in source:
        sys.exit("error: web/js/games.js lost its GAMES placeholder")
    module.write_text(source.replace('"__GAMES__"', json.dumps(games, indent=2)))
    fill_page(out, GAME_STYLES, [f'<link rel="stylesheet" href="{g["css"]}">' for g in games])
    print(f"  games  {', '.join(g['name'] for g in games)}: views, stylesheets and rules from their specs")
    return games


def write_rules_data(out: Path) -> None:
    """The Rules panel's data, from each game's spec (``Game.web.rules_data``), which takes it
    from the engine's own data files (never a second copy): ``rules/<name>.json`` for each file
    a game gives, its rules text ``docs/rules/<game>.md`` handed to it (Mottainai's card
    reference takes each card's "when" and rulings from its card effects table)."""
    sys.path.insert(0, str(ROOT))
    from engine.registry import game_names, game_spec

    (out / "rules").mkdir(exist_ok=True)
    written = []
    for game in game_names():
        make = game_spec(game).web.rules_data
        if make is None:
            continue
        doc = ROOT / "docs" / "rules" / f"{game}.md"
        for name, data in make(doc.read_text(encoding="utf-8") if doc.is_file() else "").items():
            if name != game and not name.startswith(f"{game}-"):
                sys.exit(f"error: {game}'s rules data {name!r} must be named {game!r} or {game}-<what>")
            (out / "rules" / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
            written.append(f"rules/{name}.json")
    print(f"  rules data  {', '.join(written) or 'none'}, from the games' specs")


def pyodide_files(full_stdlib: Path, wheel: Path) -> Path:
    """The folder made by ``scripts/pyodide-files.mjs`` (Pyodide in Node):
    ``python_stdlib.zip``, only the standard-library modules the engine and PyScript's
    package use, compiled; ``bytecode.zip``, the compiled modules of the wheel (with its data
    files), the glue and PyScript's package; ``games.json`` (list_games); ``stdlib-used.json``;
    ``paths.json``. Kept in ``dist/`` for
    the same inputs, so a rebuild does not rerun Node."""
    glue = ROOT / "web" / "py" / "engine_worker.py"
    script = ROOT / "scripts" / "pyodide-files.mjs"
    pyscript_py = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
    key = hashlib.sha256("".join(sha256(p) for p in (full_stdlib, wheel, glue, script, pyscript_py)).encode())
    folder = ROOT / "dist" / f"pyodide-files-{key.hexdigest()[:16]}"
    if not (folder / "bytecode.zip").exists():
        print("  compiling the engine and the standard library it uses (Pyodide in Node)…")
        for old in folder.parent.glob("pyodide-files-*"):
            shutil.rmtree(old)
        folder.mkdir(parents=True)
        run = subprocess.run(["node", str(script), str(wheel), str(glue), str(folder)],
                             cwd=ROOT, capture_output=True, text=True)
        if run.returncode != 0:
            shutil.rmtree(folder)
            sys.exit(f"error: scripts/pyodide-files.mjs failed:\n{run.stdout}{run.stderr}")
    used = json.loads((folder / "stdlib-used.json").read_text())
    with zipfile.ZipFile(full_stdlib) as z:
        total = len(z.namelist())
    print(f"  standard library: {len(used)} of {total} files, compiled: "
          f"{(folder / 'python_stdlib.zip').stat().st_size:,} bytes (Pyodide's: {full_stdlib.stat().st_size:,})")
    return folder


def write_gzipped(source: Path, out: Path, relative: str) -> str:
    """``source`` compressed as one gzip stream (level 9, no name or time in its header: the
    same bytes on every build) at ``relative`` in the site, where ``{hash}`` becomes the first
    12 hex digits of the result's SHA-256. Static hosts send a ``.gz`` file as it is, so this
    is what travels; the browser inflates it (engine-boot.mjs). One stream over a zip of
    uncompressed files is smaller than a zip whose files are compressed one by one."""
    data = gzip.compress(source.read_bytes(), compresslevel=9, mtime=0)
    relative = relative.format(hash=hashlib.sha256(data).hexdigest()[:12])
    (out / relative).parent.mkdir(parents=True, exist_ok=True)
    (out / relative).write_bytes(data)
    return relative


def snapshot_key(out: Path, pyscript_dir: Path) -> str:
    """A hash of everything a Python memory snapshot depends on or runs with: Pyodide's
    files, the standard library, the engine wheel and its bytecode, the glue and the worker
    script, our loadPyodide (web/js/engine-boot.mjs, before its settings are written in) and
    PyScript's files. A snapshot saved under another key is never restored (the loader
    deletes it)."""
    parts = [out / "pyodide" / name for name in PYODIDE_FILES]
    parts += sorted(out.glob("pyodide/python_stdlib-*"))
    parts += sorted(p for p in (out / "wheels").rglob("*") if p.is_file())
    parts += [out / "py" / "engine_worker.py", out / "py" / "worker.py", ROOT / "web" / "js" / BOOT_SOURCE]
    parts += sorted(pyscript_dir.iterdir())
    digest = hashlib.sha256()
    for path in parts:
        name = path.relative_to(out) if path.is_relative_to(out) else path.relative_to(ROOT)
        digest.update(f"{name}:{sha256(path)}\n".encode())
    return digest.hexdigest()[:16]


def copy_pyscript(node: Path, out: Path) -> Path:
    """PyScript under ``pyscript/<version>/``: ``core.js``, its main chunk and the error
    plugin's chunk, the only ones the page loads (the page switches every other plugin off in
    its ``<py-config>``/``<mpy-config>``; the editor, terminal and TOML chunks are left out)."""
    src = node / "@pyscript" / "core"
    dest = out / "pyscript" / npm_version(src)
    dest.mkdir(parents=True)
    chosen = [src / "dist" / "core.js", *sorted((src / "dist").glob("core-*.js")),
              *sorted((src / "dist").glob("error-*.js"))]
    if len(chosen) != 3:
        sys.exit(f"error: expected core.js, one core-*.js and one error-*.js in {src / 'dist'}, found {chosen}")
    for path in chosen:
        text = path.read_text()
        # no source maps in the site (they are not copied)
        (dest / path.name).write_text(text.replace(f"//# sourceMappingURL={path.name}.map", "").rstrip() + "\n")
    return dest


IMPORT_MAP = "<!-- the build writes the import map here"
MODULE_PRELOAD = "<!-- the build lists the page's modules here (modulepreload)"
PYSCRIPT_PRELOAD = "[/* the build lists PyScript's modules and the games' views here */]"
ENGINE_PRELOAD = "[/* the build lists the engine's big files here */]"


def module_graph(out: Path, entry: str) -> list[str]:
    """Every module ``entry`` (a path in the site) imports statically, itself included."""
    pattern = re.compile(r'^\s*import\s[^;]*?from\s+"(\.[^"]+)"|^\s*import\s+"(\.[^"]+)"', re.M)

    def imported(rel: str) -> list[str]:
        return [os.path.normpath((Path(rel).parent / (spec[0] or spec[1])).as_posix())
                for spec in pattern.findall((out / rel).read_text())]
    return site_vendor.module_closure(entry, imported)


def write_module_preloads(out: Path, pyscript_dir: Path, views: list[str]) -> None:
    """index.html: a <link rel="modulepreload"> for each module of js/app.js's import graph, so
    the browser fetches them at once instead of one import at a time; PyScript's core and the
    games' views (imported when a game starts, with what they import beyond app.js's graph) go
    into the list of the page's first inline script, which preloads them the same way except on
    a guest's page (an invitation's #join/#watch: no Python there). Call it before the CSP is
    written: the policy hashes that script."""
    modules = sorted(module_graph(out, "js/app.js")[1:])  # app.js itself is the page's script
    fill_page(out, MODULE_PRELOAD, [f'<link rel="modulepreload" href="{m}">' for m in modules])
    pyscript = [p.relative_to(out).as_posix() for p in sorted(pyscript_dir.glob("core*.js"))]
    page_modules = {"js/app.js", *modules}
    pyscript += sorted({m for view in views for m in module_graph(out, view)} - page_modules)
    fill_list(out, PYSCRIPT_PRELOAD, pyscript)


def write_engine_boot(out: Path, settings: dict) -> str:
    """web/js/engine-boot.mjs with ``settings`` written in, as pyodide/engine-boot-<hash>.mjs
    (beside pyodide.mjs, which it imports); returns its path in the site."""
    source = (ROOT / "web" / "js" / BOOT_SOURCE).read_text()
    if 'const SETTINGS = /** @type {any} */ ("__SETTINGS__");' not in source:
        sys.exit(f"error: web/js/{BOOT_SOURCE} lost its SETTINGS placeholder")
    source = source.replace('"__SETTINGS__"', json.dumps(settings, indent=2))
    name = f"pyodide/engine-boot-{hashlib.sha256(source.encode()).hexdigest()[:12]}.mjs"
    (out / name).write_text(source)
    return name


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wheel-dir", default="dist/wheel", type=Path)
    ap.add_argument("--out", default="site", type=Path)
    args = ap.parse_args()
    out = (ROOT / args.out).resolve()
    node = ROOT / "node_modules"

    wheels = sorted((ROOT / args.wheel_dir).glob("moteplay-*-py3-none-any.whl"))
    if len(wheels) != 1:
        sys.exit(f"error: expected exactly one moteplay wheel in {args.wheel_dir}, found {len(wheels)}")
    wheel = wheels[0]

    if out.exists():
        shutil.rmtree(out)
    # 1. our page sources (not the unit tests beside them, nor the package.json that tells Node
    #    they are ES modules)
    shutil.copytree(ROOT / "web", out, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*", "*.test.js", "package.json", BOOT_SOURCE))
    (out / ".nojekyll").write_text("")
    games = write_game_list(out)
    write_rules_data(out)

    # 2. Pyodide runtime: only the files the browser loads
    pyodide_src = node / "pyodide"
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide_src / name, out / "pyodide" / name)

    # 3. PyScript, the compiled standard library, the engine wheel and its bytecode (one
    #    folder named by their hash)
    pyscript_dir = copy_pyscript(node, out)
    write_module_preloads(out, pyscript_dir, [g["view"] for g in games])
    compiled = pyodide_files(pyodide_src / "python_stdlib.zip", wheel)
    stdlib_rel = write_gzipped(compiled / "python_stdlib.zip", out, "pyodide/python_stdlib-{hash}.zip.gz")
    folder = hashlib.sha256((sha256(wheel) + sha256(compiled / "bytecode.zip")).encode()).hexdigest()[:12]
    wheel_rel = f"wheels/{folder}/{wheel.name}"
    (out / wheel_rel).parent.mkdir(parents=True)
    shutil.copy2(wheel, out / wheel_rel)
    bytecode_rel = write_gzipped(compiled / "bytecode.zip", out,
                                 f"wheels/{folder}/{wheel.name.replace('-py3-none-any.whl', '-bytecode.zip.gz')}")
    paths = json.loads((compiled / "paths.json").read_text())
    # the page's first inline script preloads these on a first visit
    preloads = ["pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", stdlib_rel]
    fill_list(out, ENGINE_PRELOAD, preloads)
    # the browser libraries (site/vendor/, loaded only for play on several devices), the
    # import map that names them, and the page's Content Security Policy (last: it hashes
    # the page's inline scripts, the import map among them)
    imports = site_vendor.copy_libraries(node, out)
    fill_page(out, IMPORT_MAP, [site_vendor.import_map(imports)])
    site_csp.write_policy(out / "index.html", site_csp.relays_from_config(ROOT / "web" / "js" / "net" / "config.js"))

    # 4. our loadPyodide with its settings, and build.json: all the page needs to start
    glue = out / "py" / "engine_worker.py"
    key = snapshot_key(out, pyscript_dir)
    # Pyodide's package list is for loading packages, which the page never does: its lock
    # file's header is all loadPyodide needs (the 120 KB list is not deployed)
    lock_info = json.loads((pyodide_src / "pyodide-lock.json").read_text())["info"]
    engine_boot_settings = {
        "stdlib": stdlib_rel, "wheel": wheel_rel, "bytecode": bytecode_rel,
        "glue": f"py/engine_worker.py?v={sha256(glue)[:12]}", "snapshotKey": key,
        "sitePackages": paths["site_packages"], "home": paths["home"], "lockInfo": lock_info}
    engine_boot = write_engine_boot(out, engine_boot_settings)
    manifest = {
        "games": json.loads((compiled / "games.json").read_text()),
        "wheel": wheel_rel,
        "wheel_sha256": sha256(wheel),
        "bytecode": bytecode_rel,
        "engine_version": wheel.name.split("-")[1],
        "pyscript": f"{pyscript_dir.relative_to(out).as_posix()}/core.js",
        "pyscript_version": pyscript_dir.name,
        "engine_boot": engine_boot,
        "worker": f"py/worker.py?v={sha256(out / 'py' / 'worker.py')[:12]}",
        "pyodide": npm_version(pyodide_src),
        "stdlib": stdlib_rel,
        "snapshot_key": key,
        "built": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    # the engine's files a first visit downloads (the page counts their bytes as they arrive)
    # (the worker fetches the wheel itself once the engine has answered: see engine-boot.mjs)
    engine_files = [f"pyodide/{name}" for name in PYODIDE_FILES] + [stdlib_rel, bytecode_rel]
    manifest["download"] = [{"path": path, "bytes": (out / path).stat().st_size} for path in engine_files]
    # the build's identity: a hash of every precached file (build.json only repeats them)
    manifest["build"] = site_hash(out, precache_list(out))
    (out / "build.json").write_text(json.dumps(manifest, indent=2) + "\n")
    write_service_worker(out, manifest["build"], {"py/worker.py": manifest["worker"],
                                                  "py/engine_worker.py": engine_boot_settings["glue"]})

    files = [p for p in out.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    print(f"site/: {len(files)} files, {total:,} bytes ({total / 1e6:.1f} MB)")
    print(f"  engine  {wheel_rel} ({(out / wheel_rel).stat().st_size:,} bytes), bytecode "
          f"{(out / bytecode_rel).stat().st_size:,} bytes")
    print(f"  pyodide {manifest['pyodide']}, pyscript {manifest['pyscript_version']}, "
          f"snapshot key {manifest['snapshot_key']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
