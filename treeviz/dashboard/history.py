"""Back and forward through an analysis. Streamlit adds an entry to the browser's
history for each change of the page's query parameters (a new analysis, another
selected node), but does not follow the person back: the URL changes and the page
stays. A few lines of JavaScript, inserted by ``st.html`` (not iframed: they see the
page's own ``window``), reload the page when the person moves through the history; a
reloaded link is read like a shared one
(:func:`treeviz.dashboard.pages.analyze.read_link`), its search answered from the
server's cache.
"""

from __future__ import annotations

import streamlit as st

SCRIPT = """<script>
if (!window.__treevizPop) {
  window.__treevizPop = true;
  window.addEventListener("popstate", () => location.reload());
}
</script>"""


def follow_history() -> None:
    """Reload the page when the person goes back or forward to another link."""
    st.html(SCRIPT, unsafe_allow_javascript=True)
