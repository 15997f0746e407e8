"""The repository keeps no generated images: only the README's few pictures (docs/images/, compressed)
and the app's icons (web/icons/, part of the product). Screenshots belong in the gallery
(scripts/gallery writes them to gallery-out/, which is not committed). docs/ stays documentation.

The files checked are those a commit would take: tracked ones and new ones git does not ignore.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
IMAGE = re.compile(r"\.(png|webp|jpe?g|gif|avif|bmp|tiff?|svg|ico)$", re.IGNORECASE)
README_IMAGES = "docs/images/"
ICONS = "web/icons/"
MAX_README_IMAGES = 5
IMAGE_BUDGET = 150 * 1024  # bytes, each README picture
DOCS_BUDGET = 3 * 1000 * 1000  # bytes, every file under docs/


def tree_files() -> list[str]:
    """Paths (relative to the repository) of the files a commit would take."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                         cwd=ROOT, capture_output=True, check=True).stdout.decode()
    return sorted(p for p in out.split("\0") if p and (ROOT / p).is_file())


def readme_images() -> list[str]:
    """The pictures README.md shows, as repository paths."""
    text = (ROOT / "README.md").read_text()
    return sorted(set(re.findall(r"\]\((docs/images/[^)\s]+)\)", text)))


def test_the_only_images_are_the_readmes_and_the_icons():
    images = [p for p in tree_files() if IMAGE.search(p)]
    stray = [p for p in images if not p.startswith((README_IMAGES, ICONS))]
    assert stray == [], (f"generated images in the tree: {stray}; screenshots go to the gallery "
                         "(scripts/gallery, docs/testing.md)")
    assert [p for p in images if p.startswith(README_IMAGES)] == readme_images(), \
        "docs/images/ holds exactly the pictures README.md shows"


def test_the_readme_shows_at_most_five_compressed_pictures():
    shown = readme_images()
    assert 1 <= len(shown) <= MAX_README_IMAGES, shown
    for path in shown:
        assert path.endswith((".webp", ".png")), path
        size = (ROOT / path).stat().st_size
        assert size <= IMAGE_BUDGET, f"{path}: {size // 1024} KB, over {IMAGE_BUDGET // 1024} KB"


def test_docs_stay_small():
    size = sum((ROOT / p).stat().st_size for p in tree_files() if p.startswith("docs/"))
    assert size < DOCS_BUDGET, f"docs/ holds {size / 1e6:.1f} MB, over {DOCS_BUDGET / 1e6:.0f} MB"
