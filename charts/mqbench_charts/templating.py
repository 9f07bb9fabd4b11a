"""The report's HTML lives in templates/ (Jinja2); Python only computes the values shown.

Every value reaches the page through one environment with autoescape on, so escaping happens
here and nowhere else: a driver called `<script>` is text, not an element. StrictUndefined
makes a template that names a value nobody passed fail instead of printing nothing.
"""

from __future__ import annotations

from jinja2 import Environment, PackageLoader, StrictUndefined

_ENVIRONMENT = Environment(
    loader=PackageLoader("mqbench_charts", "templates"),
    autoescape=True,
    undefined=StrictUndefined,
    # Block tags on lines of their own leave no blank lines or indentation in the page.
    trim_blocks=True,
    lstrip_blocks=True,
)


def render(template: str, **values) -> str:
    """A whole template, e.g. the page."""
    return _ENVIRONMENT.get_template(template).render(**values)


def render_macro(template: str, macro: str, *arguments) -> str:
    """One macro of a template, e.g. the status of a run, for callers that want a fragment."""
    return str(getattr(_ENVIRONMENT.get_template(template).module, macro)(*arguments))
