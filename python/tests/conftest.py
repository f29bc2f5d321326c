import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def cli() -> str:
    """The scorespec CLI of this checkout (SCORESPEC_BIN, else target/{debug,release}/scorespec)."""
    for c in (os.environ.get("SCORESPEC_BIN"), REPO / "target/debug/scorespec", REPO / "target/release/scorespec"):
        if c and Path(c).is_file():
            return str(c)
    found = shutil.which("scorespec")
    if found:
        return found
    pytest.skip("the scorespec CLI is not built (cargo build)")


def run_cli(cli: str, *args: str, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([cli, *args], input=input, capture_output=True, text=True, timeout=120)
