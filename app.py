"""``streamlit run app.py`` from a checkout: the same dashboard as ``treeviz app``."""

from treeviz.dashboard.app import main

# Streamlit runs this file as ``__main__``; the guard keeps the Arena's worker
# processes, which re-import the main module under another name, from starting the app.
if __name__ == "__main__":
    main()
