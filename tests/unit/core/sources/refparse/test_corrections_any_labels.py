"""The corrections hold whatever the labeller said: any labelling of any reference's tokens
comes back corrected, one label a token, and never raises (the labeller is a replaceable
stage, and a model trained again may label in ways no one has seen)."""

from __future__ import annotations

from cite_sentinel.core.sources.refparse.corrections import corrected
from cite_sentinel.core.sources.refparse.corrections.names import names_after_a_same_author_rule
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import tokenise
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# References of many shapes, written for this test: names in every order, quotation marks,
# brackets, Vancouver dates, East Asian scripts, identifiers, abbreviated journals.
_REFERENCES = (
    "Osei, K., Ngata, A. and H. Brandt (2019). “A title: its subtitle,” in Proc. of X, 1-9.",
    "Osei MR, Ngata MS, Brandt DS: Clinical indicators. JAMA 2012 Jul; 60(1): 12-23.",
    "D. J. Osei, J. Fluid Mech., 180, 529-556 (1987). doi:10.1000/xyz123",
    "王小明 2010, '生态补偿机制进展', 宏观经济管理, 第30-32页.",
    "Debussy, Claude, Pelléas et Mélisande (New York, NY: Dover, 1985), ed. by A. B. Lee.",
    "Cancer Res., Vol. 57, p. 1625 (1997); ———. Ibid., ch. 7, ... & Nadon, N. L.",
    "ASTM (2004). Guide. E1943-98. Paris, 1976 (original edition: Age, 1972). [J]. «Titre»",
    "Osei, Kofi, ., Ngata, Ama, The Lighthouse Keeper, Boston, 1931.",
    "Петров И.И. Курганы // Вестник. М., 1976. Survival, <italic>Ploceus cucullatus</italic>.",
    "Mensah, Kwame A. Law, Sex (Policy Brief 2012-01), working paper, Thousand Oaks, CA: Sage.",
)
# Names open most references, and the rules about them run longest: drawn half the time.
_LABELS = st.one_of(st.just(Label.AUTHOR), st.sampled_from(list(Label)))
_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(data=st.data())
def test_any_labelling_of_any_reference_comes_back_corrected(data: st.DataObject) -> None:
    words = data.draw(st.sampled_from(_REFERENCES)).split()
    if data.draw(st.booleans()):  # the words in another order, some left out
        words = data.draw(st.permutations(words))[: data.draw(st.integers(1, len(words)))]
    tokens = tokenise(" ".join(words))
    runs = data.draw(  # labellers label in runs: a field's tokens one after another
        st.lists(st.tuples(_LABELS, st.integers(1, 12)), min_size=1)
    )
    labels = [label for label, length in runs for _ in range(length)][: len(tokens)]
    labels += [Label.OTHER] * (len(tokens) - len(labels))
    labelling = Labelling(tuple(labels), (0.9,) * len(labels))
    for fixed in (
        corrected(tokens, labelling),
        names_after_a_same_author_rule(tokens, labelling),  # the reader's, after "———."
    ):
        assert len(fixed.labels) == len(tokens)
        assert all(isinstance(label, Label) for label in fixed.labels)
