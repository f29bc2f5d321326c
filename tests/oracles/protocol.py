"""The scorespec JSONL protocol for oracle adapters.

An adapter defines ``answer(fn, args) -> result`` (raising ``KeyError`` for an
unknown function) and calls ``serve(answer)``: each stdin line
``{"id","fn","args"}`` gets one stdout line ``{"id","ok","result"}`` or
``{"id","ok":false,"error":{"kind","message"}}``, with the request's id, in
order, flushed line by line. An adapter raises ``Refused(kind, message)`` to
answer with an error of one of the protocol's own kinds (``parse_error``,
``undefined``, ``invalid_value``…); any other exception is reported with its
Python type name as the kind. This is what ``scorespec conformance --impl``
speaks: ``scorespec conformance --impl 'python tests/oracles/nltk_porter.py'
--fn text.porter_stem``.
"""
import json
import sys


class Refused(Exception):
    """An error answer of the protocol's kind ``kind`` (src/error.rs, CallError::kind)."""

    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


def serve(answer):
    for n, line in enumerate(sys.stdin, 1):
        rid = None
        try:
            req = json.loads(line)
            rid = req.get("id") if isinstance(req, dict) else None
            out = {"id": rid, "ok": True, "result": answer(req["fn"], req["args"])}
        except Refused as e:
            out = {"id": rid, "ok": False, "error": {"kind": e.kind, "message": f"line {n}: {e}"}}
        except KeyError as e:
            out = {"id": rid, "ok": False, "error": {"kind": "unknown_function", "message": f"line {n}: {e}"}}
        except Exception as e:  # an oracle reports, it does not crash
            out = {"id": rid, "ok": False, "error": {"kind": type(e).__name__, "message": f"line {n}: {e}"}}
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        sys.stdout.flush()
