"""The folder of the script Streamlit runs for every visit (:mod:`.streamlit_app`),
alone: Streamlit puts a script's folder first on ``sys.path``, and the dashboard's
own folder there would let its modules (``numbers``, ``tree``, ``history``...) stand in
for the standard library's and for each other under a second name."""
