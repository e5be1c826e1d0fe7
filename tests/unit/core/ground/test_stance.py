from cite_sentinel.core.ground.stance import FEATURE_NAMES, cues

ANTONYMS = FEATURE_NAMES.index("antonym_pairs")


def test_opposite_words_in_claim_and_evidence_count_as_antonym_pairs() -> None:
    row = cues(
        "Exercise increased insulin sensitivity and lowered risk.",
        ["Exercise decreased insulin sensitivity and raised the protective markers."],
    )
    assert row[ANTONYMS] == 2.0  # increase/decrease, risk/protective


def test_a_word_the_evidence_also_uses_is_no_antonym() -> None:
    row = cues(
        "Exercise increased insulin sensitivity.",
        ["Exercise increased some markers and decreased others."],
    )
    assert row[ANTONYMS] == 0.0
