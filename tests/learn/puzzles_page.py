"""A page with the puzzles exercise alone, as the Learn page will call it (AppTest and
the browser tests run it; the app's navigation does not list it)."""

from treeviz.dashboard.pages.learn.puzzles import show

show()
