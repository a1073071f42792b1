"""The script ``treeviz app`` hands to ``streamlit run`` (shipped inside the package,
so the dashboard starts wherever treeviz is installed)."""

from treeviz.dashboard.app import main

# Streamlit runs this file as ``__main__``; the guard keeps the Arena's worker
# processes, which re-import the main module under another name, from starting the app.
if __name__ == "__main__":
    main()
