"""The Python files the built site ships: the compiled standard library and the engine's bytecode
as one gzip stream each, compiled without docstrings; every engine module and data file where
the wheel puts it; no Pyodide lock file. (The browser tests boot from these files; this checks
what they are made of.)"""

from __future__ import annotations

import gzip
import io
import json
import zipfile

from conftest import SITE

BUILD = json.loads((SITE / "build.json").read_text()) if (SITE / "build.json").exists() else {}


def unpacked(path: str) -> zipfile.ZipFile:
    data = (SITE / path).read_bytes()
    assert path.endswith(".zip.gz") and data[:2] == b"\x1f\x8b", path  # a gzip stream: sent as it is
    archive = zipfile.ZipFile(io.BytesIO(gzip.decompress(data)))
    assert {i.compress_type for i in archive.infolist()} == {zipfile.ZIP_STORED}, path  # one stream compresses them
    return archive


def test_the_standard_library_is_compiled_without_docstrings_and_gzipped_whole(site_url):
    stdlib = unpacked(BUILD["stdlib"])
    names = set(stdlib.namelist())
    assert "json/__init__.pyc" in names and not any(n.endswith(".py") for n in names)
    assert "html/entities.pyc" in names  # PyScript's package needs it
    compiled = stdlib.read("json/__init__.pyc")
    assert b"JSONDecodeError" in compiled  # the code is there ...
    assert b"JSON (JavaScript Object Notation)" not in compiled  # ... its module docstring is not
    assert b"Serialize ``obj`` to a JSON formatted ``str``" not in compiled  # nor a function's
    # the build names the file by its content (a browser may keep it across builds)
    assert BUILD["stdlib"].startswith("pyodide/python_stdlib-")
    assert not (SITE / "pyodide" / "python_stdlib.zip").exists()
    assert not (SITE / "pyodide" / "pyodide-lock.json").exists()  # the loader passes its header


def test_the_engine_runs_from_bytecode_where_the_wheel_puts_its_sources(site_url):
    bytecode = unpacked(BUILD["bytecode"])
    names = set(bytecode.namelist())
    with zipfile.ZipFile(SITE / BUILD["wheel"]) as wheel:
        packaged = [n for n in wheel.namelist() if ".dist-info/" not in n]
        registry_source = wheel.read("engine/registry.py")
        data = next(n for n in packaged if n.endswith(".json"))
        data_in_wheel = wheel.read(data)
    site_packages = next(n for n in names if n.endswith("/engine/__init__.pyc")).removesuffix("engine/__init__.pyc")
    for name in packaged:  # every module compiled beside its source, every data file as it is
        assert (site_packages + name + "c" if name.endswith(".py") else site_packages + name) in names, name
    assert bytecode.read(site_packages + data) == data_in_wheel
    compiled = bytecode.read(site_packages + "engine/registry.pyc")
    docstring = registry_source.decode().split('"""')[1].splitlines()[0].encode()
    assert docstring and docstring in registry_source and docstring not in compiled
    assert b"unknown game" in compiled
    # the glue and PyScript's package: compiled into the __pycache__ beside the sources written at boot
    assert any(n.endswith("__pycache__/engine_worker.cpython-314.pyc") for n in names)
    # what a first visit downloads: not the wheel (the worker fetches it after its first answer)
    downloaded = [f["path"] for f in BUILD["download"]]
    assert BUILD["bytecode"] in downloaded and BUILD["stdlib"] in downloaded and BUILD["wheel"] not in downloaded
