"""What a hostile visitor hands the dashboard to run, planted where a server started
for the attack would find it, and what would show that it ran: a Python file and an
importable module that leave a mark when loaded or called, and a command that leaves
one. The browser's attack (``tests/browser/test_browser_attack.py``) and the same
attack met by the server alone (``tests/dashboard/test_apptest_attack.py``) share
them, and the listener that stands for a scheduler and an image host."""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass
from pathlib import Path

PLANT = """
from pathlib import Path
Path({marks!r}, {name!r} + '-loaded').write_text('x')

def f(pos):
    Path({marks!r}, {name!r} + '-called').write_text('x')
    return 1
"""
# The server's settings for the attack: no agents of anyone's, no cluster, no folder
# of databases (with the planted folder on its import path).
SETTINGS = {"TREEVIZ_AGENTS": "", "TREEVIZ_CLUSTER": "", "TREEVIZ_ARENA_DIR": ""}


@dataclass(frozen=True)
class Planted:
    """The planted code in ``root`` (``evil.py``, and ``evilmod.py`` to import from
    there) and the folder ``marks`` where a mark appears when any of it runs."""

    root: Path
    marks: Path

    def code(self) -> list[str]:
        """Agent specs a visitor may type to run code: a command, a file, a module, a
        function of the standard library."""
        return [
            f"cmd:touch {self.marks}/cmd-ran",
            f"{self.root}/evil.py:f",
            "evilmod:f",
            "os:system",
        ]

    def ran(self) -> list[str]:
        """The marks left so far (none unless planted code ran)."""
        return sorted(p.name for p in self.marks.iterdir())


def plant(root: Path) -> Planted:
    """The file, the module and an empty folder for marks, written into ``root``."""
    marks = root / "marks"
    marks.mkdir()
    (root / "evil.py").write_text(PLANT.format(marks=str(marks), name="file"))
    (root / "evilmod.py").write_text(PLANT.format(marks=str(marks), name="module"))
    return Planted(root, marks)


def listen(calls: list[bytes]) -> socket.socket:
    """A TCP listener on localhost that records the first bytes of each connection in
    ``calls`` (a connection is what an attack that reached out would make)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()

    def accept() -> None:
        while True:
            try:
                conn, _ = sock.accept()
            except OSError:
                return
            with conn:
                conn.settimeout(2)
                try:
                    calls.append(conn.recv(200) or b"(connected)")
                except OSError:
                    calls.append(b"(connected)")

    threading.Thread(target=accept, daemon=True).start()
    return sock
