"""Author lists compared name by name: what a reader would call the same or different people."""

from __future__ import annotations

from cite_sentinel.core.matching.authors import AuthorIssue, compare
from cite_sentinel.core.model import Person


def _people(*names: str) -> tuple[Person, ...]:
    people = []
    for name in names:
        given, _, family = name.rpartition(" ")
        people.append(Person(family=family, given=given))
    return tuple(people)


def test_same_people_with_initials_and_accents_agree() -> None:
    cited = _people("B. Scholkopf", "A. J. Smola")
    found = _people("Bernhard Schölkopf", "Alexander J Smola")
    assert compare(cited, found).agrees


def test_east_asian_name_order_swapped_agrees() -> None:
    cited = (Person(family="Kaiming", given="He"), Person(family="Jian", given="Sun"))
    found = _people("Kaiming He", "Jian Sun")
    assert compare(cited, found).agrees


def test_order_change_is_reported() -> None:
    result = compare(
        _people("Noam Shazeer", "Ashish Vaswani"), _people("Ashish Vaswani", "Noam Shazeer")
    )
    assert result.issues == (AuthorIssue.ORDER,)


def test_alphabetised_list_of_the_same_people_is_not_an_order_error() -> None:
    found = _people("Tim Roughgarden", "Anna Karlin", "Eva Tardos")
    cited = _people("Anna Karlin", "Tim Roughgarden", "Eva Tardos")
    assert compare(cited, found).agrees


def test_missing_authors_without_others_are_reported_and_with_others_forgiven() -> None:
    found = _people("Yining Wang", "Ruosong Wang", "Simon Du", "Akshay Krishnamurthy")
    cited = _people("Yining Wang", "Ruosong Wang")
    assert AuthorIssue.MISSING in compare(cited, found).issues
    assert compare(cited, found, others=True).agrees
    with_marker = (*cited, Person(literal="others"))
    assert compare(with_marker, found).agrees


def test_given_name_that_contradicts_is_reported() -> None:
    result = compare(
        _people("Pratham Suriana", "Bowen Jing"), _people("Patricia Suriana", "Bowen Jing")
    )
    assert AuthorIssue.GIVEN in result.issues


def test_initial_that_contradicts_is_reported_but_a_nickname_is_not() -> None:
    assert AuthorIssue.GIVEN in compare(_people("J. Belkin"), _people("Mikhail Belkin")).issues
    assert compare(_people("Misha Belkin"), _people("Mikhail Belkin")).agrees


def test_other_people_entirely_are_substituted() -> None:
    result = compare(_people("Giulia Romano", "Sora Takahashi"), _people("Yuan Yuan", "Qi Wang"))
    assert result.badly_wrong


def test_corporate_author_matches_itself() -> None:
    cited = (Person(literal="The {SciPy} Community"),)
    found = (Person(literal="The SciPy Community"),)
    assert compare(cited, found).agrees


def test_multi_word_family_names_split_differently_agree() -> None:
    cited = (Person(family="Navarro", given="Ramon Matas"), *_people("Yue Zhao"))
    found = (Person(family="Matas", given="Ramon"), *_people("Yue Zhao"))
    assert compare(cited, found).agrees


BIG_TEAM = (
    "Jean-Baptiste Alayrac", "Jeff Donahue", "Pauline Luc", "Antoine Miech", "Iain Barr",
    "Yana Hasson", "Karel Lenc", "Arthur Mensch", "Katherine Millican", "Malcolm Reynolds",
    "Roman Ring", "Eliza Rutherford", "Serkan Cabi", "Andrew Zisserman", "Karen Simonyan",
)  # fmt: skip


def test_big_team_list_naming_a_few_extra_people_deep_down_agrees() -> None:
    cited = _people(*BIG_TEAM[:11], "Skanda Koppula", *BIG_TEAM[11:13], "Michal Valko")
    assert compare(cited, _people(*BIG_TEAM)).agrees


def test_big_team_list_with_another_leading_author_is_still_reported() -> None:
    cited = _people("Uriel Singer", *BIG_TEAM[1:12])
    assert AuthorIssue.EXTRA in compare(cited, _people(*BIG_TEAM)).issues


def test_big_team_list_with_many_invented_names_is_still_reported() -> None:
    invented = ("Olga Sokolova", "James Wright", "Mei Lin", "Henrik Larsson")
    cited = _people(*BIG_TEAM[:8], *invented)
    assert not compare(cited, _people(*BIG_TEAM)).agrees


def test_short_list_with_an_extra_author_is_still_reported() -> None:
    cited = _people("Rong Yin", "Yong Liu", "Weiping Wang", "Dan Meng")
    found = _people("Rong Yin", "Weiping Wang", "Dan Meng")
    assert compare(cited, found).issues == (AuthorIssue.EXTRA,)


def test_a_name_one_letter_off_with_another_given_name_is_another_person() -> None:
    cited = _people("Oriol Vinyals", "Joao Carreira", "Andrew Zisserman")
    found = _people("Oriol Vinyals", "Ricardo Barreira", "Andrew Zisserman")
    issues = compare(cited, found).issues
    assert AuthorIssue.EXTRA in issues and AuthorIssue.GIVEN not in issues


def test_a_consortium_name_in_the_index_does_not_contradict_its_members() -> None:
    found = (Person(literal="ATLAS Collaboration"),)
    assert compare(_people("Georges Aad", "Brad Abbott"), found).agrees


def test_a_cited_team_name_for_a_paper_by_named_people_is_still_reported() -> None:
    cited = (Person(literal="Google Research Team"),)
    assert not compare(cited, _people("Ashish Vaswani", "Noam Shazeer")).agrees


def test_an_index_record_cut_to_its_first_author_cannot_refute_the_others() -> None:
    cited = _people("Herman Lo", "Samuel Wong", "Janet Wong")
    result = compare(cited, _people("Herman Lo"))
    assert not result.comparable and result.agrees


def test_a_list_the_index_holds_alphabetised_is_not_an_order_error() -> None:
    cited = _people("Yoshua Bengio", "Aaron Courville", "Pascal Vincent")
    found = _people("Yoshua Bengio", "Aaron Courville", "Pascal Vincent")[::-1]
    found = tuple(sorted(found, key=lambda p: p.family))
    assert compare(cited, found).agrees


def test_a_team_name_for_the_people_cannot_refute_them() -> None:
    cited = _people("Hugo Touvron", "Thibaut Lavril")
    assert not compare(cited, (Person(literal="Meta Team"),)).comparable
    assert not compare(cited, (Person(literal="GenAI at Meta"),)).comparable


def test_a_big_team_cited_by_its_name_is_not_wrong_but_a_small_one_is() -> None:
    team = tuple(Person(family=f"Member{i}", given="A") for i in range(12))
    assert not compare((Person(literal="OpenAI"),), team).comparable
    assert compare((Person(literal="FAO"),), _people("Ann Smith", "Bo Li")).badly_wrong


def test_an_organisation_read_as_a_person_by_the_index_is_the_same_author() -> None:
    found = (Person(family="Group", given="World Bank"),)
    assert compare((Person(literal="World Bank Group"),), found).agrees


def test_transliterated_and_hyphenated_given_names_agree() -> None:
    assert compare(_people("Dong-Gyun Kim"), _people("Donggyun Kim")).agrees
    assert compare(_people("Jiaqi Ma"), _people("Jia-Qi Ma")).agrees
    assert compare(_people("Jörg Müller"), _people("Joerg Mueller")).agrees


def test_names_in_other_scripts_are_compared_letter_by_letter() -> None:
    cited = (Person(family="Андреева", given="Ирина"),)
    assert compare(cited, (Person(family="Андреева", given="Ирина"),)).agrees
    assert compare(cited, (Person(family="Петров", given="Пётр"),)).badly_wrong


def test_a_one_letter_slip_in_a_name_is_a_noted_spelling_not_an_error() -> None:
    result = compare(_people("John Smiht", "Kate Jones"), _people("John Smith", "Kate Jones"))
    assert result.agrees
    assert AuthorIssue.SPELLING in result.issues
    assert [(c.family, f.family) for c, f in result.slips] == [("Smiht", "Smith")]


def test_people_who_share_only_a_given_name_are_different_people() -> None:
    assert compare(_people("John Doe"), _people("John Smith")).badly_wrong


def test_a_name_written_with_its_initials_last_is_the_same_person() -> None:
    cited = (Person(family="R.", given="Mallikarjun B."), *_people("Ayush Tewari"))
    found = (Person(family="Mallikarjun", given="B R"), *_people("Ayush Tewari"))
    assert compare(cited, found).agrees


def test_an_umlaut_the_index_adds_to_a_given_name_agrees() -> None:
    assert compare(_people("Tuomas Sandholm"), _people("Tüomas Sandholm")).agrees


def test_a_letter_lost_from_a_given_name_is_a_slip_not_another_person() -> None:
    # PDF extraction drops accented letters: "Céline" becomes "Cline", "Théo" becomes "Tho".
    cited = _people("Katja Oberhofer", "Cline Knopfli", "Tho Moutakanni")
    found = _people("Katja Oberhofer", "Céline Knopfli", "Théo Moutakanni")
    assert compare(cited, found).agrees
    assert compare(_people("SeongUk Park"), _people("SeoungUK Park")).agrees


def test_the_short_form_of_a_long_given_name_agrees_but_another_name_does_not() -> None:
    assert compare(_people("Sanmi Koyejo"), _people("Oluwasanmi Koyejo")).agrees
    assert AuthorIssue.GIVEN in compare(_people("John Barton"), _people("Justin Barton")).issues
    assert (
        AuthorIssue.GIVEN in compare(_people("Vadim Gorishniy"), _people("Yury Gorishniy")).issues
    )


def test_organisations_an_index_lists_beside_the_people_are_not_missing_authors() -> None:
    cited = _people("S. Wang", "G. Cao", "Z. Shang")
    found = (
        *_people("Shuoyang Wang", "Guanqun Cao", "Zuofeng Shang"),
        Person(literal="for the Alzheimer's Disease Neuroimaging Initiative"),
        Person(family=":"),  # a stray mark an index read as a name
    )
    assert compare(cited, found).agrees


def test_a_team_cited_by_the_name_the_index_lists_stands_for_the_whole_list() -> None:
    found = (Person(family="OpenAI"), *_people("Ann Smith", "Bo Li"))
    assert compare((Person(family="OpenAI"),), found).agrees
    assert compare((Person(family="Anthropic"),), found).issues  # another team is not


def test_a_team_named_among_the_authors_stands_for_its_members() -> None:
    found = (Person(family="Qwen"), *_people("An Yang", "Baosong Yang", "Beichen Zhang"))
    for team in (Person(literal="Qwen Team"), Person(family="Team", given="Qwen")):
        assert compare((*_people("An Yang"), team), found).agrees  # BibTeX reads it as a person


def test_another_order_behind_the_right_first_author_is_noted_not_an_error() -> None:
    cited = _people("Baoyun Peng", "Xiao Jin", "Jiaheng Liu", "Dongsheng Li")
    found = _people("Baoyun Peng", "Xiao Jin", "Dongsheng Li", "Jiaheng Liu")
    result = compare(cited, found)
    assert result.agrees and result.issues == (AuthorIssue.REORDERED,)
    assert result.quirk  # another index's order may confirm the citation's


def test_two_letters_off_in_a_long_family_name_is_a_slip_but_not_in_a_short_one() -> None:
    result = compare(_people("Gerasimos Potamianos"), _people("G. Pomianos"))
    assert result.agrees and result.issues == (AuthorIssue.SPELLING,)
    assert not compare(_people("Anna Smith", "Bo Li"), _people("Anna Smyk", "Bo Li")).agrees


ELEVEN = _people(
    "Ann Abe", "Bo Birk", "Cy Cole", "Di Dunn", "Ed Ellis", "Flo Fox", "Gil Gray", "Hu Hale",
    "Ivo Ides", "Jo Jura", "Kai Kern",
)  # fmt: skip


def test_a_record_cut_to_the_first_names_of_the_list_cannot_speak_for_the_rest() -> None:
    result = compare(ELEVEN, ELEVEN[:3])
    assert not result.comparable and result.agrees
    assert compare(ELEVEN[:4], ELEVEN[:2]).agrees


def test_a_cut_record_still_refutes_a_wrong_name_among_those_it_holds() -> None:
    cited = (*ELEVEN[:1], *_people("Bea Birk"), *ELEVEN[2:])
    assert AuthorIssue.GIVEN in compare(cited, ELEVEN[:3]).issues


def test_a_name_inserted_in_a_list_the_record_holds_whole_is_extra() -> None:
    cited = (*ELEVEN[:2], *_people("Zed Zorn"), *ELEVEN[2:4])
    assert AuthorIssue.EXTRA in compare(cited, ELEVEN[:4]).issues


def test_an_et_al_list_that_differs_in_the_middle_agrees_with_its_leaders_in_place() -> None:
    cited = (*ELEVEN[:4], *_people("Zed Zorn"), *ELEVEN[5:7])
    assert compare(cited, ELEVEN, others=True).agrees
    assert AuthorIssue.EXTRA in compare(cited, ELEVEN, others=False).issues
    swapped_leader = (*_people("Zed Zorn"), *ELEVEN[1:7])
    assert not compare(swapped_leader, ELEVEN, others=True).agrees


def test_cyrillic_look_alike_letters_in_a_latin_name_are_the_latin_letters() -> None:
    cited = _people("Tetiana Holovenko", "Oleksandr Shovkomud")
    found = _people("Tеtiana Нolovenko", "Oleksandr Shovkomud")  # Cyrillic е and Н
    assert compare(cited, found).agrees


def test_initials_run_together_are_initials() -> None:
    cited = _people("Thomas E Nichols", "Joseph R. Manns")
    found = (Person(family="Nichols", given="TE"), Person(family="Manns", given="JR"))
    assert compare(cited, found).agrees
    other = (Person(family="Nichols", given="AP"),)
    assert AuthorIssue.GIVEN in compare(cited[:1], other).issues


def test_a_name_listed_twice_is_no_list_the_record_cut_short() -> None:
    cited = _people("Ian Goodfellow", "Yoshua Bengio", "Aaron Courville", "Yoshua Bengio")
    result = compare(cited, cited[:3])
    assert result.comparable and AuthorIssue.EXTRA in result.issues
    namesakes = _people("S M Smith", "P T Fox", "K L Miller", "D C Glahn", "P M Fox")
    assert not compare(namesakes, namesakes[:3]).comparable  # two Foxes, two people


def test_a_collaboration_named_before_its_members_is_not_one_more_author() -> None:
    # physics cites "H.E.S.S. collaboration, Abramowski A., et al.", the index lists people
    found = _people("A. Abramowski", "F. Acero", "F. Aharonian", "A. G. Akhperjanian")
    for team in (
        Person(literal="H. E. S. S. collaboration"),
        Person(literal="Particle Data Group"),
    ):
        cited = (team, *_people("A. Abramowski"), Person(literal="others"))
        assert compare(cited, found).agrees
    invented = (Person(literal="UKQCD collaboration"), *_people("K. Bowler"))
    assert not compare(invented, found).agrees  # the member it names must be there


def test_a_chinese_name_printed_whole_is_the_indexs_family_and_given_name() -> None:
    cited = (Person(literal="易杰"), Person(literal="王秀穎"))
    found = (Person(family="易", given="杰"), Person(family="王", given="秀穎"))
    assert compare(cited, found).agrees
    other = (Person(family="易", given="杰"), Person(family="李", given="四"))
    assert not compare(cited, other).agrees
