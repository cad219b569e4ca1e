"""Every error arraybench raises on purpose, under one root.

    ArraybenchError
     ├── ConfigError          a run was asked for with settings that cannot work
     ├── WorkloadError        a workload is defined in a way arraybench cannot run
     │    ├── WorkloadFileError   a user file of workloads could not be loaded
     │    └── UnknownNameError    an impl or a run's settings name a backend, dtype or device
     │                            arraybench does not know (also a ConfigError: exit 2)
     ├── BackendError         a backend is unknown, not installed, or cannot do what was asked
     ├── ResultsFormatError   a results file is not one arraybench can read
     └── StoreError           the history store cannot be opened, read or written
          ├── UnknownRunError     no stored run matches what was asked   (store/sqlite.py)
          └── NoStoreError        there is no store where one was expected

Messages name the object at fault and the fix, because they are read by people who did not
write arraybench and should not need its source to act on them. They start with where the object
came from when that is known (``work.py:12: workload 'sin2': ...``; a loaded workload keeps its
file in ``Workload.origin``), and suggest the likely name when one is misspelt ("did you mean
'numpy'?"). The command line prints one of them as one line and exits 1 (2 for a ConfigError,
UnknownNameError included);
``--debug`` shows the traceback instead.
"""

from __future__ import annotations


class ArraybenchError(Exception):
    """Root of every error arraybench raises on purpose."""


class ConfigError(ArraybenchError, ValueError):
    """A run was asked for with settings that cannot work."""


class WorkloadError(ArraybenchError, ValueError):
    """A workload is defined in a way arraybench cannot run."""


class WorkloadFileError(WorkloadError):
    """A file of workloads could not be imported or holds no workload."""


class UnknownNameError(WorkloadError, ConfigError):
    """A workload or a run's settings name a backend, dtype or device that arraybench does not
    know (a misspelling, or another name for one: "pytorch"): a usage error, refused before
    anything runs (:func:`arraybench.names.check_name`)."""


class BackendError(ArraybenchError):
    """A backend is unknown, not installed, or cannot do what was asked."""


class ResultsFormatError(ArraybenchError, ValueError):
    """A results file is truncated, corrupt, or from a format this version cannot read."""
