"""The package as a person installs it: the sdist, the wheel built from that sdist,
installed (not editable) into a fresh virtual environment and used from a folder
outside the checkout: a sample by name, a search, an HTML report, the notebook
widget's HTML and the dashboard's server.

The fresh environment borrows this one's installed dependencies through a ``.pth``
file instead of downloading them (``pip install --no-deps --no-index``), so what is
tested is what treeviz's own files bring. Its kernels compile on first use, as after
any install, which is most of this module's minute or two.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import sysconfig
import tarfile
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from local_server import ROOT, free_port

from treeviz.settings import DISTRIBUTION

pytestmark = pytest.mark.installed

PACKAGE = ROOT / "treeviz"
NOT_SHIPPED = ("__pycache__", ".nbi", ".nbc", ".pyc")  # made on the user's machine


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the wheel built from it (``python -m build``, this environment's
    setuptools: nothing downloaded)."""
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
    )
    # The build's own words, not only its exit code, when it fails.
    assert done.returncode == 0, f"build failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return out


def only(folder: Path, pattern: str) -> Path:
    (found,) = folder.glob(pattern)
    return found


def runtime_files() -> set[str]:
    """Every file the package reads at run time, as paths inside the wheel (the
    samples through the link to the top-level folder)."""
    samples = (ROOT / "sample_positions").glob("*.txt")
    return {
        p.relative_to(ROOT).as_posix()
        for p in PACKAGE.rglob("*")
        if p.is_file() and not any(part in p.as_posix() for part in NOT_SHIPPED)
    } | {f"treeviz/data/sample_positions/{p.name}" for p in samples}


def test_the_wheel_holds_every_file_the_code_reads(dist: Path) -> None:
    names = set(zipfile.ZipFile(only(dist, "*.whl")).namelist())
    missing = runtime_files() - names
    assert not missing, f"not in the wheel: {sorted(missing)}"
    meta = (
        zipfile.ZipFile(only(dist, "*.whl"))
        .read(f"{DISTRIBUTION.replace('-', '_')}-0.1.0.dist-info/METADATA")
        .decode()
    )
    assert f"Name: {DISTRIBUTION}" in meta
    assert "License-Expression: MIT" in meta and "License-File: LICENSE" in meta


def test_the_sdist_is_the_whole_source(dist: Path) -> None:
    with tarfile.open(only(dist, "*.tar.gz")) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert {
        "LICENSE",
        "README.md",
        "pyproject.toml",
        "Makefile",
        "tests/conftest.py",
        "tests/data/positions/end_analyze.txt",
        "sample_positions/greedy-trap.txt",
        "examples/minimax_agent.py",
    } <= names
    assert runtime_files() <= names
    assert not any("__pycache__" in n for n in names)


def test_the_sdist_leaves_out_files_other_processes_are_writing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """MANIFEST.in keeps every ``__pycache__`` out, not only finished ``.pyc`` files: a
    test worker writing ``x.pyc.<pid>`` (pytest, then renamed) or ``x.nbi.tmp.<id>``
    (numba) while the sdist is built would otherwise be listed, gone when copied, and
    fail the build."""
    from setuptools.command.egg_info import FileList

    for name in (
        "tests/a.py",
        "tests/__pycache__/a.cpython-311-pytest.pyc.4242",
        "tests/browser/__pycache__/b.nbi.tmp.5f3a",
        "examples/c.py",
        "examples/__pycache__/c.cpython-311.pyc.77",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    monkeypatch.chdir(tmp_path)
    files = FileList()
    for line in (ROOT / "MANIFEST.in").read_text().splitlines():
        if line.split(" ", 1)[0] in ("graft", "global-exclude"):  # the folders, the rule
            files.process_template_line(line)
    assert sorted(files.files) == ["examples/c.py", "tests/a.py"]


@pytest.fixture(scope="module")
def venv(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment with the wheel installed and this one's dependencies on its
    path; returns its ``bin`` folder."""
    home = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(home)], check=True)
    python = home / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    )
    borrowed = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(site.stdout.strip(), "borrowed.pth").write_text("\n".join(sorted(borrowed)) + "\n")
    # --force-reinstall: a treeviz this environment has (editable) is not this one
    subprocess.run(
        [
            python,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            "--force-reinstall",
            str(only(dist, "*.whl")),
        ],
        check=True,
    )
    return home / "bin"


@pytest.fixture(scope="module")
def elsewhere(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder outside the checkout, nothing in it."""
    return tmp_path_factory.mktemp("elsewhere")


def clean_env() -> dict[str, str]:
    """This environment without anything that points into the checkout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "NUMBA_"))}
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # as a read-only install would be used
    return env


def treeviz(bin_dir: Path, cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """``treeviz ARGV`` as the installed command, run in ``cwd``."""
    return subprocess.run(
        [str(bin_dir / "treeviz"), *argv],
        cwd=cwd,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_it_runs_from_the_installed_package_not_the_checkout(venv: Path, elsewhere: Path) -> None:
    where = subprocess.run(
        [str(venv / "python"), "-c", "import treeviz; print(treeviz.__file__)"],
        cwd=elsewhere,
        env=clean_env(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert str(venv.parent) in where and str(ROOT) not in where


def test_a_sample_by_name(venv: Path, elsewhere: Path) -> None:
    done = treeviz(venv, elsewhere, "show", "greedy-trap")
    assert done.returncode == 0, done.stderr
    assert "to move" in done.stdout


def test_the_first_search_says_it_compiles_once(venv: Path, elsewhere: Path) -> None:
    first = treeviz(venv, elsewhere, "analyze", "4453", "--agent", "greedy")
    assert first.returncode == 0, first.stderr
    assert "compiling its search kernels, once after an install" in first.stderr
    assert len(first.stderr.splitlines()) == 1, first.stderr
    again = treeviz(venv, elsewhere, "analyze", "4453", "--agent", "greedy", "--json")
    assert again.returncode == 0 and again.stderr == ""
    assert json.loads(again.stdout)["move"] in range(1, 8)


def test_a_report(venv: Path, elsewhere: Path) -> None:
    done = treeviz(venv, elsewhere, "report", "greedy-trap", "--agent", "greedy", "-o", "r.html")
    assert done.returncode == 0, done.stderr
    page = (elsewhere / "r.html").read_text()
    assert "treevizRender" in page and "greedy" in page


def test_the_notebook_widget(venv: Path, elsewhere: Path) -> None:
    code = (
        "import treeviz; res = treeviz.search(treeviz.Position.from_moves('4453'), "
        "'greedy'); w = res.widget(); print(len(w._esm), len(res._repr_html_()))"
    )
    done = subprocess.run(
        [str(venv / "python"), "-c", code],
        cwd=elsewhere,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    script, page = map(int, done.stdout.split())
    assert script > 1000 and page > 1000


def test_the_dashboards_pages_run(venv: Path, elsewhere: Path) -> None:
    """Every page's script, as Streamlit runs it, from the installed files."""
    code = (
        "import sys, treeviz.dashboard.server.entry.streamlit_app as m; "
        "from streamlit.testing.v1 import AppTest; "
        "at = AppTest.from_file(m.__file__, default_timeout=300).run(); "
        "sys.exit(repr(at.exception) if at.exception else 0)"
    )
    done = subprocess.run(
        [str(venv / "python"), "-c", code],
        cwd=elsewhere,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr


Server = tuple[subprocess.Popen[bytes], str]


@pytest.fixture
def server(venv: Path, elsewhere: Path) -> Iterator[Server]:
    """``treeviz app`` on a free port, stopped after the test."""
    port = free_port()
    proc = subprocess.Popen(
        [str(venv / "treeviz"), "app", "--port", str(port)],
        cwd=elsewhere,
        env=clean_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield proc, f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_the_dashboard_starts_and_listens_on_this_machine_only(server: Server) -> None:
    proc, url = server
    deadline = time.monotonic() + 120
    while True:
        try:
            if urllib.request.urlopen(f"{url}/_stcore/health", timeout=2).read() == b"ok":
                break
        except OSError:
            assert proc.poll() is None and time.monotonic() < deadline, "no server"
            time.sleep(0.3)
    assert b"<title>" in urllib.request.urlopen(url, timeout=10).read()
    listening = [
        c.laddr.ip
        for c in psutil.Process(proc.pid).net_connections("tcp")
        if c.status == psutil.CONN_LISTEN
    ]
    assert listening and set(listening) <= {"127.0.0.1", "::1"}, listening
    proc.send_signal(signal.SIGINT)  # Ctrl-C: the server's way to stop, not a failure
    assert proc.wait(timeout=60) == 0
