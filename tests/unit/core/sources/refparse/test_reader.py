"""One printed reference read into fields, in the shapes real lists print them: where the
names end without a year after them, no title at all, PDF spacing, volumes after the journal,
bare citation numbers. Each case is written here in its own words; the labeller was never
trained on these strings."""

from __future__ import annotations

import pytest
from cite_sentinel.core.model import Location, Reference
from cite_sentinel.core.sources.identifiers import find_identifiers_in_text
from cite_sentinel.core.sources.refparse import parse_reference
from cite_sentinel.core.sources.refparse.assemble import reference_of
from cite_sentinel.core.sources.refparse.fields import fields_of
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import tokenise


def _read(text: str) -> Reference:
    return parse_reference(text, key="k", location=Location.point("refs.txt", 1, 1))


def _families(reference: Reference) -> list[str]:
    return [person.family or person.literal for person in reference.people]


def test_names_end_before_a_title_though_no_year_or_full_stop_follows_them() -> None:
    book = _read(
        "Okafor, T., Algebraic Methods in the Theory of Fluid Interfaces (Oxford University"
        " Press, 2011)."
    )
    assert _families(book) == ["Okafor"]
    assert book.title == "Algebraic Methods in the Theory of Fluid Interfaces"
    assert book.year == 2011


def test_given_names_after_the_first_author_and_the_year_after_the_journal() -> None:
    article = _read(
        "Lindqvist, I. and H. Tanaka, Cortical gating of attention in the behaving monkey."
        " Neuron, 2009. 61(3): p. 412-25."
    )
    assert _families(article) == ["Lindqvist", "Tanaka"]
    assert article.title == "Cortical gating of attention in the behaving monkey"
    assert (article.venue, article.year) == ("Neuron", 2009)
    assert (article.volume, article.issue, article.pages) == ("61", "3", "412-25")


def test_a_reference_printed_without_a_title_names_its_venue_volume_and_page() -> None:
    physics = _read("B. Moreau, K. Ito, and R. Duval, Phys. Rev. Lett. 98, 247201 (2007).")
    assert _families(physics) == ["Moreau", "Ito", "Duval"]
    assert physics.title == ""
    assert physics.venue.startswith("Phys. Rev. Lett")
    assert (physics.volume, physics.pages, physics.year) == ("98", "247201", 2007)
    astronomy = _read("Kowalski, P. & Haddad, R. 2015, Astron. J., 150, 112")
    assert _families(astronomy) == ["Kowalski", "Haddad"] and astronomy.title == ""
    assert (astronomy.volume, astronomy.pages, astronomy.year) == ("150", "112", 2015)


@pytest.mark.parametrize(
    ("text", "families", "venue", "volume", "page", "year"),
    [
        ("M. Okafor, JCAP 03 (2011) 051.", ["Okafor"], "JCAP", "03", "051", 2011),
        ("K. Ito, JCAP 0701 (2007) 031.", ["Ito"], "JCAP", "0701", "031", 2007),
        (
            "A. Moreau, B. Duval and C. Haddad, JHEP 1206 (2012) 035.",
            ["Moreau", "Duval", "Haddad"],
            "JHEP",
            "1206",
            "035",
            2012,
        ),
        ("R. Duval, PRL 116, 061102 (2016).", ["Duval"], "PRL", "116", "061102", 2016),
        (
            "T. Lindqvist and R. Duval, Nucl. Phys. B 360 (1991) 2010.",
            ["Lindqvist", "Duval"],
            "Nucl. Phys. B",
            "360",
            "2010",
            1991,
        ),
    ],
)
def test_physics_references_by_a_journals_short_name_volume_year_and_article(
    text: str, families: list[str], venue: str, volume: str, page: str, year: int
) -> None:
    """High-energy physics prints "JHEP 09 (2011) 012": a journal's short name in capitals
    after the names, the volume (INSPIRE's "1206": the year's last digits and the issue),
    the year in brackets, the article; a page may look like a year."""
    read = _read(text)
    assert _families(read) == families
    assert (read.title, read.venue) == ("", venue)
    assert (read.volume, read.pages, read.year) == (volume, page, year)


@pytest.mark.parametrize("journal", ["Nature", "Nat Genet", "Lancet Infect Dis"])
def test_a_vancouver_titles_last_capitalised_word_is_not_the_journals(journal: str) -> None:
    """Vancouver closes the title with a full stop and writes its journals without any: the
    capitalised word before the title's full stop is the title's."""
    read = _read(
        f"12. Mbeki T, Osei K. Spread of a new influenza virus in eastern Asia. {journal}."
        " 2004;430:209-13."
    )
    assert read.title == "Spread of a new influenza virus in eastern Asia"
    assert (read.venue, read.volume, read.pages) == (journal, "430", "209-13")


@pytest.mark.parametrize(
    ("text", "families", "title", "venue"),
    [
        (  # one name: its full stop ends the list, though a title's "A" looks like an initial
            "Okafor RG. A Guide to the Understanding and Use of Tricyclic Antidepressants in"
            " the Overall Management of Chronic Pain Syndromes. Arch Intern Med."
            " 1996;156(10):1047-52.",
            ["Okafor"],
            "A Guide to the Understanding and Use of Tricyclic Antidepressants in the Overall"
            " Management of Chronic Pain Syndromes",
            "Arch Intern Med",
        ),
        (  # a title of one word
            "Lindqvist MP. Vancomycin. Mayo Clin Proc 1991; 66:1165-1170.",
            ["Lindqvist"],
            "Vancomycin",
            "Mayo Clin Proc",
        ),
        (
            "Osei T, Ng K. Chambers. J Phys. 2010;12:1-9.",
            ["Osei", "Ng"],
            "Chambers",
            "J Phys",
        ),
        (  # places after the title's commas, the last before its full stop
            "Hong X, Wen F. A new species with a unique inflorescence from Guangdong, China."
            " PeerJ. 2019;7:e6157.",
            ["Hong", "Wen"],
            "A new species with a unique inflorescence from Guangdong, China",
            "PeerJ",
        ),
        (
            "Talen E. The social equity of park access in Pueblo, Colorado, and Macon, Georgia."
            " Urban Geogr. 1997;18:521-41.",
            ["Talen"],
            "The social equity of park access in Pueblo, Colorado, and Macon, Georgia",
            "Urban Geogr",
        ),
        (  # initials with full stops are no Vancouver list of one
            "Haddad L.C., Mbeki S., Osei D.R. Estrogen stimulates gene expression in human"
            " osteoblastic cells. Endocrinology 1999; 140, pages 4367-4370.",
            ["Haddad", "Mbeki", "Osei"],
            "Estrogen stimulates gene expression in human osteoblastic cells",
            "Endocrinology",
        ),
    ],
)
def test_vancouver_names_titles_and_journals_end_at_their_full_stops(
    text: str, families: list[str], title: str, venue: str
) -> None:
    read = _read(text)
    assert _families(read) == families
    assert (read.title, read.venue) == (title, venue)


@pytest.mark.parametrize(("opening", "closing"), [('"', '"'), ("“", "”"), ("'", "'")])
def test_a_title_quoting_a_phrase_goes_on_after_the_quotation(opening: str, closing: str) -> None:
    read = _read(
        f"Haddad W. The {opening}avoidable death{closing} guide to Europe. Health Policy."
        " 1986;6:115-22."
    )
    assert read.title == f"The {opening}avoidable death{closing} guide to Europe"
    assert (read.venue, read.volume) == ("Health Policy", "6")


@pytest.mark.parametrize(
    ("text", "families", "venue"),
    [
        (  # ACS: the journal's first abbreviations after the last name's initials
            "Mbeki, S. A.; Roberts, J. E.; Osei, I. H. Cogn. Ther. Res. 1998, 22, 445.",
            ["Mbeki", "Roberts", "Osei"],
            "Cogn. Ther. Res.",
        ),
        (
            "Lindqvist, J. C. J. Couns. Psychol. 1979, 26, 437-443.",
            ["Lindqvist"],
            "J. Couns. Psychol.",
        ),
        (
            "Abu-Saad Okafor, H. Int. J. Nurs. Stud. 2010, 47, 1199-1200.",
            ["Abu-Saad Okafor"],
            "Int. J. Nurs. Stud.",
        ),
        (  # APS: the journal's first abbreviations after the last name's comma
            "T. Haddad, G. Brix, and W. J. Lorenz, J. Magn. Reson. B 104, 199 (1994).",
            ["Haddad", "Brix", "Lorenz"],
            "J. Magn. Reson. B",
        ),
        (  # a long journal abbreviated without full stops, read as a title and a venue
            "B. Mbeki, R. Okafor, M. Swash et al., Amyotroph Lateral Scler Other Mot. Neuron"
            " Disord 1, 293 (2000).",
            ["Mbeki", "Okafor", "Swash"],
            "Amyotroph Lateral Scler Other Mot. Neuron Disord",
        ),
    ],
)
def test_an_abbreviated_journal_after_names_without_a_title_is_read_whole(
    text: str, families: list[str], venue: str
) -> None:
    """ACS and APS print no title and abbreviate every journal by ISO 4: its first
    abbreviations look like one more initial or one more name."""
    read = _read(text)
    assert _families(read) == families
    assert (read.title, read.venue.rstrip(".")) == ("", venue.rstrip("."))


@pytest.mark.parametrize(
    ("text", "title", "venue"),
    [
        (  # the journal's last abbreviation read as a publisher
            "(260) Osei, C.; Haddad, L. Treatment options in postherpetic neuralgia. Acta Neurol."
            " Scand. 1999, 100, 25-35.",
            "Treatment options in postherpetic neuralgia",
            "Acta Neurol. Scand.",
        ),
        (  # the journal's first words, one written out, read as the title's last sentence
            "(40) Mbeki, R. B.; Lal, A. K. Path positivity and infinite Coxeter groups. Linear"
            " Algebr. Appl. 1994, 196, 19-35.",
            "Path positivity and infinite Coxeter groups",
            "Linear Algebr. Appl.",
        ),
        (
            "7. Okafor, E. G. & Haddad, J. A Case Report of Cushing's Disease Presenting as Hair"
            " Loss. Case Rep. Dermatol. 9, 45-50 (2017).",
            "A Case Report of Cushing's Disease Presenting as Hair Loss",
            "Case Rep. Dermatol.",
        ),
        (  # the title's last sentence read into a one-word journal
            "(6) Osei, P.; Lindqvist, E. Emotional Stroop performance for masked angry faces:"
            " it's BAS, not BIS. Emotion 2004, 4, 305.",
            "Emotional Stroop performance for masked angry faces: it's BAS, not BIS",
            "Emotion",
        ),
        (
            "(21) Okafor, N.; Factor, V. Common antigens of mouse oval and biliary epithelial"
            " cells. Expression on newly formed hepatocytes. Differentiation 1990, 45, 29.",
            "Common antigens of mouse oval and biliary epithelial cells. Expression on newly"
            " formed hepatocytes",
            "Differentiation",
        ),
        (
            "19. Haddad LM, Osei PE. Antidepressant Treatment of Fibromyalgia: A Meta-Analysis"
            " and Review. Psychosomatics. 2000;41(2):104-113.",
            "Antidepressant Treatment of Fibromyalgia: A Meta-Analysis and Review",
            "Psychosomatics",
        ),
        (  # a long abbreviation written only in journals' names opens the journal
            "74. Okafor, D., Gennari, C. & Haddad, L. Prevention of early postmenopausal bone loss"
            " using low doses of ipriflavone. Osteoporos. Int. 5, 462-466 (1995).",
            "Prevention of early postmenopausal bone loss using low doses of ipriflavone",
            "Osteoporos. Int.",
        ),
        (  # a title's last capitalised word before ACS's journal and numbers is the title's
            "(153) Osei, J.; Pedraza, S. An Early Imaging Predictor of Motor Outcome after Stroke."
            " Am. J. Neuroradiol. 2011, 32, 857-863.",
            "An Early Imaging Predictor of Motor Outcome after Stroke",
            "Am. J. Neuroradiol.",
        ),
        (  # the journal's last abbreviation read as the date
            "(13) OSEI, W.; HADDAD, P. E. Prognosis of Subsequent Pregnancies after Recurrent"
            " Spontaneous Abortion in First Trimester. Obstet. Gynecol. Surv. 1988, 43, 90-91.",
            "Prognosis of Subsequent Pregnancies after Recurrent Spontaneous Abortion in First"
            " Trimester",
            "Obstet. Gynecol. Surv.",
        ),
        (  # the title's part after its comma read into the journal
            "(241) Okafor, H.; Arron, J. TRAF6, a molecular bridge spanning adaptive immunity,"
            " innate immunity and osteoimmunology. Bioessays 2003, 25, 1096.",
            "TRAF6, a molecular bridge spanning adaptive immunity, innate immunity and"
            " osteoimmunology",
            "Bioessays",
        ),
    ],
)
def test_where_a_title_ends_and_an_abbreviated_journal_starts(
    text: str, title: str, venue: str
) -> None:
    read = _read(text)
    assert (read.title, read.venue.rstrip(".")) == (title, venue.rstrip("."))


def test_an_ieee_journals_abbreviations_after_the_quoted_title_are_the_journals() -> None:
    read = _read(
        '[18] M. K. Okafor, S. H. Choi, and M. H. Won, "Autologous chondrocyte implantation in'
        ' the knee using fibrin," Knee Surg. Sport. Traumatol. Arthrosc., vol. 18, no. 4,'
        " pp. 528-534, 2010."
    )
    assert read.title == "Autologous chondrocyte implantation in the knee using fibrin"
    assert read.venue.rstrip(".") == "Knee Surg. Sport. Traumatol. Arthrosc"
    assert (read.volume, read.issue, read.pages, read.year) == ("18", "4", "528-534", 2010)


def test_a_quoted_word_inside_a_title_and_a_place_after_it_stay_the_titles() -> None:
    read = _read(
        "158. OSEI, J., KUMANO, M. & HADDAD, T. The Spatial Characteristics and Evaluation of"
        " “Gaien” in Nagoya, Japan. J. Jpn. Inst. Landsc. Archit. 66, 795-798 (2003)."
    )
    assert read.title == "The Spatial Characteristics and Evaluation of “Gaien” in Nagoya, Japan"
    assert read.venue.rstrip(".") == "J. Jpn. Inst. Landsc. Archit"


def test_acs_first_page_that_looks_like_a_year_is_the_page() -> None:
    read = _read(
        "(56) Okafor, E.; Kellum, J. RIFLE criteria provide robust assessment of kidney"
        " dysfunction. Crit Care Med 2006, 34, 2016."
    )
    assert (read.venue, read.year, read.volume, read.pages) == ("Crit Care Med", 2006, "34", "2016")


def test_a_first_page_announced_by_pp_is_no_year_though_it_looks_like_one() -> None:
    read = _read(
        '[143] N. Okafor and C. Mirkin, "Nanostructures in biodiagnostics," Chem Rev, vol. 105,'
        " pp. 1547, 2005."
    )
    assert (read.volume, read.pages, read.year) == ("105", "1547", 2005)


def test_initials_first_names_in_capitals_stay_names_before_an_abbreviated_journal() -> None:
    read = _read("J. P. OKAFOR et G. LINDQVIST. J. Am. Chem. Soc. 103, 2450 (1981).")
    assert _families(read) == ["OKAFOR", "LINDQVIST"]
    assert read.venue.rstrip(".") == "J. Am. Chem. Soc"


def test_pdf_spacing_around_marks_reads_as_typed() -> None:
    spaced = _read(
        'C. Reyes and D. Olsen, "Flat bands in twisted bilayers ,"Phys .Rev .B, vol. 88, p.'
        " 045412 ( 2013) ."
    )
    assert spaced.title == "Flat bands in twisted bilayers"
    assert spaced.venue == "Phys. Rev. B"
    assert (spaced.volume, spaced.year) == ("88", 2013)


def test_a_volume_after_the_journal_is_read() -> None:
    article = _read(
        "Salazar, M. (2004). Dopamine and the timing of reward. Trends in Cognitive Sciences"
        " 8, 113-120."
    )
    assert article.venue == "Trends in Cognitive Sciences"
    assert (article.volume, article.pages) == ("8", "113-120")


def test_a_bare_citation_number_is_no_author() -> None:
    numbered = _read(
        "31 Fernandes, R. A. Cold tolerance in tropical maize. Crop Sci. 12, 4-9 (1999)."
    )
    assert _families(numbered) == ["Fernandes"]
    assert numbered.title == "Cold tolerance in tropical maize"


def test_a_doi_glued_to_the_next_word_is_the_doi() -> None:
    glued = _read(
        "T. Brandt, Lattice QCD at finite density, Phys. Rev. D 90, 014508 (2014)."
        " doi:10.1103/PhysRevD.90.014508.URL http://example.org/paper"
    )
    assert glued.identifiers.doi == "10.1103/physrevd.90.014508"


def test_each_field_says_how_sure_the_reader_was() -> None:
    article = _read("Salazar, M. (2004). Dopamine and the timing of reward. Neuron, 8, 113-120.")
    assert 0.9 <= article.certainty("title") <= 1.0
    assert {name for name, _ in article.confidence} >= {"author", "title", "year", "venue"}


def _locator(reference: Reference) -> tuple[str, str, str, int | None]:
    return (reference.venue, reference.volume, reference.pages, reference.year)


def test_a_one_word_journal_after_inverted_names_is_the_venue() -> None:
    acs = _read("Okafor, C. N.; Lindqvist, E. Biomaterials 2017, 131, 58-67.")
    assert _families(acs) == ["Okafor", "Lindqvist"]
    assert acs.title == ""
    assert _locator(acs) == ("Biomaterials", "131", "58-67", 2017)


def test_a_journal_of_one_or_two_words_before_its_numbers_is_the_venue() -> None:
    aps = _read("M. Tanaka and P. Duval, Langmuir 24, 1021 (2008).")
    assert _families(aps) == ["Tanaka", "Duval"]
    assert _locator(aps) == ("Langmuir", "24", "1021", 2008)
    short = _read("K. Osei, R. Brandt, T. Lin et al., Data in brief 9, 614 (2016).")
    assert _locator(short) == ("Data in brief", "9", "614", 2016)


def test_a_volume_or_page_that_looks_like_a_year_keeps_its_place() -> None:
    aps = _read("R. Osei and L. Marsh, Biochim. Biophys. Acta 1863, 1502 (2021).")
    assert _locator(aps) == ("Biochim. Biophys. Acta", "1863", "1502", 2021)
    acs = _read("Haddad, S.; Novak, P. Journal of Nanomaterials 2016, 2016, 1-9.")
    assert _locator(acs) == ("Journal of Nanomaterials", "2016", "1-9", 2016)
    paged = _read("Moreau, L.; Quist, A. Chem. Geol. 2012, 65, 1968.")
    assert _locator(paged) == ("Chem. Geol", "65", "1968", 2012)


def test_a_reference_with_a_title_keeps_its_venue_as_read() -> None:
    titled = _read("Okafor, C. N. Scaffolds for bone repair. Acta Biomater. 2017, 131, 58-67.")
    assert titled.title == "Scaffolds for bone repair"
    assert _locator(titled) == ("Acta Biomater", "131", "58-67", 2017)


def test_a_journal_read_as_a_title_before_its_numbers_is_the_venue() -> None:
    acs = _read(
        "Kowalski, P.; Obi, N.; Marsh, L.; et al."
        " Spinal Cord Injury Other Motor Disord 2001, 3, 117."
    )
    assert acs.title == ""
    assert _locator(acs) == ("Spinal Cord Injury Other Motor Disord", "3", "117", 2001)


def test_a_journal_named_in_abbreviations_keeps_its_first_words() -> None:
    article = _read(
        "Okafor, T. Basalt weathering in the tropics. Geol. Soc. Am. Bull., v. 88, p. 12-20."
    )
    assert article.title == "Basalt weathering in the tropics"
    assert (article.venue, article.volume, article.pages) == ("Geol. Soc. Am. Bull", "88", "12-20")


def test_a_book_in_acs_shape_has_its_title_publisher_and_place() -> None:
    book = _read("Ruiz, P. Elements of Topology; Acad. Press: New York, 1971.")
    assert (book.title, book.publisher, book.year, book.kind) == (
        "Elements of Topology",
        "Acad. Press",
        1971,
        "book",
    )
    named = _read("Nakamura, T.; Berg, O. Polymer Physics; Wiley: Hoboken, NJ, 2003.")
    assert (named.title, named.venue, named.publisher) == ("Polymer Physics", "", "Wiley")


def test_a_bracketed_medium_after_the_title_is_the_kind_not_the_title() -> None:
    software = _read("Okafor, C. et al. tidygraphs (version 2.1.0) [Computer software]. 2022.")
    assert (software.title, software.kind) == ("tidygraphs (version 2.1.0)", "software")
    russian = _read("Ivanov, P. Teoriya grupp [in Russian]. Nauka: Moscow, 1975.")
    assert russian.title == "Teoriya grupp"


def test_a_report_title_after_an_organisation_is_the_title() -> None:
    report = _read(
        "World Health Organization. Mental health atlas 2020 [Internet]. Geneva: WHO; 2021"
        " [cited 2022 May 1]. Available from: https://who.example.org/atlas"
    )
    assert report.title == "Mental health atlas 2020"
    assert _families(report) == ["World Health Organization"]
    assert report.year == 2021


def test_html_tags_of_a_copied_reference_stay_out_of_its_fields() -> None:
    copied = _read(
        "Brandt, L. (2009). <italic>Pipe ageing in cold climates.</italic> Oslo: Norden Press."
    )
    assert _families(copied) == ["Brandt"]
    assert copied.title == "Pipe ageing in cold climates"
    assert "<" not in copied.publisher and "italic" not in copied.publisher


def test_a_place_before_a_year_or_a_last_initial_is_no_venue() -> None:
    book = _read("BRUNNER Anna/KELLER Jon, Verwaltungsrecht im Überblick, Schulthess, Zürich 2011.")
    assert book.venue == ""
    assert book.year == 2011
    note = _read("Okafor, T. N. (1998). Personal communication.")
    assert note.venue == ""
    assert _families(note) == ["Okafor"]


def test_iop_volume_and_page_after_a_year_printed_before_the_venue() -> None:
    mnras = _read("Okafor T and Lund P 2015 Mon. Not. R. Astron. Soc. 452 1201")
    assert _families(mnras) == ["Okafor", "Lund"]
    assert _locator(mnras) == ("Mon. Not. R. Astron. Soc", "452", "1201", 2015)
    letter = _read("Marsh K 2011 Astrophys. J. 731 L19")
    assert (letter.volume, letter.pages, letter.year) == ("731", "L19", 2011)


def test_a_year_read_inside_the_names_ends_them() -> None:
    iop = _read("Brandt L M and Osei K R 2018 J. Phys. A: Math. Theor. 51 125001")
    assert _families(iop) == ["Brandt", "Osei"]
    assert iop.year == 2018
    assert iop.venue.startswith("J. Phys. A")


def test_the_last_family_name_after_an_initial_is_a_name_not_the_venue() -> None:
    paper = _read(
        "K. Osei, L. Brandt, T. Lindqvist in Proceedings of the Web Conference, 2021, pp. 88-97."
    )
    assert _families(paper) == ["Osei", "Brandt", "Lindqvist"]
    assert paper.venue.startswith("Proceedings of the Web Conference")


def test_vancouver_names_end_at_the_full_stop_after_the_last_initials() -> None:
    equivariant = _read(
        "Osei K, Brandt L, Lindqvist T. SE(2)-Equivariant Graph Networks. In: ICML; 2021. p. 10-19."
    )
    assert _families(equivariant) == ["Osei", "Brandt", "Lindqvist"]
    assert equivariant.title == "SE(2)-Equivariant Graph Networks"
    starred = _read(
        "Osei K, Brandt L, Marsh PK. GNN*: Searching Graphs With Priors."
        " J Artif Intell Res. 2019;12:1-30."
    )
    assert _families(starred) == ["Osei", "Brandt", "Marsh"]
    assert starred.title.startswith("GNN*")


def test_a_doi_cut_at_a_line_end_is_read_whole() -> None:
    reference = _read(
        "Osei, K. and Brandt, E. Fair allocation under matroid constraints. In Proceedings of"
        " the Conference on Artificial Intelligence, pages 12-19, 2019. doi: 10.1609/aaai."
        " v33i01.33019921."
    )
    assert reference.identifiers.doi == "10.1609/aaai.v33i01.33019921"
    assert reference.year == 2019


@pytest.mark.parametrize(
    "text",
    [
        # the years a journal ran, in brackets after its name, in several styles
        "Okafor T. Typhoid in rural counties. Public Health Reports (1896-1970)."
        " 1950;65(12):345-60.",
        'T. Okafor, "Typhoid in rural counties," Public Health Reports (1896-1970), vol. 65,'
        " no. 12, pp. 345-360, 1950.",
        "Okafor, T. (1950). Typhoid in rural counties. Public Health Reports (1896-1970), 65(12),"
        " 345-360.",
        "Okafor T. Typhoid in rural counties. Annals of Surgery (1885-). 1950;3:1-9.",
    ],
)
def test_the_years_a_journal_ran_are_its_name_not_the_date(text: str) -> None:
    reference = _read(text)
    assert reference.year == 1950
    assert reference.venue.endswith(")")


def test_a_year_in_a_venue_name_gives_way_to_the_date_printed_after_it() -> None:
    assert _read("T. Okafor, PoS LATTICE 2015 (2016) 016.").year == 2016
    book = _read(
        "Okafor, Tunde. “Fiction and the City.” Contemporary Novelists: British Fiction since"
        " 1970. London: Osei Press, 2005: 160-179."
    )
    assert book.year == 2005


def test_a_vancouver_date_before_a_volume_that_looks_like_a_year_stays_the_date() -> None:
    reference = _read("Okafor T. Membrane proteins. Biochim Biophys Acta 2000; 1502:95-109.")
    assert reference.year == 2000
    assert reference.venue == "Biochim Biophys Acta"


@pytest.mark.parametrize(
    ("text", "title", "venue"),
    [
        (
            "Brandt, Emma, Die Kultur der Städte im Mittelalter, in: Historische Studien 39"
            " (2005), S. 1-100.",
            "Die Kultur der Städte im Mittelalter",
            "Historische Studien",
        ),
        (
            "K. Osei, T. Ng, Rivers and Their Deltas, in: Proceedings of the Hydrology"
            " Congress, 2016: pp. 41–52.",
            "Rivers and Their Deltas",
            "Proceedings of the Hydrology Congress",
        ),
    ],
)
def test_words_before_in_colon_are_the_title_and_what_follows_the_venue(
    text: str, title: str, venue: str
) -> None:
    reference = _read(text)
    assert (reference.title, reference.venue) == (title, venue)


def test_a_title_after_names_printed_initials_first_is_no_name() -> None:
    reference = _read("K. Osei, T. Ngata, Rivers and their deltas, J. Hydrol. 12 (2016) 41–52.")
    assert _families(reference) == ["Osei", "Ngata"]
    assert reference.title == "Rivers and their deltas"


@pytest.mark.parametrize(
    ("text", "families"),
    [
        # names joined by "and", "et", or an "and" a PDF glued on, and no title at all
        (
            "W. S. Osei, K. Ng, Y. G. Kim and C. B. Park, Phys. Rev. D 79, 031701 (2009).",
            ["Osei", "Ng", "Kim", "Park"],
        ),
        (
            "D. MATTE, B. OSEI, A. MERLIN et X. DEGLISE. Can. J. Chem. 67, 786 (1989).",
            ["MATTE", "OSEI", "MERLIN", "DEGLISE"],
        ),
        (
            "S. Brandt, U. Low, A. Patel et al., Phys. Lett. B227, 266 (1989).",
            ["Brandt", "Low", "Patel"],
        ),
    ],
)
def test_names_printed_initials_first_without_a_title_stay_names(
    text: str, families: list[str]
) -> None:
    assert _families(_read(text)) == families


@pytest.mark.parametrize(
    ("text", "families", "title"),
    [
        # GOST: the full stop of the last initials ends the names
        (
            "2. Sidorov P. A., Ivanova E. S., Kuznetsova O. M. Lattice models of magnets //"
            " Physics Letters. 2019. Vol. 3. Pp. 1 – 9.",
            ["Sidorov", "Ivanova", "Kuznetsova"],
            "Lattice models of magnets",
        ),
        # Copernicus: a long list the labeller broke off before its last names
        (
            "Osei, T., Ng, C., Brandt, B., Moreau, M., Hart, M., Lindqvist, H., Dubois, R.,"
            " Tanaka, S., Berg, N., Ortiz, D., Okafor, G., Wang, Z., Freitas, N. de, and Kim, W.:"
            " Glacier retreat in the Alps, in: EGU, 2020.",
            [
                "Osei",
                "Ng",
                "Brandt",
                "Moreau",
                "Hart",
                "Lindqvist",
                "Dubois",
                "Tanaka",
                "Berg",
                "Ortiz",
                "Okafor",
                "Wang",
                "de Freitas",
                "Kim",
            ],
            "Glacier retreat in the Alps",
        ),
    ],
)
def test_names_the_labeller_ended_too_early_run_on(
    text: str, families: list[str], title: str
) -> None:
    reference = _read(text)
    assert _families(reference) == families
    assert reference.title == title


def test_a_title_opening_with_an_initial_stays_the_title() -> None:
    reference = _read("Osei J, Ng K. World War I. The aftermath. Hist J. 2001;3:1-2.")
    assert _families(reference) == ["Osei", "Ng"]
    assert reference.title.startswith("World War I")


@pytest.mark.parametrize(
    ("text", "date", "volume"),
    [
        (
            "Osei K, Ng T. Renal outcomes. Lancet. 2019 Dec 3;394(10214):2011-20.",
            "2019-12-03",
            "394",
        ),
        ("Osei K. Renal outcomes. BMJ. 2018 Jan 15;360:k12.", "2018-01-15", "360"),
        ("Osei K. Renal outcomes. BMJ. 2018 Jan;360:k12.", "2018-01", "360"),
    ],
)
def test_the_day_of_a_vancouver_date_is_no_volume(text: str, date: str, volume: str) -> None:
    reference = _read(text)
    assert (reference.date, reference.volume) == (date, volume)


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (
            "Osei Agency. (2019). Annual energy outlook 2019. Osei Agency.",
            "Annual energy outlook 2019",
        ),
        (
            "Taylor, J. 2010. \u201cThe census test of 2009.\u201d Social Statistics 3: 1\u20139.",
            "The census test of 2009",
        ),
    ],
)
def test_a_year_ending_a_title_after_the_date_stays_in_the_title(text: str, title: str) -> None:
    reference = _read(text)
    assert reference.title == title


@pytest.mark.parametrize(
    ("text", "title", "venue", "volume", "pages"),
    [
        # IOP: no mark between title and venue; the venue opens with a capital venue word
        (
            "[2] Osei K and Ng T 2018 Spin transport in layered magnets J. Phys.: Condens."
            " Matter 30 125801",
            "Spin transport in layered magnets",
            "J. Phys.: Condens. Matter",
            "30",
            "125801",
        ),
        (
            "[3] Brandt E 2020 Dust formation in the winds of giants Mon. Not. R. Astron. Soc."
            " 491 4017",
            "Dust formation in the winds of giants",
            "Mon. Not. R. Astron. Soc",
            "491",
            "4017",
        ),
    ],
)
def test_an_iop_title_runs_into_its_venue_and_a_bare_volume_and_page_follow(
    text: str, title: str, venue: str, volume: str, pages: str
) -> None:
    reference = _read(text)
    assert (reference.title, reference.venue) == (title, venue)
    assert (reference.volume, reference.pages) == (volume, pages)


def test_a_journal_name_with_lower_case_words_stays_whole() -> None:
    reference = _read(
        "Osei, et al., Journal of Pharmacology and Experimental Therapeutics, 272(3),"
        " 1313-1320, 1995"
    )
    assert reference.venue == "Journal of Pharmacology and Experimental Therapeutics"


def test_a_range_printed_with_a_space_after_p_is_no_volume() -> None:
    reference = _read("Okafor, T. (2001). Des jeux athlétiques. La classe, p. 112 114.")
    assert reference.volume == ""


def test_a_date_printed_day_month_year_with_slashes_gives_its_year() -> None:
    reference = _read(
        "ARBOUET, F. L'Oiseau-Mouche se pose à Paris. Lien social, 25/04/2013, pp. 16-18."
    )
    assert reference.year == 2013


def test_a_reference_after_a_same_author_rule_names_no_one_and_opens_with_its_title() -> None:
    for raw, title in (
        ("———. Nightwalker. Translated by Ama Osei; revised by Kofi Mensah. Accra: Sankofa,"
         " 1969.", "Nightwalker"),
        ("———. Kwame Nkrumah. Edited by Ama Osei. Accra: Sankofa, 1956.", "Kwame Nkrumah"),
        ("______. De civitate, ed. Kofi Mensah. Accra, 1962.", "De civitate"),
    ):  # fmt: skip
        reference = _read(raw)
        assert reference.title == title, raw
        assert not _families(reference), raw  # the list gives it the names of the one before


def test_an_arxiv_identifier_read_as_a_note_is_never_the_year() -> None:
    # arXiv's "1705.08453" opens with four digits that look like a year; a labeller may leave
    # the identifier in a note, where no date was read
    text = 'K. Osei, "Entropy and the equations of motion," arXiv :1705.08453 [hep-th].'
    tokens = tokenise(text)
    quote = [token.text for token in tokens].index('"', 3)
    labels = [Label.AUTHOR] * 4 + [Label.OTHER] + [Label.TITLE] * (quote - 5)
    labels += [Label.OTHER] * (len(tokens) - len(labels) - 5) + [Label.NOTE] * 5
    fields = fields_of(text, tokens, Labelling(tuple(labels), (0.9,) * len(labels)))
    reference = reference_of(
        fields, text=text, key="k", location=Location.point("refs.txt", 1, 1), raw=text,
        identifiers=find_identifiers_in_text(text),
    )  # fmt: skip
    assert reference.year is None
    assert _read("K. Osei. Wages and work. KDI Review 23(2001.12): 193-231.").year == 2001


@pytest.mark.parametrize(
    ("printed", "year", "date"),
    [
        ("vol. 412, no. 2, pp. 88-95, Aug.2004.", 2004, "2004-08"),  # a PDF's lost space
        ("vol. 412, no. 2, pp. 88-95, Oct .2004.", 2004, "2004-10"),  # and its misplaced one
        ("vol. 412, no. 2, pp. 88-95, Aug. 2004.", 2004, "2004-08"),
    ],
)
def test_a_month_glued_to_its_year_by_a_full_stop_gives_the_year(
    printed: str, year: int, date: str
) -> None:
    article = _read(
        'K. Osei and P. Lind, "Drift chambers read by pixel chips," Nucl. Instrum. Methods, '
        + printed
    )
    assert (article.year, article.date) == (year, date)
    assert article.volume == "412"


def test_a_version_number_before_a_year_is_no_year() -> None:
    # "3.2004" is a number's part, not a date: the year is the one in brackets
    report = _read("Osei, K. (2019). Field Manual for Drift Chambers, release 3.2004. Geneva.")
    assert report.year == 2019


@pytest.mark.parametrize(
    "printed",
    [
        "Osei, K., & Lind, P. 2016, Astrophysical Journal, 812, 1904",
        "Osei K., Lind P., 2016, MNRAS, 812, 1904",
        "Osei, K., & Lind, P. 2016, Journal of Geophysical Research (Planets), 812, 1904",
    ],
)
def test_a_first_page_that_looks_like_a_year_after_the_volume_is_the_page(printed: str) -> None:
    # the date printed after the names, the journal's numbers last: "1904" is the page
    article = _read(printed)
    assert (article.year, article.volume, article.pages) == (2016, "812", "1904")


def test_a_bare_volume_then_a_page_range_are_the_volume_and_pages() -> None:
    # IOP's unpunctuated "Nucl. Instrum. Methods Phys. Res. A 540 502–19"
    article = _read(
        "Osei K and Lind P 2005 Blades for drift chambers Nucl. Instrum. Methods Phys. Res. A"
        " 540 502-19"
    )
    assert (article.volume, article.pages) == ("540", "502-19")


@pytest.mark.parametrize(
    ("printed", "venue", "volume", "pages"),
    [
        ("Osei, K., Phys. Rev. D86, 054009 (2012).", "Phys. Rev. D", "86", "054009"),
        ("Osei, K., Nucl. Phys. B293, 420 (1987).", "Nucl. Phys. B", "293", "420"),
        ("Osei, K.: Nature248, 30 (1974).", "Nature", "248", "30"),
        # a conference's year and JHEP's year and month are no volume
        ("Osei, K., JHEP0908 (2009) 008.", "JHEP0908", "", "008"),
    ],
)
def test_a_volume_a_pdf_glued_to_its_journal_is_the_volume(
    printed: str, venue: str, volume: str, pages: str
) -> None:
    article = _read(printed)
    assert (article.venue, article.volume, article.pages) == (venue, volume, pages)


def test_an_issue_printed_as_a_range_is_the_whole_range() -> None:
    # a double or combined issue: "382(1-4)", "38(3/4)"
    assert (
        _read("Osei, K., 2010. Drift. Journal of Hydrology, 382(1-4), pp.1234-1240.").issue == "1-4"
    )
    assert _read("Osei, K., 2010. Drift. Journal of Hydrology, 38(3/4), 12-40.").issue == "3/4"


def test_a_year_in_brackets_that_opens_a_reference_is_its_date_not_its_number() -> None:
    # an index's export that prints no names: "(2010) IEEE Transactions on …, 40 (4), …"
    article = _read("(2010) Journal of Drift Chambers, 40 (4), pp. 1021-1033.")
    assert (article.year, article.venue, article.volume) == (
        2010,
        "Journal of Drift Chambers",
        "40",
    )
    numbered = _read("(12) Osei, K. Drift of chambers. Nature 465, 1234 (2010).")
    assert (numbered.title, numbered.year) == ("Drift of chambers", 2010)


@pytest.mark.parametrize(
    "printed",
    [
        "Osei K, Ng T. Drift of chambers in mice. N Engl J Med. 2010;362(4):1234-40.",
        "Osei K, Ng T (2010) Drift of chambers in mice. N Engl J Med 362:1234-40",
        "Osei, K. and Ng, T. (2010) 'Drift of chambers in mice', N Engl J Med, 362, pp. 1234-40.",
    ],
)
def test_a_journal_that_opens_with_one_letter_keeps_it(printed: str) -> None:
    # "Engl J Med" is another venue than the New England Journal of Medicine to the matcher
    assert _read(printed).venue == "N Engl J Med"


def test_a_volume_and_a_first_page_that_looks_like_a_year_read_into_the_venue_are_its_numbers() -> (
    None
):
    # APS without a title: "Natural Hazards 65, 1968 (2012)", the page 1968 a year to the eye
    article = _read("[12] K. Osei, L. Ng, and D. Hart, Natural Hazards 65, 1968 (2012).")
    assert (article.venue, article.volume, article.pages, article.year) == (
        "Natural Hazards",
        "65",
        "1968",
        2012,
    )


@pytest.mark.parametrize(
    ("text", "families", "given"),
    [
        (
            "Соколов А.Б., Лебедев Г.Д. Основы теории упругости. М.: Наука, 1988. 240 с.",
            ["Соколов", "Лебедев"],
            ["А. Б.", "Г. Д."],
        ),
        (
            "Παπαδόπουλος Κ.Δ., Γεωργίου Α.Μ. Θεωρία ελαστικότητας. Αθήνα: Πανεπιστήμιο, 1988.",
            ["Παπαδόπουλος", "Γεωργίου"],
            ["Κ. Δ.", "Α. Μ."],
        ),
    ],
)
def test_initials_run_together_after_a_family_name_in_any_script_stay_initials(
    text: str, families: list[str], given: list[str]
) -> None:
    reference = _read(text)
    assert _families(reference) == families
    assert [person.given for person in reference.people] == given
