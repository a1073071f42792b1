"""A side wider than its room scrolls sideways, and its hidden part fades out at that
edge (a label cut at the window's edge read as the end of the tree, the scroll bar
being below the fold). The fade follows the scroll position (a scroll-driven
animation of two registered lengths); a box that does not scroll has none. Used by
the page's columns (:mod:`~treeviz.dashboard.components.results.answer`) and by the
tree component's own scrolling boxes (:mod:`~treeviz.dashboard.components.tree_panel`).
Our own fixed CSS: nothing a visitor sent reaches it."""

from __future__ import annotations

SCROLL_FADE_PX = 32
SCROLL_FADE = (
    "@property --tv-l{syntax:'<length>';inherits:false;initial-value:0px}"
    "@property --tv-r{syntax:'<length>';inherits:false;initial-value:0px}"
    f"@keyframes tv-edge{{from{{--tv-l:0px;--tv-r:{SCROLL_FADE_PX}px}}"
    f"to{{--tv-l:{SCROLL_FADE_PX}px;--tv-r:0px}}}}"
)
"""The rules :data:`FADING` needs, once per page."""
FADING = (
    "animation:tv-edge linear both;animation-timeline:scroll(self inline);"
    "mask-image:linear-gradient(to right,#0000,#000 var(--tv-l),"
    "#000 calc(100% - var(--tv-r)),#0000)"
)
"""The declarations that make a box scrolling sideways fade at its hidden edges."""
