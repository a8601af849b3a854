"""``--cluster``: the same batches on a real Dask cluster (scheduler and worker processes on
loopback) give the same report as the local pool."""

from __future__ import annotations

import pytest

from cardforge.simulate import SimSpec, simulate

distributed = pytest.importorskip("distributed", reason="the cluster extra (cardforge[cluster]) is not installed")


def test_local_dask_cluster_report_equals_the_local_one():
    spec = SimSpec("tricks", 3, ("strategy", "random"), seed=21, games=30)
    local = simulate(spec, jobs=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        remote = simulate(spec, cluster=cluster.scheduler_address)
    strip = lambda r: {k: v for k, v in r.items() if k != "elapsed_seconds"}  # noqa: E731
    assert strip(remote) == strip(local)


def test_unreachable_scheduler_is_one_line(cli, tmp_path):
    result = cli("simulate", "rows", "--games", "2", "--cluster", "tcp://127.0.0.1:9", "--out", str(tmp_path / "x"))
    assert result.code == 2
    assert result.err.startswith("cardforge: error: cannot reach the Dask scheduler") and result.err.count("\n") == 1


def test_a_cluster_without_workers_stops_with_one_line(monkeypatch):
    """Dask waits for workers forever; the run stops after ``CLUSTER_WAIT`` seconds without one."""
    from cardforge.errors import UsageError
    from cardforge.simulate import runner

    monkeypatch.setattr(runner, "CLUSTER_WAIT", 2.0)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:
        with pytest.raises(UsageError, match="has no worker left and none came back within 2 s: 0 of 4 games"):
            simulate(SimSpec("rows", 2, games=4), cluster=cluster.scheduler_address)
