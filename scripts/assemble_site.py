#!/usr/bin/env python3
"""Assemble the static site in ``site/`` from scratch (called by ``scripts/build``).

Layout produced::

    site/
      index.html, css/, js/, py/        our page sources, copied from web/
      bench/bare.html                   a bare page that only boots Pyodide (scripts/bench)
      pyodide/                          the files Pyodide needs at run time (from npm), with
                                        python_stdlib.zip trimmed to what the engine uses
      bench/python_stdlib.zip           Pyodide's full standard library (the bare page only)
      wheels/<sha256[:12]>/moteplay-<version>-py3-none-any.whl
      build.json                        tells the page where the wheel is, the snapshot key, versions
      .nojekyll                         GitHub Pages: serve files as they are

The wheel sits under a content-hashed folder so a browser can never run a stale
engine after a rebuild; ``build.json`` is fetched with ``cache: "no-cache"``.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def npm_version(package_dir: Path) -> str:
    return json.loads((package_dir / "package.json").read_text())["version"]


def trim_stdlib(full: Path, dest: Path, wheel: Path) -> None:
    """Write to ``dest`` the entries of Pyodide's ``python_stdlib.zip`` that the engine uses.

    ``scripts/stdlib-usage.mjs`` runs the engine in Node's Pyodide through everything the
    page can reach and lists the standard-library files it imported. The list is kept in
    ``dist/`` for the same wheel, worker glue and Pyodide, so a rebuild does not rerun it."""
    glue = ROOT / "web" / "py" / "engine_worker.py"
    key = hashlib.sha256(b"".join(sha256(p).encode() for p in (full, wheel, glue,
                                                                 ROOT / "scripts" / "stdlib-usage.mjs")))
    memo = ROOT / "dist" / f"stdlib-usage-{key.hexdigest()[:16]}.json"
    if memo.exists():
        used = json.loads(memo.read_text())
    else:
        print("  listing the standard-library modules the engine uses (Pyodide in Node)…")
        run = subprocess.run(["node", str(ROOT / "scripts" / "stdlib-usage.mjs"), str(wheel), str(glue)],
                             cwd=ROOT, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"error: scripts/stdlib-usage.mjs failed:\n{run.stdout}{run.stderr}")
        used = json.loads(run.stdout.strip().splitlines()[-1])
        for old in memo.parent.glob("stdlib-usage-*.json"):
            old.unlink()
        memo.write_text(json.dumps(used, indent=1) + "\n")
    with zipfile.ZipFile(full) as src, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as dst:
        names = set(src.namelist())
        missing = [name for name in used if name not in names]
        if missing:
            sys.exit(f"error: not in {full.name}: {missing}")
        for name in sorted(used):
            info = src.getinfo(name)
            dst.writestr(info, src.read(name), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    print(f"  standard library: {len(used)} of {len(names)} files, "
          f"{dest.stat().st_size:,} of {full.stat().st_size:,} bytes")


def snapshot_key(out: Path) -> str:
    """A hash of everything a Python memory snapshot depends on: Pyodide's files, the
    standard library, the engine wheel and the worker (JS and Python). A snapshot saved
    under another key is never restored (js/engine-worker.js deletes it)."""
    parts = [out / "pyodide" / name for name in PYODIDE_FILES + ["python_stdlib.zip"]]
    parts += sorted((out / "wheels").rglob("*.whl"))
    parts += [out / "py" / "engine_worker.py", out / "js" / "engine-worker.js"]
    digest = hashlib.sha256()
    for path in parts:
        digest.update(f"{path.relative_to(out)}:{sha256(path)}\n".encode())
    return digest.hexdigest()[:16]


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
    # 1. our page sources
    shutil.copytree(ROOT / "web", out, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
    (out / ".nojekyll").write_text("")

    # 2. Pyodide runtime: only the files the browser loads
    pyodide_src = node / "pyodide"
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide_src / name, out / "pyodide" / name)

    # 3. the standard library: only what the engine uses; the full one for the bare bench page
    trim_stdlib(pyodide_src / "python_stdlib.zip", out / "pyodide" / "python_stdlib.zip", wheel)
    shutil.copy2(pyodide_src / "python_stdlib.zip", out / "bench" / "python_stdlib.zip")

    # 4. the engine wheel under a content-hashed folder
    digest = sha256(wheel)
    wheel_rel = f"wheels/{digest[:12]}/{wheel.name}"
    (out / wheel_rel).parent.mkdir(parents=True)
    shutil.copy2(wheel, out / wheel_rel)

    # 5. build.json: the only thing the page needs to find the engine
    worker_py = out / "py" / "engine_worker.py"
    manifest = {
        "wheel": wheel_rel,
        "wheel_sha256": digest,
        "engine_version": wheel.name.split("-")[1],
        "worker": f"py/engine_worker.py?v={sha256(worker_py)[:12]}",
        "pyodide": npm_version(pyodide_src),
        "stdlib": "pyodide/python_stdlib.zip",
        "snapshot_key": snapshot_key(out),
        "built": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    (out / "build.json").write_text(json.dumps(manifest, indent=2) + "\n")

    files = [p for p in out.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    print(f"site/: {len(files)} files, {total:,} bytes ({total / 1e6:.1f} MB)")
    print(f"  engine wheel  {wheel_rel} ({(out / wheel_rel).stat().st_size:,} bytes)")
    print(f"  pyodide {manifest['pyodide']}, snapshot key {manifest['snapshot_key']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
