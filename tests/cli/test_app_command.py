"""``treeviz app`` before its server starts: a port another program holds is refused
in one line that names the flag choosing another (Streamlit said only "Port N is not
available")."""

from __future__ import annotations

import socket

import pytest

from treeviz.cli.main import main


def _listening() -> socket.socket:
    s = socket.socket()
    s.bind(("localhost", 0))
    s.listen()
    return s


def test_a_taken_port_names_the_flag_that_picks_another(capsys: pytest.CaptureFixture[str]) -> None:
    with _listening() as held:
        port = held.getsockname()[1]
        assert main(["app", "--port", str(port)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert f"port {port}" in err and "--port" in err and f"PORT={port + 1}" in err


def test_an_unknown_host_is_quoted(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["app", "--host", "no-such-host.invalid", "--port", "1"]) == 2
    assert "'no-such-host.invalid'" in capsys.readouterr().err


def test_a_free_port_passes() -> None:
    from treeviz.cli.app import check_free

    with _listening() as held:
        port = held.getsockname()[1]
    check_free("localhost", port)  # closed again: free, nothing raised


def test_treeviz_app_and_streamlit_run_share_their_settings() -> None:
    """``treeviz app`` passes as options what ``streamlit run app.py`` reads from
    .streamlit/config.toml (the toolbar without Deploy, whole messages, no statistics)."""
    import tomllib
    from pathlib import Path

    from treeviz.cli.app import STREAMLIT_OPTIONS

    root = Path(__file__).resolve().parents[2]
    config = tomllib.loads((root / ".streamlit" / "config.toml").read_text())
    flat = {f"{section}_{k}": v for section, kv in config.items() for k, v in kv.items()}
    flat.pop("server_address")  # treeviz app takes it from --host
    assert {k: v for k, v in STREAMLIT_OPTIONS.items() if k != "server_headless"} == flat
