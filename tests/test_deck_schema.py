"""The JSON Schema editors use says what ``validate`` says (issue 12 §7).

A JSON Schema validator runs on the shipped decks and on hundreds of mutated copies; for every
rule a single file can break (types, bounds, patterns, required and unknown keys) the schema
rejects exactly what the deck schema rejects.  Rules across files (a family the base lacks, a
range outside the base's) and across fields (min ≤ max) are beyond JSON Schema and left out.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test extra: pip install -e '.[test]'")

from cardforge.deck.schema import BaseDeckFile, GameDeckFile, json_schema  # noqa: E402
from cardforge.deck.source import to_plain  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CROSS_FIELD = ("must not exceed", "names mode")   # model validators: beyond JSON Schema

#: JSON Schema 2020-12 keywords; pydantic's own (gt, le, …) must not leak into the schema.
KEYWORDS = {
    "$schema", "$id", "$ref", "$defs", "$comment", "title", "description", "default", "examples",
    "type", "enum", "const", "properties", "additionalProperties", "required", "propertyNames",
    "patternProperties", "minProperties", "maxProperties", "items", "prefixItems", "minItems",
    "maxItems", "uniqueItems", "minLength", "maxLength", "pattern", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "anyOf", "oneOf", "allOf", "not",
    "if", "then", "else", "format", "deprecated", "readOnly", "writeOnly",
}


@pytest.fixture(scope="module")
def validator():
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def shipped(name: str) -> dict:
    from ruamel.yaml import YAML

    return to_plain(YAML(typ="rt").load((ROOT / "decks" / f"{name}.yaml").read_text(encoding="utf-8")))


def model_rejects(data: dict) -> str | None:
    """The single-file verdict of the deck schema: the first error, or None if valid."""
    from pydantic import ValidationError

    model = BaseDeckFile if data.get("kind") == "base" else GameDeckFile
    try:
        model.model_validate(data)
    except ValidationError as exc:
        return exc.errors()[0]["msg"]
    return None


def test_schema_uses_only_json_schema_keywords():
    def walk(node, where):
        if isinstance(node, dict):
            for key, value in node.items():
                if where in ("properties", "patternProperties", "$defs"):
                    walk(value, "")
                elif where in ("default", "const", "enum", "examples"):
                    continue
                else:
                    assert key in KEYWORDS, f"{key!r} is not a JSON Schema keyword"
                    walk(value, key)
        elif isinstance(node, list):
            for item in node:
                walk(item, "")

    walk(json_schema(), "")


def test_numeric_bounds_are_json_schema_bounds():
    size = json_schema()["$defs"]["CardSize"]["properties"]
    assert size["width_mm"] == {"exclusiveMinimum": 20, "maximum": 200, "title": "Width Mm", "type": "number"}
    assert size["bleed_mm"]["minimum"] == 0 and size["bleed_mm"]["maximum"] == 10


@pytest.mark.parametrize("name", ["base", "collection", "sequence", "tricks", "rows", "numwin"])
def test_shipped_decks_pass_the_schema(validator, name):
    assert list(validator.iter_errors(shipped(name))) == []


def leaves(node, path=()):
    """(path, value) of every key and value, once per rule: entries of the same map (the families,
    the actions…) follow the same rules, so only the first of each is kept."""
    if isinstance(node, dict):
        yield path, node
        for i, (key, value) in enumerate(node.items()):
            if i and len(path) and path[-1] in ("families", "actions", "modes", "variants"):
                break
            yield from leaves(value, path + (key,))
    elif isinstance(node, list):
        yield path, node
        if node:
            yield from leaves(node[0], path + (0,))
    else:
        yield path, node


def set_at(data, path, value):
    out = copy.deepcopy(data)
    node = out
    for part in path[:-1]:
        node = node[part]
    if value is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return out


DELETE = object()
#: Replacements tried at each place, by what stands there: every bound, pattern and type seen.
COMMON = [DELETE, None, True, [], {}]
BY_KIND = {
    "number": [-1, 0, 2.5, 21, 100, 201, 301, 10_000, "7"],
    "text": ["", "x", "X", "Zz", "#12345", "#ABCDEF", "RB", "circle", 7],
    "container": ["x", ["#FFFFFF"], ["#FFFFFF", "#000000"]],
}


def mutations():
    for name in ("base", "sequence"):
        deck = shipped(name)
        for path, value in leaves(deck):
            if not path:
                continue
            kind = ("container" if isinstance(value, (dict, list)) else "text" if isinstance(value, str)
                    else "number")
            for new in COMMON + BY_KIND[kind]:
                if new is not DELETE and new == value and type(new) is type(value):
                    continue
                yield name, path, set_at(deck, path, new)
            if isinstance(value, dict):
                yield name, path + ("colour",), set_at(deck, path + ("colour",), "#FFFFFF")  # unknown key


def test_schema_rejects_exactly_what_validate_rejects(validator):
    disagreements, count = [], 0
    for name, path, data in mutations():
        verdict = model_rejects(data)
        if verdict and any(rule in verdict for rule in CROSS_FIELD):
            continue
        count += 1
        if bool(verdict) == validator.is_valid(data):
            disagreements.append(f"{name}:{'.'.join(map(str, path))}: validate says {verdict!r}, "
                                 f"the schema says {[e.message for e in validator.iter_errors(data)][:1]}")
    assert count > 600
    assert disagreements == []


@pytest.mark.parametrize("name, path, value", [
    ("base", ("card", "width_mm"), 5),
    ("base", ("card", "bleed_mm"), 11),
    ("base", ("families", "R", "style", "color"), "red"),
    ("sequence", ("players", "max"), 21),
    ("sequence", ("actions", "passe", "count"), 0),
    ("sequence", ("families", "R", "copies"), 2.5),
])
def test_editor_errors_point_at_the_key(validator, name, path, value, tmp_path):
    """The schema's best error is at the wrong key (not 'matches none of anyOf' at the root),
    and ``validate`` rejects the same file at the same key."""
    from cardforge.deck import validate_file
    from cardforge.errors import DeckError

    data = set_at(shipped(name), path, value)
    best = jsonschema.exceptions.best_match(validator.iter_errors(data))
    assert tuple(best.absolute_path) == path, best.message
    (tmp_path / "base.yaml").write_text((ROOT / "decks" / "base.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    deck = tmp_path / ("base.yaml" if name == "base" else "deck.yaml")
    deck.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML 1.2
    with pytest.raises(DeckError) as info:
        validate_file(deck)
    assert info.value.path == ".".join(path)


def test_the_checked_in_schema_is_up_to_date():
    shipped_schema = json.loads((ROOT / "docs" / "deck.schema.json").read_text(encoding="utf-8"))
    assert shipped_schema == json_schema(), "run `make docs` to regenerate docs/deck.schema.json"
