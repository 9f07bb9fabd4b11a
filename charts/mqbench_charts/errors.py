"""The one exception type that means "the user can fix this"."""


class UserError(Exception):
    """A mistake the user made (missing file, not a result, empty folder).

    The command-line entry points print its message as one line and exit with status 2,
    the convention of every mqbench tool; anything else is a bug and keeps its traceback.
    """
