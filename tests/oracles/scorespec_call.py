"""Adapter: the Python package's ``scorespec.call(fn_id, **args)`` over the JSONL
protocol, so that ``scorespec conformance --impl 'python
tests/oracles/scorespec_call.py'`` checks the binding against the corpus (every
case should agree, error kinds included). Needs the package installed
(``scripts/python-tests`` installs it into target/python-venv).
"""
import json
import sys

import scorespec
from scorespec.errors import CallError


def main():
    for line in sys.stdin:
        rid = None
        try:
            req = json.loads(line)
            rid = req.get("id")
            out = {"id": rid, "ok": True, "result": scorespec.call(req["fn"], **req["args"])}
        except CallError as e:  # the registry's own kind, as `scorespec run` reports it
            out = {"id": rid, "ok": False, "error": {"kind": e.kind, "message": str(e)}}
        except Exception as e:  # an adapter reports, it does not crash
            out = {"id": rid, "ok": False, "error": {"kind": type(e).__name__, "message": str(e)}}
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
