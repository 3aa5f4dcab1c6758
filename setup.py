"""Build hook: compiles the Koz Maça hot path (``kahvehane/games/koz_maca/_core.pyx``).

Everything else is in ``pyproject.toml``. The extension is optional: without Cython or a
C compiler the install still succeeds (with a warning) and the engine runs its
pure-Python path, which is the same engine (``docs/engine.md``, "The compiled core").
"""

from __future__ import annotations

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """build_ext that warns instead of failing when an extension cannot be built."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler, no Python headers...
            print(f"warning: the compiled Koz Maça core was not built ({exc});"
                  " the pure-Python engine will be used", file=sys.stderr)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            print(f"warning: {ext.name} was not built ({exc});"
                  " the pure-Python engine will be used", file=sys.stderr)


def extensions() -> list[Extension]:
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("warning: Cython is not installed; the pure-Python engine will be used",
              file=sys.stderr)
        return []
    return cythonize(
        [Extension("kahvehane.games.koz_maca._core", ["kahvehane/games/koz_maca/_core.pyx"])],
        language_level=3,
        quiet=True,
    )


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
