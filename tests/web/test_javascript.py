"""The page's JavaScript: the type check (TypeScript's ``tsc`` over the JSDoc, every config) and
the unit tests beside the modules (Node's own test runner, ``web/js/**/*.test.js``).

Part of the quick run. Without ``node_modules/typescript`` (``npm ci``) the type check is
skipped outside CI; with ``CI`` set it fails instead.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ["jsconfig.json", "jsconfig.strict.json", "jsconfig.sw.json"]
TSC = ROOT / "node_modules" / "typescript" / "bin" / "tsc"


def run(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=600)


def need_node() -> str:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("node is not installed")
        pytest.skip("node is not installed")
    return node


@pytest.mark.parametrize("config", CONFIGS)
def test_type_check(config):
    node = need_node()
    if not TSC.exists():
        if os.environ.get("CI"):
            pytest.fail("node_modules/typescript is missing: run npm ci")
        pytest.skip("node_modules/typescript is missing (npm ci)")
    done = run([node, str(TSC), "-p", config])
    assert done.returncode == 0, f"npx tsc -p {config} failed:\n{done.stdout}{done.stderr}"


def test_unit_tests():
    node = need_node()
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "web").rglob("*.test.js"))
    assert files, "no unit test beside the modules (web/js/**/*.test.js)"
    done = run([node, "--test", *files])
    assert done.returncode == 0, f"node --test failed:\n{done.stdout}{done.stderr}"
