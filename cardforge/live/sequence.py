"""Num Séquence at the table: the push-your-luck adapter (``cardforge.live.pushluck``)."""

from cardforge.live.pushluck import PushLuckAdapter

__all__ = ["ADAPTER"]

ADAPTER = PushLuckAdapter("sequence")
