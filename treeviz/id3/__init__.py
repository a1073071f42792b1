"""ID3 decision trees learned from tables, drawn with the search trees' views: tables
read and encoded (:mod:`.table`), trees learned and cross-validated (:mod:`.learn`, its
compiled split search in :mod:`.split_kernel`) and drawn (:mod:`.draw`)."""

from treeviz.id3.learn import CrossValidation, DecisionTree, Node, cross_validate, fit, folds
from treeviz.id3.table import Table, TableError, bundled_path, parse_table, read_table

__all__ = [
    "CrossValidation",
    "DecisionTree",
    "Node",
    "Table",
    "TableError",
    "bundled_path",
    "cross_validate",
    "fit",
    "folds",
    "parse_table",
    "read_table",
]
