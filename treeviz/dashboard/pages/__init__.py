"""The dashboard's pages, one module each; :mod:`treeviz.dashboard.app` lists them."""
