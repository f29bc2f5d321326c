"""Adapter: the Python package's ``scorespec.call(fn, args)`` over the JSONL
protocol, so that ``scorespec conformance --impl 'python
tests/oracles/scorespec_call.py'`` checks the binding against the corpus (all
cases should agree). Needs the package installed (python/, issue 15).
"""
import scorespec

if __name__ == "__main__":
    import protocol
    protocol.serve(scorespec.call)
