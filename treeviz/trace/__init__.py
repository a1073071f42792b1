"""The search trace and what is read from it: the node array, counters and sentinels
(:mod:`.nodes`), a search's recording (:mod:`.recorder`), trace files (:mod:`.files`
for JSON, :mod:`.arrays` for ``.npz``) checked once at load (:mod:`.checks`,
:mod:`.fieldcheck`, :mod:`.extra`), value kinds and values in words (:mod:`.kinds`,
:mod:`.values`), numbers as a person reads them (:mod:`.numbers`), tables derived from
a trace (:mod:`.analysis`) and its replay (:mod:`.replay`)."""
