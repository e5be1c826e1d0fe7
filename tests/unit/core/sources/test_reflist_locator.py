"""References printed without a title (ACS, RSC, APS, AIP, IOP, AAS, MNRAS, short Vancouver)
come apart into authors, venue, volume, pages and year, with an empty title; references that
print a title keep it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from cite_sentinel.core.model import Location, Reference
from cite_sentinel.core.sources.reflist import parse_reference, read_reflist
from cite_sentinel.core.sources.reflist_locator import is_venue, untitled_article
from cite_sentinel.core.sources.reflist_untitled_paper import untitled_paper

HERE = Location.point("refs.txt", 1, 1)


def parse(text: str) -> Reference:
    return parse_reference(text, key="k", location=HERE)


@dataclass(frozen=True, slots=True)
class Expected:
    """What an untitled reference should read as."""

    venue: str
    volume: str
    pages: str
    year: int
    families: tuple[str, ...]
    others: bool = False
    issue: str = ""


UNTITLED = [
    # ACS: "Authors. Journal Year, Volume, Pages."; ";" between "Last, I." names
    (
        "(1) Oyanedel, C.N.; Binder, S.; Kelemen, E.; Petersen, K. Behavioural Brain Research"
        " 2014, 275, 126-130.",
        Expected(
            "Behavioural Brain Research",
            "275",
            "126-130",
            2014,
            ("Oyanedel", "Binder", "Kelemen", "Petersen"),
        ),
    ),
    (
        "(2) Jäger, I.; Fratzl, P. Biophys J 2000, 79, 1737.",
        Expected("Biophys J", "79", "1737", 2000, ("Jäger", "Fratzl")),
    ),
    (  # "J." starts the journal, not Jones's initials; an en dash in the range
        "(3) Smith, J. A.; Jones, B. J. Am. Chem. Soc. 2019, 141, 1234–1240.",
        Expected("J. Am. Chem. Soc.", "141", "1234-1240", 2019, ("Smith", "Jones")),
    ),
    (
        "(4) Hansson, O.; Zetterberg, H.; Buchhave, P.; Londos, E. Lancet Neurol 2006, 5, 228.",
        Expected(
            "Lancet Neurol", "5", "228", 2006, ("Hansson", "Zetterberg", "Buchhave", "Londos")
        ),
    ),
    (  # the issue in parentheses, a DOI after
        "Doe, J.; Roe, R. Org. Lett. 2020, 22 (5), 1800–1805. DOI: 10.1021/acs.orglett.0c00001.",
        Expected("Org. Lett.", "22", "1800-1805", 2020, ("Doe", "Roe"), issue="5"),
    ),
    (  # "and" before the last name, a comma inside the journal
        "Lee, C.-H.; Park, S.; and Kim, D. Angew. Chem., Int. Ed. 2015, 54, 4321.",
        Expected("Angew. Chem., Int. Ed.", "54", "4321", 2015, ("Lee", "Park", "Kim")),
    ),
    (  # Kresse's initial "J." stays his: "Phys." is no journal's first word after "J."
        "Kresse, G.; Furthmüller, J. Phys. Rev. B 1996, 54, 11169–11186.",
        Expected("Phys. Rev. B", "54", "11169-11186", 1996, ("Kresse", "Furthmüller")),
    ),
    (  # et al.; markup as Markdown writes it
        "Mayor, M. et al. *Nature* **1995**, *378*, 355–359.",
        Expected("Nature", "378", "355-359", 1995, ("Mayor",), others=True),
    ),
    (  # an article number
        "Chen, L.; Fadamiro, H. Y. Chem. Eur. J. 2007, 13, e525.",
        Expected("Chem. Eur. J.", "13", "e525", 2007, ("Chen", "Fadamiro")),
    ),
    # RSC: "Authors, Journal, Year, Volume, Pages."
    (
        "A. Molyneux and R. Kerr, The Lancet, 2003, 361, 432.",
        Expected("The Lancet", "361", "432", 2003, ("Molyneux", "Kerr")),
    ),
    # APS and AIP: "I. Last, I. Last, and I. Last, Journal Volume, Page (Year)."
    (
        "[1] L. Fuyong, Mechanical Systems and Signal Processing 20, 1741 (2006).",
        Expected("Mechanical Systems and Signal Processing", "20", "1741", 2006, ("Fuyong",)),
    ),
    (
        "[2] S. Boku, S. Nakagawa, T. Masuda, Neuropsychopharmacology 34, 805 (2009).",
        Expected("Neuropsychopharmacology", "34", "805", 2009, ("Boku", "Nakagawa", "Masuda")),
    ),
    (
        "[3] B. P. Abbott et al., Phys. Rev. Lett. 116, 061102 (2016).",
        Expected("Phys. Rev. Lett.", "116", "061102", 2016, ("Abbott",), others=True),
    ),
    (  # "Phys" is the journal's, not a fourth author
        "[4] A. Einstein, B. Podolsky, and N. Rosen, Phys. Rev. 47, 777 (1935).",
        Expected("Phys. Rev.", "47", "777", 1935, ("Einstein", "Podolsky", "Rosen")),
    ),
    (  # bold volume, an arXiv id after
        "B. P. Abbott et al. (LIGO Scientific Collaboration), *Phys. Rev. Lett.* **116**, 061102"
        " (2016), arXiv:1602.03837 [gr-qc].",
        Expected("Phys. Rev. Lett.", "116", "061102", 2016, ("Abbott",), others=True),
    ),
    (  # a letter-page, as the astronomy journals number them
        "A. G. Riess and J. Doe, Astrophys. J. 818, L22 (2016).",
        Expected("Astrophys. J.", "818", "L22", 2016, ("Riess", "Doe")),
    ),
    (
        "J. Doe, Proc. Natl. Acad. Sci. U.S.A. 113, 7 (2016).",
        Expected("Proc. Natl. Acad. Sci. U.S.A.", "113", "7", 2016, ("Doe",)),
    ),
    (
        "M. Born and R. Oppenheimer, Ann. Phys. (Leipzig) 389, 457–484 (1927).",
        Expected("Ann. Phys. (Leipzig)", "389", "457-484", 1927, ("Born", "Oppenheimer")),
    ),
    (  # "N." opens the journal here: a comma ended the authors
        "A. B. Smith, N. Engl. J. Med. 362, 800–811 (2010).",
        Expected("N. Engl. J. Med.", "362", "800-811", 2010, ("Smith",)),
    ),
    # Nature Physics' and Science's short form: "Last, I. Journal Volume, Page (Year)."
    (
        "Hawking, S. W. Nature 248, 30 (1974).",
        Expected("Nature", "248", "30", 1974, ("Hawking",)),
    ),
    (
        "Abbott, B. P. et al. Phys. Rev. Lett. 116, 061102 (2016).",
        Expected("Phys. Rev. Lett.", "116", "061102", 2016, ("Abbott",), others=True),
    ),
    # Elsevier without titles: "Journal Volume (Year) Pages."
    (
        "[7] G. Kresse, J. Furthmüller, Comput. Mater. Sci. 6 (1996) 15–50.",
        Expected("Comput. Mater. Sci.", "6", "15-50", 1996, ("Kresse", "Furthmüller")),
    ),
    # IOP: "Last I and Last I Year Journal Volume Page"
    (
        "[5] Abbott B P et al 2016 Phys. Rev. Lett. 116 061102",
        Expected("Phys. Rev. Lett.", "116", "061102", 2016, ("Abbott",), others=True),
    ),
    (
        "Smith J and Jones B 2019 J. Phys. A: Math. Theor. 52 123001",
        Expected("J. Phys. A: Math. Theor.", "52", "123001", 2019, ("Smith", "Jones")),
    ),
    (
        "Novoselov K S, Geim A K and Morozov S V 2004 Science 306 666–9",
        Expected("Science", "306", "666-9", 2004, ("Novoselov", "Geim", "Morozov")),
    ),
    # AAS and MNRAS: "Authors Year, Journal, Volume, Page"
    (
        "Riess, A. G., Filippenko, A. V., Challis, P., et al. 1998, AJ, 116, 1009",
        Expected("AJ", "116", "1009", 1998, ("Riess", "Filippenko", "Challis"), others=True),
    ),
    (
        "Navarro J. F., Frenk C. S., White S. D. M., 1997, Mon. Not. R. Astron. Soc., 490, 493",
        Expected("Mon. Not. R. Astron. Soc.", "490", "493", 1997, ("Navarro", "Frenk", "White")),
    ),
    (
        "Planck Collaboration 2016, A&A, 594, A13",
        Expected("A&A", "594", "A13", 2016, ("Planck Collaboration",)),
    ),
    # Vancouver without a title, and Annual Reviews' short form
    (
        "Smith AB, Jones CD. N Engl J Med. 2010 Mar 4;362(9):800-11.",
        Expected("N Engl J Med", "362", "800-11", 2010, ("Smith", "Jones"), issue="9"),
    ),
    (
        "Molyneux A, Kerr R. 2003. Lancet Neurol. 5:228–34",
        Expected("Lancet Neurol", "5", "228-34", 2003, ("Molyneux", "Kerr")),
    ),
]


@pytest.mark.parametrize(("text", "expected"), UNTITLED, ids=[text[:40] for text, _ in UNTITLED])
def test_untitled_references_read_venue_and_locator(text: str, expected: Expected) -> None:
    reference = parse(text)
    assert reference.title == ""
    assert reference.venue == expected.venue
    assert (reference.volume, reference.issue, reference.pages) == (
        expected.volume,
        expected.issue,
        expected.pages,
    )
    assert reference.year == expected.year
    families = tuple(person.family or person.literal for person in reference.people)
    assert families == expected.families
    assert reference.others is expected.others
    assert reference.kind == "article-journal"


def test_untitled_reference_keeps_initials_and_identifiers() -> None:
    reference = parse(
        "Smith, J. A.; Jones, B. J. Am. Chem. Soc. 2019, 141, 1234–1240."
        " https://doi.org/10.1021/jacs.9b00001"
    )
    assert [person.given for person in reference.people] == ["J. A.", "B."]
    assert reference.identifiers.doi == "10.1021/jacs.9b00001"
    assert reference.venue == "J. Am. Chem. Soc."


def test_a_list_of_untitled_references_is_read_whole() -> None:
    text = """\
(1) Oyanedel, C.N.; Binder, S.; Kelemen, E.; Petersen, K. Behavioural Brain Research 2014, 275,
    126-130.
(2) Jäger, I.; Fratzl, P. Biophys J 2000, 79, 1737.
(3) Smith, J. A.; Jones, B. J. Am. Chem. Soc. 2019, 141, 1234–1240.
(4) Hansson, O.; Zetterberg, H.; Buchhave, P.; Londos, E. Lancet Neurol 2006, 5, 228.
"""
    read = read_reflist(text, "refs.txt")
    assert read.findings == ()
    assert [ref.key for ref in read.references] == ["1", "2", "3", "4"]
    assert [ref.venue for ref in read.references] == [
        "Behavioural Brain Research",
        "Biophys J",
        "J. Am. Chem. Soc.",
        "Lancet Neurol",
    ]
    assert all(ref.title == "" for ref in read.references)


def test_unnumbered_astronomy_list_is_keyed_by_author_and_year() -> None:
    text = """\
Abbott, B. P., Abbott, R., Abbott, T. D., et al. 2016, PhRvL, 116, 061102
Springel, V. 2005, MNRAS, 364, 1105
"""
    read = read_reflist(text, "refs.txt")
    assert [ref.key for ref in read.references] == ["abbott2016", "springel2005"]
    assert [ref.venue for ref in read.references] == ["PhRvL", "MNRAS"]


TITLED = [
    # a title that ends in numbers stays the title
    (
        "Doe, J. (2020). Results of the 2019 survey, part 2. Survey Reports, 4, 12–18.",
        "Results of the 2019 survey, part 2",
    ),
    # a title, then its journal: the shapes of the untitled styles, with a title in them
    (
        "Abbott, B. P. et al. Observation of gravitational waves from a binary black hole"
        " merger. Phys. Rev. Lett. 116, 061102 (2016).",
        "Observation of gravitational waves from a binary black hole merger",
    ),
    (
        "Smith, J. A.; Jones, B. Graphene Oxide Membranes for Ion Sieving. J. Am. Chem. Soc."
        " 2019, 141, 1234–1240.",
        "Graphene Oxide Membranes for Ion Sieving",
    ),
    (
        "Hansson O, Zetterberg H. Association between CSF biomarkers and incipient Alzheimer's"
        " disease. Lancet Neurol. 2006;5(3):228-34.",
        "Association between CSF biomarkers and incipient Alzheimer's disease",
    ),
    ("Smith, J. Graphene. Nature 2010, 5, 1.", "Graphene"),
    (
        "LeCun, Y., Bengio, Y. & Hinton, G. Deep learning. Nature 521, 436–444 (2015).",
        "Deep learning",
    ),
]


@pytest.mark.parametrize(("text", "title"), TITLED, ids=[text[:40] for text, _ in TITLED])
def test_titled_references_keep_their_title(text: str, title: str) -> None:
    assert parse(text).title == title


@pytest.mark.parametrize(
    "text",
    [
        # a title followed by its journal, in the styles that print one
        "A. Author, Results of the 2019 survey, part 2, Rep. Prog. Phys. 82, 016001 (2019).",
        "A. Smith, Quantum Chaos, Phys. Rev. 47, 777 (1935).",
        "A. Molyneux and R. Kerr, The ISAT Trial, The Lancet 361 (2003) 432.",
        "A. Einstein, B. Podolsky, and N. Rosen, Can quantum-mechanical description of physical"
        " reality be considered complete?, Phys. Rev. 47, 777 (1935).",
        "K. Smith, Deep Learning. Nature 521, 436 (2015).",
        "Novoselov K S et al 2004 Electric field effect in atomically thin carbon films Science"
        " 306 666",
        "Varma R 2000 Changing Research Cultures in U.S. Industry Brain Res. 25 395–416",
        "Smith J 2020 Results of the 2019 survey part 2 Rep. Prog. Phys. 82 016001",
        # no locator: a book
        "D. E. Knuth, The Art of Computer Programming, Vol. 1 (Addison-Wesley, 1968).",
    ],
)
def test_a_title_before_the_journal_is_not_taken_for_an_untitled_reference(text: str) -> None:
    assert untitled_article(text) is None


@pytest.mark.parametrize(
    ("text", "venue"),
    [
        ("Phys. Rev. Lett.", True),
        ("J. Phys.: Condens. Matter", True),
        ("Plasma Sources Sci. Technol.", True),
        ("Journal of the American Chemical Society", True),
        ("Physica C: Superconductivity", True),
        ("eLife", True),
        ("Deep learning. Nature", False),  # sentence case: a title
        ("Graphene. Nature", False),  # a word, not an abbreviation, ends in a full stop
        ("Title of the Article. J. Am. Chem. Soc.", False),  # three words before the stop
        ("The ISAT Trial. The Lancet", False),  # "The" opens a second phrase
        ("Quantum Chaos, Phys. Rev.", False),  # a comma after a word
        ("B. Podolsky, and N. Rosen, Phys. Rev.", False),
        ("Results of the 2019 survey", False),
    ],
)
def test_what_reads_as_a_venue(text: str, venue: bool) -> None:
    assert is_venue(text) is venue


@pytest.mark.parametrize(
    ("text", "venue", "volume", "pages", "year"),
    [
        # humanities journals number their volumes in roman numerals
        (
            "S. F. Hale, The Review of English Studies IV, 147 (1953).",
            "The Review of English Studies",
            "IV",
            "147",
            1953,
        ),
        ("M. Okafor, Speculum XXII, 301 (1947).", "Speculum", "XXII", "301", 1947),
    ],
)
def test_roman_volume_numbers(text: str, venue: str, volume: str, pages: str, year: int) -> None:
    reference = parse(text)
    assert (reference.title, reference.venue, reference.volume) == ("", venue, volume)
    assert (reference.pages, reference.year) == (pages, year)


@pytest.mark.parametrize(
    ("text", "families", "venue", "pages", "year"),
    [
        # Angewandte Chemie prints no title for a paper in proceedings
        (
            "[4] P. Osei, L. Brandt, R. Ng in Proceedings of the 2011 ACM Conference on"
            " Recommender Systems, Chicago, 2011, pp. 157–164.",
            ("Osei", "Brandt", "Ng"),
            "Proceedings of the 2011 ACM Conference on Recommender Systems, Chicago",
            "157-164",
            2011,
        ),
        (
            "[5] C. Okafor, M. S. Lindqvist in 42nd Annual Meeting of the American Society of"
            " Clinical Oncology, 2006, pp. 12–13.",
            ("Okafor", "Lindqvist"),
            "42nd Annual Meeting of the American Society of Clinical Oncology",
            "12-13",
            2006,
        ),
        (
            "[6] W. Ng, E. van Dijk in Icml, 2019.",
            ("Ng", "van Dijk"),
            "Icml",
            "",
            2019,
        ),
    ],
)
def test_untitled_papers_in_proceedings(
    text: str, families: tuple[str, ...], venue: str, pages: str, year: int
) -> None:
    reference = parse(text)
    assert reference.title == ""
    assert tuple(person.family for person in reference.people) == families
    assert (reference.venue, reference.pages, reference.year) == (venue, pages, year)
    assert reference.kind == "paper-conference"
    assert len(read_reflist(text, "refs.txt").references) == 1


@pytest.mark.parametrize(
    "text",
    [
        # a title before " in ": the old reading
        "[7] P. Osei, Graph Networks in Proceedings of the ACM Conference, 2011, pp. 1–9.",
        "[8] P. Osei, L. Brandt, Sepsis in children, Lancet, 2011, 5, 1–9.",
        # what follows " in " is no venue
        "[9] P. Osei, L. Brandt in a study of sepsis, 2011.",
    ],
)
def test_a_title_before_in_is_no_untitled_paper(text: str) -> None:
    assert untitled_paper(text.split("] ", 1)[1]) is None
