"""``deidkit annotate``: the annotation and adjudication web app and its admin commands.

``deidkit annotate PROJECT_DIR`` serves the app (same as ``deidkit annotate serve``); the
other subcommands create a project, add users, import, assign, pre-annotate, export and
report without the browser.
"""

from __future__ import annotations

import ipaddress
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from deidkit.cli.options import InputOptions, input_options
from deidkit.errors import ConfigError, InputError
from deidkit.io.atomic import atomic_write_text

if TYPE_CHECKING:
    from typer._click.core import Context  # typer vendors click


class _ServeByDefault(TyperGroup):
    """Treat ``deidkit annotate PROJECT_DIR ...`` as ``deidkit annotate serve PROJECT_DIR ...``."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["serve", *args]
        return super().parse_args(ctx, args)


annotate_app = typer.Typer(
    cls=_ServeByDefault,
    help=(
        "Annotate PHI in the browser with several annotators, adjudicate, measure agreement "
        "and export the gold. `deidkit annotate PROJECT_DIR` serves the app."
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)

ProjectArg = Annotated[
    Path, typer.Argument(help="The project folder (created by `deidkit annotate init`).")
]
PasswordEnv = Annotated[
    str | None,
    typer.Option("--password-env", help="Read the password from this environment variable."),
]
PasswordFile = Annotated[
    Path | None,
    typer.Option("--password-file", help="Read the password from the first line of this file."),
]


def _password(env: str | None, file: Path | None, who: str) -> str:
    if env and file:
        raise ConfigError("give --password-env or --password-file, not both")
    if env:
        from_env = os.environ.get(env)
        if not from_env:
            raise ConfigError(f"environment variable {env} is empty or not set; export it first")
        return from_env
    if file:
        try:
            lines = file.read_text(encoding="utf-8").splitlines()
        except OSError as error:
            raise InputError(
                f"cannot read the password file ({error.strerror})", path=file
            ) from None
        if not lines or not lines[0]:
            raise InputError(
                "the password file is empty", path=file, fix="write the password on line 1"
            )
        return lines[0]
    if not sys.stdin.isatty():
        raise ConfigError(f"no password for {who}: pass --password-env VAR or --password-file FILE")
    value: str = typer.prompt(f"Password for {who}", hide_input=True, confirmation_prompt=True)
    return value


def _db(project: Path) -> Any:
    # lazy: commands import what they use (CLI start-up)
    from deidkit.annotate.db import Database

    return Database.open(project)


@annotate_app.command("serve")
def serve(
    project: ProjectArg,
    host: Annotated[str, typer.Option(help="Address to listen on (loopback by default).")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8765,
    secure_cookies: Annotated[
        bool,
        typer.Option(help="Mark cookies Secure (use when served over HTTPS by a proxy)."),
    ] = False,
) -> None:
    """Serve the annotation app for PROJECT_DIR (open the printed address in a browser)."""
    try:
        # lazy: uvicorn is optional (the annotate extra)
        import uvicorn

        # lazy: commands import what they use (CLI start-up)
        from deidkit.annotate.app import create_app
    except ImportError as error:
        raise ConfigError(
            f"the annotation app needs the 'annotate' extra ({error.name} is missing): "
            "pip install 'deidkit[annotate]'"
        ) from None
    app = create_app(project, secure_cookies=secure_cookies)
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    if not loopback and not secure_cookies:
        typer.echo(
            "warning: serving on a non-loopback address without HTTPS; put the app behind an "
            "HTTPS proxy and pass --secure-cookies",
            err=True,
        )
    typer.echo(f"deidkit annotate: serving {project} on http://{host}:{port}/ (Ctrl+C to stop)")
    uvicorn.run(app, host=host, port=port, log_level="info", server_header=False)


@annotate_app.command("init")
def init(
    project: ProjectArg,
    admin: Annotated[str, typer.Option(help="User name of the first admin.")],
    name: Annotated[str | None, typer.Option(help="Project name shown in the app.")] = None,
    password_env: PasswordEnv = None,
    password_file: PasswordFile = None,
) -> None:
    """Create a project folder with its database and first admin user."""
    # lazy: commands import what they use (CLI start-up)
    from deidkit.annotate.accounts import Role, create_user
    from deidkit.annotate.db import Database

    password = _password(password_env, password_file, admin)
    database = Database.create(project, name or project.resolve().name)
    with database.write() as conn:
        create_user(conn, admin, password, Role.ADMIN)
    typer.echo(f"created project {project} with admin {admin!r}")


@annotate_app.command("add-user")
def add_user(
    project: ProjectArg,
    username: Annotated[str, typer.Argument(help="The new user's name.")],
    role: Annotated[str, typer.Option(help="annotator, adjudicator or admin.")] = "annotator",
    password_env: PasswordEnv = None,
    password_file: PasswordFile = None,
) -> None:
    """Add a user (annotators see only their own spans; adjudicators see all; admins manage)."""
    # lazy: commands import what they use (CLI start-up)
    from deidkit.annotate.accounts import create_user, parse_role

    chosen = parse_role(role)
    password = _password(password_env, password_file, username)
    with _db(project).write() as conn:
        create_user(conn, username, password, chosen)
    typer.echo(f"added {chosen.value} {username!r}")


@annotate_app.command("import")
@input_options
def import_corpus(
    project: ProjectArg,
    corpus: Annotated[Path, typer.Argument(help="Corpus file or folder in any reader format.")],
    inputs: InputOptions,
    spans: Annotated[
        str, typer.Option(help="The corpus's own spans: 'ignore' or 'suggest' (as suggestions).")
    ] = "ignore",
    source: Annotated[str, typer.Option(help="Suggestion source name for --spans suggest.")] = (
        "import"
    ),
) -> None:
    """Import documents; ids already in the project are skipped."""
    # lazy: commands import what they use (CLI start-up)
    from deidkit.annotate.project import SpanPolicy, import_documents

    try:
        policy = SpanPolicy(spans)
    except ValueError:
        raise ConfigError("--spans must be 'ignore' or 'suggest'") from None
    documents = list(inputs.read(corpus))
    with _db(project).write() as conn:
        result = import_documents(conn, documents, spans=policy, source=source)
    typer.echo(
        f"imported {result.added} document(s), skipped {result.skipped} already present, "
        f"{result.suggestions} suggestion(s)"
    )


@annotate_app.command("assign")
def assign(
    project: ProjectArg,
    to: Annotated[list[str], typer.Option("--to", help="Annotator user name (repeat).")],
    documents: Annotated[
        str, typer.Option(help="'unassigned', 'all', or 'listed' (with --id).")
    ] = "unassigned",
    ids: Annotated[
        list[str] | None, typer.Option("--id", help="Document id for --documents listed (repeat).")
    ] = None,
    per_document: Annotated[
        int | None,
        typer.Option(help="Give each document to this many of the annotators, in turn."),
    ] = None,
) -> None:
    """Assign documents to annotators (every one of them, or k per document)."""
    # lazy: commands import what they use (CLI start-up)
    from deidkit.annotate.accounts import find_user
    from deidkit.annotate.project import assign as assign_documents
    from deidkit.annotate.project import document_key, document_overview

    with _db(project).write() as conn:
        users = [find_user(conn, name).id for name in to]
        overview = document_overview(conn)
        if documents == "all":
            keys = [d.key for d in overview]
        elif documents == "unassigned":
            keys = [d.key for d in overview if not d.assignments]
        elif documents == "listed":
            if not ids:
                raise ConfigError("--documents listed needs one or more --id")
            keys = [document_key(conn, doc_id) for doc_id in ids]
        else:
            raise ConfigError("--documents must be 'unassigned', 'all' or 'listed'")
        made = assign_documents(conn, keys, users, per_document=per_document)
    typer.echo(f"made {made} assignment(s) over {len(keys)} document(s)")


@annotate_app.command("preannotate")
def preannotate(
    project: ProjectArg,
    model: Annotated[
        str | None, typer.Option(help="Shipped model name or model folder (default model).")
    ] = None,
    lang: Annotated[str, typer.Option(help="Language of the default model.")] = "en",
    source: Annotated[str | None, typer.Option(help="Suggestion source name.")] = None,
    replace: Annotated[
        bool, typer.Option(help="Redo documents that have suggestions from this source.")
    ] = False,
) -> None:
    """Run a deidkit model over the documents and show its spans as suggestions."""
    # lazy: commands import what they use (CLI start-up)
    from deidkit.annotate.app import default_model_loader
    from deidkit.annotate.project import preannotate as run

    detector = default_model_loader(model or "", lang)
    name = source or f"model:{Path(model).name if model else 'default'}"
    with _db(project).write() as conn:
        done = run(conn, detector, source=name, replace=replace)
    typer.echo(f"pre-annotated {done} document(s) as {name!r}")


@annotate_app.command("export")
def export(
    project: ProjectArg,
    output: Annotated[Path, typer.Argument(help="Output file or folder.")],
    format: Annotated[str, typer.Option("--format", "-f", help="Writer format.")] = "jsonl",
    mode: Annotated[
        str, typer.Option(help="'adjudicated' (the gold), 'majority' or 'union'.")
    ] = "adjudicated",
    annotator: Annotated[
        str | None, typer.Option(help="Export this annotator's spans instead.")
    ] = None,
    include_unfinished: Annotated[
        bool, typer.Option(help="Also export documents not yet adjudicated / marked done.")
    ] = False,
) -> None:
    """Export the adjudicated gold (or a consensus) for `deidkit train` or `deidkit evaluate`."""
    # lazy: commands import what they use (CLI start-up)
    from deidkit.annotate.export import ExportChoice, export_documents
    from deidkit.annotate.project import ExportMode
    from deidkit.io import write_documents

    try:
        chosen = ExportMode(mode)
    except ValueError:
        raise ConfigError("--mode must be 'adjudicated', 'majority' or 'union'") from None
    with _db(project).read() as conn:
        documents = export_documents(conn, ExportChoice(chosen, annotator, include_unfinished))
    if not documents:
        raise ConfigError(
            "nothing to export: no document is finished in this mode; "
            "pass --include-unfinished to export drafts"
        )
    write_documents(documents, output, format)
    spans = sum(len(d.spans) for d in documents)
    typer.echo(f"wrote {len(documents)} document(s) with {spans} span(s) to {output}")


@annotate_app.command("report")
def report(
    project: ProjectArg,
    csv: Annotated[Path | None, typer.Option("--csv", help="Also write the report as CSV.")] = None,
) -> None:
    """Print the agreement report: sensitivity/PPV against the gold, pairwise F1 and kappa."""
    # lazy: commands import what they use (CLI start-up)
    from deidkit.annotate.agreement import ALL, load_report, report_csv

    with _db(project).read() as conn:
        result = load_report(conn)

    def num(value: float | None) -> str:
        return "-" if value is None else f"{value:.3f}"

    typer.echo(f"adjudicated documents: {result.adjudicated}")
    typer.echo(
        "union of k annotators: k, groups, documents, sensitivity min/max/mean, PPV min/max/mean"
    )
    for g in result.groups:
        sens = " ".join(num(v) for v in (g.sensitivity or (None,) * 3))
        ppv = " ".join(num(v) for v in (g.ppv or (None,) * 3))
        typer.echo(f"  {g.size}  {g.groups}  {g.documents}  {sens}  {ppv}")
    typer.echo("against the gold (ALL): who, documents, sensitivity, PPV")
    for s in (*result.annotators, *result.models):
        if s.label == ALL:
            typer.echo(
                f"  {s.subject}  {s.documents}  {num(s.counts.sensitivity)}  {num(s.counts.ppv)}"
            )
    typer.echo("pairwise (ALL): annotators, documents, F1, kappa")
    for p in result.pairs:
        if p.label == ALL:
            typer.echo(f"  {p.first}/{p.second}  {p.documents}  {num(p.f1)}  {num(p.kappa)}")
    if csv is not None:
        atomic_write_text(csv, report_csv(result))
        typer.echo(f"wrote {csv}")


def register(app: typer.Typer) -> None:
    app.add_typer(annotate_app, name="annotate")
