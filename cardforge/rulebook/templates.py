"""Loading and rendering the rulebook templates (jinja2, sandboxed, strict).

Templates live in ``templates/`` (``paths.templates_dir()``); a designer may edit them, so they
run in jinja2's ``SandboxedEnvironment`` (no access to Python internals) with
``StrictUndefined`` (a misspelt variable is an error, never an empty string) and XML
autoescaping (a ``<`` or ``&`` in a rule text cannot break the markup they produce).

Every failure becomes a ``TemplateError`` naming the template file and line::

    templates/rulebook/tricks.j2:12: 'Deck object' has no attribute 'famillies'
"""

from __future__ import annotations

import functools
import traceback
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardforge.errors import CardforgeError
from cardforge.paths import templates_dir

__all__ = ["TemplateError", "make_environment", "render_template"]


class TemplateError(CardforgeError):
    """A template cannot be loaded or rendered: ``file:line: what went wrong``."""

    def __init__(self, message: str, *, template: str, line: int | None = None):
        self.template = template
        self.line = line
        where = template if line is None else f"{template}:{line}"
        super().__init__(f"{where}: {message}")


def make_environment(folder: Path | None = None) -> Any:
    """A sandboxed, strict, XML-escaping jinja2 environment reading templates from ``folder``,
    with an ``md`` filter for catalogue texts that use Markdown code and bold spans."""
    import jinja2
    from jinja2.sandbox import SandboxedEnvironment

    from cardforge.rulebook.markup import from_markdown

    env = SandboxedEnvironment(
        loader=jinja2.FileSystemLoader(str(folder or templates_dir())),
        undefined=jinja2.StrictUndefined,
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["md"] = from_markdown
    return env


@functools.lru_cache(maxsize=4)
def _cached_environment(folder: Path) -> Any:
    """One environment per template folder and process: jinja2 then compiles each template
    once (and recompiles it if the file changes), not once per book."""
    return make_environment(folder)


def _display(filename: str | None, name: str, folder: Path) -> str:
    """A template path as a user sees it: relative to the project when possible."""
    if not filename:
        return name
    path = Path(filename)
    for base in (folder.parent, folder):
        try:
            return str(path.resolve().relative_to(base.resolve()))
        except ValueError:
            continue
    return filename


def _template_frame(exc: BaseException, folder: Path) -> tuple[str | None, int | None]:
    """The innermost traceback frame that runs template code (jinja2 rewrites their file/line)."""
    found: tuple[str | None, int | None] = (None, None)
    root = str(folder.resolve())
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename.endswith(".j2") or frame.filename.startswith(root):
            found = (frame.filename, frame.lineno)
    return found


def render_template(name: str, context: Mapping[str, Any], *, folder: Path | None = None, env: Any = None) -> str:
    """Render template ``name`` (e.g. ``rulebook/tricks.j2``) with ``context``.

    Raises ``TemplateError`` (file and line) for a missing template, a syntax error, an
    undefined variable or attribute, a sandbox violation, or any error a filter raises.
    """
    import jinja2
    from jinja2.exceptions import SecurityError

    folder = folder or templates_dir()
    env = env or _cached_environment(Path(folder))
    try:
        return env.get_template(name).render(**context)
    except jinja2.TemplateNotFound as exc:
        raise TemplateError(f"template not found (looked in {folder})", template=str(exc.name or name)) from None
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(f"syntax error: {exc.message}", template=_display(exc.filename, exc.name or name, folder),
                            line=exc.lineno) from None
    except (jinja2.UndefinedError, SecurityError, jinja2.TemplateError, CardforgeError, LookupError,
            TypeError, ValueError, AttributeError) as exc:
        filename, line = _template_frame(exc, folder)
        message = str(exc) if not isinstance(exc, SecurityError) else f"not allowed in a template: {exc}"
        raise TemplateError(message, template=_display(filename, name, folder), line=line) from None
