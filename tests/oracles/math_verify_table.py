#!/usr/bin/env python3
"""The three-way table of the math-verify suite, in Markdown (spec/math.md,
"The math-verify suite").

    python3 tests/oracles/math_verify_table.py [--scorespec target/debug/scorespec]

Reads conformance/differential/math-verify.jsonl (the case, its expected
verdict, math-verify 0.9.0's verdict) and conformance/math/math-verify-explained.toml
(errata of expected verdicts, explanations of scorespec's disagreements). With
--scorespec, grades every case with ``BINARY run`` (math.grade through the JSONL
protocol) and fills the scorespec column; without it the column is "—".

Prints: agreement by origin, agreement by test, then every case where
math-verify or scorespec differs from the (corrected) expected verdict.
With --skeleton (and --scorespec) it prints instead the ``[explained]`` lines
still missing from the explanations file, one ``"ID" = "TODO"`` line per
unexplained disagreement with the texts and verdicts as a comment.
"""
import argparse
import json
import os
import subprocess
import tomllib
from collections import OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RECORDING = os.path.join(ROOT, "conformance", "differential", "math-verify.jsonl")
EXPLAINED = os.path.join(ROOT, "conformance", "math", "math-verify-explained.toml")


def load():
    with open(RECORDING, encoding="utf-8") as f:
        lines = [json.loads(l) for l in f if l.strip()]
    with open(EXPLAINED, "rb") as f:
        explained = tomllib.load(f)
    return lines[0], lines[1:], explained


def run_ours(binary, cases):
    feed = "".join(json.dumps({"id": c["id"], "fn": c["fn"], "args": c["args"]}, ensure_ascii=False) + "\n"
                   for c in cases)
    p = subprocess.run([binary, "run"], input=feed.encode("utf-8"), stdout=subprocess.PIPE, check=True)
    out = {}
    for line in p.stdout.decode("utf-8").splitlines():
        r = json.loads(line)
        if r.get("ok") and isinstance(r.get("result"), dict) and isinstance(r["result"].get("equal"), bool):
            out[r["id"]] = r["result"]["equal"]
        elif r.get("ok"):
            out[r["id"]] = "no `equal`"
        else:
            out[r["id"]] = "error " + r["error"]["kind"]
    return out


def cell(text, n=48):
    text = text.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t")
    if len(text) > n:
        text = text[: n - 1] + "…"
    text = text.replace("|", "\\|")
    fence = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}" if text else "(empty)"


def verdict(v):
    if v is None:
        return "—"
    return v if isinstance(v, str) else ("equal" if v else "not equal")


def pct(n, d):
    return f"{n}/{d} ({100 * n / d:.1f} %)" if d else "—"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scorespec", help="the scorespec binary; without it the scorespec column is empty")
    ap.add_argument("--skeleton", action="store_true",
                    help="print the missing [explained] lines instead of the table (needs --scorespec)")
    a = ap.parse_args()
    if a.skeleton and not a.scorespec:
        ap.error("--skeleton needs --scorespec")
    header, cases, explained = load()
    errata = explained.get("erratum", {})
    reasons = explained.get("explained", {})
    ours = run_ours(a.scorespec, cases) if a.scorespec else {}

    rows = []
    for c in cases:
        exp = errata[c["id"]]["expected"] if c["id"] in errata else c["expected"]
        o = c["oracle"]
        mv = o["result"]["equal"] if o.get("ok") else None
        rows.append({"case": c, "expected": exp, "mv": mv, "ours": ours.get(c["id"]) if ours else None})

    if a.skeleton:
        for r in rows:
            c = r["case"]
            if r["ours"] is not r["expected"] and c["id"] not in reasons:
                print(f"# {c.get('test', '?')}: {json.dumps(c['args']['gold'][:80], ensure_ascii=False)} vs "
                      f"{json.dumps(c['args']['response'][:80], ensure_ascii=False)}; expected "
                      f"{verdict(r['expected'])}, math-verify {verdict(r['mv'])}, ours {verdict(r['ours'])}")
                print(f'"{c["id"]}" = "TODO"')
        return

    def tally(group):
        n = len(group)
        mv_ok = sum(r["mv"] == r["expected"] for r in group)
        if not ours:
            return n, pct(mv_ok, n), "—", "—"
        ours_ok = sum(r["ours"] is r["expected"] for r in group)
        ours_mv = sum(isinstance(r["ours"], bool) and r["ours"] == r["mv"] for r in group)
        return n, pct(mv_ok, n), pct(ours_ok, n), pct(ours_mv, n)

    fixed = ", ".join(f"case {k} → {verdict(v['expected'])}" for k, v in errata.items())
    print(f"Oracle: {header['version']}. Expected verdicts as the tests assert them, corrected by "
          f"{len(errata)} errata ({fixed}; conformance/math/math-verify-explained.toml).\n")
    print("| origin | cases | math-verify = expected | scorespec = expected | scorespec = math-verify |")
    print("|---|---:|---:|---:|---:|")
    groups = OrderedDict()
    for r in rows:
        groups.setdefault(r["case"]["origin"], []).append(r)
    for name, g in list(groups.items()) + [("all", rows)]:
        n, x, y, z = tally(g)
        name = f"**{name}**" if name == "all" else f"`{name}`"
        print(f"| {name} | {n} | {x} | {y} | {z} |")

    print("\n| test (file) | cases | math-verify = expected | scorespec = expected | scorespec = math-verify |")
    print("|---|---:|---:|---:|---:|")
    groups = OrderedDict()
    for r in rows:
        c = r["case"]
        key = f"`{c.get('test', '?')}` ({c['source'].split(':')[0].split('@')[0].removeprefix('tests/')})"
        groups.setdefault(key, []).append(r)
    for name, g in groups.items():
        n, x, y, z = tally(g)
        print(f"| {name} | {n} | {x} | {y} | {z} |")

    diff = [r for r in rows if r["mv"] != r["expected"] or (ours and r["ours"] is not r["expected"])]
    print(f"\nCases where math-verify or scorespec differs from the expected verdict ({len(diff)}):\n")
    print("| id | test | gold | response | expected | math-verify | scorespec | why scorespec differs |")
    print("|---:|---|---|---|---|---|---|---|")
    for r in diff:
        c = r["case"]
        why = reasons.get(c["id"], "") if ours and r["ours"] is not r["expected"] else ""
        note = " (erratum)" if c["id"] in errata else ""
        print(f"| {c['id']} | `{c.get('test', '?')}` | {cell(c['args']['gold'])} | {cell(c['args']['response'])} "
              f"| {verdict(r['expected'])}{note} | {verdict(r['mv'])} | {verdict(r['ours'])} | {why} |")


if __name__ == "__main__":
    main()
