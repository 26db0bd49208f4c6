"""The one compiled part: rounds of unit propagation for the grade (lab/engine/_rounds.c).

Optional: without a C compiler the install goes on, and lab/engine/rounds.py answers with numpy
(the same answers, slower; `puzzlelab.lab.rounds.ENGINE` says which one runs)."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("puzzlelab.lab.engine._rounds", ["lab/engine/_rounds.c"], optional=True,
                             extra_compile_args=["-O2"])])
