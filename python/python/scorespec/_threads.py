"""The default thread count: explicit argument, ``SCORESPEC_THREADS``, Ray's assignment inside a
Ray worker, then the CPU affinity limited by the cgroup CPU quota. Never more than the node has."""

from __future__ import annotations

import math
import os
import sys
from typing import Optional

ENV = "SCORESPEC_THREADS"


def _check(n: object, what: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"{what} must be an int, not {type(n).__name__}")
    if n < 1:
        raise ValueError(f"{what} must be >= 1, got {n}")
    return n


def _ray_cpus() -> Optional[int]:
    """The CPUs Ray assigned to this task or actor, when running inside a Ray worker."""
    ray = sys.modules.get("ray")
    if ray is None:
        return None
    try:
        if not ray.is_initialized():
            return None
        ctx = ray.get_runtime_context()
        if getattr(ctx, "worker", None) is not None and ctx.worker.mode != 1:  # 1 = WORKER_MODE
            return None
        cpus = ctx.get_assigned_resources().get("CPU")
    except Exception:
        return None
    if not cpus:
        return None
    return max(1, int(math.floor(cpus)))


def _cgroup_quota(root: str = "/sys/fs/cgroup") -> Optional[float]:
    """CPUs allowed by the cgroup quota (v2 ``cpu.max``, v1 ``cpu.cfs_quota_us``), or None."""
    try:
        with open(os.path.join(root, "cpu.max")) as f:
            quota, period = f.read().split()[:2]
        if quota != "max":
            return int(quota) / int(period)
        return None
    except (OSError, ValueError):
        pass
    try:
        with open(os.path.join(root, "cpu", "cpu.cfs_quota_us")) as f:
            quota = int(f.read())
        with open(os.path.join(root, "cpu", "cpu.cfs_period_us")) as f:
            period = int(f.read())
        if quota > 0 and period > 0:
            return quota / period
    except (OSError, ValueError):
        pass
    return None


def _machine_cpus(cgroup_root: str = "/sys/fs/cgroup") -> int:
    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        n = os.cpu_count() or 1
    q = _cgroup_quota(cgroup_root)
    if q is not None:
        n = min(n, max(1, int(math.ceil(q))))
    return max(1, n)


def default_threads() -> int:
    """The thread count a batch uses when none is given."""
    env = os.environ.get(ENV, "").strip()
    if env:
        try:
            n = int(env)
        except ValueError:
            raise ValueError(f"{ENV} must be a positive integer, got {env!r}") from None
        return _check(n, ENV)
    ray = _ray_cpus()
    if ray is not None:
        return ray
    return _machine_cpus()


def resolve_threads(threads: Optional[int]) -> int:
    if threads is None:
        return default_threads()
    return _check(threads, "threads")
