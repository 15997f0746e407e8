// The two Python archives the site's worker loads, made by Pyodide itself (called by
// assemble_site.py):
//
//   node scripts/pyodide-files.mjs <engine wheel> <engine_worker.py> <out dir>
//
// Boots the npm Pyodide in Node with its full standard library, loads the engine, then
// exercises everything the page can reach: every game with every bot (one turn each),
// save/load, the benchmark, and the error paths (an illegal action, a bad save, an internal
// error with its traceback). Then it writes to <out dir>:
//   python_stdlib.zip  only the standard-library modules that ended up imported, compiled
//                      (.pyc only: Pyodide's own zip holds sources, and compiling them is
//                      most of Python's start-up in the browser)
//   engine.zip         the wheel's files plus each module's compiled __pycache__/*.pyc
//   stdlib-used.json   the list of standard-library files kept
// The .pyc files are "unchecked hash" pycs: used as they are, never compared with a source.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";

const [wheelPath, gluePath, outDir] = process.argv.slice(2);
const HOME = "/home/pyodide";
const pyodide = await loadPyodide();
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: `${HOME}/moteplay` });
pyodide.FS.writeFile(`${HOME}/engine_worker.py`, new Uint8Array(readFileSync(gluePath)));
pyodide.runPython(`import sys; sys.path[:0] = ["${HOME}/moteplay", "${HOME}"]`);

const used = pyodide.runPython(`
import json, random, sys
import engine_worker
from engine.bots import available

def call(name, arg=None):
    reply = json.loads(engine_worker.call(name, None if arg is None else json.dumps(arg)))
    return reply

games = call("list_games")["games"]
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
import importlib.util, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), False)

def add(zout, name, data):
    info = zipfile.ZipInfo(name, date_time=(2020, 2, 2, 0, 0, 0))  # same bytes on every build
    zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)

stdlib = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
with zipfile.ZipFile(stdlib) as zin, zipfile.ZipFile("/tmp/python_stdlib.zip", "w") as zout:
    for name in json.load(open("/tmp/used.json")):
        add(zout, name[:-3] + ".pyc", pyc(zin.read(name), f"{stdlib}/{name}"))

# the worker unpacks this into /home/pyodide/moteplay (on sys.path): each module's .pyc
# in its __pycache__, where the import system looks first
with zipfile.ZipFile("/tmp/engine.whl") as zin, zipfile.ZipFile("/tmp/engine.zip", "w") as zout:
    for name in sorted(zin.namelist()):
        if ".dist-info/" in name or name.endswith("/"):
            continue
        data = zin.read(name)
        add(zout, name, data)
        if name.endswith(".py"):
            add(zout, importlib.util.cache_from_source(name), pyc(data, f"/home/pyodide/moteplay/{name}"))
`);
for (const name of ["python_stdlib.zip", "engine.zip"]) {
  writeFileSync(join(outDir, name), pyodide.FS.readFile(`/tmp/${name}`));
}
writeFileSync(join(outDir, "stdlib-used.json"), used + "\n");
