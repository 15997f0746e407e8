"""scripts/serve_site.py --pages compresses as GitHub Pages does (the benchmark's wire bytes rest on it)."""

from __future__ import annotations

import gzip
import threading
import urllib.request

from serve_site import make_server  # scripts/, on sys.path through conftest.py


def fetch(url: str, **headers) -> tuple[int, dict, bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), b""


def test_pages_server_gzips_wasm_and_text_but_not_zip(tmp_path):
    wasm = bytes(range(256)) * 400 + b"\0" * 50_000
    (tmp_path / "index.html").write_text("<!doctype html><p>hello</p>" * 50)
    (tmp_path / "engine.wasm").write_bytes(wasm)
    (tmp_path / "lib.zip").write_bytes(b"PK" + b"\0" * 5000)
    log = tmp_path / "requests.log"
    server = make_server(port=0, directory=tmp_path, quiet=True, pages=True, log_file=log)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        status, headers, body = fetch(url + "engine.wasm", **{"Accept-Encoding": "gzip"})
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert headers["Vary"] == "Accept-Encoding"
        assert int(headers["Content-Length"]) == len(body) < len(wasm) // 2
        assert gzip.decompress(body) == wasm
        gz_tag = headers["ETag"]
        # the compressed variant revalidates with its own tag
        assert fetch(url + "engine.wasm", **{"Accept-Encoding": "gzip", "If-None-Match": gz_tag})[0] == 304
        # a client that does not accept gzip gets the file as it is, with another tag
        status, headers, body = fetch(url + "engine.wasm")
        assert status == 200 and "Content-Encoding" not in headers and body == wasm and headers["ETag"] != gz_tag
        assert fetch(url, **{"Accept-Encoding": "gzip, deflate, br"})[1]["Content-Encoding"] == "gzip"
        status, headers, body = fetch(url + "lib.zip", **{"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in headers and len(body) == 5002
    finally:
        server.shutdown()
        server.server_close()
    # the log holds the bytes sent on the wire
    sizes = [int(line.split()[3]) for line in log.read_text().splitlines()]
    assert sizes[0] < len(wasm) // 2 and sizes[1] == 0 and sizes[2] == len(wasm) and sizes[4] == 5002
