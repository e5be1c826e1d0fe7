"""What users met on real bibliographies (issue 26), each in its real shape, for tests and
the real-bibliographies benchmark.

A case is an entry as a person cites the work, the works the indexes must hold for it, held
as the real indexes hold them (a first page only, a list cut to three names, a Crossref
subtitle, an online year, a team fused with the first author, a university repository for a
venue, LaTeX in a dblp name …), and what a careful reader says: whether the citation is
wrong, and what `fix` must keep. Metadata is the works' own; works the fake's corpus already
holds are not repeated. Invented records (a namesake's book review) use Crossref's test
prefix 10.5555.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cite_sentinel.core.model import Status

from tests.fakeapi.works import Agency, Person, Work

FLAGGED = frozenset({Status.MISCITED, Status.FABRICATED})
QUIET = frozenset({Status.VERIFIED, Status.UNVERIFIED})


@dataclass(frozen=True, slots=True, kw_only=True)
class Case:
    """One thing a user met: the entry (its key is `name`), what the indexes hold, and what
    a careful reader expects of `check` and `fix`."""

    name: str
    what: str  # the issue's words
    bibtex: str
    works: tuple[Work, ...] = ()
    # Works the fake's whole corpus already holds that the case needs (and the works that
    # crowd it): a fake on a smaller corpus serves these too.
    held: tuple[Work, ...] = ()
    expected: frozenset[Status] = QUIET
    fix_keeps: tuple[str, ...] = ()  # text of the entry `fix --complete` must leave in it
    fix_never: tuple[str, ...] = ()  # text `fix --complete` must never write into it
    says: str = ""  # words one of the findings must hold
    never_says: str = ""  # words no finding may hold


def _people(*names: str) -> tuple[Person, ...]:
    """ "Given Family" names as the corpus stores people."""
    return tuple(Person(name.rpartition(" ")[2], name.rpartition(" ")[0]) for name in names)


def _work(key: str, title: str, authors: tuple[Person, ...], year: int, **fields: object) -> Work:
    return Work(number=0, key=f"issue26:{key}", title=title, authors=authors, year=year, **fields)  # type: ignore[arg-type]


_LINDBERGH = _people(
    "C A Lindbergh", "N Walker", "R La Joie", "S Weiner-Light", "A M Staffaroni",
    "K B Casaletto", "F Elahi", "S M Walters", "M You", "D Cotter", "B Asken", "A C Apple",
    "E Tsoy", "J Neuhaus", "C Fonseca", "A Wolf", "Y Cobigo", "H Rosen", "J H Kramer",
)  # fmt: skip
_WORTH_THE_WAIT = _work(
    "lindbergh2021",
    "Worth the wait: delayed recall after 1 week predicts cognitive and medial temporal lobe"
    " trajectories in older adults",
    _LINDBERGH[:3],  # the index cut the list to its first three names
    2021,
    venue="Journal of the International Neuropsychological Society",
    volume="27",
    issue="4",
    pages="382",  # and keeps only the first page
    doi="10.5555/issue26.jins.2021.382",
)
_SMITH_LIST = _work(
    "walters2019",
    "Memory consolidation over a week in older adults",
    (*_people("S Walters", "K B Casaletto", "J H Kramer"),),  # initials cut to one
    2019,
    venue="Neuropsychology",
    volume="33",
    pages="1013-1022",
    doi="10.5555/issue26.neuropsychology.2019",
)
_BUENZ = _work(
    "buenz2018",
    "Bulletproofs: Short Proofs for Confidential Transactions and More",
    (
        Person('B\\"{u}nz', "Benedikt"),  # dblp's record writes the umlaut in LaTeX
        Person("Bootle", "Jonathan"),
        Person("Boneh", "Dan"),
        Person("Poelstra", "Andrew"),
        Person("Wuille", "Pieter"),
        Person("Maxwell", "Gregory"),
    ),
    2018,
    venue="2018 IEEE Symposium on Security and Privacy (SP)",
    venue_short="S&P",
    kind="proceedings-article",
    pages="315-334",
    doi="10.1109/sp.2018.00020",
)
_NELDER = _work(
    "nelder1972",
    "Generalized Linear Models",
    _people("J. A. Nelder", "R. W. M. Wedderburn"),
    1972,
    venue="Journal of the Royal Statistical Society. Series A (General)",
    volume="135",
    issue="3",
    pages="370",
    doi="10.2307/2344614",
)
_GLM_REVIEW = _work(
    "glm-review2002",
    "Generalized Linear Models",
    _people("Marta Kowalczyk"),  # a book review of that title, by its reviewer
    2002,
    venue="Journal of the American Statistical Association",
    volume="97",
    pages="361-362",
    doi="10.5555/issue26.jasa.2002.review",
)
_NATURE_DEEP_LEARNING = _work(
    "lecun2015",
    "Deep learning",
    _people("Yann LeCun", "Yoshua Bengio", "Geoffrey Hinton"),
    2015,
    venue="Nature",
    volume="521",
    issue="7553",
    pages="436-444",
    doi="10.1038/nature14539",
)
_POSNER_HELD_WRONG = _work(
    "posner1980-record",
    "Orienting of attention",
    _people("P Bartolomeo", "S Chokron"),  # a record built from a reference list: other
    2002,  # people and another year under Posner's DOI
    venue="Quarterly Journal of Experimental Psychology",
    volume="32",
    pages="3",
    doi="10.5555/issue26.qjep.1980.posner",
)
_XGBOOST_HELD = _work(
    "xgboost2016",
    "XGBoost",
    _people("Tianqi Chen", "Carlos Guestrin"),
    2016,
    subtitle="A Scalable Tree Boosting System",  # Crossref: main title and `subtitle`
    venue="Proceedings of the 22nd ACM SIGKDD International Conference on Knowledge Discovery"
    " and Data Mining",
    venue_short="KDD",
    kind="proceedings-article",
    pages="785-794",
    doi="10.5555/issue26.kdd.2016.xgboost",
)
_ADAMW_V1 = _work(
    "loshchilov2017",
    "Fixing Weight Decay Regularization in Adam",  # the first arXiv version's title
    _people("Ilya Loshchilov", "Frank Hutter"),
    2017,
    venue="arXiv",
    venue_short="arXiv",
    kind="posted-content",
    arxiv="1711.05101",
    agency=Agency.DATACITE,
)
_ADAMW = _work(
    "loshchilov2019",
    "Decoupled Weight Decay Regularization",  # the title it was published under
    _people("Ilya Loshchilov", "Frank Hutter"),
    2019,
    venue="International Conference on Learning Representations",
    venue_short="ICLR",
    kind="proceedings-article",
    arxiv="1711.05101",  # OpenAlex lists the arXiv version among its locations
)
_SPIN_WAVE = _work(
    "kuschel2014",
    "Charges ride the spin wave",
    _people("Timo Kuschel", "Günter Reiss"),
    2014,  # online 10 November 2014 …
    print_year=2015,  # … in the January 2015 issue
    venue="Nature Nanotechnology",
    volume="10",
    issue="1",
    pages="22-24",
    doi="10.1038/nnano.2014.279",
)
_GEMMA = _work(
    "gemma2025",
    "Gemma 3 Technical Report",
    _people(
        "Aishwarya Kamath", "Johan Ferret", "Shreya Pathak", "Nino Vieillard", "Ramona Merhej",
        "Sarah Perrin", "Tatiana Matejovicova", "Alexandre Ramé", "Morgane Rivière",
    ),
    2025,
    raw_names=("Gemma Team Aishwarya Kamath",),  # OpenAlex fuses the team with the first author
    venue="arXiv",
    venue_short="arXiv",
    kind="posted-content",
    arxiv="2503.19786",
    agency=Agency.DATACITE,
)  # fmt: skip
_PYVISTA = _work(
    "sullivan2019",
    "PyVista: 3D plotting and mesh analysis through a streamlined interface for the"
    " Visualization Toolkit (VTK)",
    _people("Bane Sullivan", "Alexander Kaszynski"),
    2019,
    raw_names=("C. Sullivan",),  # the work prints the initial, the profile the name used
    venue="Journal of Open Source Software",
    volume="4",
    issue="37",
    pages="1450",
    doi="10.21105/joss.01450",
)
_PYVISTA = replace(  # Crossref prints the initial too
    _PYVISTA,
    held_as=(
        ("crossref", replace(_PYVISTA, authors=_people("C. Sullivan", "Alexander Kaszynski"))),
    ),
)
_LIDAR = _work(
    "zamotsin2022",
    "Human body measurement with the iPhone 12 Pro LiDAR scanner",
    (
        Person("Mikalai", "Zamotsin"),
        Person("Andrey", "Dyagilev"),
        Person("Hawas", "Hafez S."),
        Person("Нolovenko", "Tеtiana"),  # Cyrillic Н and е, as the index holds them
        Person("Oleksandr", "Shovkomud"),
    ),
    2022,
    venue="AIP Conference Proceedings",
    kind="proceedings-article",
    doi="10.1063/5.0078310",
)
_FIJI = _work(
    "schindelin2012",
    "Fiji: an open-source platform for biological-image analysis",
    _people("Johannes Schindelin", "Ignacio Arganda-Carreras", "Erwin Frise", "Verena Kaynig"),
    2012,
    venue="Nature Methods",
    volume="9",
    issue="7",
    pages="676-682",
    doi="10.1038/nmeth.2019",
)
_FIJI_IN_A_REPOSITORY = replace(
    _FIJI,
    venue="eScholarship (California Digital Library)",  # OpenAlex's primary location
    venue_kind="repository",
    volume=None,
    issue=None,
    pages=None,
)
_VIEWPOINT = _work(
    "viewpoint2019",
    "Viewpoint: Reproducibility of computational workflows is automated using continuous analysis",
    _people("Brett K Beaulieu-Jones", "Casey S Greene"),
    2017,
    venue="Nature Biotechnology",
    volume="35",
    issue="4",
    pages="342-346",
    doi="10.1038/nbt.3780",
)
_SHACHAM = _work(
    "shacham2007",
    "The geometry of innocent flesh on the bone: return-into-libc without function calls (on"
    " the x86)1",  # the index keeps the title's footnote mark
    _people("Hovav Shacham"),
    2007,
    venue="Proceedings of the 14th ACM conference on Computer and communications security",
    kind="proceedings-article",
    pages="552-561",
    doi="10.1145/1315245.1315313",
)
_ATLAS_PEOPLE = tuple(
    Person(f"Aad{n:04d}", "G.") for n in range(1000)
)  # the shape of a collaboration's list: a thousand people
_HIGGS = _work(
    "atlas2012",
    "Observation of a new particle in the search for the Standard Model Higgs boson with the"
    " ATLAS detector at the LHC",
    _ATLAS_PEOPLE,
    2012,
    venue="Physics Letters B",
    volume="716",
    issue="1",
    pages="1-29",
    doi="10.1016/j.physletb.2012.08.020",
    in_openalex=False,  # only Crossref can find it: its query must be one Crossref answers
)
_FOCUS = _work(
    "hsieh2018",
    "Focus: Querying Large Video Datasets with Low Latency and Low Cost",
    _people(
        "Kevin Hsieh", "Ganesh Ananthanarayanan", "Peter Bodik", "Shivaram Venkataraman",
        "Paramvir Bahl", "Matthai Philipose", "Phillip B. Gibbons", "Onur Mutlu",
    ),
    2018,
    venue="arXiv",
    venue_short="arXiv",
    kind="posted-content",
    arxiv="1801.03493",
    agency=Agency.DATACITE,
)  # fmt: skip


_ATTENTION = _work(
    "vaswani2017",
    "Attention is All you Need",
    _people(
        "Ashish Vaswani", "Noam Shazeer", "Niki Parmar", "Jakob Uszkoreit", "Llion Jones",
        "Aidan N Gomez", "Łukasz Kaiser", "Illia Polosukhin",
    ),
    2017,
    venue="neurips",
    venue_short="NEURIPS",
    kind="proceedings-article",
    pages="5998-6008",
)  # fmt: skip
_CROWD = tuple(
    _work(
        f"crowd{n}",
        f"{topic} Attention Is All You Need for {task}",
        _people(f"Ren {family}", "Ana Costa"),
        2020 + n % 4,
        venue="Fixture Workshop",
        kind="proceedings-article",
    )
    for n, (topic, task, family) in enumerate(
        (
            ("Channel", "Video Frame Interpolation", "Arai"),
            ("Sparse", "Long Documents", "Bauer"),
            ("Local", "Point Clouds", "Chen"),
            ("Linear", "Speech", "Dutta"),
            ("Cross", "Retrieval", "Eze"),
            ("Axial", "Medical Images", "Farah"),
            ("Graph", "Molecules", "Gupta"),
            ("Window", "Detection", "Holm"),
        )
    )
)
_SHETTEL = _work(
    "shettel2005",
    "Top-Down Control of Visual Attention: A Rational Account",
    _people("Michael Shettel", "Shaun Vecera", "Michael Mozer"),
    2005,
    venue="neurips",
    venue_short="NEURIPS",
    kind="proceedings-article",
    pages="923-930",
)
_LLAVA_VIDEO = _work(
    "zhang2025",
    "LLaVA-Video: Video Instruction Tuning With Synthetic Data",
    _people(
        "Yuanhan Zhang", "Jinming Wu", "Wei Li", "Bo Li", "Zejun MA", "Ziwei Liu",
        "Chunyuan Li",
    ),
    2025,
    venue="tmlr",
    venue_short="TMLR",
)  # fmt: skip


def _bib(kind: str, key: str, **fields: str) -> str:
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields.items())
    return f"@{kind}{{{key},\n{body}\n}}\n"


def _names(people: tuple[Person, ...]) -> str:
    return " and ".join(f"{p.given} {p.family}".strip() for p in people)


CASES: tuple[Case, ...] = (
    Case(
        name="first_page_and_cut_list",
        what="a record with only the first page and the first three of nineteen authors",
        bibtex=_bib(
            "article",
            "first_page_and_cut_list",
            author=_names(_LINDBERGH),
            title=_WORTH_THE_WAIT.title,
            journal=_WORTH_THE_WAIT.venue,
            volume="27",
            number="4",
            pages="382--388",
            year="2021",
        ),
        works=(_WORTH_THE_WAIT,),
        fix_keeps=("pages = {382--388}", "J H Kramer", "S M Walters"),
    ),
    Case(
        name="initials_kept",
        what="a wrong co-author corrected without dropping another's middle initial",
        bibtex=_bib(
            "article",
            "initials_kept",
            author="S M Walters and P Miller and J H Kramer",
            title=_SMITH_LIST.title,
            journal="Neuropsychology",
            volume="33",
            pages="1013--1022",
            year="2019",
        ),
        works=(_SMITH_LIST,),
        expected=FLAGGED,
        fix_keeps=("S M Walters", "J H Kramer"),
    ),
    Case(
        name="doi_in_pages",
        what="a DOI the author keeps in the pages field",
        bibtex=_bib(
            "article",
            "doi_in_pages",
            author="S M Walters and K B Casaletto and J H Kramer",
            title=_SMITH_LIST.title,
            journal="Neuropsychology",
            volume="33",
            pages="1013--1021, doi:10.5555/issue26.neuropsychology.2019",
            year="2019",
        ),
        works=(),  # the work of `initials_kept`
        fix_keeps=("10.5555/issue26.neuropsychology.2019",),
    ),
    Case(
        name="latex_in_the_record",
        what='a dblp-derived record writing B\\"{u}nz',
        bibtex=_bib(
            "inproceedings",
            "latex_in_the_record",
            author='Benedikt B{\\"u}nz and Jonathan Bootle and Dan Boneh and Andrew Poulsen'
            " and Pieter Wuille and Gregory Maxwell",  # one name wrong: the list is fixed
            title=_BUENZ.title,
            booktitle="IEEE Symposium on Security and Privacy",
            pages="315--334",
            year="2018",
        ),
        works=(_BUENZ,),
        expected=FLAGGED,
        fix_keeps=('B{\\"u}nz', "Andrew Poelstra"),
        fix_never=("textbackslash", "textbraceleft"),
    ),
    Case(
        name="namesake_review",
        what="Nelder & Wedderburn 1972 beside a 2002 book review of the same title",
        bibtex=_bib(
            "article",
            "namesake_review",
            author="J A Nelder and R W M Wedderburn",
            title="Generalized linear models",
            journal="Journal of the Royal Statistical Society",
            number="3",
            pages="370--384",
            volume="135",
            year="1972",
        ),
        works=(_GLM_REVIEW, _NELDER),
        fix_keeps=("J A Nelder", "year = {1972}"),
    ),
    Case(
        name="book_not_article",
        what='the Deep Learning book beside the Nature article "Deep learning"',
        bibtex=_bib(
            "book",
            "book_not_article",
            author="I Goodfellow and Y Bengio and A Courville",
            title="Deep Learning",
            publisher="MIT Press",
            year="2016",
        ),
        works=(_NATURE_DEEP_LEARNING,),
        fix_keeps=("I Goodfellow and Y Bengio and A Courville", "year = {2016}"),
    ),
    Case(
        name="title_begins_the_same",
        what="Noudoost et al. 2010 beside a 2005 NeurIPS paper whose title begins the same",
        bibtex=_bib(
            "article",
            "title_begins_the_same",
            author="B Noudoost and M H Chang and N A Steinmetz and T Moore",
            journal="Current Opinion in Neurobiology",
            number="2",
            pages="183--190",
            title="Top-down control of visual attention",
            volume="20",
            year="2010",
        ),
        held=(_SHETTEL,),
        fix_keeps=("B Noudoost", "year = {2010}"),
    ),
    Case(
        name="record_of_other_people",
        what="Posner 1980 against a record of that title by other people, in 2002",
        bibtex=_bib(
            "article",
            "record_of_other_people",
            author="M I Posner",
            journal="Quarterly Journal of Experimental Psychology",
            number="1",
            pages="3--25",
            title="Orienting of attention",
            volume="32",
            year="1980",
        ),
        works=(_POSNER_HELD_WRONG,),
        fix_keeps=("M I Posner", "year = {1980}"),
    ),
    Case(
        name="common_phrase_title",
        what='"Attention is all you need" among many "… is all you need" titles',
        bibtex=_bib(
            "conference",
            "common_phrase_title",
            author="A Viswani and N Shazeer and N Parmar and J Uszkoreit and L Jones and"
            " A N Gomez and L Kaiser and I Polosukhin",
            booktitle="Advances in Neural Information Processing Systems",
            title="Attention is all you need",
            year="2017",
        ),
        held=(_ATTENTION, *_CROWD),
    ),
    Case(
        name="subtitle_apart",
        what='an index holding "XGBoost" with its subtitle apart',
        bibtex=_bib(
            "inproceedings",
            "subtitle_apart",
            author="Tianqi Chen and Carlos Guestrin",
            title="{XGBoost}: A Scalable Tree Boosting System",
            booktitle="Proceedings of the 22nd ACM SIGKDD International Conference on"
            " Knowledge Discovery and Data Mining",
            pages="785--794",
            year="2016",
        ),
        works=(
            replace(
                _XGBOOST_HELD,
                held_as=(("openalex", replace(_XGBOOST_HELD, subtitle="")),),
            ),
        ),
    ),
    Case(
        name="renamed_version",
        what='"Video instruction tuning with synthetic data", renamed LLaVA-Video',
        bibtex=_bib(
            "article",
            "renamed_version",
            author="Yuanhan Zhang and Jinming Wu and Wei Li and Bo Li and Zejun Ma and"
            " Ziwei Liu and Chunyuan Li",
            title="Video instruction tuning with synthetic data",
            journal="arXiv preprint arXiv:2410.02713",
            year="2024",
        ),
        held=(_LLAVA_VIDEO,),
    ),
    Case(
        name="first_version_title",
        what="Decoupled weight decay regularization, whose first arXiv version had another title",
        bibtex=_bib(
            "inproceedings",
            "first_version_title",
            author="Ilya Loshchilov and Frank Hutter",
            title="Fixing weight decay regularization in {Adam}",
            booktitle="International Conference on Learning Representations",
            year="2019",
            eprint="1711.05101",
            archivePrefix="arXiv",
        ),
        works=(_ADAMW_V1, _ADAMW),
    ),
    Case(
        name="online_year",
        what="an article online in November 2014, in the January 2015 issue, cited 2015",
        bibtex=_bib(
            "article",
            "online_year",
            author='Timo Kuschel and G{\\"u}nter Reiss',
            title="Charges ride the spin wave",
            journal="Nature Nanotechnology",
            volume="10",
            number="1",
            pages="22--24",
            year="2015",
            doi="10.1038/nnano.2014.279",
        ),
        works=(_SPIN_WAVE,),
        fix_keeps=("year = {2015}",),
    ),
    Case(
        name="online_year_searched",
        what="the same article cited 2015 without its DOI: found by a title search",
        bibtex=_bib(
            "article",
            "online_year_searched",
            author="T Kuschel and G Reiss",
            title="Charges ride the spin wave",
            journal="Nat. Nanotechnol.",
            volume="10",
            pages="22--24",
            year="2015",
        ),
        fix_keeps=("year = {2015}",),
    ),
    Case(
        name="team_fused",
        what='OpenAlex\'s "Gemma Team Aishwarya Kamath"',
        bibtex=_bib(
            "article",
            "team_fused",
            author="Aishwarya Kamath and Johan Ferret and Shreya Pathak and others",
            title="Gemma 3 technical report",
            journal="arXiv preprint arXiv:2503.19786",
            year="2025",
        ),
        works=(_GEMMA,),
    ),
    Case(
        name="et_al_middle",
        what="an et al. list whose record differs in the middle",
        bibtex=_bib(
            "article",
            "et_al_middle",
            author="Aishwarya Kamath and Johan Ferret and Shreya Pathak and Nino Vieillard"
            " and Ramona Merhej and Léonard Hussenot and Sarah Perrin and others",
            title="Gemma 3 technical report",
            year="2025",
            journal="arXiv preprint arXiv:2503.19786",
        ),
    ),
    Case(
        name="name_used",
        what='"Bane Sullivan" for C. Bane Sullivan',
        bibtex=_bib(
            "article",
            "name_used",
            author="Bane Sullivan and Alexander Kaszynski",
            title=_PYVISTA.title,
            journal="Journal of Open Source Software",
            volume="4",
            number="37",
            pages="1450",
            year="2019",
        ),
        works=(_PYVISTA,),
        fix_keeps=("Bane Sullivan",),
    ),
    Case(
        name="homoglyphs",
        what="Cyrillic look-alike letters in a Latin name",
        bibtex=_bib(
            "inproceedings",
            "homoglyphs",
            author="Mikalai Zamotsin and Andrey Dyagilev and Hafez S. Hawas and"
            " Tetiana Holovenko and Oleksandr Shovkomud",
            title="Human body measurement with the iPhone 12 Pro LiDAR scanner",
            booktitle="AIP Conference Proceedings",
            year="2022",
        ),
        works=(_LIDAR,),
    ),
    Case(
        name="repository_venue",
        what="a Nature Methods article whose OpenAlex source is a university repository",
        bibtex=_bib(
            "article",
            "repository_venue",
            author="Johannes Schindelin and Ignacio Arganda-Carreras and Erwin Frise and"
            " Verena Kaynig",
            title=_FIJI.title,
            journal="Nature Methods",
            volume="9",
            number="7",
            pages="676--682",
            year="2012",
        ),
        works=(replace(_FIJI, held_as=(("openalex", _FIJI_IN_A_REPOSITORY),)),),
        never_says="a preprint is cited",
    ),
    Case(
        name="section_label",
        what='an index title opening with "Viewpoint:"',
        bibtex=_bib(
            "article",
            "section_label",
            author="Brett K Beaulieu-Jones and Casey S Greene",
            title="Reproducibility of computational workflows is automated using continuous"
            " analysis",
            journal="Nature Biotechnology",
            volume="35",
            number="4",
            pages="342--346",
            year="2017",
        ),
        works=(_VIEWPOINT,),
    ),
    Case(
        name="footnote_mark",
        what="an index title ending in a footnote digit",
        bibtex=_bib(
            "inproceedings",
            "footnote_mark",
            author="Hovav Shacham",
            title="The geometry of innocent flesh on the bone: return-into-libc without"
            " function calls (on the x86)",
            booktitle="Proceedings of the 14th ACM Conference on Computer and Communications"
            " Security",
            pages="552--561",
            year="2007",
        ),
        works=(_SHACHAM,),
    ),
    Case(
        name="thousand_authors",
        what="a paper by a thousand people",
        bibtex=_bib(
            "article",
            "thousand_authors",
            author=_names(_ATLAS_PEOPLE),
            title=_HIGGS.title,
            journal="Physics Letters B",
            volume="716",
            number="1",
            pages="1--29",
            year="2012",
        ),
        works=(_HIGGS,),
    ),
    Case(
        name="preprint_only_known",
        what="an OSDI paper whose index knows only the preprint",
        bibtex=_bib(
            "inproceedings",
            "preprint_only_known",
            author=_names(_FOCUS.authors),
            title=_FOCUS.title,
            booktitle="13th USENIX Symposium on Operating Systems Design and Implementation"
            " (OSDI 18)",
            year="2018",
        ),
        works=(_FOCUS,),
    ),
    Case(
        name="published_version_named",
        what="a preprint cited whose published version exists",
        bibtex=_bib(
            "article",
            "published_version_named",
            author="Ana Ferreira and Kenji Nakamura",
            title="Contrastive Token Dropping for Efficient Vision Transformers",
            journal="arXiv preprint arXiv:2104.09991",
            year="2021",
        ),
        says="Proceedings of the Fixture Conference on Computer Vision 2022, doi"
        " 10.5555/fixture.published.2022",
    ),
)


def works(*, held: bool = False) -> tuple[Work, ...]:
    """Every work the cases need the indexes to hold; with `held`, also those the fake's
    whole corpus holds (for a fake serving a smaller corpus)."""
    return tuple(work for case in CASES for work in (*case.works, *(case.held if held else ())))


def bibliography() -> str:
    """Every case's entry, as one .bib file."""
    return "\n".join(case.bibtex for case in CASES)
