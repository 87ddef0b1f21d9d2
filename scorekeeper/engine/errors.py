"""Errors the engine raises. Codes are stable words; the web layer maps them to translated messages."""

from __future__ import annotations


class EngineError(Exception):
    """An impossible record or document. `field` names the input at fault; `position` is the 1-based deal."""

    def __init__(self, code: str, field: str | None, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.field = field
        self.message = message
        self.position = position

    def at(self, position: int | None) -> EngineError:
        """The same error, placed at a deal of the input."""
        return EngineError(self.code, self.field, self.message, position)

    def as_dict(self) -> dict[str, object]:
        return {"position": self.position, "field": self.field, "code": self.code, "message": self.message}

    def __repr__(self) -> str:
        return f"EngineError({self.code!r}, {self.field!r}, position={self.position!r})"
