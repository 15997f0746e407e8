// The bare page's worker: loadPyodide with Pyodide's own files, then one Python call.
import { loadPyodide } from "../pyodide/pyodide.mjs";

try {
  const pyodide = await loadPyodide({
    indexURL: new URL("../pyodide/", import.meta.url).href,
    stdLibURL: new URL("python_stdlib.zip", import.meta.url).href, // the full one
    lockFileURL: new URL("pyodide-lock.json", import.meta.url).href, // npm's (the site has none)
  });
  self.postMessage({ version: pyodide.runPython("import sys; sys.version.split()[0]") });
} catch (err) {
  self.postMessage({ error: String(err?.message ?? err) });
}
