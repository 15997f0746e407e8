// Which standard-library files does the engine use in Pyodide?  (called by assemble_site.py)
//
//   node scripts/stdlib-usage.mjs <engine wheel> <engine_worker.py>
//
// Boots the npm Pyodide in Node with its full standard library, loads the engine the way
// the page's worker does, then exercises everything the page can reach: every game with
// every bot (one turn each), save/load, the benchmark, and the error paths (an illegal
// action, a bad save, an internal error with its traceback). Prints a JSON list of the
// python_stdlib.zip entries whose modules ended up imported: the site ships only those.

import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [wheelPath, gluePath] = process.argv.slice(2);
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
process.stdout.write(used + "\n");
