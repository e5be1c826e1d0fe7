from cite_sentinel.core.ground.evidence_words import evidence_words
from cite_sentinel.core.ground.local_params import load
from cite_sentinel.core.ground.relevance import relatedness

SENTENCES = (
    "Metformin lowered glycated haemoglobin by 1.2% in 240 adults with type 2 diabetes.",
    "The trial ran for 24 weeks at three sites.",
    "Weight did not change significantly (p = 0.41).",
)


def test_a_work_tokenised_once_is_judged_as_its_sentences_are() -> None:
    params = load()
    words = evidence_words(SENTENCES)
    claims = ("Metformin lowers glycated haemoglobin in type 2 diabetes.", "Weight was unchanged.")
    for claim in claims:
        assert relatedness(claim, words, params.idf, params.ranker) == relatedness(
            claim, SENTENCES, params.idf, params.ranker
        )


def test_tokenised_sentences_keep_their_text_numbers_and_statistics() -> None:
    words = evidence_words(SENTENCES)
    assert tuple(sentence.text for sentence in words.sentences) == SENTENCES
    assert words.sentences[0].numbers == {"1.2", "2", "240"}
    assert [sentence.statistics for sentence in words.sentences] == [1.0, 0.0, 1.0]
    assert evidence_words(words) is words
