"""What the pages share, each used by pages and none importing one: the board
(:mod:`.board`, :mod:`.board_chart`, :mod:`.board_notes`), sidebar inputs
(:mod:`.inputs`), moving between pages (:mod:`.nav`), tables and numbers
(:mod:`.tables`, :mod:`.numbers`), escaped text (:mod:`.text`), the one tree component
(:mod:`.tree_panel`, drawing from :mod:`.tree_data`; what tree views share:
:mod:`.tree_selection`), clicks on Review's ECharts graph (:mod:`.chart_clicks`) and one
search result's sections (:mod:`.results`)."""
