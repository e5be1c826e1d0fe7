"""Works the corpus lacks but the verifier must meet: retractions, preprints, datasets, arXiv,
and one of each shape of the every-field corpus (a book chapter with editors and ISBN, an
organisation's report, a PubMed article, a Japan Link Center article, an organisation's dataset).

They are invented (prefix 10.5555 is Crossref's test prefix; the Zenodo and Dryad DOIs, the
JaLC prefix 10.11999 and arXiv ids are not real records) and added to whichever corpus the
fake server loads.
"""

from __future__ import annotations

from .works import Agency, Person, Work

_ABSTRACT_RETRACTED = (
    "We report that a sparse gating network trained on synthetic protein graphs predicts "
    "binding affinity with near-perfect accuracy across twelve benchmark families."
)

RETRACTED = Work(
    number=0,
    key="fixture:retracted",
    title="Sparse Gating Networks Predict Protein Binding Affinity",
    authors=(Person("Okafor", "Chidi"), Person("Lindqvist", "Maja"), Person("Haddad", "Rami")),
    year=2019,
    venue="Journal of Machine Learning in Biology",
    venue_short="JMLB",
    kind="journal-article",
    doi="10.5555/fixture.retracted.2019",
    pages="101-117",
    volume="4",
    publisher="Fixture Press",
    abstract=_ABSTRACT_RETRACTED,
    retracted=True,
    retraction_notice="10.5555/fixture.retraction-notice.2021",
)

RETRACTION_NOTICE = Work(
    number=0,
    key="fixture:retraction-notice",
    title="Retraction Note: Sparse Gating Networks Predict Protein Binding Affinity",
    authors=(),
    year=2021,
    venue="Journal of Machine Learning in Biology",
    venue_short="JMLB",
    kind="journal-article",
    doi="10.5555/fixture.retraction-notice.2021",
    publisher="Fixture Press",
    retracts="10.5555/fixture.retracted.2019",
)

PREPRINT = Work(
    number=0,
    key="fixture:preprint",
    title="Contrastive Token Dropping for Efficient Vision Transformers",
    authors=(Person("Ferreira", "Ana"), Person("Nakamura", "Kenji")),
    year=2021,
    venue="arXiv",
    venue_short="arXiv",
    kind="posted-content",
    arxiv="2104.09991",
    abstract=(
        "Dropping uninformative tokens speeds up vision transformers. We learn which tokens to "
        "drop with a contrastive objective and halve inference cost at equal accuracy."
    ),
    agency=Agency.DATACITE,
    is_preprint_of=("10.5555/fixture.published.2022",),
)

PUBLISHED = Work(
    number=0,
    key="fixture:published",
    title="Contrastive Token Dropping for Efficient Vision Transformers",
    authors=(Person("Ferreira", "Ana"), Person("Nakamura", "Kenji"), Person("Osei", "Kwame")),
    year=2022,
    venue="Proceedings of the Fixture Conference on Computer Vision",
    venue_short="FCCV",
    kind="proceedings-article",
    doi="10.5555/fixture.published.2022",
    pages="2210-2219",
    publisher="Fixture Press",
    abstract=PREPRINT.abstract,
    has_preprint=("10.48550/arxiv.2104.09991",),
)

DATASET = Work(
    number=0,
    key="fixture:dataset",
    title="Annotated Street Scenes from Twelve Cities (ASSTC) v2",
    authors=(Person("Moreau", "Camille"), Person("Ibrahim", "Yusuf")),
    year=2020,
    venue="Zenodo",
    venue_short="Zenodo",
    kind="dataset",
    doi="10.5281/zenodo.4000001",
    publisher="Zenodo",
    url="https://zenodo.org/record/4000001",
    abstract="Forty thousand street images from twelve cities with pixel-level annotations.",
    agency=Agency.DATACITE,
    resource_type="Dataset",
    in_s2=False,
)

SOFTWARE = Work(
    number=0,
    key="fixture:software",
    title="fastbm25: A Small BM25 Library",
    authors=(Person("Kowalski", "Piotr"),),
    year=2023,
    venue="Zenodo",
    venue_short="Zenodo",
    kind="software",
    doi="10.5281/zenodo.4000002",
    publisher="Zenodo",
    url="https://zenodo.org/record/4000002",
    abstract="A dependency-free BM25 ranking library with incremental indexing.",
    agency=Agency.DATACITE,
    resource_type="Software",
    in_s2=False,
)

DRYAD_DATASET = Work(
    number=0,
    key="fixture:dryad",
    title="Data from: Foraging Routes of Urban Honeybees",
    authors=(Person("Andersson", "Linnea"), Person("Costa", "Rafael")),
    year=2018,
    venue="Dryad",
    venue_short="Dryad",
    kind="dataset",
    doi="10.5061/dryad.fixture01",
    publisher="Dryad",
    url="https://datadryad.org/dataset/doi:10.5061/dryad.fixture01",
    agency=Agency.DATACITE,
    resource_type="Dataset",
    in_s2=False,
)

ARXIV_ONLY = Work(
    number=0,
    key="fixture:arxiv-only",
    title="Scaling Laws for Retrieval-Augmented Citation Checking",
    authors=(Person("Verma", "Priya"), Person("Schulz", "Tobias"), Person("Adeyemi", "Tunde")),
    year=2023,
    venue="arXiv",
    venue_short="arXiv",
    kind="posted-content",
    arxiv="2305.01234",
    abstract=(
        "We measure how the accuracy of citation checking grows with the size of the "
        "retrieval index and the number of candidate records re-ranked per reference."
    ),
    agency=Agency.DATACITE,
)

WITHDRAWN = Work(
    number=0,
    key="fixture:withdrawn",
    title="A Proof that Gradient Descent Always Finds Global Minima of Deep Networks",
    authors=(Person("Lambert", "Hugo"),),
    year=2019,
    venue="arXiv",
    venue_short="arXiv",
    kind="posted-content",
    arxiv="1901.00999",
    abstract="This paper has been withdrawn by the author due to an error in Lemma 3.",
    agency=Agency.DATACITE,
    withdrawn=True,
)

BOOK_CHAPTER = Work(
    number=0,
    key="fixture:book-chapter",
    title="Tidal Wetlands as Carbon Sinks",
    authors=(Person("Achterberg", "Femke"), Person("Oduya", "Grace")),
    year=2017,
    venue="Coastal Ecosystems and Climate",
    kind="book-chapter",
    doi="10.5555/fixture.chapter.2017",
    pages="45-71",
    publisher="Fixture Academic Press",
    isbn=("9780000000017",),
    editors=(Person("Lindgren", "Sofia"), Person("Mbeki", "Thabo")),
    field="earth_environmental",
)

CORPORATE_REPORT = Work(
    number=0,
    key="fixture:corporate-report",
    title="Guidelines for Drinking-Water Surveillance in Small Communities",
    authors=(Person("Fixture Health Organization", "", is_org=True),),
    year=2016,
    venue="Fixture Health Organization Technical Report Series",
    kind="report",
    doi="10.5555/fixture.report.2016",
    publisher="Fixture Health Organization",
    field="biomedicine",
)

PUBMED_ARTICLE = Work(
    number=0,
    key="fixture:pubmed-article",
    title="Sleep Duration and Working Memory in Adolescents: A Cohort Study",
    authors=(Person("Müller", "Jörg"), Person("Kim", "Dong-Gyun"), Person("Santos", "Inês")),
    year=2015,
    venue="Journal of Fixture Pediatric Medicine",
    venue_short="J Fixture Pediatr Med",
    kind="journal-article",
    doi="10.5555/fixture.pubmed.2015",
    pages="112-120",
    volume="41",
    issue="2",
    issn="0000-0019",
    pmid="99000001",
    pmcid="9900001",
    publisher="Fixture Medical Press",
    language="en",
    field="biomedicine",
)

JALC_ARTICLE = Work(
    number=0,
    key="fixture:jalc-article",
    title="沿岸域における藻場の分布調査",
    authors=(Person("山田", "太郎"), Person("佐藤", "花子")),
    year=2014,
    venue="沿岸環境研究",
    venue_alt="Journal of Coastal Environment Research",
    kind="journal-article",
    doi="10.11999/fixture.jalc.2014",
    pages="10-18",
    volume="12",
    issue="1",
    agency=Agency.JALC,
    language="ja",
    field="life_sciences",
)

ORGANISATION_DATASET = Work(
    number=0,
    key="fixture:organisation-dataset",
    title="Occurrence Records of Freshwater Mussels, 1990-2015",
    authors=(Person("Fixture Biodiversity Facility", "", is_org=True),),
    year=2018,
    venue="Fixture Biodiversity Facility",
    kind="dataset",
    doi="10.5281/zenodo.4000003",
    publisher="Fixture Biodiversity Facility",
    url="https://zenodo.org/record/4000003",
    agency=Agency.DATACITE,
    resource_type="Dataset",
    in_s2=False,
    field="life_sciences",
)

EVERY_FIELD: tuple[Work, ...] = (
    BOOK_CHAPTER,
    CORPORATE_REPORT,
    PUBMED_ARTICLE,
    JALC_ARTICLE,
    ORGANISATION_DATASET,
)

ALL: tuple[Work, ...] = (
    RETRACTED,
    RETRACTION_NOTICE,
    PREPRINT,
    PUBLISHED,
    DATASET,
    SOFTWARE,
    DRYAD_DATASET,
    ARXIV_ONLY,
    WITHDRAWN,
    *EVERY_FIELD,
)
