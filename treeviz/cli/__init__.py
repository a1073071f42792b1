"""The ``treeviz`` command line: one module per command, assembled by :mod:`.main`:
:mod:`.show` (show, agents), :mod:`.analyze` (analyze, explain), :mod:`.games` (play,
review), :mod:`.puzzles`, :mod:`.report`, :mod:`.export`, :mod:`.solve`, :mod:`.id3`, :mod:`.arena`
(arena, sweep) and :mod:`.app`; :mod:`.common` reads positions and makes the agent flags.

Commands import what they need inside their function, so ``treeviz show`` and
``--help`` load none of it (measured: the drawing modules add 0.12 s, ID3's 0.03 s
and the arena's 0.05 s to a command's start).
"""
