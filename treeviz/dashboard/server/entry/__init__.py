"""The folder of the script Streamlit runs for every visit (:mod:`.streamlit_app`),
alone: Streamlit puts a script's folder first on ``sys.path``, and a folder of the
dashboard's modules there would let them (``numbers``, ``text``, ``cache``...) stand in
for the standard library's and for each other under a second name."""
