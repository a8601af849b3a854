"""``cardforge build``: cold, nothing changed, one deck's colour changed; and start-up figures.

Every figure is the whole process, against a baseline measured in the same run (the machine may
be shared: read the ratios; the start-up figures give wall and CPU time, medians of interleaved
runs).  Targets: cold build ≤ 25 s on 2 cores, nothing changed ≤ 1 s, one
deck colour ≤ 4 s; ``render rows --format sheets`` ≤ 2.0× a bare reportlab script drawing the
same 102 fronts; a referee ruling ≤ 1.2× ``python -c 'import typer, json'``; ``--version`` ≤ 3×
``python -c pass``; Tabletop Simulator for 1,020 cards ≤ 120 MiB peak, linear in cards, and flat
in the number of distinct faces (1,000 within 1.1× of 100).

    python benchmarks/bench_build.py [--quick]      (--quick: skip the cold build)
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

def timed(cmd: list[str], runs: int = 1, env: dict | None = None) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(cmd, capture_output=True, env=env or ENV, cwd=ROOT)
        times.append(time.perf_counter() - start)
        if result.returncode:
            sys.exit(f"failed: {' '.join(cmd)}\n{result.stderr.decode()[-2000:]}")
    return statistics.median(times)


def wall_and_cpu(cmd: list[str], env: dict | None = None, cwd: Path | None = None) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one run of ``cmd`` and of every process it
    waited for (the pool, Ghostscript): the CPU time is what a loaded machine stretches least
    (wall times grow with the other jobs sharing the cores)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env or ENV, cwd=cwd or ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    if status:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stderr.read().decode()[-2000:]}")
    proc.stderr.close()
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def cardforge(*args: str) -> list[str]:
    return [PY, "-m", "cardforge", *args]


def startup(tmp: Path) -> None:
    runs = 11
    font = str(ROOT / "cardforge" / "fonts" / "DejaVuSans-Bold.ttf")
    commands = {
        "pass": [PY, "-c", "pass"],
        "typer": [PY, "-c", "import typer, json"],
        "version": cardforge("--version"),
        "ruling": cardforge("referee", "rows", "play", "p1=R7", "p2=SH3", "--json"),
        "tricks": cardforge("referee", "tricks", "trick", "RB13", "RB2", "SH13", "flip", "--json"),
        "bare": [PY, str(ROOT / "benchmarks" / "bare_sheets.py"), font, str(tmp / "bare.pdf")],
        "sheets": cardforge("render", "rows", "--format", "sheets", "--out", str(tmp / "sheets")),
    }
    for cmd in commands.values():  # warm: the deck, rules and code caches, the page cache
        timed(cmd)
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(runs):  # interleaved: a burst of load stretches every command alike
        for name, cmd in commands.items():
            samples[name].append(wall_and_cpu(cmd))
    wall = {name: statistics.median(w for w, _ in runs_) for name, runs_ in samples.items()}
    cpu = {name: statistics.median(c for _, c in runs_) for name, runs_ in samples.items()}

    def line(label: str, name: str, base: str, what: str) -> None:
        print(f"{label:31} {wall[name] * 1000:7.0f} ms wall {wall[name] / wall[base]:5.2f}×   "
              f"{cpu[name] * 1000:5.0f} ms CPU {cpu[name] / cpu[base]:5.2f}×  {what}")

    print(f"python -c pass                  {wall['pass'] * 1000:7.0f} ms wall           {cpu['pass'] * 1000:5.0f} ms CPU")
    print(f"python -c 'import typer, json'  {wall['typer'] * 1000:7.0f} ms wall           {cpu['typer'] * 1000:5.0f} ms CPU")
    line("cardforge --version", "version", "pass", "× python -c pass (target ≤ 3)")
    line("referee rows play --json", "ruling", "typer", "× import typer, json (target ≤ 1.2)")
    line("referee tricks trick --json", "tricks", "typer", "× import typer, json")
    print(f"bare reportlab, 102 fronts      {wall['bare'] * 1000:7.0f} ms wall           {cpu['bare'] * 1000:5.0f} ms CPU")
    line("render rows --format sheets", "sheets", "bare", "× bare reportlab (target ≤ 2.0)")


def tts_memory(tmp: Path) -> None:
    code = """
import resource, sys
from pathlib import Path
from cardforge.deck import load_deck
from cardforge.render.facecache import FaceCache
from cardforge.render.facepages import physical_cards
from cardforge.render.tts import tts_export
deck = load_deck("rows")
cache = FaceCache(Path(sys.argv[1]) / ".faces")
tts_export(deck, Path(sys.argv[1]) / "warm", cards=physical_cards(deck), cache=cache)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
tts_export(deck, Path(sys.argv[1]) / "tts", cards=physical_cards(deck) * int(sys.argv[2]), cache=cache)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""
    for copies in (1, 10):
        out = subprocess.run([PY, "-c", code, str(tmp / f"tts{copies}"), str(copies)], capture_output=True, text=True,
                             env=ENV, cwd=ROOT)
        start = time.perf_counter()
        print(f"TTS {102 * copies:5d} cards: peak {float(out.stdout.strip() or 'nan'):6.0f} MiB (target ≤ 120 at 1,020)"
              + (f"  {out.stderr[-300:]}" if out.returncode else ""))
        del start


def stat_every_output(out: Path) -> float:
    """CPU seconds to stat each output the manifest lists (what a no-op build no longer does)."""
    import json

    manifest = json.loads((out / ".cardforge-build.json").read_text(encoding="utf-8"))
    paths = [str(out / rel) for entry in manifest["targets"].values() for rel in entry["outputs"]]
    start = time.process_time()
    for path in paths:
        os.stat(path)
    return time.process_time() - start


def peak_mib(cmd: list[str]) -> float:
    """Peak resident memory (MiB) of ``cmd``'s largest process (itself or a worker it waited for)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV, cwd=ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    if status:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stderr.read().decode()[-2000:]}")
    proc.stderr.close()
    return usage.ru_maxrss / 1024


def tts_distinct_memory(tmp: Path) -> None:
    """``render --format tts`` of decks of 100 and 1,000 distinct faces (a cold face cache), beside
    the floor of ``render --format sheets`` of the 100-face deck, same run: flat means the 1,000
    case within 10 % of the 100 case."""
    from bench_faces import distinct_deck

    decks = {n: distinct_deck(tmp / f"distinct{n}", n) for n in (100, 1000)}
    # the sheets first: they also warm the deck's parse cache (a deck's first run peaks ~13 MiB higher)
    floor = {n: peak_mib(cardforge("render", str(deck), "--format", "sheets", "--out", str(tmp / f"dsheets{n}")))
             for n, deck in decks.items()}
    peak = {n: peak_mib(cardforge("render", str(deck), "--format", "tts", "--out", str(tmp / f"dtts{n}")))
            for n, deck in decks.items()}
    growth = peak[1000] / peak[100]
    print(f"TTS distinct faces (cold face cache): 100 → {peak[100]:5.1f} MiB, 1,000 → {peak[1000]:5.1f} MiB peak "
          f"({growth:4.2f}×, {'flat' if growth <= 1.1 else 'GROWS'}: target ≤ 1.10×); home sheets of the same decks "
          f"{floor[100]:5.1f} and {floor[1000]:5.1f} MiB")


def builds(tmp: Path, quick: bool) -> None:
    decks = tmp / "decks"
    shutil.copytree(ROOT / "decks", decks)
    env = {**ENV, "CARDFORGE_DECKS": str(decks)}
    out = tmp / "out"
    if not quick:
        cold = timed(cardforge("build", "--out", str(out), "--quiet"), env=env)
        print(f"cold cardforge build            {cold:7.1f} s   (target ≤ 25 s; load average {os.getloadavg()[0]:.1f})")
    else:
        timed(cardforge("build", "rows", "--out", str(out), "--quiet"), env=env)
    time.sleep(2.1)  # past the racy window: the folders' times are stamped by the next build
    noop = cardforge("build", "--out", str(out), "--quiet") if not quick else cardforge("build", "rows", "--out",
                                                                                         str(out), "--quiet")
    timed(noop, env=env)
    samples = [(wall_and_cpu(noop, env=env), wall_and_cpu(cardforge("--version"), env=env)) for _ in range(5)]
    same = statistics.median(w for (w, _), _v in samples)
    cpu = statistics.median(c for (_, c), _v in samples)
    floor = statistics.median(c for _n, (_, c) in samples)
    print(f"nothing changed                 {same:7.2f} s   (target ≤ 1 s; {cpu * 1000:.0f} ms CPU, "
          f"{(cpu - floor) * 1000:.0f} ms over `cardforge --version`; {stat_every_output(out) * 1000:.0f} ms "
          f"to stat every output, not paid)")
    rows = decks / "rows.yaml"
    text = rows.read_text(encoding="utf-8")
    recoloured = text.replace('color: "#143D59"', 'color: "#5A1D1D"', 1)  # the back's colour
    assert recoloured != text, "rows.yaml has no back colour to change"
    rows.write_text(recoloured, encoding="utf-8")
    one, cpu = wall_and_cpu(cardforge("build", "--out", str(out), "--quiet") if not quick else
                         cardforge("build", "rows", "--out", str(out), "--quiet"), env=env)
    print(f"one deck's colour changed       {one:7.2f} s   (target ≤ 4 s; {cpu:.2f} CPU-s on {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f})")


def watch_latency(tmp: Path) -> None:
    """Seconds from saving a deck to ``watch`` noticing it, and to the rebuild's end."""
    decks = tmp / "wdecks"
    shutil.copytree(ROOT / "decks", decks)
    env = {**ENV, "CARDFORGE_DECKS": str(decks), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(cardforge("watch", "rows", "--out", str(tmp / "wout")), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    try:
        while "watching" not in (proc.stdout.readline() or "watching"):
            pass
        rows = decks / "rows.yaml"
        saved = time.perf_counter()
        rows.write_text(rows.read_text(encoding="utf-8") + "\n# saved\n", encoding="utf-8")
        seen = None
        for line in proc.stdout:
            if line.startswith("changed:") and seen is None:
                seen = time.perf_counter() - saved
            if line.startswith(("rebuilt", "up to date", "cardforge: error")):
                done = time.perf_counter() - saved
                print(f"watch: noticed the save in {seen or 0:.2f} s (target ≤ 1 s), rebuilt in {done:.2f} s")
                break
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> int:
    quick = "--quick" in sys.argv
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (other jobs stretch wall times)")
        startup(tmp)
        tts_memory(tmp)
        tts_distinct_memory(tmp)
        watch_latency(tmp)
        builds(tmp, quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
