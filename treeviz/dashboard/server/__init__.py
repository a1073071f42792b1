"""What starts and serves the dashboard: the ASGI app Streamlit serves and its
middleware (:mod:`.asgi`, :mod:`.base_url`), ``treeviz app``'s server
(:mod:`.launch`), the warm-up (:mod:`.warming`), what the starter chose
(:mod:`.environment`), the caches every session shares (:mod:`.cache`) and the script
Streamlit runs for each visit (:mod:`.entry.streamlit_app`)."""
