// The Python files the site's engine worker loads beside Pyodide, made by Pyodide itself
// (called by assemble_site.py):
//
//   node scripts/pyodide-files.mjs <engine wheel> <engine_worker.py> <out dir>
//
// Boots the npm Pyodide in Node with its full standard library, installs the engine wheel
// into site-packages (as the browser does), then exercises everything the page can reach:
// every game with every bot (one turn each), save/load, the benchmark, and the error paths
// (an illegal action, a bad save, an internal error with its traceback). It also imports every
// module that PyScript's own Python package (pyscript/*.py, from @pyscript/core) imports, so
// the browser's PyScript bootstrap finds them. Then it writes to <out dir>:
//   python_stdlib.zip  only the standard-library modules that ended up imported, compiled
//                      (.pyc only: Pyodide's own zip holds sources, and compiling them is
//                      most of Python's start-up in the browser)
//   bytecode.zip       what the engine runs from, to unpack at "/": its modules compiled, each
//                      .pyc where its source goes (lib/python3.14/site-packages/engine/...),
//                      and the wheel's data files; the glue's and PyScript's package's
//                      .pyc (home/pyodide/[pyscript/]__pycache__)
//   games.json         list_games() as the browser's engine answers it (the lobby's data)
//   stdlib-used.json   the list of standard-library files kept
//   paths.json         where the browser installs the wheel (site-packages) and the glue (home)
// Both zips store their files uncompressed: the build compresses each zip as one gzip stream,
// which is smaller than compressing each file apart. Every .pyc is compiled without docstrings
// (nothing in the page reads them). The standard library's and the engine's .pyc are "unchecked hash" pycs (used as they are,
// never compared with a source); PyScript's are "checked hash" pycs: PyScript writes its
// sources at every boot, and a source that differs from the one compiled is compiled again.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadPyodide } from "pyodide";

const [wheelPath, gluePath, outDir] = process.argv.slice(2);
const HOME = "/home/pyodide";
// PyScript's Python package, as its bundle writes it at every boot (the same text)
const { default: pyscriptFiles } = await import(
  pathToFileURL(join(process.cwd(), "node_modules/@pyscript/core/src/stdlib/pyscript.js")).href);

const pyodide = await loadPyodide();
// where the browser installs the wheel (the wrapper gets this path from the build)
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });
pyodide.FS.writeFile(`${HOME}/engine_worker.py`, new Uint8Array(readFileSync(gluePath)));
pyodide.FS.mkdirTree("/tmp/pyscript");
for (const [name, source] of Object.entries(pyscriptFiles.pyscript)) {
  pyodide.FS.writeFile(`/tmp/pyscript/${name}`, source);
}
pyodide.runPython(`import sys; sys.path.insert(0, "${HOME}")`);

const used = pyodide.runPython(`
import ast, importlib, json, os, random, sys
import engine_worker
from engine.bots import available

def call(name, arg=None):
    reply = json.loads(engine_worker.call(name, None if arg is None else json.dumps(arg)))
    return reply

listed = call("list_games")
games = listed["games"]
for game in games:
    for bot in available(game["name"]):
        reply = call("new_game", {"game": game["name"], "num_players": game["min_players"], "seed": 1, "options": {}})
        assert reply["ok"], reply
        assert call("view", None)["ok"]
        reply = call("bot_turn", {"seat": reply["status"]["current_player"], "bot": bot["name"], "seed": 2})
        assert reply["ok"], (game["name"], bot["name"], reply)
    assert call("load", call("save")["save"])["ok"]
    assert not call("apply", {"seat": 0, "action": "no-such-action"})["ok"]
    call("undo", {"seat": 0})            # taken back or refused: both paths run
assert not json.loads(engine_worker.call("load", "{not json"))["ok"]
assert call("benchmark", {"seconds": 0.05, "hard_iterations": 2})["ok"]
# an internal error: its traceback is formatted (traceback, linecache, tokenize, ...)
engine_worker.bridge.view = None
assert json.loads(engine_worker.call("view", "{}")).get("internal")

# PyScript's package: every module its files import (at the top or inside a function)
OWN = ("js", "pyscript", "polyscript", "_pyscript", "jsffi")
for name in sorted(os.listdir("/tmp/pyscript")):
    tree = ast.parse(open(f"/tmp/pyscript/{name}").read())
    for node in ast.walk(tree):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \\
                [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level else []
        for module in names:
            if module.split(".")[0] not in OWN:
                importlib.import_module(module)

open("/tmp/games.json", "w").write(json.dumps(games, indent=1) + "\\n")
prefix = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"
files = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(prefix):
        files.add(origin[len(prefix):])
json.dumps(sorted(files))
`);

// compile with Pyodide's own CPython, so the bytecode matches the browser's exactly
pyodide.FS.writeFile("/tmp/used.json", used);
pyodide.FS.writeFile("/tmp/engine.whl", new Uint8Array(readFileSync(wheelPath)));
pyodide.runPython(`
import ast, importlib.util, json, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def without_docstrings(tree):
    """The module's, every class's and every function's docstring left out (as python -OO
    does, but asserts stay): a third of the standard library's bytecode, which nothing in the
    page reads (the line numbers stay, so tracebacks point at the right lines)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \\
                    and isinstance(body[0].value.value, str):
                if len(body) == 1:
                    body[0] = ast.copy_location(ast.Pass(), body[0])
                else:
                    del body[0]
    return tree

def pyc(source, filename, checked=False):
    code = compile(without_docstrings(ast.parse(source, filename)), filename, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked)

def add(zout, name, data):
    info = zipfile.ZipInfo(name, date_time=(2020, 2, 2, 0, 0, 0))  # same bytes on every build
    zout.writestr(info, data, compress_type=zipfile.ZIP_STORED)  # compressed as one stream by the build

stdlib = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
with zipfile.ZipFile(stdlib) as zin, zipfile.ZipFile("/tmp/python_stdlib.zip", "w") as zout:
    for name in json.load(open("/tmp/used.json")):
        add(zout, name[:-3] + ".pyc", pyc(zin.read(name), f"{stdlib}/{name}"))

# unpacked at "/" in the browser. The engine's modules as .pyc where their sources go (Python
# imports a .pyc that has no source beside it), and the wheel's data files: all the engine needs
# to run; the wheel itself (the sources, for tracebacks) comes once the page has its first answer
# and writes its .py beside them. The glue's and PyScript's .pyc in the __pycache__ beside their
# sources, which are written before they are imported.
site = "${sitePackages}"
with zipfile.ZipFile("/tmp/engine.whl") as zin, zipfile.ZipFile("/tmp/bytecode.zip", "w") as zout:
    for name in sorted(zin.namelist()):
        if ".dist-info/" in name:
            continue
        if name.endswith(".py"):
            add(zout, f"{site}/{name}c"[1:], pyc(zin.read(name), f"{site}/{name}"))
        else:
            add(zout, f"{site}/{name}"[1:], zin.read(name))
    glue = "${HOME}/engine_worker.py"
    add(zout, importlib.util.cache_from_source(glue)[1:], pyc(open(glue, "rb").read(), glue))
    for name in sorted(os.listdir("/tmp/pyscript")):
        path = f"${HOME}/pyscript/{name}"
        source = open(f"/tmp/pyscript/{name}", "rb").read()
        add(zout, importlib.util.cache_from_source(path)[1:], pyc(source, path, checked=True))
`);
for (const name of ["python_stdlib.zip", "bytecode.zip", "games.json"]) {
  writeFileSync(join(outDir, name), pyodide.FS.readFile(`/tmp/${name}`));
}
writeFileSync(join(outDir, "stdlib-used.json"), used + "\n");
writeFileSync(join(outDir, "paths.json"), JSON.stringify({ site_packages: sitePackages, home: HOME }) + "\n");
