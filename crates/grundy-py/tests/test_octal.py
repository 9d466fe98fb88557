"""Octal and hexadecimal sequences: published values and periods, the Rust command line's
own results, numpy delivery, progress, interruption and checkpoints.

The published facts are read from crates/grundy/tests/data/octal_values.txt and
octal_periods.txt, where each block is headed by its source: Guy and Smith, "The G-values
of various games", Proc. Cambridge Philos. Soc. 52 (1956) 514-526; Berlekamp, Conway and
Guy, Winning Ways (1982) ch. 4; OEIS A002186 (Kayles) and A002187 (Dawson's chess);
Gangolli and Plambeck, Internat. J. Game Theory 18 (1989) 311-320 (0.16).
"""

import json
import os
import pathlib
import shutil
import signal
import subprocess
import threading

import numpy as np
import pytest

import grundy

ROOT = pathlib.Path(__file__).resolve().parents[3]
DATA = ROOT / "crates" / "grundy" / "tests" / "data"


def facts(name):
    """The fact lines of a data file, each with the source heading its block."""
    source, out = None, []
    for line in (DATA / name).read_text().splitlines():
        if line.startswith("# Source:"):
            source = line
        elif line and not line.startswith("#"):
            out.append((line.split(), source))
    assert out, f"no facts read from {name}"
    return out


@pytest.mark.parametrize("fact, source", facts("octal_values.txt"))
def test_published_values(fact, source):
    code, offset, values = fact[0], int(fact[1]), [int(v) for v in fact[2:]]
    seq = grundy.octal(code, to=offset + len(values))
    assert seq.values[offset:].tolist() == values, source


@pytest.mark.parametrize("fact, source", facts("octal_periods.txt"))
def test_published_periods(fact, source):
    code, period, preperiod = fact[0], int(fact[1]), int(fact[2])
    seq = grundy.octal(code)
    verdict = seq.verdict
    assert (verdict.kind, verdict.period, verdict.preperiod, verdict.proved) == (
        "periodic",
        period,
        preperiod,
        True,
    ), source
    # Guy and Smith's bound: the proof reads G(0) .. G(2e + 2p + t - 1) for octal codes.
    t = seq.max_take
    assert verdict.proved_at == 2 * preperiod + 2 * period + t - 1


def test_values_are_a_numpy_array_of_the_asked_length():
    seq = grundy.octal("0.6", to=5000)
    values = seq.values
    assert isinstance(values, np.ndarray) and values.dtype == np.uint16
    assert values.shape == (5000,) and len(seq) == 5000
    assert seq[4999] == values[-1] and seq[-1] == values[-1]
    with pytest.raises(IndexError, match="is not computed"):
        seq[5000]
    # The sparse and direct methods agree.
    direct = grundy.octal("0.6", to=5000, method="direct")
    assert np.array_equal(direct.values, values)
    assert direct.method == "direct" and seq.method == "sparse"


def test_values_past_a_proved_period_are_copied_from_it():
    kayles = grundy.octal("0.77", to=100_000)
    assert kayles.by_period_from == 168
    v = kayles.values
    assert np.array_equal(v[71 + 12 :], v[71:-12])
    assert kayles.pattern.tolist() == v[71:83].tolist()


def test_distribution_and_hexadecimal():
    seq = grundy.octal("0.6", to=10_000)
    d = seq.distribution
    counts = np.bincount(seq.values[1:].astype(np.int64), minlength=len(d.counts))
    assert d.counts.tolist() == counts.tolist()
    assert d.rare_positions == sum(counts[v] for v in d.rare_values)
    hexa = grundy.octal("0.F", method="direct", limit=2000)
    assert str(hexa.verdict).startswith(("periodic", "arithmetic-periodic", "no period"))


def cli():
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "grundy"
        if path.exists():
            return path
    return shutil.which("grundy")


@pytest.mark.skipif(cli() is None, reason="the grundy binary is not built (cargo build)")
@pytest.mark.parametrize("code, last", [("0.6", 99_999), ("0.137", 50_000), ("4.7", 1000)])
def test_same_values_as_the_command_line(code, last):
    out = subprocess.run(
        [str(cli()), "octal", code, "--to", str(last), "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    report = json.loads(out)
    seq = grundy.octal(code, to=last + 1)
    assert seq.digest == report["digest"]
    assert str(seq.verdict) == report["verdict_text"]
    assert seq.distribution.counts.tolist() == report["distribution"]["counts"]


def test_pipeline_reports_the_batches():
    seq = grundy.octal("0.6", to=200_000)
    p = seq.pipeline
    assert set(p) == {
        "batches", "failed_proofs", "candidates", "candidate_seconds", "wait_cpu_seconds",
        "far_blocks", "far_fallbacks", "far_missed", "far_waited", "mid_missed",
        "open_from_pool", "seconds", "threads", "proof_seconds", "far_seconds",
        "commit_seconds", "wait_seconds", "rounds", "queue_seconds", "far_wait_seconds",
        "mid_wait_seconds",
    }
    assert all(value >= 0 for value in p.values())
    # On one core nothing runs in batches; on more, Officers does, and its late rare
    # values (up to n = 20,627) fail a few proofs.
    if p["batches"] > 0:
        # A batch holds one candidate or more (it stops early at a heap computed alone),
        # and the batches cover most of the heaps; how many candidates a failed proof
        # drops depends on how far ahead the candidates' thread was, so no exact count.
        assert p["batches"] <= p["candidates"] and p["candidate_seconds"] > 0
        # The CPU time of its waits lies within their wall time.
        assert p["wait_cpu_seconds"] <= p["queue_seconds"] + p["far_wait_seconds"] + 1e-3
        # The waits for middle parts alone are part of the waits for parts.
        assert p["mid_wait_seconds"] <= p["far_wait_seconds"]
        assert p["candidates"] > 100_000
        assert p["failed_proofs"] > 0
        # The pool's time covers what its threads did.
        assert p["threads"] >= 2 and p["proof_seconds"] > 0
        busy = p["proof_seconds"] + p["far_seconds"] + p["commit_seconds"]
        assert busy <= 1.01 * p["seconds"] * p["threads"]
    else:
        assert p["candidates"] == 0


def test_progress_is_called_between_chunks():
    calls = []
    grundy.octal("0.6", to=300_000, progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (300_000, 300_000)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_an_exception_in_progress_stops_the_run_with_no_value():
    def stop(done, total):
        if done > 50_000:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        grundy.octal("0.6", to=1_000_000, progress=stop)

    class Stop(Exception):
        pass

    def fail(done, total):
        raise Stop("from the callback")

    with pytest.raises(Stop, match="from the callback"):
        grundy.octal("0.6", to=1_000_000, progress=fail)


@pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="needs POSIX signals")
def test_ctrl_c_interrupts_a_run():
    main = threading.get_ident()
    timer = threading.Timer(0.3, lambda: signal.pthread_kill(main, signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            # Far more than 0.3 s of work.
            grundy.octal("0.6", to=1 << 26, memory=1 << 30)
    finally:
        timer.cancel()


def test_checkpoint_resumes_to_the_same_values(tmp_path):
    path = tmp_path / "officers.ckpt"

    def stop(done, total):
        if done > 100_000:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        grundy.octal("0.6", to=400_000, progress=stop, checkpoint=path)
    assert path.exists()
    seen = []
    resumed = grundy.octal("0.6", to=400_000, checkpoint=path, progress=lambda d, t: seen.append(d))
    assert seen[0] > 100_000  # it went on from the checkpoint
    fresh = grundy.octal("0.6", to=400_000)
    assert resumed.digest == fresh.digest
    assert np.array_equal(resumed.values, fresh.values)
    # Saved explicitly, and refused for another code.
    other = tmp_path / "kayles.ckpt"
    grundy.octal("0.77", to=1000).save(other)
    with pytest.raises(ValueError, match="the checkpoint is for the code 0.77, not 0.6"):
        grundy.octal("0.6", to=10, checkpoint=other)


def test_errors():
    with pytest.raises(ValueError, match=r"invalid digit 'x' at position 4 of the code \"0.7x\""):
        grundy.octal("0.7x")
    with pytest.raises(ValueError, match="method"):
        grundy.octal("0.6", method="fast")
    with pytest.raises(grundy.TooLargeError, match="needs 1000000 positions, more than the limit of 500"):
        grundy.octal("0.6", to=1_000_000, memory=1000)
    with pytest.raises(ValueError, match="leaves three"):
        grundy.octal("0.F", method="sparse")
