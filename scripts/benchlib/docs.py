"""Writing the measured numbers into docs/benchmarks.md."""

from __future__ import annotations

import statistics

from .common import ROOT

DOC = ROOT / "docs" / "benchmarks.md"


def replace_block(name: str, lines: list[str]) -> None:
    """Put ``lines`` (from ``<!-- name:start …`` to ``<!-- name:end -->``) in place of the
    block of that name in docs/benchmarks.md; a page without the block is left as it is."""
    text = DOC.read_text()
    start, end = text.find(f"<!-- {name}:start"), text.find(f"<!-- {name}:end -->")
    if start < 0 or end < 0:
        print(f"docs/benchmarks.md has no {name}:start/{name}:end block: not updated")
        return
    DOC.write_text(text[:start] + "\n".join(lines) + text[end + len(f"<!-- {name}:end -->"):])
    print(f"Updated the {name} block of docs/benchmarks.md")


def write_boot_doc(browser: dict, machine: dict, command: str, date: str) -> None:
    """Replace the generated block of docs/benchmarks.md with this run's boot numbers."""
    b = browser

    def runs(key, field="ms"):
        return ", ".join(f"{v / 1000:.2f}" for v in b[key][field])

    def met(ok):
        return "met" if ok else "**not met**"

    sf, sr, bf, br = b["site_first"], b["site_repeat"], b["bare_first"], b["bare_repeat"]
    lines = [
        "<!-- boot:start (written by scripts/bench) -->",
        f"Run of {date}: `{command}`; {b['runs']} runs, Chromium {b['chromium']}; load average at the end "
        f"{machine['load_average_1_5_15']} (1, 5, 15 min) on {machine['cores']} cores.",
        "",
        "| medians | site | bare Pyodide | site ÷ bare | target | site, all runs (s) | bare, all runs (s) |",
        "|---|---|---|---|---|---|---|",
        f"| lobby usable, first visit | {sf['median_lobby_ms'] / 1000:.2f} s | {bf['median_ms'] / 1000:.2f} s | "
        f"**{b['lobby_ratio_first']:.2f}×** | ≤ 0.15×: {met(b['lobby_ratio_first'] <= 0.15)} | "
        f"{runs('site_first', 'lobby_ms')} | {runs('bare_first')} |",
        f"| lobby usable, repeat visit | **{sr['median_lobby_ms'] / 1000:.2f} s** | {br['median_ms'] / 1000:.2f} s | "
        f"{b['lobby_ratio_repeat']:.2f}× | ≤ 0.5 s: {met(sr['median_lobby_ms'] <= 500)} | "
        f"{runs('site_repeat', 'lobby_ms')} | {runs('bare_repeat')} |",
        f"| engine ready, first visit | {sf['median_ms'] / 1000:.2f} s | {bf['median_ms'] / 1000:.2f} s | "
        f"**{b['ratio_first']:.2f}×** | ≤ 0.75×: {met(b['ratio_first'] <= 0.75)} | "
        f"{runs('site_first')} | {runs('bare_first')} |",
        f"| engine ready, repeat visit | {sr['median_ms'] / 1000:.2f} s | {br['median_ms'] / 1000:.2f} s | "
        f"**{b['ratio_repeat']:.2f}×** | ≤ 0.40×: {met(b['ratio_repeat'] <= 0.40)} | "
        f"{runs('site_repeat')} | {runs('bare_repeat')} |",
        "",
        f"Bytes downloaded (response bodies with status 200, from the server's log), first visit: site "
        f"**{sf['median_bytes']:,}** (the page's files, then the service worker's precache: {sf['downloads'][0]} "
        f"downloads, {sf['requests'][0] - sf['downloads'][0]} answered 304), bare Pyodide {bf['median_bytes']:,} "
        f"(target: no more than bare: {met(sf['median_bytes'] <= bf['median_bytes'])}); repeat visit: site "
        f"{sr['median_bytes']:,}, bare {br['median_bytes']:,}. Files downloaded more than once in one visit: "
        f"site first {sf['twice'] or 'none'}, repeat {sr['twice'] or 'none'}; bare {bf['twice'] or 'none'} "
        f"(a big file downloaded twice fails the run). Site boots: first {sorted(set(sf['boot']))}, "
        f"repeat {sorted(set(sr['boot']))}.",
        "<!-- boot:end -->",
    ]
    replace_block("boot", lines)


def write_turns_doc(turns: dict, machine: dict, command: str, date: str) -> None:
    """Replace the turns block of docs/benchmarks.md with this run's numbers."""
    lines = ["<!-- turns:start (written by scripts/bench) -->",
             f"Run of {date}: `{command}`; {turns['waits_per_setting']} waits per setting; load average at the "
             f"end {machine['load_average_1_5_15']} (1, 5, 15 min) on {machine['cores']} cores.", "",
             "| game (players) | seats | longest wait | mean | target | all waits (s) |", "|---|---|---|---|---|---|"]
    for r in turns["settings"]:
        ok = "met" if r["max_s"] <= 3.0 else "**not met**"
        lines.append(f"| {r['game'].capitalize()} ({r['players']}) | you + {' + '.join(r['seats'][1:])} | "
                     f"**{r['max_s']:.2f} s** | {r['mean_s']:.2f} s | ≤ 3 s: {ok} | "
                     + ", ".join(f"{x:.2f}" for x in r["seconds"]) + " |")
    lines.append("<!-- turns:end -->")
    replace_block("turns", lines)


def write_net_doc(net: dict, machine: dict, command: str, date: str) -> None:
    """Replace the net block of docs/benchmarks.md with this run's numbers."""
    j, lat, hosted, local = net["join"], net["latency"], net["long_tasks_hosted"], net["long_tasks_local"]
    hc, sw = j["http_cache"], j["service_worker"]

    def met(ok):
        return "met" if ok else "**not met**"

    def secs(values):
        return ", ".join(f"{v / 1000:.2f}" for v in values)

    first_raw = statistics.median([*hc["raw_bytes"], *sw["raw_bytes"]])
    first_gz = statistics.median([*hc["gzip_bytes"], *sw["gzip_bytes"]])
    engine = sorted({*hc["engine_files_before_seated"], *sw["engine_files_before_seated"]})
    load = f"load average {net['load_average_start']} at the start, {machine['load_average_1_5_15']} at the end"
    biggest = ", ".join(f"`{p_.lstrip('/')}` {raw / 1000:.0f} KB ({gz / 1000:.0f} KB gzipped)"
                        for p_, raw, gz in hc["files_first_run"][:6])
    lines = [
        "<!-- net:start (written by scripts/bench) -->",
        f"Run of {date}: `{command}`; {net['runs']} runs (a guest of each kind per run), Chromium "
        f"{net['chromium']}; {load} (1, 5, 15 min) on {machine['cores']} cores.",
        "",
        "| measure | result | target | all runs |",
        "|---|---|---|---|",
        f"| guest's first join: bytes until seated, gzipped as GitHub Pages sends text (raw) | "
        f"**{first_gz / 1000:.0f} KB** ({first_raw / 1000:.0f} KB raw) | ≤ 600 KB: {met(first_gz <= 600_000)} | "
        + ", ".join(f"{v / 1000:.0f}" for v in [*hc["gzip_bytes"], *sw["gzip_bytes"]]) + " KB |",
        f"| guest's first join: Pyodide or engine files asked for before seated | "
        f"**{len(engine)}** | none: {met(not engine)} | {', '.join(engine) or 'none'} |",
        f"| guest's first join: link opened to seated | {statistics.median([*hc['first_ms'], *sw['first_ms']]) / 1000:.2f} s "
        f"| – | {secs([*hc['first_ms'], *sw['first_ms']])} s |",
        f"| repeat visit (reload), HTTP cache: navigation to seated | **{hc['median_repeat_ms'] / 1000:.2f} s** | "
        f"≤ 1.5 s: {met(hc['median_repeat_ms'] <= 1500)} | {secs(hc['repeat_ms'])} s |",
        f"| repeat visit (reload), service worker: navigation to seated | **{sw['median_repeat_ms'] / 1000:.2f} s** | "
        f"≤ 1.5 s: {met(sw['median_repeat_ms'] <= 1500)} | {secs(sw['repeat_ms'])} s |",
        f"| move latency, host applied → guest drew: median | **{lat['median_ms']} ms** | ≤ 150 ms: "
        f"{met(lat['median_ms'] <= 150)} | {lat['samples']} samples; the host noted {lat['actions']} actions × 2 guests, "
        f"the other {2 * lat['actions'] - lat['samples']} notes had no draw after them |",
        f"| move latency: 90th percentile, longest | {lat['p90_ms']} ms, {lat['max_ms']} ms | – | "
        f"{lat['positions_sent_once_later']} positions reached a guest only with a later one |",
        f"| host's long tasks during the hosted game: count, longest | {hosted['count']}, {hosted['longest_ms']} ms | "
        f"– | over 200 ms: {', '.join(f'{d} ms' for _, d in hosted['over_200_ms']) or 'none'} |",
        f"| the same seats on one screen (no guests): count, longest | {local['count']}, {local['longest_ms']} ms | "
        f"– | over 200 ms: {', '.join(f'{d} ms' for _, d in local['over_200_ms']) or 'none'} ({local['actions']} actions) |",
        "",
        f"Biggest files of a first join (raw, gzipped): {biggest}.",
        "<!-- net:end -->",
    ]
    # each row with the command that reproduces it
    lines = [line + (" reproduce |" if line.startswith("| measure") else "---|" if line.startswith("|---")
                     else f" `{command}` |") if line.startswith("|") else line for line in lines]
    replace_block("net", lines)


def write_phone_doc(phone: dict, machine: dict, command: str, date: str) -> None:
    """Replace the phone block of docs/benchmarks.md with this run's numbers."""
    p = phone
    sf, sr, bf, br = p["site_first"], p["site_repeat"], p["bare_first"], p["bare_repeat"]

    def runs(key, field="ms"):
        return ", ".join(f"{v / 1000:.2f}" for v in p[key][field])

    def met(ok):
        return "met" if ok else "**not met**"

    def mb(n):
        return f"{n / 1e6:.2f} MB"

    lines = [
        "<!-- phone:start (written by scripts/bench) -->",
        f"Run of {date}: `{command}`; {p['runs']} runs, {p['chromium']}; load average "
        f"{p['load_average_start']} at the start, {machine['load_average_1_5_15']} at the end (1, 5, 15 min) "
        f"on {machine['cores']} cores.",
        "",
        "| medians, phone profile | site | bare Pyodide | site ÷ bare | target | site, all runs (s) "
        "| bare, all runs (s) |",
        "|---|---|---|---|---|---|---|",
        f"| lobby usable, first visit | **{sf['median_lobby_ms'] / 1000:.2f} s** | – | – | ≤ 2.5 s: "
        f"{met(sf['median_lobby_ms'] <= 2500)} | {runs('site_first', 'lobby_ms')} | – |",
        f"| first decision on screen, first visit (bare: engine ready) | **{sf['median_decision_ms'] / 1000:.2f} s** "
        f"| {bf['median_ms'] / 1000:.2f} s | **{p['decision_ratio_first']:.2f}×** | ≤ 0.9×: "
        f"{met(p['decision_ratio_first'] <= 0.9)} | {runs('site_first', 'decision_ms')} | {runs('bare_first')} |",
        f"| engine ready, first visit | {sf['median_ms'] / 1000:.2f} s | {bf['median_ms'] / 1000:.2f} s | "
        f"{p['ratio_first']:.2f}× | – | {runs('site_first')} | {runs('bare_first')} |",
        f"| bytes on the wire, first visit (site: until the first decision) | **{mb(sf['median_bytes'])}** "
        f"({mb(sf['median_bytes_before_decision'])}) | {mb(bf['median_bytes'])} | "
        f"{sf['median_bytes'] / bf['median_bytes']:.2f}× | no more than bare: "
        f"{met(sf['median_bytes'] <= bf['median_bytes'])} | "
        + ", ".join(mb(v) for v in sf["bytes"]) + " | " + ", ".join(mb(v) for v in bf["bytes"]) + " |",
        f"| lobby usable, repeat visit | {sr['median_lobby_ms'] / 1000:.2f} s | – | – | – | "
        f"{runs('site_repeat', 'lobby_ms')} | – |",
        f"| first decision on screen, repeat visit (bare: engine ready) | {sr['median_decision_ms'] / 1000:.2f} s | "
        f"{br['median_ms'] / 1000:.2f} s | {p['decision_ratio_repeat']:.2f}× | – | "
        f"{runs('site_repeat', 'decision_ms')} | {runs('bare_repeat')} |",
        f"| engine ready, repeat visit | {sr['median_ms'] / 1000:.2f} s | {br['median_ms'] / 1000:.2f} s | "
        f"{p['ratio_repeat']:.2f}× | – | {runs('site_repeat')} | {runs('bare_repeat')} |",
        f"| bytes on the wire, repeat visit | {mb(sr['median_bytes'])} | {mb(br['median_bytes'])} | – | – | "
        + ", ".join(mb(v) for v in sr["bytes"]) + " | " + ", ".join(mb(v) for v in br["bytes"]) + " |",
        "",
        f"Site boots: first {sorted(set(sf['boot']))}, repeat {sorted(set(sr['boot']))}. A site visit ends "
        f"when the service worker has installed (its precache, mostly revalidations, is part of the bytes): "
        f"{', '.join(f'{s:.0f}' for s in sf['settled_s'])} s after the first decision on a first visit.",
    ]
    probe = p.get("probe")
    if probe:
        lines += ["", "The profile checked in each kind of target (`bench/probe.html`: ms to download 300 KB "
                  "uncached, ms of a fixed CPU loop; medians of 3):", "",
                  "| throttled | " + " | ".join(k for k in probe["phone"] if k != "refused") + " |",
                  "|---|" + "---|" * (len(probe["phone"]) - 1)]
        for mode, row in probe.items():
            lines.append(f"| {mode} | " + " | ".join(f"{v:.0f}" for k, v in row.items() if k != "refused") + " |")
    lines.append("<!-- phone:end -->")
    replace_block("phone", lines)
