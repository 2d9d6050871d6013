"""A request-body size limit for ASGI middlewares (the REST service and the annotation app)."""

from __future__ import annotations

from starlette.types import Message, Receive


class BodyTooLarge(Exception):
    """Raised inside the app once the body passed the limit (the middleware catches it)."""


class LimitedBody:
    """Wraps ``receive``: counts body bytes and, past ``limit``, marks ``exceeded`` and raises
    BodyTooLarge, so the middleware drops the app's answer and sends a 413 instead."""

    def __init__(self, receive: Receive, limit: int) -> None:
        self._receive = receive
        self.limit = limit
        self.received = 0
        self.exceeded = False

    async def receive(self) -> Message:
        message = await self._receive()
        self.received += len(message.get("body", b""))
        if self.received > self.limit:
            self.exceeded = True
            raise BodyTooLarge
        return message
