from cite_sentinel.core.ground.stance import FEATURE_NAMES, cues

ANTONYMS = FEATURE_NAMES.index("antonym_pairs")
CLASH = FEATURE_NAMES.index("aligned_direction_clash")
AGREE = FEATURE_NAMES.index("aligned_direction_agree")
NEGATION = FEATURE_NAMES.index("aligned_negation_clash")
CLASH_BEST = FEATURE_NAMES.index("aligned_direction_clash_best")


def _cues(claim: str, evidence: str) -> tuple[float, ...]:
    return cues(claim, [evidence], evidence)


def test_every_cue_has_a_name() -> None:
    assert len(_cues("Exercise lowers blood pressure.", "Exercise lowered it.")) == len(
        FEATURE_NAMES
    )


def test_opposite_words_in_claim_and_evidence_count_as_antonym_pairs() -> None:
    row = _cues(
        "Exercise increased insulin sensitivity and lowered risk.",
        "Exercise decreased insulin sensitivity and raised the protective markers.",
    )
    assert row[ANTONYMS] == 2.0  # increase/decrease, risk/protective


def test_a_word_the_evidence_also_uses_is_no_antonym() -> None:
    row = _cues(
        "Exercise increased insulin sensitivity.",
        "Exercise increased some markers and decreased others.",
    )
    assert row[ANTONYMS] == 0.0


def test_opposite_directions_beside_the_same_word_clash() -> None:
    row = _cues(
        "Sepsis related mortality has risen from 2009 to 2014.",
        "In-hospital mortality using clinical criteria declined over the period.",
    )
    assert (row[CLASH], row[AGREE], row[CLASH_BEST]) == (1.0, 0.0, 1.0)


def test_the_same_direction_beside_the_same_word_agrees() -> None:
    row = _cues(
        "Aspirin use lowers colorectal cancer risk.",
        "Aspirin use was associated with a lower risk of colorectal cancer.",
    )
    assert (row[CLASH], row[AGREE]) == (0.0, 1.0)


def test_directions_about_different_words_neither_clash_nor_agree() -> None:
    row = _cues(
        "Statins raise muscle pain in older adults.",
        "Cholesterol fell in the first year of treatment; muscle pain was reported rarely.",
    )
    assert (row[CLASH], row[AGREE]) == (0.0, 0.0)


def test_a_negation_beside_a_shared_word_on_one_side_only_clashes() -> None:
    negated = _cues(
        "Physical activity does not improve cognition in Alzheimer disease.",
        "A program of physical activity provided a modest improvement in cognition.",
    )
    plain = _cues(
        "Physical activity improves cognition in Alzheimer disease.",
        "A program of physical activity provided a modest improvement in cognition.",
    )
    assert (negated[NEGATION], plain[NEGATION]) == (1.0, 0.0)
