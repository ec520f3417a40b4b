"""A class body with annotated fields → a frozen dataclass made without generated code
(`frozen_record`, `Frozen`): the syntax nodes, spans, diagnostics and vocabulary entries."""

from __future__ import annotations

from dataclasses import MISSING, FrozenInstanceError, dataclass, fields

from catan_dsl.core.value_equality import ValueEquality

# A frozen record is a frozen dataclass whose __eq__, __hash__ and __repr__ are inherited
# (core/value_equality.py) and whose __init__ and frozen guards are shared closures instead of
# methods generated per class: dataclass compiles each generated method from source text
# (exec), six per frozen class (1.5 ms each), which was most of what the 100-odd syntax node
# classes and core's records cost every command at start-up. Equality, hashing, repr, fields,
# replace() and the FrozenInstanceError on assignment read as a plain frozen dataclass's would
# (the fields in order, compared only with the same class).
_node_class = dataclass(init=False, eq=False, repr=False)


def frozen_record(cls: type) -> type:
    """A frozen dataclass of this module's kind (see above); ``cls`` derives from Frozen. A class
    without a docstring gets a short one: dataclass would build one from inspect.signature, a
    sixth of the class's cost."""
    if not cls.__doc__:
        cls.__doc__ = f"{cls.__name__} record."
    cls = _node_class(cls)
    cls.__init__ = _init_of(cls)
    return cls


def _init_of(cls: type):
    """The __init__ dataclass would write for ``cls``: its fields in order, positional or by
    keyword, defaults for the ones left out; set as a frozen dataclass sets them."""
    if any(f.default_factory is not MISSING for f in fields(cls)):
        # The shared __init__ below knows plain defaults only: say so where the class is made.
        raise TypeError(f"{cls.__qualname__}: a frozen record's field takes a plain default, "
                        "not default_factory")
    names = tuple(f.name for f in fields(cls))
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    n = len(names)
    setter = object.__setattr__
    title = cls.__qualname__

    def __init__(self, *args, **kwargs):
        if len(args) == n and not kwargs:       # every field given in order: one C call
            self.__dict__.update(zip(names, args))
            return
        if len(args) > n:
            raise TypeError(f"{title}.__init__() takes {n + 1} positional arguments but "
                            f"{len(args) + 1} were given")
        for name, value in zip(names, args):
            setter(self, name, value)
        for name in names[len(args):]:
            if name in kwargs:
                value = kwargs.pop(name)
            elif name in defaults:
                value = defaults[name]
            else:
                raise TypeError(f"{title}.__init__() missing required argument: '{name}'")
            setter(self, name, value)
        if kwargs:
            raise TypeError(f"{title}.__init__() got an unexpected keyword argument "
                            f"'{next(iter(kwargs))}'")
    __init__.__qualname__ = f"{title}.__init__"
    return __init__


class Frozen(ValueEquality):
    """The guards a frozen dataclass generates, written once: no field is assigned or deleted
    after __init__ (and, from ValueEquality, equality, hashing and repr by value)."""

    __slots__ = ()

    def __setattr__(self, name: str, value) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
