"""grundy: exact solutions of two-player games, octal sequences, games defined in Python.

The names are those of the compiled module ``grundy._grundy``. ``from grundy import *``
brings in every public name but ``sum``, which would shadow the built-in; it stays
``grundy.sum``.
"""

from . import _grundy
from ._grundy import *  # noqa: F401,F403 (the compiled module's names, listed in its __all__)
from ._grundy import __version__, _restore, sum  # noqa: F401 (not all of them star-exported)

__all__ = sorted(name for name in _grundy.__all__ if not name.startswith("_") and name != "sum")
