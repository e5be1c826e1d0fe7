"""Author blocks in every name order become the right people."""

from __future__ import annotations

import pytest
from cite_sentinel.core.model import Person
from cite_sentinel.core.sources.reflist_people import looks_like_people, parse_people

LIU = Person(family="Liu", given="F.")


@pytest.mark.parametrize(
    ("block", "families"),
    [
        ("Liu, F., Chen, M., Roth, D., & Collier, N.", ["Liu", "Chen", "Roth", "Collier"]),
        ("Liu F, Chen M, Roth D, Collier N", ["Liu", "Chen", "Roth", "Collier"]),
        ("F. Liu, M. Chen, D. Roth, and N. Collier", ["Liu", "Chen", "Roth", "Collier"]),
        ("Liu, Fangyu, Muhao Chen, and Nigel Collier", ["Liu", "Chen", "Collier"]),
        ("Liu, F., Chen, M. & Collier, N.", ["Liu", "Chen", "Collier"]),
        ("Dalton, N.S., Collins, E. and Marshall, P.", ["Dalton", "Collins", "Marshall"]),
        ("Smith, J.; Jones, K.; Brown, L.", ["Smith", "Jones", "Brown"]),
        ("van der Maaten, L., & Hinton, G.", ["van der Maaten", "Hinton"]),
        ("L. van der Maaten and G. Hinton", ["van der Maaten", "Hinton"]),
        ("Cheng PC-H, Islam MdA, Bruce NDB", ["Cheng", "Islam", "Bruce"]),
        ("Mausam, Soderland, S. & Etzioni, O.", ["Mausam", "Soderland", "Etzioni"]),
        ("Evci, U., … Houlsby, N.", ["Evci", "Houlsby"]),
    ],
)
def test_name_orders_of_common_styles(block: str, families: list[str]) -> None:
    people, others = parse_people(block)
    assert [person.family for person in people] == families
    assert not others


def test_initials_keep_their_full_stops_and_given_names_stay_whole() -> None:
    assert parse_people("Liu, F.")[0] == (LIU,)
    people, _ = parse_people("Hochreiter, Sepp, and Jürgen Schmidhuber")
    assert people == (
        Person(family="Hochreiter", given="Sepp"),
        Person(family="Schmidhuber", given="Jürgen"),
    )


@pytest.mark.parametrize("block", ["Liu, F., et al.", "Liu F, et al", "Liu, F. et al.", "Liu, F…"])
def test_et_al_and_ellipsis_mean_more_authors(block: str) -> None:
    people, others = parse_people(block)
    assert [person.family for person in people] == ["Liu"]
    assert others


def test_nicknames_in_parentheses_are_dropped() -> None:
    people, _ = parse_people("Wu, F., Zhang, Z. (Mark)., & Zhuang, Y.")
    assert [person.family for person in people] == ["Wu", "Zhang", "Zhuang"]


def test_corporate_authors_are_literal() -> None:
    people, _ = parse_people("National Institute of Standards and Technology")
    assert people == (Person(literal="National Institute of Standards and Technology"),)


@pytest.mark.parametrize("behalf", ["for the", "on behalf of the", "On behalf of"])
def test_a_group_the_authors_wrote_for_is_named_as_the_group(behalf: str) -> None:
    people, _ = parse_people(f"Osei K, Ng T, {behalf} Nordic Asthma Trial Investigators")
    assert [person.family or person.literal for person in people] == [
        "Osei",
        "Ng",
        "Nordic Asthma Trial Investigators",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Visual pivoting for unsupervised entity alignment",
        "Proceedings of the AAAI Conference 2021",
        "Roesner F. What makes a",
        "A. Krizhevsky, I.",
    ],
)
def test_titles_and_broken_name_lists_do_not_pass_for_authors(text: str) -> None:
    assert not looks_like_people(text)


def test_author_blocks_pass_for_authors() -> None:
    assert looks_like_people("Liu, F., Chen, M., Roth, D. & Collier, N.")
    assert looks_like_people("Cardoso, G., el idrissi, Y. J., Le Corff, S., & Moulines, E.")


def test_run_together_vancouver_initials_are_read_as_initials() -> None:
    people, _ = parse_people("Weng TW, Zhao P, Chen P-Y")
    assert [(person.family, person.given) for person in people] == [
        ("Weng", "T. W."),
        ("Zhao", "P."),
        ("Chen", "P.-Y."),
    ]


@pytest.mark.parametrize(
    ("block", "families"),
    [
        ("Felli, P., Silva, L. de, Logan, B.", ["Felli", "de Silva", "Logan"]),
        ("Dudzik, B., Waa, J. van der, & Chen, P.-Y.", ["Dudzik", "van der Waa", "Chen"]),
        ("Felli P, Silva L de, Logan B", ["Felli", "de Silva", "Logan"]),
    ],
)
def test_particles_written_after_the_initials_stay_with_the_family_name(
    block: str, families: list[str]
) -> None:
    people, _ = parse_people(block)
    assert [person.family for person in people] == families


@pytest.mark.parametrize(
    ("block", "people"),
    [
        # IOP and MNRAS write the initials apart, after the family name
        ("Abbott B P and Segal S", [("Abbott", "B. P."), ("Segal", "S.")]),
        (
            "Navarro J. F., Frenk C. S., White S. D. M.",
            [("Navarro", "J. F."), ("Frenk", "C. S."), ("White", "S. D. M.")],
        ),
        # ACS's "and" before the last of the names it separates with semicolons
        (
            "Smith, J. A.; Jones, B.; and Lee, C.",
            [("Smith", "J. A."), ("Jones", "B."), ("Lee", "C.")],
        ),
    ],
)
def test_initials_after_the_family_name_and_acs_and(
    block: str, people: list[tuple[str, str]]
) -> None:
    found, _ = parse_people(block)
    assert [(person.family, person.given) for person in found] == people


def pairs(block: str) -> list[tuple[str, str]]:
    return [(person.family, person.given) for person in parse_people(block)[0]]


@pytest.mark.parametrize(
    ("block", "people"),
    [
        # ISO 690: upper-case family names, every name inverted, "and" before the last
        (
            "OKAFOR, Chidi, LINDQVIST, Maja Sofia and DUBOIS, Marc H.",
            [("OKAFOR", "Chidi"), ("LINDQVIST", "Maja Sofia"), ("DUBOIS", "Marc H.")],
        ),
        (
            "TANAKA, Hiroshi, LE NGUYEN, Thu and BRANDT, Evgeny A.",
            [("TANAKA", "Hiroshi"), ("LE NGUYEN", "Thu"), ("BRANDT", "Evgeny A.")],
        ),
        # the .bib's lower-case given name stays a given name beside upper-case families
        ("ROSSI, Paola, HAN, minji", [("ROSSI", "Paola"), ("HAN", "minji")]),
        # SIST 02: mixed case, hyphenated and multi-word given names, initials
        (
            "Whitcombe, Anna-Louise, Ferreira, João, Kowalczyk, Stephen H., Ng, Wei Ming",
            [
                ("Whitcombe", "Anna-Louise"),
                ("Ferreira", "João"),
                ("Kowalczyk", "Stephen H."),
                ("Ng", "Wei Ming"),
            ],
        ),
        # two-word family names and trailing particles, told apart by a lone given name
        (
            "Moreau, Claire, Van Dijk, Pieter, Hart, Emma C. van der",
            [("Moreau", "Claire"), ("Van Dijk", "Pieter"), ("van der Hart", "Emma C.")],
        ),
        ("Brennan, Ruth, Okoro, Ada", [("Brennan", "Ruth"), ("Okoro", "Ada")]),
    ],
)
def test_lists_of_family_given_pairs_pair_up(block: str, people: list[tuple[str, str]]) -> None:
    assert pairs(block) == people


@pytest.mark.parametrize(
    ("block", "people"),
    [
        # the first name inverted, the others written in full: the old reading stands
        (
            "Liu, Fangyu, Muhao Chen, Nigel Collier",
            [("Liu", "Fangyu"), ("Chen", "Muhao"), ("Collier", "Nigel")],
        ),
        (
            "Hart, Emma, Daniel Price, and Ruth Okoro",
            [("Hart", "Emma"), ("Price", "Daniel"), ("Okoro", "Ruth")],
        ),
        # "Family, I." pairs keep pairing on their initials
        ("Brennan, R., Okoro, A. C.", [("Brennan", "R."), ("Okoro", "A. C.")]),
    ],
)
def test_lists_that_do_not_alternate_keep_their_reading(
    block: str, people: list[tuple[str, str]]
) -> None:
    assert pairs(block) == people


@pytest.mark.parametrize(
    ("block", "people"),
    [
        # GB/T 7714: upper-case family names, initials apart, one person each
        (
            "ZHOU M, TAYLOR M E, DO Q D",
            [("ZHOU", "M."), ("TAYLOR", "M. E."), ("DO", "Q. D.")],
        ),
        ("LI X, VAN DER WAL J", [("LI", "X."), ("VAN DER WAL", "J.")]),
        # a mononym before GB/T 7714's names
        ("PRABHAT, SODERLAND S, WEI X", [("PRABHAT", ""), ("SODERLAND", "S."), ("WEI", "X.")]),
    ],
)
def test_gb_t_7714_upper_case_names(block: str, people: list[tuple[str, str]]) -> None:
    assert pairs(block) == people


@pytest.mark.parametrize(
    ("block", "people"),
    [
        # GOST and Vancouver: the initial of a hyphenated given name (Ken-ichi, Zhi-Hua)
        ("Hatano D., Kawarabayashi K.-ichi", [("Hatano", "D."), ("Kawarabayashi", "K.-ichi")]),
        ("Morita S, Ishikawa K-ichi", [("Morita", "S."), ("Ishikawa", "K-ichi")]),
        # broken over a line in a PDF
        ("Morita S, Ishikawa K- ichi", [("Morita", "S."), ("Ishikawa", "K-ichi")]),
        ("Zhou Z.-H., Wang J.", [("Zhou", "Z.-H."), ("Wang", "J.")]),
        # initials first with a hyphenated given name: "Y.-chan Park" (Yong-chan)
        ("Y.-chan Park and J. Kim", [("Park", "Y.-chan"), ("Kim", "J.")]),
    ],
)
def test_hyphenated_given_names_with_an_initial(block: str, people: list[tuple[str, str]]) -> None:
    assert pairs(block) == people


def test_an_upper_case_y_is_an_initial_not_spanish_and() -> None:
    assert pairs("Kaur S, Badu Y and Osei K") == [("Kaur", "S."), ("Badu", "Y."), ("Osei", "K.")]
    assert pairs("García, J. y Pérez, M.") == [("García", "J."), ("Pérez", "M.")]


def test_a_venue_after_a_title_is_no_name() -> None:
    assert not looks_like_people("J. Ortiz and K. Berg, Spectral Clustering Revisited, in Icml")


@pytest.mark.parametrize(
    ("block", "people"),
    [
        # a mononym, then "Family, Given" pairs
        (
            "Prabhat, Okoro, Ada, Van Dijk, Pieter",
            [("Prabhat", ""), ("Okoro", "Ada"), ("Van Dijk", "Pieter")],
        ),
        # a name the .bib wrote in lower case among the pairs
        (
            "Brennan, Ruth, osei, kofi, Hart, Emma",
            [("Brennan", "Ruth"), ("osei", "kofi"), ("Hart", "Emma")],
        ),
        # many initials between given and family names: still one person
        (
            "Hart, Emma, Inago M. D. R. de Troya",
            [("Hart", "Emma"), ("de Troya", "Inago M. D. R.")],
        ),
    ],
)
def test_mononyms_lower_case_names_and_long_initials(
    block: str, people: list[tuple[str, str]]
) -> None:
    assert pairs(block) == people


@pytest.mark.parametrize(
    ("block", "people"),
    [
        # capitalised particles after the initials (Guy Van den Broeck, Jan Van der Spiegel)
        ("Okafor C, Broeck G Van den", [("Okafor", "C."), ("Van den Broeck", "G.")]),
        ("SPIEGEL J Van der, TAN N", [("Van der SPIEGEL", "J."), ("TAN", "N.")]),
        # a hyphenated given name that lost its hyphen in print (Hung-yi, Ken-ichi)
        ("Meng H, Lee H yi", [("Meng", "H."), ("Lee", "H-yi")]),
        ("HATANO D, KAWARABAYASHI K ichi", [("HATANO", "D."), ("KAWARABAYASHI", "K-ichi")]),
        # a nickname's initial whose closing bracket was lost: "Zhang, Z. (M.)"
        (
            "Li, X., Zhang, Z. (M., and Zhuang, Y.",
            [("Li", "X."), ("Zhang", "Z."), ("Zhuang", "Y.")],
        ),
    ],
)
def test_names_as_styles_and_pdfs_mangle_them(block: str, people: list[tuple[str, str]]) -> None:
    assert pairs(block) == people


def test_capitalised_words_after_given_names_are_no_particles() -> None:
    assert pairs("Garcia, Maria De La") == [("Garcia", "Maria De La")]
    assert pairs("Felli P, Silva L de") == [("Felli", "P."), ("de Silva", "L.")]


def test_a_family_name_that_is_also_a_particle() -> None:
    assert pairs("H. M. Le, Y. Yue, and P. Carr") == [
        ("Le", "H. M."),
        ("Yue", "Y."),
        ("Carr", "P."),
    ]
    assert pairs("C. P. De, J. Dong") == [("De", "C. P."), ("Dong", "J.")]


def test_capitalised_particles_after_initials_in_an_inverted_name() -> None:
    assert pairs("Osei, R., Spiegel, J. Van der, Ng, N.") == [
        ("Osei", "R."),
        ("Van der Spiegel", "J."),
        ("Ng", "N."),
    ]
    assert pairs("Bartolomeis, Piersilvio De") == [("Bartolomeis", "Piersilvio De")]


@pytest.mark.parametrize(
    ("block", "people"),
    [
        # Vancouver: the nickname's initial, its closing mark lost (Chiyu "Max" Jiang)
        ('Jiang C "M, Osei K', [("Jiang", "C."), ("Osei", "K.")]),
        # inverted, with its initial in marks, and written out in curly marks
        ('Jiang, C. "M.", Osei, K.', [("Jiang", "C."), ("Osei", "K.")]),
        ("Chiyu “Max” Jiang and Kofi Osei", [("Jiang", "Chiyu"), ("Osei", "Kofi")]),
        ('Brandt, Emma "Em"', [("Brandt", "Emma")]),
        # single marks, the nickname's initial in Vancouver (Florian 'Floyd' Mueller)
        ("Sargeant B, Mueller F 'F", [("Sargeant", "B."), ("Mueller", "F.")]),
        ("Mueller, Florian ‘Floyd’, Sargeant, B.", [("Mueller", "Florian"), ("Sargeant", "B.")]),
        # an apostrophe inside a family name is no mark
        ("O'Brien, P., D’Souza, K.", [("O'Brien", "P."), ("D’Souza", "K.")]),
    ],
)
def test_nicknames_in_quotation_marks_are_dropped(
    block: str, people: list[tuple[str, str]]
) -> None:
    assert pairs(block) == people


def test_a_quoted_title_after_the_names_is_no_nickname() -> None:
    assert not looks_like_people('J. Smith "Deep Learning"', bounded=True)
    assert not looks_like_people('Smith, J., "Deep learning"', bounded=True)


@pytest.mark.parametrize(
    ("block", "people"),
    [
        # an initial that keeps its elided particle (Artur S. d'Avila Garcez)
        ("Serafini L, Garcez AS d'A", [("Serafini", "L."), ("Garcez", "A. S. d'A")]),
        ("Garcez A. S. d’A., Lamb L. C.", [("Garcez", "A. S. d’A"), ("Lamb", "L. C.")]),
        ("Moreau JP l'H, Ng N", [("Moreau", "J. P. l'H"), ("Ng", "N.")]),
    ],
)
def test_initials_of_a_given_name_with_an_elided_particle(
    block: str, people: list[tuple[str, str]]
) -> None:
    assert pairs(block) == people


@pytest.mark.parametrize(
    ("block", "people"),
    [
        # French and GB/T 7714 with given names written out: the capitals are the family name
        ("DUPONT Jean, MARTIN Paul", [("DUPONT", "Jean"), ("MARTIN", "Paul")]),
        ("BRANDT Emma Louise and OSEI Kofi", [("BRANDT", "Emma Louise"), ("OSEI", "Kofi")]),
        ("SMITH John A, VAN DER WAL Johannes", [("SMITH", "John A."), ("VAN DER WAL", "Johannes")]),
        ("DE LA FONTAINE Jean", [("DE LA FONTAINE", "Jean")]),
        # given names first keep working, and run-together initials are no family name
        ("Jean DUPONT, Paul MARTIN", [("DUPONT", "Jean"), ("MARTIN", "Paul")]),
        ("Smith JA, Osei KB", [("Smith", "J. A."), ("Osei", "K. B.")]),
        # capitals before a word no author is called: not read as family and given names
        ("SISSA Medialab", [("Medialab", "SISSA")]),
    ],
)
def test_family_names_in_capitals_before_given_names(
    block: str, people: list[tuple[str, str]]
) -> None:
    assert pairs(block) == people


@pytest.mark.parametrize(
    ("block", "people"),
    [
        # a hyphenated initial with its own full stop (Hung-yi), family first
        ("Lee, H.-y., Chen, Y.", [("Lee", "H.-y."), ("Chen", "Y.")]),
        ("Lee, H.-y. and Kim, J.-h.", [("Lee", "H.-y."), ("Kim", "J.-h.")]),
        # a given name whose second syllable is lower case is no family name
        ("Lee Hung-yi", [("Lee", "Hung-yi")]),
        ("Hung-yi Lee and Ken-ichi Sato", [("Lee", "Hung-yi"), ("Sato", "Ken-ichi")]),
        # a double-barrelled family name keeps its capital
        ("Smith-Jones, A., Lee, H.-y.", [("Smith-Jones", "A."), ("Lee", "H.-y.")]),
    ],
)
def test_hyphenated_given_names_in_any_order(block: str, people: list[tuple[str, str]]) -> None:
    assert pairs(block) == people


@pytest.mark.parametrize(
    ("block", "people"),
    [
        ("Ludwig van Beethoven", [("van Beethoven", "Ludwig")]),
        (
            "Jean de La Fontaine and Vincent Van Gogh",
            [("de La Fontaine", "Jean"), ("Van Gogh", "Vincent")],
        ),
        (
            "Charles de Gaulle, Antoine de Saint-Exupéry",
            [("de Gaulle", "Charles"), ("de Saint-Exupéry", "Antoine")],
        ),
    ],
)
def test_given_names_first_with_particles(block: str, people: list[tuple[str, str]]) -> None:
    assert pairs(block) == people


@pytest.mark.parametrize(
    ("block", "people"),
    [
        # a one-word name among "Family, I." pairs (Prabhat)
        (
            "Jiang, C., Kashinath, K., Prabhat & Marcus, P.",
            [("Jiang", "C."), ("Kashinath", "K."), ("Prabhat", ""), ("Marcus", "P.")],
        ),
        ("Osei, K., Brennan, Ortiz, R.", [("Osei", "K."), ("Brennan", ""), ("Ortiz", "R.")]),
        # family names that are themselves an initial (Mukund Varma T)
        (
            "Gupta, V., Girish, R.S.V., T, M.V., Tewari, A.",
            [("Gupta", "V."), ("Girish", "R.S.V."), ("T", "M.V."), ("Tewari", "A.")],
        ),
        ("Rajan, R., G., H.U., Ng, N.", [("Rajan", "R."), ("G.", "H.U."), ("Ng", "N.")]),
    ],
)
def test_pairs_around_one_word_names_and_initial_families(
    block: str, people: list[tuple[str, str]]
) -> None:
    assert pairs(block) == people


def test_a_hyphenated_initial_broken_over_a_line_before_its_abbreviated_syllable() -> None:
    assert pairs("Jung, J.-w., Shim, H.- j., Heo, H.-S.") == [
        ("Jung", "J.-w."),
        ("Shim", "H.-j."),
        ("Heo", "H.-S."),
    ]


@pytest.mark.parametrize(
    ("block", "people"),
    [
        # a given name that is also a particle elsewhere ("bin", "Le"): whole names follow
        (
            "Bin Zhao, Xuelong Li, and Xiaoqiang Lu",
            [("Zhao", "Bin"), ("Li", "Xuelong"), ("Lu", "Xiaoqiang")],
        ),
        ("Le Song, Bo Dai", [("Song", "Le"), ("Dai", "Bo")]),
        # a capitalised particle that opens a family name written first
        ("Van Dijk, Pieter Jan, and Hans Berg", [("Van Dijk", "Pieter Jan"), ("Berg", "Hans")]),
        ("Al Farsi, Khalid, and Sara Nasser", [("Al Farsi", "Khalid"), ("Nasser", "Sara")]),
        ("bin Hassan, Ali, and Omar Said", [("bin Hassan", "Ali"), ("Said", "Omar")]),
    ],
)
def test_the_first_name_is_inverted_only_where_the_list_says_so(
    block: str, people: list[tuple[str, str]]
) -> None:
    assert pairs(block) == people


def test_east_asian_names_are_one_person_each_whatever_sets_them_apart() -> None:
    for block in ("易杰, 王秀穎", "易杰. 王秀穎", "易杰、王秀穎", "易杰，王秀穎"):
        people, _ = parse_people(block)
        assert [p.literal for p in people] == ["易杰", "王秀穎"], block
    people, _ = parse_people("山田 太郎, 鈴木 花子")  # written with a space: family name first
    assert [(p.family, p.given) for p in people] == [("山田", "太郎"), ("鈴木", "花子")]


def test_names_joined_by_and_without_a_comma_are_a_person_each() -> None:
    # no comma, so no "Family, Given" pair: "Shiojima and Walsh, Circ. Res." has two authors
    for block, families in (
        ("Shiojima and Walsh", ["Shiojima", "Walsh"]),
        ("John Smith & Mary Jones", ["Smith", "Jones"]),
        ("Folkman und Klagsbrun", ["Folkman", "Klagsbrun"]),
    ):
        people, _ = parse_people(block)
        assert [p.family for p in people] == families, block
    people, _ = parse_people("American College of Obstetricians and Gynecologists")
    assert len(people) <= 1  # an organisation's "and" joins no people


def test_a_family_name_with_particles_and_no_given_name_keeps_its_particles() -> None:
    people, _ = parse_people("van der Berg and de Vries")
    assert [(p.family, p.given) for p in people] == [("van der Berg", ""), ("de Vries", "")]


def test_an_inverted_lists_last_name_written_given_first_is_one_person() -> None:
    for text, families in (
        ("Osei, K. J., Ngata, L. and H. Uzawa", ["Osei", "Ngata", "Uzawa"]),
        ("Osei, K., Ngata, L. & P. Brandt", ["Osei", "Ngata", "Brandt"]),
        ("Osei, K. J., Ngata, L. H., and M. R. Brandt", ["Osei", "Ngata", "Brandt"]),
    ):
        people, _ = parse_people(text)
        assert [person.family for person in people] == families, text
        assert people[-1].given in ("H.", "P.", "M. R."), text


def test_given_first_and_mixed_lists_keep_their_pairing() -> None:
    for text, families in (
        ("K. Osei, W. Ngata, and K. Brandt", ["Osei", "Ngata", "Brandt"]),
        ("Osei, F., D.J. Ngata & A.E. Brandt", ["Osei", "Ngata", "Brandt"]),
        ("Osei, S., Ngata, G. W. Jr.", ["Osei", "Ngata"]),
    ):
        people, _ = parse_people(text)
        assert [person.family for person in people] == families, text


def test_a_list_cut_after_its_last_and_names_no_empty_person() -> None:
    people, _ = parse_people("Osei, Kofi, Mary Ngata, and")
    assert [(person.family, person.given) for person in people] == [
        ("Osei", "Kofi"),
        ("Ngata", "Mary"),
    ]
