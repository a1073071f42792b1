"""Back and forward through an analysis. Streamlit adds an entry to the browser's
history for each change of the page's query parameters (a new analysis, another
selected node), but does not follow the person back: the URL changes and the page
stays. A few lines of JavaScript, inserted by ``st.html`` (not iframed: they see the
page's own ``window``), reload the page when the person moves through the history; a
reloaded link is read like a shared one
(:func:`treeviz.dashboard.pages.analyze.read_link`), its search answered from the
server's cache.

Streamlit's own listener, called first, reruns the open session with the entry's
query; that session read its link once, and its run writes the node still selected
back into the entry's URL. Written before the browser has started the reload, that
URL is the one reloaded: the page came back at the node it left (a browser test saw
it now and then on a loaded machine). The page being left writes no history from
then on.
"""

from __future__ import annotations

import streamlit as st

SCRIPT = """<script>
if (!window.__treevizPop) {
  window.__treevizPop = true;
  window.addEventListener("popstate", () => {
    history.replaceState = history.pushState = () => {};
    location.reload();
  });
}
</script>"""


def follow_history() -> None:
    """Reload the page when the person goes back or forward to another link."""
    st.html(SCRIPT, unsafe_allow_javascript=True)
