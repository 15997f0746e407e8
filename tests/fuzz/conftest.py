"""Hypothesis profiles for the fuzz suite.

* ``ci`` (the default): a few examples per case, derandomized (the same games every run), no
  deadline, no shrinking (a failure already prints a reproducer) -- about two minutes.
* ``long``: many more examples, random each run: ``HYPOTHESIS_PROFILE=long python -m pytest tests/fuzz``.
* ``dev``: one example per case, for a quick try while editing.

Long runs of thousands of games per game are ``scripts/fuzz`` (docs/testing.md).
"""

import os

from hypothesis import HealthCheck, Phase, settings

_COMMON = dict(deadline=None, database=None, print_blob=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

settings.register_profile("ci", max_examples=6, derandomize=True,
                          phases=[Phase.explicit, Phase.generate], **_COMMON)
settings.register_profile("long", max_examples=200, phases=[Phase.explicit, Phase.generate], **_COMMON)
settings.register_profile("dev", max_examples=1, derandomize=True,
                          phases=[Phase.explicit, Phase.generate], **_COMMON)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
