// engine-boot.mjs imports "./pyodide.mjs": in the site it sits beside Pyodide's own module
// (pyodide/), so the type check finds Pyodide's types here (jsconfig.json's rootDirs).
export * from "pyodide";
