"""Python functions over the registry: one per registered function of a family."""

from __future__ import annotations

from typing import Any, Callable, Optional


def family_functions(family: str, exclude: Optional[set] = None) -> dict[str, Callable[..., Any]]:
    from . import _native, call

    out: dict[str, Callable[..., Any]] = {}
    for f in _native._functions():
        fam, _, name = f["id"].partition(".")
        if fam != family or (exclude and name in exclude):
            continue

        def bound(_id: str = f["id"], **args: Any) -> Any:
            return call(_id, **args)

        bound.__name__ = name
        bound.__qualname__ = name
        bound.__module__ = f"scorespec.{family}"
        params = ", ".join(
            f"{a['name']}" + ("" if a["required"] else f"={a['default']!r}") for a in f["args"]
        )
        bound.__doc__ = f"{f['doc']}\n\n``{f['id']}({params})``; spec: {f['spec']}"
        out[name] = bound
    return out
