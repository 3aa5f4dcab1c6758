"""A lean install (issue 33): a wheel built from the checkout carries the web client,
the migrations and (where a compiler exists) the compiled core, installs with its
``server`` extra into a fresh virtual environment, and ``kahvehane serve`` from there
serves the landing page. Slow: it builds and installs (from pip's cache or PyPI)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import httpx
import pytest

from tests.server.harness import ROOT, free_port, spawn_server

pytestmark = [pytest.mark.server, pytest.mark.slow]

#: What the checkout holds that a wheel is not built from.
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "*.so",
                                    "__pycache__", ".*_cache", ".hypothesis", "node_modules")


def run(args: list[str], cwd: Path) -> None:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=900,
                          check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]


def test_a_built_wheel_installs_in_a_fresh_venv_and_serves(tmp_path: Path) -> None:
    src = tmp_path / "src"  # a copy: the build writes build/ and *.egg-info beside it
    shutil.copytree(ROOT, src, ignore=NOT_SOURCE)
    wheels = tmp_path / "wheels"
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(src), "-w",
         str(wheels)], tmp_path)
    (wheel,) = wheels.glob("kahvehane-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "kahvehane/web/static/index.html" in names
    assert any(n.startswith("kahvehane/web/static/js/") for n in names)
    assert "kahvehane/store/migrations/versions/0001_initial.py" in names
    assert "kahvehane/store/migrations/env.py" in names
    if shutil.which("cc") or shutil.which("gcc"):
        assert any(n.startswith("kahvehane/games/koz_maca/_core.") and n.endswith(".so")
                   for n in names)
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", str(venv)], tmp_path)
    run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", f"{wheel}[server]"],
        tmp_path)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    # run outside the checkout, with no PYTHONPATH: only the installed package is there
    env = {"PYTHONPATH": "", "KAHVEHANE_DB": f"sqlite:///{tmp_path / 'salon.sqlite3'}",
           "KAHVEHANE_PORT": str(port)}
    proc = spawn_server([str(venv / "bin" / "kahvehane"), "serve"], tmp_path / "serve.log",
                        url, env=env)
    try:
        page = httpx.get(url + "/")
        assert page.status_code == 200 and "<title>kahvehane</title>" in page.text
        assert httpx.get(url + "/api/games").json()["games"]
        where = subprocess.run([str(venv / "bin" / "python"), "-c",
                                "import kahvehane; print(kahvehane.__file__)"],
                               capture_output=True, text=True, env=env, cwd=tmp_path,
                               check=True).stdout
        assert str(venv) in where
    finally:
        proc.terminate()
        proc.wait(timeout=15)
