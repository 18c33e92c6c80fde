"""Benchmark: the desk, warm, from a pasted 5,000-line night of a 16-player game to the
rendered result page (read, resolve with the paste in place, diff, render).

    python benchmarks/bench_desk.py [--lines 5000] [--runs 15] [--browser] [--threads]

``--threads``: the same night as a GM receives it, one 1:1 chat per player and the
village (input.thread, the exports one after another with their separators): the reader
cuts it, reads each chat and merges them by time, and the preview shows each line
under its chat.

The server runs in process (Starlette's TestClient: the same app `adjudicator serve`
starts, without the socket).  Prints min / median / max of the POST /preview round trip,
the page's size and the GET of the chatter rows it leaves out (sent when the GM presses
「雑談を表示」).  Target (issue "The GM's desk in the browser"): median ≤ 100 ms on this
2-core machine.

``--browser`` (needs playwright and Chromium, see .ci/extra-setup): the desk served by
uvicorn, the paste sent from the game page in headless Chromium, and the browser's time
from the end of the response to the end of the load event (Performance API, navigation
timing), best and median of ``--browser-runs``.  Target (issue #29): under 300 ms.
Issue 41 (from the press): the preview from the press of its button to the page's load
event, with the server's part (the navigation's request to its first byte) apart, and
the store from its press to the game page loaded (the POST and the game page's server
part apart; the game page must load once a store).  Targets: preview ≤ 100 ms server and
≤ 300 ms to the page, store ≤ 300 ms to the next page, on an idle machine (no more than
twice that under load).
Then 「雑談を表示」 pressed (``--browser-runs`` times, the page loaded again each time):
from the press (the click event's time stamp) to the frame after every chatter row is in
the page and its table shown (the first frame rendered after it: a task posted from
``requestAnimationFrame`` runs once that frame is painted), with the fetch; then until
every row group is drawn (desk.js draws the groups skipped at first between frames: then
every row is laid out and in the accessibility tree), and the longest task (long tasks,
Performance API) from the press to then.  Target (issue 31, the desk's part):
under 300 ms for 5,000 rows.  Not a timed test: figures only.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import tempfile
import time
import warnings
from pathlib import Path

from _games import CHATTER, ROOT, SPEAKERS

SOURCE = ROOT / "tests" / "fixtures" / "derby16"


def night_log(lines: int, seed: int = 1) -> str:
    """The fixture's night1 with chatter spread through it to ``lines`` lines."""
    rng = random.Random(seed)
    real = (SOURCE / "logs" / "night1.txt").read_text("utf-8").splitlines()
    out = [f"[21:{i % 60:02d}] {rng.choice(SPEAKERS)}: {rng.choice(CHATTER)}"
           for i in range(max(0, lines - len(real)))]
    for line in real:
        out.insert(rng.randrange(len(out) + 1), line)
    out = [x for x in out if "締め切り" not in x] + [x for x in out if "締め切り" in x]
    return "\n".join(out) + "\n"


def threaded(text: str) -> str:
    """``text`` as a night reaches the GM in private chats (input.thread): one 1:1 chat per
    player (a ``=== スレッド：名前 ===`` separator before each), the GM's deadline in the
    village and the GM's other lines in the chat of the player before them (a price
    answers a purchase in its own chat); each chat's lines in the order of their times."""
    chats: dict[str, list[str]] = {"村": []}
    last = "村"
    for line in text.splitlines():
        speaker = line.split("] ", 1)[1].split(":", 1)[0]
        if speaker == "GM":
            chats["村" if "締め切り" in line else last].append(line)
            continue
        last = speaker
        chats.setdefault(speaker, []).append(line)
    out = []
    for name, lines in chats.items():
        out.append(f"=== スレッド：{name} ===")
        out += sorted(lines, key=lambda x: x[1:6])
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--browser", action="store_true", help="also time the render in Chromium")
    ap.add_argument("--browser-runs", type=int, default=5)
    ap.add_argument("--threads", action="store_true",
                    help="the night as one 1:1 chat per player and the village (threaded)")
    args = ap.parse_args()
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

    from adjudicator.desk.app import CSRF_COOKIE, create_app

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        game = root / "g"
        (game / "logs").mkdir(parents=True)
        shutil.copy(SOURCE / "game.toml", game / "game.toml")
        shutil.copy(SOURCE / "logs" / "day1.txt", game / "logs" / "day1.txt")
        text = night_log(args.lines)
        if args.threads:
            text = threaded(text)
        client = TestClient(create_app(root, hosts=("testserver",)))
        client.get("/")
        token = client.cookies.get(CSRF_COOKIE)
        import httpx

        # the body a browser sends from the paste form (multipart/form-data), encoded once:
        # the client's own encoding is not the desk's time
        req = httpx.Request("POST", "http://testserver/", data={"csrf": token, "phase": "night1"},
                            files={"log": (None, text.encode("utf-8"))})
        body = req.read()
        headers = {"content-type": req.headers["content-type"]}

        def post() -> object:
            return client.post("/g/g/preview", content=body, headers=headers)

        for _ in range(3):  # warm: imports, templates, caches
            assert post().status_code == 200  # type: ignore[attr-defined]
        times, cpu = [], []
        for _ in range(args.runs):
            t, c = time.perf_counter(), time.process_time()
            r = post()
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
            assert r.status_code == 200  # type: ignore[attr-defined]
        ms = sorted(x * 1000 for x in times)
        print(f"desk preview, {len(text.splitlines())}-line night of a 16-player game"
              f"{' in private chats' if args.threads else ''}, {args.runs} warm runs:")
        print(f"  min {ms[0]:.1f} ms, median {statistics.median(ms):.1f} ms, max {ms[-1]:.1f} ms"
              f"  (target: median ≤ 100 ms)")
        cms = sorted(x * 1000 for x in cpu)
        print(f"  CPU (this process, server and client): min {cms[0]:.1f} ms, median "
              f"{statistics.median(cms):.1f} ms  (wall exceeds CPU when the machine is busy)")
        page = r.text  # type: ignore[attr-defined]
        import re

        link = re.search(r'href="(/g/g/chatter\?key=[0-9a-f]{32})"', page)
        left = re.search(r"雑談を表示（(\d+)行）", page)
        print(f"  page: {len(page.encode('utf-8')) // 1000} KB, "
              f"{page.count('<tr class=')} table rows sent, "
              f"{left.group(1) if left else 0} chatter rows left for the button")
        if link:
            gets = []
            for _ in range(args.runs):
                t = time.perf_counter()
                part = client.get(link.group(1) + "&part=1")
                gets.append((time.perf_counter() - t) * 1000)
            gets.sort()
            print(f"  chatter rows on demand (GET, {len(part.content) // 1000} KB): min "
                  f"{gets[0]:.1f} ms, median {statistics.median(gets):.1f} ms")
        if args.browser:
            browser_render(root, text, args.browser_runs)


def browser_render(root: Path, text: str, runs: int) -> None:
    """The paste sent from the game page in headless Chromium; the render after the
    response, from the browser's navigation timing."""
    import socket
    import threading

    import uvicorn
    from playwright.sync_api import sync_playwright

    from adjudicator.desk.app import create_app

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(root), host="127.0.0.1", port=port,
                                        log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    while not srv.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    figures, sizes = [], []
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                  args=["--no-sandbox", "--disable-gpu"])
            page = b.new_page(viewport={"width": 1100, "height": 900})
            page.add_init_script(CLICK_PROBE)
            clicks: list[dict[str, float]] = []
            stores: list[dict[str, float]] = []
            for k in range(runs):
                page.goto(f"{base}/g/g")
                page.select_option("#phase", "night1")
                page.eval_on_selector("#log", "(e, t) => { e.value = t; }", text)
                page.click("form[action$='/preview'] button[type=submit]")
                page.wait_for_url(f"{base}/g/g/preview")
                page.wait_for_load_state("load")
                nav = page.evaluate("""() => { const n = performance.getEntriesByType(
                    'navigation')[0]; return [n.loadEventEnd - n.responseEnd, n.transferSize]; }""")
                figures.append(nav[0])
                sizes.append(nav[1])
                clicks.append(page.evaluate(SINCE_CLICK))
                if k < runs - 1 or runs == 1:  # the last preview stays for the chatter
                    # the store, from its press to the game page loaded (the POST's own time
                    # from the preview page's resource timing, kept across the navigation)
                    page.click("form[action$='/store'] button:not(.secondary)")
                    page.wait_for_url(f"{base}/g/g?phase=night1*")
                    page.wait_for_load_state("load")
                    stores.append(page.evaluate(SINCE_CLICK))
                    (root / "g" / "logs" / "night1.txt").unlink()
            # the same paste judged again (its page, GET): the chatter button on it each time
            again = base + page.get_attribute("#chatter-show", "href").replace("/chatter?", "/paste?")
            presses = []
            for _ in range(runs):
                page.goto(again)
                page.wait_for_load_state("load")
                presses.append(press_chatter(page))
            b.close()
    finally:
        srv.should_exit = True
        th.join(timeout=10)
    med = statistics.median
    print(f"browser (headless Chromium), {runs} runs: preview from the press to the page "
          f"loaded median {med(c['page'] for c in clicks):.0f} ms (best "
          f"{min(c['page'] for c in clicks):.0f}; target ≤ 300 ms idle), of which the server "
          f"(request to first byte) median {med(c['server'] for c in clicks):.0f} ms "
          f"(target ≤ 100 ms idle)")
    if stores:
        print(f"  store from the press to the game page loaded median "
              f"{med(s['page'] for s in stores):.0f} ms (best {min(s['page'] for s in stores):.0f};"
              f" target ≤ 300 ms idle): the POST median {med(s['post'] for s in stores):.0f} ms,"
              f" the game page's server median {med(s['server'] for s in stores):.0f} ms; "
              f"game page loads a store: {max(s['loads'] for s in stores):.0f}")
    print(f"  render after the response best "
          f"{min(figures):.0f} ms, median {statistics.median(figures):.0f} ms "
          f"(target: under 300 ms); page {sizes[-1] // 1000} KB over the wire")
    painted = [x["painted"] for x in presses]
    print(f"  「雑談を表示」 pressed, {presses[-1]['rows']} rows: press to rows painted best "
          f"{min(painted):.0f} ms, median {statistics.median(painted):.0f} ms (target: under "
          f"300 ms); of which the fetch (press to the response's text) median "
          f"{statistics.median(x['fetched'] for x in presses):.0f} ms")
    print(f"  every row drawn (laid out, in the accessibility tree) median "
          f"{statistics.median(x['drawn'] for x in presses):.0f} ms after the press; longest "
          f"task from the press to then, median "
          f"{statistics.median(x['longest'] for x in presses):.0f} ms")


#: every page: a press on a submit button notes its time (and the store's POST, its
#: duration) in sessionStorage, for the next page to count from; each navigation counted
CLICK_PROBE = r"""
document.addEventListener('click', (e) => {
  if (e.target.closest && e.target.closest('button[type=submit], button:not([type])')) {
    sessionStorage.setItem('t0', String(performance.timeOrigin + e.timeStamp));
    sessionStorage.setItem('loads', '0'); } }, true);
new PerformanceObserver((l) => { for (const e of l.getEntries()) {
  if (e.name.endsWith('/store')) { sessionStorage.setItem('post', String(e.duration)); } }
}).observe({type: 'resource', buffered: true});
sessionStorage.setItem('loads', String(Number(sessionStorage.getItem('loads') || 0) + 1));
"""
#: on the page after a press: from the press to its load event's end, and its server part
SINCE_CLICK = """() => { const n = performance.getEntriesByType('navigation')[0];
  const t0 = Number(sessionStorage.getItem('t0'));
  return {page: performance.timeOrigin + n.loadEventEnd - t0,
          server: n.responseStart - n.requestStart,
          post: Number(sessionStorage.getItem('post') || 0),
          loads: Number(sessionStorage.getItem('loads') || 0)}; }"""

#: in the page before the press: the press's time, each long task, and a promise that
#: resolves once every row is in and shown and the next frame is painted
PRESS_PROBE = r"""() => {
  const m = window.__press = {longest: 0};
  new PerformanceObserver((l) => { for (const e of l.getEntries()) {
    if (m.t0 !== undefined && e.startTime + e.duration > m.t0) {
      m.longest = Math.max(m.longest, e.duration); } } }).observe({type: 'longtask'});
  document.addEventListener('click', (e) => {
    if (e.target.closest('#chatter-show')) { m.t0 = e.timeStamp; } }, true);
  const fetch0 = window.fetch;
  window.fetch = function () {
    return fetch0.apply(this, arguments).then((r) => {
      const text = r.text.bind(r);
      r.text = () => text().then((t) => { m.fetched = performance.now(); return t; });
      return r; }); };
  const want = Number(/（(\d+)行）/.exec(document.getElementById('chatter-show').textContent)[1]);
  m.done = new Promise((resolve) => {
    const check = () => {
      const box = document.getElementById('chatter-table');
      if (box && !box.hidden && box.querySelectorAll('tbody tr').length >= want) {
        requestAnimationFrame(() => { const ch = new MessageChannel();
          ch.port1.onmessage = () => {
            const painted = performance.now() - m.t0;
            const drawn = () => { if (box.querySelector('tbody.later')) { setTimeout(drawn, 5); return; }
              resolve({painted, drawn: performance.now() - m.t0, fetched: m.fetched - m.t0,
                       longest: m.longest, rows: want}); };
            drawn(); };
          ch.port2.postMessage(0); });
      } else { requestAnimationFrame(check); } };
    check(); });
}"""


def press_chatter(page: object) -> dict[str, float]:
    """「雑談を表示」 pressed once: press to rows painted, the fetch, every row drawn, the
    longest task (ms)."""
    page.evaluate(PRESS_PROBE)  # type: ignore[attr-defined]
    page.wait_for_timeout(200)  # type: ignore[attr-defined]  # the page settled
    page.click("#chatter-show")  # type: ignore[attr-defined]
    return page.evaluate("() => window.__press.done")  # type: ignore[attr-defined, no-any-return]


if __name__ == "__main__":
    main()
