"""Venue names of every field: the same venue written differently agrees, another venue
differs, and what an index files a work under without naming a venue proves nothing."""

from __future__ import annotations

import pytest
from cite_sentinel.core.matching.venues import (
    Placement,
    is_venue_claim,
    names_a_conference,
    place,
    publishes_without_dois,
    workshop_version,
)

NEURIPS = "Advances in Neural Information Processing Systems 34"


def _agrees(cited: str, *names: str) -> bool:
    return place(cited, names) is Placement.AGREES


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("Nature Communications", "Nature Communications"),
        ("Nature", "Nature"),
        ("Cell", "Cell"),
        ("Biometrika", "Biometrika"),
        ("Frontiers in psychology", "Frontiers in Psychology"),
        ("The Lancet", "Lancet"),
        ("PLoS ONE", "PLOS ONE"),
        ("Muscle & Nerve", "Muscle and Nerve"),
    ],
)
def test_the_same_venue_written_with_other_case_articles_or_ampersand_agrees(
    cited: str, found: str
) -> None:
    assert _agrees(cited, found)


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("J Biol Chem", "Journal of Biological Chemistry"),
        ("J. Biol. Chem.", "The Journal of Biological Chemistry"),
        (
            "Proc Natl Acad Sci U S A",
            "Proceedings of the National Academy of Sciences of the United States of America",
        ),
        (
            "Proc. Natl. Acad. Sci. USA",
            "Proceedings of the National Academy of Sciences of the United States of America",
        ),
        ("N Engl J Med", "New England Journal of Medicine"),
        ("Mon. Not. R. Astron. Soc.", "Monthly Notices of the Royal Astronomical Society"),
        ("Earth planet. Sci. Lett.", "Earth and Planetary Science Letters"),
        ("Phys. Rev. D", "Physical Review D"),
        ("Z. Phys.", "Zeitschrift für Physik"),
        ("Mol Cell", "Molecular Cell"),
        ("Journal of Psychopharmacology", "Journal of Psychopharmacology (Oxford, England)"),
    ],
)
def test_iso4_and_nlm_abbreviations_agree_with_the_full_title_either_way(
    cited: str, found: str
) -> None:
    assert _agrees(cited, found)
    assert _agrees(found, cited)


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("PNAS", "Proceedings of the National Academy of Sciences"),
        ("JAMA", "Journal of the American Medical Association"),
        ("JHEP", "Journal of High Energy Physics"),
        ("ApJ", "The Astrophysical Journal"),
        ("OSDI", "USENIX Symposium on Operating Systems Design and Implementation"),
        ("SOUPS", "Symposium on Usable Privacy and Security"),
        ("SODA", "Proceedings of the 2024 Annual ACM-SIAM Symposium on Discrete Algorithms (SODA)"),
        ("SODA", "Annual ACM-SIAM Symposium on Discrete Algorithms"),
        (
            "Symposium on Discrete Algorithms",
            "Proceedings of the 2024 Annual ACM-SIAM Symposium on Discrete Algorithms",
        ),
    ],
)
def test_acronyms_and_long_proceedings_titles_agree_with_the_venue(cited: str, found: str) -> None:
    assert _agrees(cited, found)


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("Nature", "Nature Communications"),
        ("Lancet", "The Lancet Oncology"),
        ("Cell", "Cells"),
        ("Physical Review A", "Physical Review B"),
        ("Journal of Applied Physics", "Applied Physics Letters"),
        ("J Org Chem", "Journal of Molecular Structure"),
        ("J Mol Biol", "Mol Cell"),
        ("Proceedings of the IEEE", "IEEE Transactions on Signal Processing"),
        ("Econometrica", "Gender, Work and Organization"),
    ],
)
def test_another_venue_differs(cited: str, found: str) -> None:
    assert place(cited, (found,)) is Placement.DIFFERS


@pytest.mark.parametrize(
    "host",
    [
        "Springer",
        "Springer eBooks",
        "Society for Industrial and Applied Mathematics eBooks",
        "CaltechAUTHORS",
        "arXiv (Cornell University)",
        "Zenodo",
        "Lecture Notes in Computer Science",
        "Oxford University Press",
    ],
)
def test_a_publisher_repository_or_series_given_as_the_venue_cannot_refute_one(host: str) -> None:
    assert place("Journal of Algebra", (host,)) is Placement.UNPLACED


def test_an_index_that_calls_its_venue_a_repository_cannot_refute_one() -> None:
    assert place("Physical Review Letters", ("Europe PMC",), host=True) is Placement.UNPLACED
    assert place("Physical Review Letters", ("Some Archive",), host=True) is Placement.UNPLACED


def test_any_name_the_index_gives_the_venue_may_agree() -> None:
    names = ("Proceedings of the National Academy of Sciences", "PNAS", "Proc Natl Acad Sci")
    assert _agrees("Proc. Natl. Acad. Sci.", *names)


def test_a_venue_only_one_name_long_of_another_is_not_called_wrong() -> None:
    assert place("Journal of Physics", ("Journal of Physics: Condensed Matter",)) is (
        Placement.UNPLACED
    )


def test_names_in_another_script_cannot_be_compared() -> None:
    assert place("Journal of Geography", ("地理学評論",)) is Placement.UNPLACED


def test_an_index_without_a_venue_cannot_refute_one() -> None:
    assert place("Nature", ()) is Placement.UNPLACED


@pytest.mark.parametrize(
    "cited",
    [
        "NeurIPS",
        "NIPS",
        "Advances in Neural Information Processing Systems",
        "Proc. of NeurIPS 2021",
    ],
)
def test_neurips_names_agree_with_the_long_name(cited: str) -> None:
    assert _agrees(cited, NEURIPS, "NEURIPS")


def test_proceedings_abbreviation_agrees_with_the_short_name() -> None:
    icml = "Proceedings of the 38th International Conference on Machine Learning"
    assert _agrees("Proc. of ICML", icml, "ICML")


def test_machine_learning_journal_abbreviations_agree() -> None:
    assert _agrees("J. Mach. Learn. Res.", "Journal of Machine Learning Research", "JMLR")
    assert _agrees("Mach. Learn.", "Machine Learning", "MLJ")


def test_another_conference_differs() -> None:
    assert place("ICML", (NEURIPS, "NEURIPS")) is Placement.DIFFERS
    assert place("International Conference on Machine Learning", ("Machine Learning",)) is (
        Placement.DIFFERS
    )
    assert (
        place(
            "International Conference on Quantum Machine Learning",
            ("International Conference on Machine Learning", "ICML"),
        )
        is Placement.DIFFERS
    )


def test_preprint_servers_publishers_and_bare_proceedings_claim_no_venue() -> None:
    for cited in ("arXiv preprint arXiv:1706.03762", "CoRR", "bioRxiv", "SSRN Electronic Journal",
                  "Springer", "Proceedings", "In Proc."):  # fmt: skip
        assert not is_venue_claim(cited), cited
        assert _agrees(cited, NEURIPS)
    assert is_venue_claim("Proceedings of the IEEE")


def test_a_conference_workshop_counts_as_the_conference() -> None:
    assert _agrees("ICML", "ICML 2022 Workshop on Knowledge Retrieval", "ICMLW")


def test_a_proceedings_series_is_not_a_venue_claim() -> None:
    icml = "Proceedings of the 38th International Conference on Machine Learning"
    assert _agrees("Proceedings of Machine Learning Research", icml, "ICML")
    assert _agrees("PMLR", icml, "ICML")
    assert _agrees("JMLR W&CP", icml, "ICML")  # PMLR's name until 2016
    assert _agrees("Lecture Notes in Computer Science", "Computer Vision - ECCV 2022", "ECCV")


def test_acronyms_and_spaced_short_names_agree() -> None:
    assert _agrees("ECML PKDD", "Machine Learning and Knowledge Discovery in Databases", "ECMLPKDD")
    assert _agrees("SLT", "IEEE Spoken Language Technology Workshop")


def test_the_jmlr_open_source_track_is_jmlr() -> None:
    assert _agrees("Journal of Machine Learning Research", "mloss", "MLOSS")
    assert not _agrees("ICML", "mloss", "MLOSS")


@pytest.mark.parametrize(
    ("cited", "venue", "venue_short"),
    [
        ("ICML", "ICLR 2022 Workshops: GTRL", "ICLRW"),
        ("NeurIPS", "ICML 2022 Workshops: AI4Science", "ICMLW"),
        ("ECCV", "CVPR Workshops", ""),
    ],
)
def test_a_workshop_version_cannot_refute_a_flagship_of_its_field(
    cited: str, venue: str, venue_short: str
) -> None:
    assert not _agrees(cited, venue, venue_short)
    assert workshop_version(cited, venue, venue_short)


@pytest.mark.parametrize(
    ("cited", "venue", "venue_short"),
    [
        ("ACL", "ICLR 2021 Workshops: EBM", "ICLRW"),  # another field
        ("UAI", "ICLR 2021 Workshops: EBM", "ICLRW"),  # not a flagship
        ("ICML Workshop on Graph Learning", "ICLR 2022 Workshops: GTRL", "ICLRW"),
        ("ICML", "Advances in Neural Information Processing Systems 35", "NEURIPS"),
    ],
)
def test_other_venues_for_a_workshop_paper_or_a_main_conference_paper_stay_wrong(
    cited: str, venue: str, venue_short: str
) -> None:
    assert not workshop_version(cited, venue, venue_short)


def test_a_venue_cited_by_its_exact_short_name_agrees() -> None:
    assert _agrees("Nature", "Nature")
    assert _agrees("Pattern Recognition", "Pattern Recognition")


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("Epidemiol Prev", "Epidemiologia e prevenzione"),
        ("Gastroenterol Hepatol", "Gastroenterología y Hepatología"),
        ("Rev Psicopatol Psicol Clin", "Revista de Psicopatología y Psicología Clínica"),
        ("Probl Hig Epidemiol", "Problemy Higieny i Epidemiologii"),
        ("Rozhl Chir", "Rozhledy v chirurgii"),
        ("Ann Inst Pasteur", "Annales de l'Institut Pasteur"),
        ("Ann Ist Super Sanita", "Annali dell'Istituto superiore di sanità"),
        ("Tidsskr Nor Laegeforen", "Tidsskrift for Den norske lægeforening"),
        ("Tidsskr Kunst Kult", "Tidsskrift for Kunst og Kultur"),
        ("Turk Hij Den Biyol Derg", "Türk Hijyen ve Deneysel Biyoloji Dergisi"),
        ("Rev Bras Saude Mater Infant", "Revista Brasileira de Saúde Materno Infantil"),
    ],
)
def test_abbreviations_of_names_in_other_languages_skip_their_conjunctions_and_articles(
    cited: str, found: str
) -> None:
    assert _agrees(cited, found)
    assert _agrees(found, cited)


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("Phys. Rev. A", "Physical Review E"),
        ("Phys. Rev. E", "Physical Review A"),
        ("J. Phys. A", "Journal of Physics D: Applied Physics"),
        ("J Phys D Appl Phys", "Journal of Physics A: Mathematical and Theoretical"),
        ("Eur Phys J A", "The European Physical Journal C"),
        ("Z Naturforsch A", "Zeitschrift für Naturforschung B"),
        ("e-Neurological Sciences", "Neurological Sciences"),
    ],
)
def test_a_single_letter_at_either_end_of_a_name_is_a_series_and_tells_venues_apart(
    cited: str, found: str
) -> None:
    assert place(cited, (found,)) is Placement.DIFFERS


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("J. Phys. A: Math. Theor.", "Journal of Physics A: Mathematical and Theoretical"),
        (
            "Acta Crystallogr D Biol Crystallogr",
            "Acta Crystallographica Section D: Biological Crystallography",
        ),
        ("Eur Phys J C", "The European Physical Journal C"),
        ("Phys Rev E", "Physical Review E"),
    ],
)
def test_a_journals_series_letter_still_agrees_with_the_same_series(cited: str, found: str) -> None:
    assert _agrees(cited, found)


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("Epidemiol Prev", "Prevention Science"),
        ("Gastroenterol Hepatol", "Gastroenterology"),
        ("Ann Inst Pasteur", "Annales de l'Institut Fourier"),
        ("Medycyna Pracy", "Medicina del Lavoro"),
        ("Revista de Saude Publica", "Cadernos de Saude Publica"),
    ],
)
def test_a_venue_in_another_language_still_differs_from_another_venue(
    cited: str, found: str
) -> None:
    assert place(cited, (found,)) is Placement.DIFFERS


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        (
            "CIDR",
            "CIDR 2020, 10th Conference on Innovative Data Systems Research, Amsterdam, "
            "The Netherlands, January 12-15, 2020, Online Proceedings",
        ),
        (
            "RecSys",
            "Proceedings of the 9th ACM Conference on Recommender Systems, RecSys 2015, "
            "Vienna, Austria, September 16-20, 2015",
        ),
        (
            "Proc. RecSys '15",
            "Proceedings of the 9th ACM Conference on Recommender Systems, RecSys '15",
        ),
        (
            "ICDE",
            "36th IEEE International Conference on Data Engineering, ICDE 2020, Dallas, TX, USA",
        ),
        (
            "IEEE S&P",
            "2020 IEEE Symposium on Security and Privacy, SP 2020, San Francisco, CA, USA",
        ),
        ("SIGMOD Conference", "Proceedings of the ACM SIGMOD Conference 2015, Melbourne"),
    ],
)
def test_an_acronym_agrees_with_a_long_proceedings_title_that_carries_it(
    cited: str, found: str
) -> None:
    assert _agrees(cited, found)
    assert _agrees(found, cited)


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        (
            "ICDE",
            "36th IEEE International Conference on Data Engineering Workshops, "
            "ICDE Workshops 2020, Dallas",
        ),
        ("CIDR", "Proceedings of the Workshop on Data Lakes co-located with CIDR 2020, Amsterdam"),
        ("SIGMOD", "ACM SIGMOD Record"),
        ("ICDE", "CIDR 2020, 10th Conference on Innovative Data Systems Research, Amsterdam"),
        (
            "RecSys",
            "Proceedings of the 14th ACM Conference on Web Search and Data Mining, WSDM 2021",
        ),
    ],
)
def test_an_acronym_is_not_carried_by_a_workshop_a_magazine_or_another_venue_naming_it(
    cited: str, found: str
) -> None:
    assert place(cited, (found,)) is Placement.DIFFERS


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("L4DC", "Learning for Dynamics and Control"),
        ("L4DC", "Proceedings of the 3rd Conference on Learning for Dynamics and Control"),
        ("3DV", "International Conference on 3D Vision"),
        ("3DV", "Proceedings of the Conference on Stereo and Depth Perception (3DV)"),
        (
            "L4DC",
            "Proceedings of the 2nd Conference on Learning for Dynamics and Control, L4DC 2020",
        ),
    ],
)
def test_acronyms_with_digits_agree_with_the_venues_they_spell(cited: str, found: str) -> None:
    assert _agrees(cited, found)


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("L4DC", "Learning for Dynamical Systems"),
        ("3DV", "International Conference on 3D Imaging"),
        ("L4DC", "Conference on Robot Learning"),
    ],
)
def test_acronyms_with_digits_differ_from_venues_they_do_not_spell(cited: str, found: str) -> None:
    assert place(cited, (found,)) is Placement.DIFFERS


def test_a_journal_cited_with_its_descriptive_subtitle_agrees() -> None:
    cited = "Econometrica: Journal of the Econometric Society"
    assert place(cited, ("Econometrica",)) is Placement.AGREES
    assert place("Econometrica", (cited,)) is Placement.AGREES


def test_a_publisher_cited_as_the_venue_claims_none() -> None:
    for publisher in ("Springer Science & Business Media", "John Wiley & Sons", "Prentice Hall",
                      "McGraw-Hill", "Chapman & Hall/CRC"):  # fmt: skip
        assert place(publisher, ("Springer Series in Statistics",)) is Placement.AGREES


def test_an_index_placeholder_for_a_missing_venue_refutes_nothing() -> None:
    cited = "3rd International Conference on Learning Representations (ICLR 2015)"
    assert place(cited, ("(No Title)",)) is Placement.UNPLACED


def test_the_acl_anthology_under_one_name_confirms_acl_and_refutes_only_known_venues() -> None:
    umbrella = ("Meeting of the Association for Computational Linguistics",)
    workshop = "Proceedings of the ACL Workshop on Intrinsic and Extrinsic Evaluation Measures"
    assert place(workshop, umbrella) is Placement.AGREES
    assert place("Text Summarization Branches Out", umbrella) is Placement.UNPLACED
    assert place("NeurIPS", umbrella) is Placement.DIFFERS


def test_venues_that_register_no_dois_are_known() -> None:
    for venue in ("NeurIPS", "Proc. of the 38th International Conference on Machine Learning",
                  "ICLR 2024", "AISTATS", "Transactions on Machine Learning Research",
                  "ICML 2023 Workshop on Structured Probabilistic Inference"):  # fmt: skip
        assert publishes_without_dois(venue), venue
    for venue in ("Nature", "CVPR", "ACL", "MICCAI", "Journal of the ACM"):
        assert not publishes_without_dois(venue), venue


def test_a_platform_cited_as_the_venue_claims_none() -> None:
    for platform in ("IEEE Xplore", "ACM Digital Library", "ScienceDirect", "JSTOR"):
        assert place(platform, ("IEEE/CVF Conference on Computer Vision",)) is Placement.AGREES


def test_medline_and_place_forms_of_a_journal_agree_with_its_abbreviation() -> None:
    pnas = "Proceedings of the National Academy of Sciences, USA"
    assert place(pnas, ("Proc Natl Acad Sci",)) is Placement.AGREES
    section = "Brain Research: Brain Research Reviews"
    assert place(section, ("Brain Res Rev",)) is Placement.AGREES
    assert place("Journal of Physics: Condensed Matter", ("J Phys A",)) is not Placement.AGREES


def test_osdi_is_a_conference_that_registers_no_dois() -> None:
    osdi = "13th USENIX Symposium on Operating Systems Design and Implementation (OSDI 18)"
    assert publishes_without_dois(osdi) and names_a_conference(osdi)
    assert names_a_conference("CVPR") and not names_a_conference("Nature Methods")
    assert not names_a_conference("Journal of Machine Learning Research")


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("J. Phys. A", "Journal of Physics A: Mathematical and Theoretical"),
        (
            "Proc. R. Soc. A",
            "Proceedings of the Royal Society A: Mathematical, Physical and Engineering Sciences",
        ),
        (
            "Philos. Trans. R. Soc. B",
            "Philosophical Transactions of the Royal Society B: Biological Sciences",
        ),
        (
            "J. R. Stat. Soc. B",
            "Journal of the Royal Statistical Society Series B: Statistical Methodology",
        ),
        (
            "Nucl. Instrum. Methods Phys. Res. A",
            "Nuclear Instruments and Methods in Physics Research Section A: Accelerators,"
            " Spectrometers, Detectors and Associated Equipment",
        ),
    ],
)
def test_a_series_cited_by_its_letter_without_its_subject_agrees(cited: str, found: str) -> None:
    # the index adds what the series' letter stands for after a colon; citations drop it
    assert _agrees(cited, found)


def test_another_series_letter_of_the_same_journal_differs() -> None:
    found = "Proceedings of the Royal Society A: Mathematical, Physical and Engineering Sciences"
    assert place("Proc. R. Soc. B", (found,)) is Placement.DIFFERS
    assert (
        place("J. Phys.: Condens. Matter", ("Journal of Physics A: Mathematical and Theoretical",))
        is Placement.DIFFERS
    )


@pytest.mark.parametrize(
    "cited",
    ["Proc. Natl. Acad. Sci. USA", "Proc Natl Acad Sci U S A", "Proc. Natl. Acad. Sci.", "PNAS"],
)
@pytest.mark.parametrize(
    "found",
    [
        "Proceedings of the National Academy of Sciences",
        "Proceedings of the National Academy of Sciences of the United States of America",
    ],
)
def test_the_united_states_closing_a_name_is_no_part_of_it(cited: str, found: str) -> None:
    # Crossref and OpenAlex name PNAS each their own way; citations add "USA" or not
    assert _agrees(cited, found)


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("Glob Chang Biol", "Global Change Biology"),  # MEDLINE
        ("Trauma Violence Abus.", "Trauma, Violence, & Abuse"),  # ISO 4's stems
        ("Appl. Health Econ. Health Polic.", "Applied Health Economics and Health Policy"),
        ("For. Ecol. Manag.", "Forest Ecology and Management"),
        ("For. Ecol. Manag.", "For Ecol Manage"),  # two abbreviations of one journal
        ("J. Alloy. Compd.", "Journal of Alloys and Compounds"),
        ("Am J Sport Med", "American Journal of Sports Medicine"),
    ],
)
def test_a_word_with_its_last_letter_cut_abbreviates_it_inside_a_name(
    cited: str, found: str
) -> None:
    assert _agrees(cited, found)
    assert _agrees(found, cited)


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("Cell", "Cells"),
        ("Plant", "Plants"),
        ("Mol Cell", "Mol Cells"),  # Molecular Cell, and Molecules and Cells
        ("Mol Cells", "Molecular Cell"),
    ],
)
def test_a_plurals_letter_at_a_names_end_still_tells_two_journals_apart(
    cited: str, found: str
) -> None:
    assert place(cited, (found,)) is Placement.DIFFERS
    assert place(found, (cited,)) is Placement.DIFFERS


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("J. Diabetes Complicat.", "Journal of Diabetes and its Complications"),
        ("Theory Pract.", "Theory Into Practice"),
        ("Encephale", "L'Encéphale"),
        ("Homme", "L’Homme"),
        ("Can J Anesth", "Canadian Journal of Anesthesia/Journal canadien d'anesthésie"),
        ("J Can Anesth", "Canadian Journal of Anesthesia/Journal canadien d'anesthésie"),
        ("Stud. Relig.", "Studies in Religion/Sciences Religieuses"),
    ],
)
def test_words_iso4_leaves_out_and_either_name_of_a_bilingual_journal_agree(
    cited: str, found: str
) -> None:
    assert _agrees(cited, found)


def test_a_slash_inside_a_subtitle_does_not_make_two_names() -> None:
    found = "MCN: The American Journal of Maternal/Child Nursing"
    assert _agrees("MCN Am J Matern Child Nurs", found)
    assert place("Child Nursing", (found,)) is Placement.DIFFERS


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        (
            "Philos Trans R Soc Lond B Biol Sci",  # MEDLINE keeps the old name's London
            "Philosophical Transactions of the Royal Society B: Biological Sciences",
        ),
        (
            "Proc. R. Soc. Lond. A",
            "Proceedings of the Royal Society A: Mathematical, Physical and Engineering Sciences",
        ),
        (
            "Proc. R. Soc. A",
            "Proceedings of the Royal Society of London. Series A: Mathematical and Physical"
            " Sciences",
        ),
        ("Proc. Phys. Soc. Lond.", "Proceedings of the Physical Society"),
    ],
)
def test_a_societys_london_is_no_part_of_its_journals_name(cited: str, found: str) -> None:
    assert _agrees(cited, found)


@pytest.mark.parametrize(
    ("cited", "found"),
    [
        ("Proc. R. Soc. Lond. B", "Proceedings of the Royal Society A: Mathematical, Physical"),
        ("Proc. R. Soc. Edinb. A", "Proceedings of the Royal Society A: Mathematical, Physical"),
        ("J. Math. Soc. Japan", "Journal of the London Mathematical Society"),
    ],
)
def test_another_series_or_another_place_still_differs(cited: str, found: str) -> None:
    assert place(cited, (found,)) is Placement.DIFFERS
