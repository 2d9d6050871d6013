"""Where tasks run: in this process, in ``--jobs N`` worker processes, or on a Dask cluster.

Every executor takes a stream of calls and yields their results as they finish, keeping a
bounded number of calls in flight (the driver's memory does not grow with the input). Worker
processes ignore Ctrl-C (the driver stops them), load the job's model once and exit when
the driver dies, even if it is killed (``_exit_with_parent``).

The garbage collector's policy while a process starts and works is ``deidkit.heap``'s: a
worker pauses it from its start, the in-process executor and every worker settle the heap
(collect, freeze, fewer young collections) before a process's second task, and a driver that
hands its tasks to other processes ends its own start there (``make_executor``).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import Any

from deidkit.batch.job import Job, detector_for
from deidkit.errors import ConfigError, DeidkitError
from deidkit.heap import YOUNG_THRESHOLD, end_start, pause, restore, settle

Call = tuple[Callable[..., Any], tuple[Any, ...]]


class Executor:
    """Runs calls in this process, in order."""

    workers = 1
    name = "1 process"
    _settled = False
    _thresholds: tuple[int, ...] | None = None

    def run(self, calls: Iterable[Call]) -> Iterator[Any]:
        for number, (function, args) in enumerate(calls):
            if number and not self._settled:  # the second task: the first built the model
                self._settled = True
                self._thresholds = settle()
            yield function(*args)

    def close(self, *, cancel: bool = False) -> None:
        """Release the workers (``cancel``: drop calls not started yet)."""
        if self._thresholds is not None:
            restore(self._thresholds)
            self._thresholds = None

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, kind: object, error: object, traceback: object) -> None:
        self.close(cancel=error is not None)


PARENT_POLL_SECONDS = 0.5


def _exit_with_parent(parent: int, death_signal: bool) -> None:
    """End this worker when the driver dies, even by SIGKILL (it would otherwise run on
    under init holding note text): Linux's parent-death signal (only when the driver spawns
    from its main thread: the signal follows the spawning thread, not the process), and on
    every system a daemon thread that checks the parent every ``PARENT_POLL_SECONDS``."""
    if death_signal and sys.platform.startswith("linux"):
        import ctypes  # lazy: only worker processes call the C library

        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the driver died before the signal was set
        os._exit(70)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(70)

    threading.Thread(target=watch, name="deidkit-parent-watch", daemon=True).start()


def _start_worker(job: Job, parent: int | None = None, death_signal: bool = False) -> None:
    pause()  # the collector stays off while the worker loads its model (deidkit.heap)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent is not None:
        _exit_with_parent(parent, death_signal)
    with contextlib.suppress(Exception):  # an error shows in the first task, not here
        detector_for(job)  # load the model once per worker process


_worker_settled = False


def _in_worker(function: Callable[..., Any], *args: Any) -> Any:
    """Run a call in a worker process; after its first, settle the heap (the worker's
    objects stay frozen until the process ends with the pool)."""
    global _worker_settled
    result = function(*args)
    if not _worker_settled:
        _worker_settled = True
        settle()
    return result


class ProcessExecutor(Executor):
    """``workers`` processes (spawned: no state inherited from the driver)."""

    def __init__(self, workers: int, job: Job) -> None:
        if job.detector is not None:
            raise ConfigError(
                "a detector object runs in this process only; give a model name or folder "
                "to use several processes"
            )
        import multiprocessing  # lazy: a single-process run starts no workers (~0.02 CPU s)
        from concurrent.futures import ProcessPoolExecutor  # lazy: as above

        self.workers = workers
        self.name = f"{workers} processes"
        self._pool = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(job, os.getpid(), threading.current_thread() is threading.main_thread()),
        )

    def run(self, calls: Iterable[Call]) -> Iterator[Any]:
        from concurrent.futures.process import BrokenProcessPool  # lazy: with the pool

        try:
            yield from self._run(calls)
        except BrokenProcessPool:
            raise DeidkitError(
                "a worker process died (out of memory?); what was done is kept: rerun the same "
                "command to resume, perhaps with fewer --jobs or a smaller --chunk-size",
                code="E520",
            ) from None

    def _run(self, calls: Iterable[Call]) -> Iterator[Any]:
        pending: set[Future[Any]] = set()
        limit = 2 * self.workers
        for function, args in calls:
            pending.add(self._pool.submit(_in_worker, function, *args))
            if len(pending) >= limit:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()

    def close(self, *, cancel: bool = False) -> None:
        self._pool.shutdown(wait=not cancel, cancel_futures=cancel)


class DaskExecutor(Executor):
    """Tasks on a Dask cluster: ``"local"`` starts a local cluster of ``workers`` processes;
    an address (``tcp://host:8786``) connects to a running scheduler; a ``distributed.Client``
    is used as it is. Workers need the input, the work folder and the model on a filesystem
    they share with the driver."""

    def __init__(self, scheduler: Any, workers: int, job: Job) -> None:
        try:
            from distributed import Client, LocalCluster  # lazy: Dask is optional (the dask extra)
        except ImportError:
            raise ConfigError(
                "--dask needs Dask's distributed scheduler: pip install 'deidkit[dask]'"
            ) from None
        if job.detector is not None:
            raise ConfigError("a detector object cannot be sent to Dask; give a model name")
        self._own: list[Any] = []
        if isinstance(scheduler, Client):
            self.client = scheduler
        elif scheduler == "local":
            cluster = LocalCluster(
                n_workers=max(1, workers),
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            )
            self.client = Client(cluster)
            self._own = [self.client, cluster]
        else:
            try:
                self.client = Client(str(scheduler), timeout="30s")
            except (OSError, TimeoutError) as error:
                raise ConfigError(
                    f"--dask {scheduler}: cannot reach the scheduler ({type(error).__name__}); "
                    "give its address, e.g. tcp://host:8786, or 'local'"
                ) from None
            self._own = [self.client]
        threads = sum(self.client.nthreads().values()) or 1
        self.workers = threads
        self.name = f"Dask ({threads} worker threads)"
        self._job = self.client.scatter(job, broadcast=True)
        self._original_job = job

    def run(self, calls: Iterable[Call]) -> Iterator[Any]:
        from distributed import as_completed  # lazy: Dask is optional (the dask extra)

        queue = as_completed()
        limit = 2 * self.workers
        in_flight = 0
        for function, args in calls:
            queue.add(self.client.submit(function, *self._with_job(args), pure=False))
            in_flight += 1
            while in_flight >= limit:
                yield next(queue).result()
                in_flight -= 1
        for future in queue:
            yield future.result()

    def _with_job(self, args: tuple[Any, ...]) -> tuple[Any, ...]:
        """The job goes to the workers once (scattered), not with every task."""
        return tuple(self._job if arg is self._original_job else arg for arg in args)

    def close(self, *, cancel: bool = False) -> None:
        for item in self._own:
            item.close()
        self._own = []


def make_executor(job: Job, *, jobs: int, dask: Any = None) -> Executor:
    if jobs < 1:
        raise ConfigError("--jobs must be 1 or more")
    if dask is not None or jobs > 1:
        end_start()  # this process hands its tasks to others: its own start is over
    if dask is not None:
        return DaskExecutor(dask, jobs, job)
    if jobs == 1:
        return Executor()
    return ProcessExecutor(jobs, job)


__all__ = [  # YOUNG_THRESHOLD: deidkit.heap's, named here too (bench/en_speed.py reads it)
    "YOUNG_THRESHOLD", "Call", "DaskExecutor", "Executor", "ProcessExecutor", "make_executor",
]
