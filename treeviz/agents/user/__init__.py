"""User agents: a Python file or module (:mod:`.load`), a UCI-like engine command
(:mod:`.engine`), and any search function traced by a decorator (:mod:`.instrument`,
whose recordings :mod:`.instrument_result` turns into a search result)."""
