"""The labels the parser learns from: a token's label is its field's as the corpus marks it,
with the locator words and marks at a field's edges left out alike in every corpus."""

from __future__ import annotations

from cite_sentinel.core.sources.refparse.labels import Label

from training.labelled import Labelled, Span, tokens_and_labels


def _labels(text: str, *fields: tuple[str, Label]) -> dict[str, str]:
    spans = []
    for part, label in fields:
        start = text.index(part)
        spans.append(Span(start, start + len(part), label))
    tokens, labels = tokens_and_labels(Labelled(text, tuple(spans), "test", "g"))
    return {token.text: label.value for token, label in zip(tokens, labels, strict=True)}


def test_a_journal_that_opens_with_one_letter_keeps_it() -> None:
    # "N Engl J Med", "S Afr Med J": the letter is the journal's, not a locator ("n.", "S.")
    for journal in ("N Engl J Med", "S Afr Med J"):
        text = f"Osei K. Drift chambers. {journal}. 2010;362:1234-40."
        labels = _labels(text, (journal, Label.CONTAINER), ("362", Label.VOLUME))
        assert labels[journal.split()[0]] == "container"


def test_locator_and_connector_words_at_a_fields_edge_are_none_of_it() -> None:
    text = "Osei K. Drift chambers. In: Chamber Studies, v. 32, p. 12."
    labels = _labels(
        text,
        ("In: Chamber Studies", Label.CONTAINER),
        ("v. 32", Label.VOLUME),
        ("p. 12", Label.PAGES),
    )
    assert (labels["In"], labels["Chamber"]) == ("other", "container")
    assert (labels["v"], labels["32"]) == ("other", "volume")
    assert (labels["p"], labels["12"]) == ("other", "pages")


def test_the_end_of_a_word_the_tokens_split_is_no_connector() -> None:
    # "Sprachgebär(d)en, in: …": "en" ends the title's word; a title's "…, in" does not
    text = "Osei K. Über die Sprachgebär(d)en, in: Zugänge."
    labels = _labels(text, ("Über die Sprachgebär(d)en", Label.TITLE))
    assert labels["en"] == "title"
