"""``deidkit serve``: the REST service (``deidkit.service``) under uvicorn."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Annotated

import typer

from deidkit.errors import ConfigError
from deidkit.service.settings import (
    ENV_API_KEY,
    ENV_SETTINGS,
    ServiceSettings,
    is_loopback,
    read_api_keys,
)

DEFAULTS = ServiceSettings()


def service_settings(
    *,
    host: str,
    api_key_file: Path | None,
    max_request_mb: float,
    max_documents: int,
    model_dir: list[Path],
    key_file: Path | None,
    lang: str,
    preload: list[str],
    request_seconds: float = DEFAULTS.request_seconds,
    max_concurrent: int = DEFAULTS.max_concurrent,
    max_response_factor: int = DEFAULTS.max_response_factor,
    min_response_mb: float = DEFAULTS.min_response_bound / (1024 * 1024),
) -> ServiceSettings:
    """The settings from the command line; refuses to expose the service without API keys."""
    hashes = read_api_keys(api_key_file, os.environ.get(ENV_API_KEY))
    if not hashes and not is_loopback(host):
        raise ConfigError(
            f"--host {host} lets other machines reach the service: give --api-key-file (one "
            f"key per line, e.g. from `openssl rand -hex 24`) or set {ENV_API_KEY}"
        )
    for folder in model_dir:
        if not folder.is_dir():
            raise ConfigError(f"--model-dir {folder}: not a folder")
    if key_file is not None and not key_file.is_file():
        raise ConfigError(f"--key-file {key_file}: not found")
    if max_request_mb <= 0 or max_documents < 1:
        raise ConfigError("--max-request-mb and --max-documents must be positive")
    if not request_seconds > 0 or max_concurrent < 1:
        raise ConfigError("--request-seconds and --max-concurrent must be positive")
    if max_response_factor < 1 or not min_response_mb > 0:
        raise ConfigError("--max-response-factor and --min-response-mb must be positive")
    return ServiceSettings(
        api_key_hashes=hashes,
        max_request_bytes=int(max_request_mb * 1024 * 1024),
        max_documents=max_documents,
        model_dirs=tuple(str(folder.resolve()) for folder in model_dir),
        key_file=str(key_file.resolve()) if key_file else None,
        default_lang=lang,
        preload=tuple(preload),
        request_seconds=request_seconds,
        max_concurrent=max_concurrent,
        max_response_factor=max_response_factor,
        min_response_bound=int(min_response_mb * 1024 * 1024),
    )


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_command(
        host: Annotated[
            str,
            typer.Option(help="Address to listen on; any address but loopback needs API keys."),
        ] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
        workers: Annotated[
            int,
            typer.Option(help="Server processes (each loads the models it uses once)."),
        ] = 1,
        api_key_file: Annotated[
            Path | None,
            typer.Option(
                help=f"File of accepted API keys, one per line (16+ characters); clients send "
                f"'Authorization: Bearer KEY' or 'X-API-Key: KEY'. Also read from {ENV_API_KEY}."
            ),
        ] = None,
        max_request_mb: Annotated[
            float, typer.Option(help="Largest request body in MB (larger ones get 413).")
        ] = 8.0,
        max_documents: Annotated[
            int, typer.Option(help="Most documents in one request (more get 413).")
        ] = 1000,
        request_seconds: Annotated[
            float,
            typer.Option(
                help="A request's time budget in seconds: past it the request gets 504 and "
                "its work stops."
            ),
        ] = DEFAULTS.request_seconds,
        max_concurrent: Annotated[
            int,
            typer.Option(
                help="Requests at work at once in each server process; more get 503 "
                "(retry later)."
            ),
        ] = DEFAULTS.max_concurrent,
        max_response_factor: Annotated[
            int,
            typer.Option(
                help="A response may be this many times its request's size (or "
                "--min-response-mb, whichever is larger); larger ones get 413."
            ),
        ] = DEFAULTS.max_response_factor,
        min_response_mb: Annotated[
            float,
            typer.Option(help="A response may always be this many MB (see --max-response-factor)."),
        ] = DEFAULTS.min_response_bound / (1024 * 1024),
        model_dir: Annotated[
            list[Path] | None,
            typer.Option(
                help="A folder of model folders requests may name (repeatable); shipped "
                "models are always offered."
            ),
        ] = None,
        key_file: Annotated[
            Path | None,
            typer.Option(
                help="Default secret key for surrogates when a request gives none "
                "(without it such requests use a random key)."
            ),
        ] = None,
        lang: Annotated[str, typer.Option(help="Default language code (en, es, ...).")] = "en",
        preload: Annotated[
            list[str] | None,
            typer.Option(help="Models to load at start (repeatable), e.g. --preload en."),
        ] = None,
        log_level: Annotated[
            str, typer.Option(help="Log level: debug, info, warning, error.")
        ] = "info",
    ) -> None:
        """Serve detection and de-identification over HTTP (FastAPI; needs deidkit\\[server])."""
        try:
            # lazy: uvicorn is optional (the server extra)
            import uvicorn
        except ImportError:
            raise ConfigError(
                "deidkit serve needs the server extra: pip install 'deidkit[server]'"
            ) from None
        settings = service_settings(
            host=host,
            api_key_file=api_key_file,
            max_request_mb=max_request_mb,
            max_documents=max_documents,
            model_dir=model_dir or [],
            key_file=key_file,
            lang=lang,
            preload=preload or [],
            request_seconds=request_seconds,
            max_concurrent=max_concurrent,
            max_response_factor=max_response_factor,
            min_response_mb=min_response_mb,
        )
        os.environ[ENV_SETTINGS] = settings.to_json()  # the workers read their settings here
        logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(name)s %(message)s")
        auth = "API keys required" if settings.authenticated else "no authentication (loopback)"
        typer.echo(f"deidkit service on http://{host}:{port} ({auth}); schema at /docs", err=True)
        uvicorn.run(
            "deidkit.service.app:create_app",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            log_level=log_level,
            access_log=False,  # deidkit.service logs each request (method, path, status, time)
            timeout_graceful_shutdown=5,  # SIGTERM: requests still at work stop after 5 s
        )
