"""The lab's variable allocator: pysat's IDPool with a public record of its reserved ranges.

pysat's IDPool skips ranges marked with `occupy` but keeps them to itself. The lab needs to
know them in three places: reserving a block of consecutive variables (`block`), copying a
pool (a cached structure's rules serve many sessions: `copy`), and deciding whether new
variables can be numbered by arithmetic instead of one `id()` call each (`reserves_ahead`).
So every pool the lab makes is a `Variables`, which notes each range as it is reserved.
"""

from __future__ import annotations

from collections.abc import Sequence

from pysat.formula import IDPool


class Variables(IDPool):
    """An IDPool that records the ranges it was told to skip (`reserved`, inclusive bounds, in
    the order reserved). A range stays in the record after `id()` has passed it: a range at or
    below `top` no longer changes which ids come next, so every test here ignores it."""

    reserved: list[tuple[int, int]]
    top: int

    def restart(self, start_from: int = 1, occupied: Sequence[Sequence[int]] = (), with_neg: bool = False) -> None:
        super().restart(start_from=start_from, occupied=[list(r) for r in occupied], with_neg=with_neg)
        self.reserved = [(lo, hi) for lo, hi in occupied]

    def occupy(self, start: int, stop: int) -> None:
        super().occupy(start, stop)
        if stop >= start:  # pysat ignores an empty range
            self.reserved.append((start, stop))

    def reserves_ahead(self) -> bool:
        """Would `id()` skip anything after `top`? When not, the next n ids are top + 1 .. top + n."""
        top = self.top
        return any(hi > top for _, hi in self.reserved)

    def block(self, count: int) -> int:
        """Reserve `count` consecutive fresh variables and return the first (`variable_block`).
        A block that would run into a reserved range starts after the last one instead."""
        first = self.top + 1
        last = first + count - 1
        if any(lo <= last and first <= hi for lo, hi in self.reserved):
            first = max(hi for _, hi in self.reserved) + 1
        self.occupy(first, first + count - 1)
        self.top = max(self.top, first + count - 1)  # encoders that read `top` start after the block
        return first

    def copy(self) -> Variables:
        """An independent pool that knows the same variables and hands out new ids after them.
        (A shallow copy would not do: the pool's id table calls back into the original.)"""
        mine = Variables(start_from=self.top + 1, occupied=self.reserved, with_neg=self.with_neg)
        mine.obj2id.update(self.obj2id)
        mine.id2obj.update(self.id2obj)
        return mine


def reserves_ahead(pool: IDPool) -> bool:
    """Might `pool.id()` skip ids after `pool.top`? A plain IDPool keeps its reserved ranges to
    itself, so for one made elsewhere the answer is a cautious yes."""
    return not isinstance(pool, Variables) or pool.reserves_ahead()


def draw_block(pool: IDPool, count: int) -> int:
    """`count` consecutive fresh ids from any pool, the first returned: `Variables.block`, or
    for a plain IDPool ids drawn one by one (which skip its reserved ranges) until `count` in
    a row come out."""
    if isinstance(pool, Variables):
        return pool.block(count)
    if count <= 0:
        return int(pool.top) + 1
    first = last = pool.id()
    while last - first + 1 < count:
        drawn = pool.id()
        if drawn != last + 1:
            first = drawn
        last = drawn
    return int(first)
