"""The client's connection to a Dask cluster (``--cluster``): a ``local:N`` cluster started
here, or a running scheduler, and the machine name of each of its workers. The executor that
measures on it is :mod:`.cluster`; what the workers run is :mod:`.cluster_worker`.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

from ..base.errors import ConfigError
from .cluster_worker import machine_name, stop_measuring
from .kept import Kept

#: Seconds to wait for a scheduler to answer, and for its first worker to join.
CONNECT_S = 30.0
_INSTALL = (
    "--cluster needs Dask distributed: pip install 'arraybench[cluster]' "
    "(or 'arraybench[all]'), here and on every worker"
)


def require_dask() -> None:
    """Raise ConfigError, naming the extra to install, when Dask distributed is missing."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ConfigError(_INSTALL) from None


class Connection:
    """A client of the cluster, and the LocalCluster it started (``local:N``)."""

    def __init__(self, address: str) -> None:
        require_dask()
        import dask
        from distributed import Client, LocalCluster

        from .processes import IN_WORKER, gpu_sharing_env

        self.address = address
        self.cluster: Any = None
        #: the machine name of each worker address seen
        self.names: dict[str, str] = {}
        m = re.fullmatch(r"local:(\d+)", address)
        if m:
            # The nanny sets OMP_NUM_THREADS=1 and the like in each worker; the run's --threads
            # applies there as here, so its defaults are left out. The worker's statistical
            # profiler (a GIL-taking wake-up every 10 ms) has nothing to profile here.
            settings = {
                "distributed.nanny.pre-spawn-environ": {},
                "distributed.worker.profile.enabled": False,
            }
            with dask.config.set(settings):
                self.cluster = LocalCluster(
                    n_workers=int(m.group(1)),
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address=":0",  # a free port: several clusters may run
                    silence_logs=50,
                    # N workers share this machine's GPU, as --processes workers do.
                    env={IN_WORKER: "1", **gpu_sharing_env()},
                )
            self.client = Client(self.cluster)
        else:
            try:
                self.client = Client(address, timeout=CONNECT_S)
            except OSError as e:
                raise ConfigError(
                    f"no Dask scheduler answers at {address} ({e}): start one there with "
                    f"`dask scheduler`, and workers with `dask worker {address} --nthreads 1`"
                ) from None
        try:
            self.client.wait_for_workers(1, timeout=CONNECT_S)
        except Exception:
            self.close()
            raise ConfigError(
                f"the Dask scheduler at {address} has no worker after {CONNECT_S:.0f} s: start "
                f"one with `dask worker {address} --nthreads 1`"
            ) from None

    @property
    def key(self) -> str:
        return self.address

    def live(self) -> dict[str, str]:
        """The workers now in the cluster, by address, with their machine's name (a worker
        that joined since the last look, a restarted one say, is asked its name)."""
        addrs = list(self.client.nthreads())
        new = [a for a in addrs if a not in self.names]
        if new:
            futures = [
                self.client.submit(machine_name, workers=[a], allow_other_workers=False, pure=False)
                for a in new
            ]
            with contextlib.suppress(Exception):
                for a, name in zip(new, self.client.gather(futures), strict=True):
                    self.names[a] = name
        return {a: self.names[a] for a in addrs if a in self.names}

    def close(self) -> None:
        # Each worker's measuring process (cluster_worker.py) is stopped now, not when its Dask
        # worker ends: a running scheduler's workers outlive this client.
        with contextlib.suppress(Exception):
            self.client.run(stop_measuring, on_error="ignore")
        with contextlib.suppress(Exception):
            self.client.close()
        if self.cluster is not None:
            with contextlib.suppress(Exception):
                self.cluster.close()


#: The connection :func:`shared_cluster` keeps for the runs inside its block.
KEPT: Kept[Connection] = Kept()


def shared_cluster() -> contextlib.AbstractContextManager[None]:
    """Keep the cluster connection (and a ``local:N`` cluster) for every run inside the block,
    instead of starting one per run (``arraybench run`` measures experiment after experiment)."""
    return KEPT.block()
