"""A dataclass's fields → equality, hashing and repr by value, written once for many classes."""

from __future__ import annotations


class ValueEquality:
    """What a dataclass would generate for ``__eq__``, ``__hash__`` and ``__repr__`` (the fields
    in order, equal only within one class), inherited instead: generating three methods for
    each of a hundred classes is most of what defining them costs at start-up. For dataclasses
    declared with ``eq=False, repr=False``; ``__slots__`` is empty so slotted ones stay slotted."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = self.__dataclass_fields__  # type: ignore[attr-defined]
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in fields)
        return f"{self.__class__.__qualname__}({shown})"

    def _values(self) -> tuple:
        """The fields' values in order (what a generated dataclass __eq__ compares)."""
        fields = self.__dataclass_fields__  # type: ignore[attr-defined]
        return tuple([getattr(self, name) for name in fields])
