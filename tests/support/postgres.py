"""A throwaway PostgreSQL cluster for the test session, and a fresh database for each test.

The server's own initdb and pg_ctl (Debian's under /usr/lib/postgresql/*/bin, or on PATH) start
a cluster in a temporary folder that listens only on a Unix socket there, with fsync off;
each test gets an empty database. As root (containers), the cluster runs as the postgres user,
since PostgreSQL refuses to run as root. Without a server the tests skip, saying how to install one.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_DEBIAN = Path("/usr/lib/postgresql")
_counter = itertools.count(1)


def server_bin() -> Path | None:
    """The folder of initdb and pg_ctl, or None when no PostgreSQL server is installed."""
    found = shutil.which("initdb")
    if found and Path(found).resolve().with_name("pg_ctl").exists():
        return Path(found).resolve().parent
    versions = sorted(
        _DEBIAN.glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0
    )
    return versions[-1].parent if versions else None


class Cluster:
    """A running cluster: the socket folder, and URLs of its databases."""

    def __init__(self, binaries: Path) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="cite-sentinel-pg-"))
        self._bin = binaries
        self._as = _runner()
        if self._as:
            shutil.chown(self.folder, "postgres")
        data = self.folder / "data"
        self._run("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
                  "--no-sync")  # fmt: skip
        options = f"-c listen_addresses='' -c unix_socket_directories={self.folder} -c fsync=off"
        self._run("pg_ctl", "-D", str(data), "-o", options, "-w", "-l",
                  str(self.folder / "server.log"), "start")  # fmt: skip
        self._data = data

    def url(self, database: str = "postgres") -> str:
        return f"postgresql:///{database}?host={self.folder}&user=postgres"

    def new_database(self) -> str:
        import psycopg

        name = f"test_{os.getpid()}_{next(_counter)}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self._data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def _run(self, program: str, *args: str) -> None:
        command = [*self._as, str(self._bin / program), *args]
        subprocess.run(command, check=True, capture_output=True, timeout=120)


def database_for(url: str) -> tuple[Cluster | None, str]:
    """A database for a benchmark: the URL given, or with "auto" a fresh database of a
    throwaway cluster (returned too, for the caller to stop)."""
    if url != "auto":
        return None, url
    binaries = server_bin()
    if binaries is None:
        raise SystemExit("no PostgreSQL server here (initdb); give --postgres URL")
    cluster = Cluster(binaries)
    return cluster, cluster.new_database()


def _runner() -> list[str]:
    """Nothing, or (as root) the command that runs a program as the postgres user."""
    if os.geteuid() != 0:
        return []
    runuser = shutil.which("runuser")
    if runuser is None:
        raise OSError("running as root without runuser, and PostgreSQL refuses root")
    return [runuser, "-u", "postgres", "--"]


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """One cluster for the session, or a skip saying why there is none."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed: pip install -e '.[dev]'")
    binaries = server_bin()
    if binaries is None:
        pytest.skip("no PostgreSQL server here (initdb); install it: apt-get install postgresql")
    try:
        cluster = Cluster(binaries)
    except (subprocess.SubprocessError, OSError, KeyError) as error:
        pytest.skip(f"cannot start a PostgreSQL cluster: {error}")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: Cluster) -> str:
    """The URL of an empty database of its own."""
    return postgres_cluster.new_database()
