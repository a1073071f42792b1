"""Every rendering of a trace: which part to show and the one walker every view draws
from (:mod:`.view`), the one style table (:mod:`.style`), and the backends: diagrams and
trace files out (:mod:`.export`), board pictures (:mod:`.board_svg`), HTML pieces and
one-file reports (:mod:`.html`, :mod:`.report`), notebook display and widget
(:mod:`.notebook`, :mod:`.widget`)."""
