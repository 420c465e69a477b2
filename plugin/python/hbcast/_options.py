"""Option values as the command line spells them."""

from __future__ import annotations

from typing import Any, List, Mapping, Optional, Sequence, Union

from . import _hbcast

#: A message size: bytes (``4194304``, ``1e6``) or text with a unit (``"4MiB"``, ``"512KiB"``, ``"1MB"``).
Size = Union[int, float, str]


def size_text(size: Size) -> str:
    """``size`` as ``--size`` takes it (a float keeps every digit)."""
    if isinstance(size, bool):
        raise _hbcast.OptionError(f"size: must be a number of bytes or a size such as '4MiB', not {size!r}")
    if isinstance(size, float):
        return repr(size)
    return str(size)


def size_bytes(size: Size) -> float:
    """Bytes in ``size``; raises OptionError as ``--size`` does."""
    return _hbcast.parse_size(size_text(size))


def parameters_list(params: Union[None, Mapping[str, Any], Sequence[str]]) -> Optional[List[str]]:
    """Scheduler parameters as ``--param NAME=VALUE`` strings: from ``{"m": 4}`` or ``["m=4"]``."""
    if params is None:
        return None
    if isinstance(params, Mapping):
        return [f"{name}={value!r}" if isinstance(value, float) else f"{name}={value}" for name, value in params.items()]
    if isinstance(params, str):
        return [params]
    return list(params)


def names_list(names: Union[None, str, Sequence[str]]) -> Optional[List[str]]:
    """A list option: ``"a,b"`` or ``["a", "b"]``."""
    if names is None:
        return None
    if isinstance(names, str):
        return [name for name in names.split(",") if name]
    return [str(name) for name in names]
