# treeviz house moves: old import path -> new. Run over the merged tree:
#   git ls-files -z '*.py' '*.md' '*.ipynb' Makefile '*.toml' '*.cfg' | xargs -0 sed -i -E -f /work/house_paths.sed
# Module imports of the old package namespace (forms `from treeviz.search import <module>`)
s/from treeviz\.search import solver_kernel as ([A-Za-z_]+)/import treeviz.exact.kernel as \1/g
s/from treeviz\.search import negamax_kernel as ([A-Za-z_]+)/import treeviz.agents.alphabeta.kernel as \1/g
s/from treeviz\.search import mcts_kernel as ([A-Za-z_]+)/import treeviz.agents.mcts.kernel as \1/g
s/from treeviz\.search import mcts_explain$/import treeviz.agents.mcts.explain as mcts_explain/g
s/from treeviz\.search import solver$/import treeviz.exact.scores as solver/g
s/from treeviz\.connect4 import book$/import treeviz.exact.book as book/g
# tests' module imports of the old package
s/from treeviz\.connect4 import book as ([A-Za-z_]+)/import treeviz.exact.book as \1/g
s/from treeviz\.id3\.draw import test_text as edge_text/from treeviz.id3.draw import edge_text/g
s/\btest_text\(tree/edge_text(tree/g
s/from treeviz\.search import user$/import treeviz.agents.user.load as user/g
s/from treeviz\.search import shallow_book$/import treeviz.exact.shallow_book as shallow_book/g
s/from treeviz\.search import tt_order as ([A-Za-z_]+)/import treeviz.connect4.tt_order as \1/g
# names that moved out of the agents' helpers into the trace layer
s/from treeviz\.search\.common import (check_playable|Recorder|CORE_FIELDS)$/from treeviz.trace.recorder import \1/g
# dotted module paths (longest first; \b keeps solver from matching solver_kernel)
s/treeviz\.search\.solver_kernel\b/treeviz.exact.kernel/g
s/treeviz\.search\.solver\b/treeviz.exact.scores/g
s/treeviz\.search\.shallow_book\b/treeviz.exact.shallow_book/g
s/treeviz\.connect4\.book\b/treeviz.exact.book/g
s/treeviz\.search\.tt_order\b/treeviz.connect4.tt_order/g
s/treeviz\.search\.contract\b/treeviz.agents.contract/g
s/treeviz\.search\.common\b/treeviz.agents.common/g
s/treeviz\.search\.reasons\b/treeviz.agents.reasons/g
s/treeviz\.search\.stopping\b/treeviz.agents.stopping/g
s/treeviz\.search\.random_agent\b/treeviz.agents.random_agent/g
s/treeviz\.search\.greedy\b/treeviz.agents.greedy/g
s/treeviz\.search\.astar\b/treeviz.agents.astar/g
s/treeviz\.search\.alphabeta\b/treeviz.agents.alphabeta.agent/g
s/treeviz\.search\.negamax_kernel\b/treeviz.agents.alphabeta.kernel/g
s/treeviz\.search\.mcts_kernel\b/treeviz.agents.mcts.kernel/g
s/treeviz\.search\.mcts_explain\b/treeviz.agents.mcts.explain/g
s/treeviz\.search\.mcts\b/treeviz.agents.mcts.agent/g
s/treeviz\.search\.user_reasons\b/treeviz.agents.user.reasons/g
s/treeviz\.search\.user\b/treeviz.agents.user.load/g
s/treeviz\.search\.engine\b/treeviz.agents.user.engine/g
s/treeviz\.search\.traced_result\b/treeviz.agents.user.instrument_result/g
s/treeviz\.search\.traced\b/treeviz.agents.user.instrument/g
s/treeviz\.judge\.report\b/treeviz.draw.report/g
s/treeviz\.judge\.notebook\b/treeviz.draw.notebook/g
s/treeviz\.search\.(spec|AGENTS|get_agent|agent_of|register|unregister|agent_params|split_spec)\b/treeviz.agents.registry.\1/g
# the registry (what `from treeviz.search import AGENTS, search, ...` meant)
s/from treeviz\.search import/from treeviz.agents.registry import/g
s/"treeviz\.search"/"treeviz.agents.registry"/g
s/`treeviz\.search`/`treeviz.agents.registry`/g
# file paths in prose
s#treeviz/search/solver_kernel\.py#treeviz/exact/kernel.py#g
s#treeviz/search/solver\.py#treeviz/exact/scores.py#g
s#treeviz/search/shallow_book\.py#treeviz/exact/shallow_book.py#g
s#treeviz/connect4/book\.py#treeviz/exact/book.py#g
s#treeviz/search/traced\.py#treeviz/agents/user/instrument.py#g
s#treeviz/search/user\.py#treeviz/agents/user/load.py#g
s#treeviz/search/engine\.py#treeviz/agents/user/engine.py#g
s#treeviz/search/contract\.py#treeviz/agents/contract.py#g
s#treeviz/judge/report\.py#treeviz/draw/report.py#g
s#treeviz/judge/notebook\.py#treeviz/draw/notebook.py#g
