"""``join_objects``: JSON object texts encoded once, put together without decoding."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from kahvehane.server.protocol import dumps, join_objects

values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                      lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                      max_leaves=8)
objects = st.dictionaries(st.text(max_size=8), values, max_size=4)


@given(st.lists(objects, max_size=4))
def test_joined_text_is_the_merged_object(parts: list[dict[str, object]]) -> None:
    merged: dict[str, object] = {}
    distinct = []
    for part in parts:  # keys must differ between parts
        part = {k: v for k, v in part.items() if k not in merged}
        merged.update(part)
        distinct.append(part)
    text = join_objects(*(dumps(p) for p in distinct))
    assert json.loads(text) == merged
    assert list(json.loads(text)) == list(merged)  # members in the parts' order


def test_empty_objects_add_nothing() -> None:
    assert join_objects("{}", '{"a":1}', "{}") == '{"a":1}'
    assert join_objects() == join_objects("{}") == "{}"
