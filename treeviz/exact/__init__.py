"""Exact scores of Connect 4 positions: the compiled solver (:mod:`.kernel`), the score
API every layer above asks (:mod:`.scores`: a position's and each column's score on
the solver community's scale, in words) and the opening books it answers from
(:mod:`.book`, built by :mod:`.shallow_book`)."""
