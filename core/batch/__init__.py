"""Screening many manuscripts: a queue (local SQLite or shared PostgreSQL), a request budget
every worker shares, one report per manuscript and a summary.
"""

from typing import TYPE_CHECKING

from cite_sentinel.core.exports import lazy

if TYPE_CHECKING:
    from cite_sentinel.core.batch.budget import BudgetedTransport, RateBudget, budget_lanes
    from cite_sentinel.core.batch.jobs import JobQueue, Lease, Screened
    from cite_sentinel.core.batch.local_queue import worker_name
    from cite_sentinel.core.batch.manuscripts import manuscripts_in
    from cite_sentinel.core.batch.outputs import write_outputs
    from cite_sentinel.core.batch.queues import STATE_FILE, open_budget, open_queue
    from cite_sentinel.core.batch.screening import screen

__all__ = [
    "STATE_FILE",
    "BudgetedTransport",
    "JobQueue",
    "Lease",
    "RateBudget",
    "Screened",
    "budget_lanes",
    "manuscripts_in",
    "open_budget",
    "open_queue",
    "screen",
    "worker_name",
    "write_outputs",
]
__getattr__, __dir__ = lazy(
    __name__,
    {
        "budget": ("BudgetedTransport", "RateBudget", "budget_lanes"),
        "jobs": ("JobQueue", "Lease", "Screened"),
        "local_queue": ("worker_name",),
        "manuscripts": ("manuscripts_in",),
        "outputs": ("write_outputs",),
        "queues": ("STATE_FILE", "open_budget", "open_queue"),
        "screening": ("screen",),
    },
)
