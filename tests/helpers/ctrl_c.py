"""Ctrl+C as a test's child process meets it, whatever the test run inherited.

A script that puts a run in the background (`pytest -n 2 &`) hands Ctrl+C ignored to
every process it starts, and a program rightly takes no notice of it there
(`test_a_background_job_takes_no_notice_of_ctrl_c`): without `IN_THE_FOREGROUND`, every
test that stops a child with SIGINT fails in such a run (its SIGINT is lost)."""

from __future__ import annotations

import sys


def with_ctrl_c(disposition: str) -> list[str]:
    """Put before a command, runs it with Ctrl+C (SIGINT) at `disposition`: "SIG_DFL" as a
    terminal's shell runs a command in the foreground, so that Ctrl+C stops the program;
    "SIG_IGN" as a script runs one in the background. A small Python launcher sets it and
    execs the command (`env --default-signal` would need GNU coreutils 8.31 or later)."""
    launch = "import os, signal, sys; signal.signal(signal.SIGINT, getattr(signal, sys.argv[1])); " \
             "os.execv(sys.argv[2], sys.argv[2:])"
    return [sys.executable, "-c", launch, disposition]


IN_THE_FOREGROUND = with_ctrl_c("SIG_DFL")
"""Put before a command that a test stops with Ctrl+C."""
