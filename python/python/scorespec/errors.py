"""Exceptions of the package: only for programmer errors, never for content."""

from __future__ import annotations


class CallError(ValueError):
    """A registry call was refused (``scorespec.call``); ``kind`` is the registry's error kind
    (``invalid_value``, ``parse_error``, ``unknown_function``, …)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind

    def __reduce__(self):  # picklable across processes
        return (type(self), (self.kind, str(self)))


class CallTypeError(CallError, TypeError):
    """A registry call with a missing, unknown or mistyped argument."""
