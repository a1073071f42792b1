"""The game itself: :class:`~.board.Position` on two bitboards (:mod:`.board`), the
compiled bitboard kernels every search shares (:mod:`.kernels`), positions read and
written as people type them (:mod:`.notation`, board grids in :mod:`.grid`), the seeds'
heuristics (:mod:`.heuristics`), the shared transposition tables and move order
(:mod:`.tt_order`) and the curated sample positions (:mod:`.samples`)."""
