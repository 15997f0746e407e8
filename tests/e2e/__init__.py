"""End-to-end tests of the site in headless Chromium (see docs/web-guide.md).

This folder is a package so its test files never clash with same-named files in
tests/engine/ (pytest imports rootless test files by basename). conftest.py puts this
folder on sys.path, so test files import the helpers as ``from e2e_helpers import …``.
"""
