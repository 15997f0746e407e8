// The Pyodide half of scripts/bench-search (run by it):
//
//   node scripts/bench-search.mjs <spec.json>
//
// spec.json: {"trees": {"old": dir, "new": dir}, "measure": Python source defining
// measure(game, iterations, count, level, clock), "plan": [{"round", "game", "version"}...],
// "iterations", "states", "level"}. Runs the plan in order, each measurement in a new npm
// Pyodide holding a copy of that version's engine/ package, timed
// by process.cpuUsage() (user + system CPU time of this process; Node runs Python on its main
// thread). Prints one JSON line per measurement: the plan's entry with "iterations" and "cpu_s".

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";

const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));

function copyTree(pyodide, from, to) {
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(from)) {
    if (name === "__pycache__") continue;
    const path = join(from, name);
    if (statSync(path).isDirectory()) copyTree(pyodide, path, `${to}/${name}`);
    else pyodide.FS.writeFile(`${to}/${name}`, new Uint8Array(readFileSync(path)));
  }
}

function cpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

// a fresh Pyodide per measurement, as CPython gets a fresh interpreter: what one version kept
// in memory (its caches) never carries over into the next measurement
async function pythonFor(dir) {
  const pyodide = await loadPyodide();
  copyTree(pyodide, join(dir, "engine"), "/bench/engine");
  pyodide.runPython(`import sys; sys.path.insert(0, "/bench")\n${spec.measure}`);
  pyodide.globals.set("cpu_seconds", cpuSeconds);
  return pyodide;
}

for (const entry of spec.plan) {
  const pyodide = await pythonFor(spec.trees[entry.version]);
  const call = `import json; json.dumps(measure(${JSON.stringify(entry.game)}, ${spec.iterations}, ` +
               `${spec.states}, ${JSON.stringify(spec.level)}, cpu_seconds))`;
  const result = JSON.parse(pyodide.runPython(call));
  console.log(JSON.stringify({ ...entry, ...result }));
}
