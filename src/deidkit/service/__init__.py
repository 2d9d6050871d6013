"""The REST service: ``deidkit serve`` (``pip install deidkit[server]``); see docs/scale.md.

>>> from deidkit.service import ServiceSettings, create_app
>>> app = create_app(ServiceSettings(max_documents=100))  # doctest: +SKIP

FastAPI is imported only when the app is made (``create_app``).
"""

from __future__ import annotations

from typing import Any

from deidkit.service.settings import ServiceSettings


def create_app(settings: ServiceSettings | None = None) -> Any:
    """The service's ASGI app (see ``deidkit.service.app``)."""
    # lazy: FastAPI is optional (the server extra)
    from deidkit.service.app import create_app as make

    return make(settings)


__all__ = ["ServiceSettings", "create_app"]
