"""The corrections after the labeller, each given a labelling the labeller has been seen to
produce: what the structure of the reference says the labels must be."""

from __future__ import annotations

from cite_sentinel.core.sources.refparse.corrections import corrected
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import tokenise

_A, _T, _D, _O = Label.AUTHOR, Label.TITLE, Label.DATE, Label.OTHER


def _fields(text: str, labels: list[Label]) -> dict[Label, str]:
    tokens = tokenise(text)
    assert len(tokens) == len(labels)
    fixed = corrected(tokens, Labelling(tuple(labels), (0.9,) * len(labels))).labels
    found: dict[Label, str] = {}
    for token, label in zip(tokens, fixed, strict=True):
        found[label] = f"{found.get(label, '')} {token.text}".strip()
    return found


def test_names_the_labeller_ended_before_a_year_run_on_to_it() -> None:
    # IOP: "… Chen K-Y, Lee H-yi and Lee L-S 2018 Title", the title begun at a name
    text = "Osei C-W, Ng Y-S, Lee H-yi and Park L-S 2018 Robust parsing of strings"
    labels = [_A, _A, _A, _A, _A, _O] + [_T] * 6 + [_T] * 4
    fields = _fields(text, labels)
    assert fields[_A] == "Osei C-W , Ng Y-S , Lee H-yi and Park L-S"
    assert fields[_D] == "2018"
    assert fields[_T] == "Robust parsing of strings"


def test_a_title_that_opens_with_a_name_and_no_year_stays_the_title() -> None:
    text = "Osei C, Ng Y, Lee Smith and the sea of 2018"
    labels = [_A, _A, _A, _A, _A, _O] + [_T] * 7
    assert _fields(text, labels)[_T] == "Lee Smith and the sea of 2018"


def test_the_family_name_after_a_middle_initial_ends_a_given_first_name() -> None:
    # BibTeX's plain: "Jon J. Bentley and Brian W. Kernighan. Tools …", the last family name
    # begun as the title
    text = "Emma J. Brandt and Brian W. Kernighan. Tools for indexes"
    labels = [_A] * 7 + [_O] + [_T] * 5
    fields = _fields(text, labels)
    assert fields[_A] == "Emma J . Brandt and Brian W . Kernighan"
    assert fields[_T].strip(". ") == "Tools for indexes"  # the reference strips its marks


def test_a_vancouver_name_before_a_title_keeps_its_title_word() -> None:
    # "Scott P. Initiation …": a family name and its initial, then the title
    text = "Scott P. Initiation of immunity"
    labels = [_A, _A, _O, _T, _T, _T]
    assert _fields(text, labels)[_T] == "Initiation of immunity"


def test_software_cited_by_its_name_and_link_has_its_name_as_title() -> None:
    text = "axodraw: http://www.nikhef.nl/axodraw/"
    fields = _fields(text, [Label.NOTE, _O, Label.URL])
    assert fields[_T] == "axodraw"


def test_a_note_before_a_link_after_a_title_stays_a_note() -> None:
    text = "The Python tutorial. Accessed: http://docs.python.org/"
    fields = _fields(text, [_T, _T, _T, _O, Label.NOTE, _O, Label.URL])
    assert fields[_T] == "The Python tutorial"
    assert fields[Label.NOTE] == "Accessed"


_C, _V, _P, _L = Label.CONTAINER, Label.VOLUME, Label.PAGES, Label.LOCATION


def test_a_journal_read_as_the_end_of_the_title_is_the_journal() -> None:
    text = "Glaser, M. 2007. On the trend recognition of traders. Decision Analysis, 4, 176-193."
    labels = [_A, _A, _A, _O, _D, _O, *[_T] * 9, _O, _V, _O, _P, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "On the trend recognition of traders"
    assert fields[_C] == "Decision Analysis"


def test_a_volume_of_a_book_after_its_title_stays_in_the_title() -> None:
    text = "Poux, M. 2013. Rapport de fouille. Volume II: Etudes. 298 pp."
    labels = [_A, _A, _A, _O, _D, _O, *[_T] * 8, _O, _P, _O, _O]
    assert _fields(text, labels)[_T] == "Rapport de fouille . Volume II : Etudes"


def test_a_books_title_read_as_a_venue_before_its_place_is_its_title() -> None:
    text = "Robert Redfield, Peasant Society and Culture, Chicago, 1956."
    labels = [_A, _A, _O, _C, _C, _C, _C, _O, _L, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Peasant Society and Culture"
    assert _C not in fields


def test_a_books_title_read_as_a_venue_before_its_volume_and_publisher_is_its_title() -> None:
    text = "R. Osei and T. Ng, Circuit design, vol. 9 (Hill, New York, 1997)."
    labels = _labelled(
        text,
        [("R", _A), ("Circuit", _C), (",", _O), ("9", Label.VOLUME), ("(", _O),
         ("Hill", Label.PUBLISHER), (",", _O), ("1997", _D), (")", _O)],
    )  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "Circuit design"
    assert _C not in fields


def test_a_journals_volume_with_pages_keeps_its_venue() -> None:
    text = "R. Osei and T. Ng, Circuit Design 9, 3-9 (Hill, 1997)."
    labels = _labelled(
        text,
        [("R", _A), ("Circuit", _C), ("9", Label.VOLUME), (",", _O), ("3-9", Label.PAGES),
         ("(", _O), ("Hill", Label.PUBLISHER), (",", _O), ("1997", _D), (")", _O)],
    )  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_C] == "Circuit Design"
    assert _T not in fields


def test_prose_read_among_the_names_ends_them_and_is_the_title() -> None:
    text = "Tetley, W., Marine cargo claims, Cowansville, Quebec, 2008."
    labels = [_A] * 12 + [_O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_A] == "Tetley , W ."
    assert fields[_T] == "Marine cargo claims"


def test_names_with_particles_and_a_coauthor_with_stay_names() -> None:
    text = "Engelhardt, W. v., Young, B., with Dickinson, J."
    tokens = tokenise(text)
    assert _fields(text, [_A] * len(tokens))[_A] == " ".join(token.text for token in tokens)


def test_a_word_announcing_the_container_after_a_quoted_title_joins_neither() -> None:
    text = "Savidge, D. “A Survey of Theatre.” In Performing the Sacred. Grand Rapids, 2009."
    labels = [_A, _A, _A, _O, _O, _T, _T, _T, _T, _O, _O, _O, _T, _T, _T, _O, _L, _L, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "A Survey of Theatre"  # what the marks enclose
    assert fields[_C] == "Performing the Sacred"  # the words after them, read as the title


def test_the_name_after_and_is_the_last_and_a_journal_read_with_the_names_is_the_venue() -> None:
    text = "R. Zhao and A. J. Smits, J. Fluid Mech., 576, 457-473 (2007)."
    # as the labeller read it: "J. Fluid Mech" with the names, then the numbers
    labels = [_A] * 14 + [_O, _O, _V, _O, _P, _O, _D, _O, _O]
    fields = _fields(text, labels)
    assert fields[_A] == "R . Zhao and A . J . Smits"
    assert fields[_C] == "J . Fluid Mech"


def test_a_title_in_single_quotation_marks_read_as_the_venue_is_the_title() -> None:
    text = "陈学斌, 2010, '我国生态补偿机制进展与建议', 宏观经济管理, 第32页."
    labels = [_A, _O, _D, _O, _O, _C, _C, _C, _C, _O, _V, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "我国生态补偿机制进展与建议"
    assert fields[_C].strip(" ,") == "宏观经济管理"  # the comma as the labeller read it


def test_a_title_read_past_its_closing_mark_ends_there_and_its_type_code_stays_apart() -> None:
    text = "王秦, '社交网络时代个人信息传播 [J],' 中国报业, Vol.10, 2014."
    tokens = tokenise(text)
    labels = [_A, _O, *[_T] * 8, _O]
    labels += [_O] * (len(tokens) - len(labels))
    fields = _fields(text, labels)
    assert fields[_T] == "社交网络时代个人信息传播"
    assert fields[_C] == "中国报业"
    assert fields[Label.GENRE] == "J"


def test_an_apostrophe_inside_a_title_opens_no_quotation() -> None:
    text = "Smith, J. 2001. Darwin's theory, 'a new look' at it. Nature 3, 4."
    tokens = tokenise(text)
    labels = [_A, _A, _A, _A, _D, _O] + [_T] * 10
    labels += [_O] * (len(tokens) - len(labels))
    assert _fields(text, labels)[_T] == "Darwin's theory , ' a new look ' at it"


def test_words_read_into_the_title_past_its_closing_mark_join_no_venue_already_read() -> None:
    text = "이장원, '중국의 공공외교,' 연구 동서연구, 2011."
    labels = [_A, _O, _O, _T, _T, _T, _T, _T, _C, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "중국의 공공외교"
    assert fields[_C] == "동서연구"


def test_the_rest_of_a_bracketed_date_read_into_the_title_is_the_dates() -> None:
    text = "Thorne, D. (1997, June 26). Privatization accepted. Calgary Herald, p. A7."
    tokens = tokenise(text)
    labels = [_A, _A, _A, _A, _O, _D, _O, _T, _T, _T, _T, _T, _T, _O]
    labels += [_O] * (len(tokens) - len(labels))
    fields = _fields(text, labels)
    assert fields[_T] == "Privatization accepted"
    assert fields[_D] == "1997 June 26"


def test_brackets_that_hold_no_date_stay_in_the_title() -> None:
    text = "Smith, J. (2001). Title (a study). Journal 3: 4-5."
    tokens = tokenise(text)
    labels = [_A, _A, _A, _A, _O, _D, _O, _O, _T, _T, _T, _T, _T]
    labels += [_O] * (len(tokens) - len(labels))
    assert _fields(text, labels)[_T] == "Title ( a study )"


def test_a_given_name_after_the_family_and_its_comma_is_the_authors() -> None:
    text = "Ogasawara, Yuko. Office Ladies and Salaried Men. Berkeley, 1998."
    tokens = tokenise(text)
    labels = [_A, _O, _T, _T, _T, _T, _T, _T, _T, _O]
    labels += [_O] * (len(tokens) - len(labels))
    fields = _fields(text, labels)
    assert fields[_A] == "Ogasawara , Yuko"
    assert fields[_T] == "Office Ladies and Salaried Men"


def _labelled(text: str, spans: list[tuple[str, Label]]) -> list[Label]:
    """Labels by the words each span starts with: every token from a span's first word up to
    the next span's is labelled as that span says."""
    tokens = tokenise(text)
    labels: list[Label] = []
    starts = iter(spans)
    word, label = next(starts)
    following = next(starts, None)
    current = _O
    for token in tokens:
        if token.text == word:
            current = label
            word, label = following if following else ("\0", _O)
            following = next(starts, None)
        labels.append(current)
    return labels


def test_a_title_in_typographic_double_marks_ends_at_its_closing_mark() -> None:
    text = "D. J. Coleman, “Unified model for accommodative mechanism,” Am. J. Ophthalmol., 1970."
    labels = _labelled(text, [("D", _A), ("“", _O), ("Unified", _T), ("J", _C), ("1970", _D)])
    fields = _fields(text, labels)
    assert fields[_T] == "Unified model for accommodative mechanism"


def test_guillemets_inside_a_title_in_guillemets_stay_in_it() -> None:
    text = (
        "MICHEL Hélène, « La « société civile » dans la « gouvernance européenne ». Eléments "
        "pour une sociologie », Actes de la recherche, 2007."
    )
    labels = _labelled(text, [("MICHEL", _A), ("«", _O), ("La", _T), ("Actes", _C), ("2007", _D)])
    fields = _fields(text, labels)
    assert fields[_T].startswith("La « société civile »")
    assert fields[_T].endswith("Eléments pour une sociologie")


def test_a_chapters_title_read_on_past_in_ends_there_and_the_book_is_the_venue() -> None:
    text = (
        "McKay, C. 2012. Expressing musical features using ACE XML 2.0. In Structuring Music "
        "through Markup Language, ed. J. Steyn, 48-79."
    )
    labels = _labelled(text, [("McKay", _A), ("2012", _D), ("Expressing", _T), ("ed", _O)])
    fields = _fields(text, labels)
    assert fields[_T] == "Expressing musical features using ACE XML 2 . 0"  # tokens, spaced
    assert fields[_C].strip(" ,") == "Structuring Music through Markup Language"


def test_in_inside_a_title_with_no_capital_after_it_stays_in_the_title() -> None:
    text = "Smith, J. 2001. Learning, in theory and practice. Oxford: Clarendon."
    labels = _labelled(text, [("Smith", _A), ("2001", _D), ("Learning", _T), ("Oxford", _O)])
    assert _fields(text, labels)[_T] == "Learning , in theory and practice ."


def test_a_title_that_opens_with_a_quotation_goes_on_past_its_closing_mark() -> None:
    text = (
        "Thieme, A., Taylor, A. S. (2018). “I can do everything but see!” - How People with "
        "Vision Impairments Negotiate their Abilities. Proceedings of CHI, 1-14."
    )
    labels = _labelled(text, [("Thieme", _A), ("2018", _D), ("“", _T), ("Proceedings", _C)])
    assert _fields(text, labels)[_T].endswith("Negotiate their Abilities .")


def test_a_quoted_question_before_the_journal_is_the_title() -> None:
    text = "Ravel, M. 2004. “Why now?” Journal of Timing 12, 3-9."
    labels = _labelled(text, [("Ravel", _A), ("2004", _D), ("“", _T), ("12", _V)])
    fields = _fields(text, labels)
    assert fields[_T] == "Why now ?"
    assert fields[_C] == "Journal of Timing"


def test_a_quoted_title_ends_at_its_closing_mark_before_in() -> None:
    # a chapter's title in quotation marks, then "in" and the book, no comma between
    text = "Vermeer, Anna, ‘Boeken en drukkers in Gouda’ in Het gedrukte woord, Leiden, 2004."
    labels = _labelled(text, [("Vermeer", _A), ("‘", _O), ("Boeken", _T), ("Leiden", _O)])
    fields = _fields(text, labels)
    assert fields[_T] == "Boeken en drukkers in Gouda"


def test_a_quotation_opening_a_title_before_in_and_a_later_in_stays_in_it() -> None:
    # "In" after the title's full stop announces the book: the quotation opened the title
    text = "Ngom, P. 2001. ‘Tone’ in Wolof Verbs. In M. Sall, Studies in Wolof, 3-20."
    labels = _labelled(text, [("Ngom", _A), ("2001", _D), ("‘", _T), ("In", _O)])
    assert _fields(text, labels)[_T] == "‘ Tone ’ in Wolof Verbs ."


def test_a_title_read_among_inverted_names_is_the_title() -> None:
    for text, names, title in (
        ("Marlowe, Edith, The Lighthouse Keeper, Boston, 1931.", "Marlowe , Edith",
         "The Lighthouse Keeper"),
        ("Fauré, Claire, Pavane et Sicilienne (Paris: Hamelle, 1901).", "Fauré , Claire",
         "Pavane et Sicilienne"),
    ):  # fmt: skip
        tokens = tokenise(text)
        year = next(i for i, token in enumerate(tokens) if token.text.isdigit())
        labels = [_A] * (year - 1) + [_O, _D] + [_O] * (len(tokens) - year - 1)
        fields = _fields(text, labels)
        assert fields[_A] == names, text
        assert fields[_T] == title, text


def test_names_printed_whole_after_an_inverted_first_name_stay_names() -> None:
    # a second author given first, a team's "Inc.", a journal's abbreviations
    for text in (
        "Marlowe, Edith, Meg Carroll, and Jo Park, 1931.",
        "Northwind Consulting Services, Inc., 1931.",
        "Osei and Ng, Brain Pathol., 1931.",
    ):
        tokens = tokenise(text)
        year = next(i for i, token in enumerate(tokens) if token.text.isdigit())
        labels = [_A] * (year - 1) + [_O, _D] + [_O] * (len(tokens) - year - 1)
        assert _T not in _fields(text, labels), text


def test_a_title_read_on_over_its_editor_ends_before_the_editor() -> None:
    text = "R. Osei, The Tale Retold, ed. by Mary Jane Ng, Ithaca, 1995."
    labels = _labelled(text, [("R", _A), (",", _O), ("The", _T), ("1995", _D), (".", _O)])
    fields = _fields(text, labels)
    assert fields[_T] == "The Tale Retold"
    assert fields[Label.EDITOR] == "Mary Jane Ng"


def test_a_translator_after_a_title_is_no_part_of_it_and_no_editor() -> None:
    text = "R. Osei, The Tale Retold, trans. by Mary Ng, Ithaca, 1995."
    labels = _labelled(text, [("R", _A), (",", _O), ("The", _T), ("1995", _D), (".", _O)])
    fields = _fields(text, labels)
    assert fields[_T] == "The Tale Retold"
    assert Label.EDITOR not in fields


def test_a_journals_trans_after_a_title_is_no_translator() -> None:
    text = "R. Osei, On the rings of groups, Trans. Amer. Math. Soc. 12, 1995."
    labels = _labelled(text, [("R", _A), (",", _O), ("On", _T), ("12", _V), (",", _O)])
    fields = _fields(text, labels)
    assert Label.EDITOR not in fields
    assert fields[_T].startswith("On the rings of groups")


def test_a_locator_read_into_a_titles_end_is_no_part_of_it() -> None:
    for text, title, field, value in (
        ("Osei, R. Neural Networks: A foundation, ch. 7, Hall, 1999.",
         "Neural Networks : A foundation", None, ""),
        ("Osei, R. Theory of Finite Groups, vol. 2, Hall, 1999.", "Theory of Finite Groups",
         Label.VOLUME, "2"),
        ("Osei, R. Theory of Finite Groups, pp. 12-19, Hall, 1999.", "Theory of Finite Groups",
         Label.PAGES, "12-19"),
    ):  # fmt: skip
        opening = title.split()[0]
        spans = [("Osei", _A), (".", _O), (opening, _T), ("Hall", _O), ("1999", _D), (".", _O)]
        fields = _fields(text, _labelled(text, spans))
        assert fields[_T] == title, text
        if field is not None:
            assert fields[field] == value, text


def test_a_part_after_a_titles_comma_stays_in_the_title() -> None:
    text = "Osei, R. Deathly Hallows, Part 2, Hall, 1999."
    labels = _labelled(text, [("Osei", _A), ("Deathly", _T), ("Hall", _O), ("1999", _D)])
    assert _fields(text, labels)[_T].rstrip(" ,") == "Deathly Hallows , Part 2"


def test_a_place_after_the_titles_full_stop_and_before_its_date_is_the_place() -> None:
    text = "Ama Osei. Probability Theory I. New York, 1977."
    labels = [_A, _A, _O, *[_T] * 8, _O]  # the place and the year read into the title
    fields = _fields(text, labels)
    assert fields[_T] == "Probability Theory I"
    assert fields[Label.LOCATION] == "New York"
    assert fields[_D] == "1977"


def test_a_titles_last_words_before_a_comma_and_its_date_stay_unless_a_place() -> None:
    text = "Ama Osei. Essays on Money, Banking, 1977."
    labels = [_A, _A, _O, *[_T] * 7, _O]
    fields = _fields(text, labels)
    assert fields[_T].startswith("Essays on Money , Banking")


def test_the_last_name_after_an_apa_ellipsis_is_one_of_the_names() -> None:
    text = "Osei, R., Ngata, T. A., ... & Brandt, N. L. (2008). Aspirin and mice."
    # the names up to "A.", the ellipsis, the last name read as a place, the date, the title
    labels = [*[_A] * 11, *[_O] * 5, *[Label.LOCATION] * 6, _O, _D, _O, _O, _T, _T, _T, _O]
    fields = _fields(text, labels)
    assert fields[_A].endswith("Brandt , N . L .")
    assert Label.LOCATION not in fields


def test_words_after_an_ellipsis_that_are_no_name_stay_as_read() -> None:
    text = "Osei, R., Ngata, T. A., ... (2008). Aspirin and mice."
    labels = [*[_A] * 11, *[_O] * 5, _D, _O, _O, _T, _T, _T, _O]
    assert _fields(text, labels)[_A] == "Osei , R . , Ngata , T . A ."


def test_a_date_read_as_the_volume_is_the_date_and_then_the_volume() -> None:
    for text, date, volume in (
        ("Osei R. Care in wards. Ann Med. 2012 Jul; 60(1): 12-23.", "2012 Jul", "60"),
        ("Osei R. Care in wards. Aviat Med. 2012 83(11) 1060-1066.", "2012", "83"),
    ):
        tokens = tokenise(text)
        year = next(i for i, token in enumerate(tokens) if token.text == "2012")
        issue = next(i for i, token in enumerate(tokens) if token.text == "(")
        labels = [_A, _A, _O, _T, _T, _T, _O, _C, _C, _O]
        labels += [Label.VOLUME] * (issue - year) + [_O] * (len(tokens) - issue)
        fields = _fields(text, labels)
        assert fields[_D] == date, text
        assert fields[Label.VOLUME] == volume, text


def test_a_year_announced_as_the_volume_stays_the_volume() -> None:
    text = "Osei R. Care in wards. Ann Med, Volume 2000 N 1."
    labels = [_A, _A, _O, _T, _T, _T, _O, _C, _C, _O, _O, Label.VOLUME, Label.VOLUME, _O, _O]
    fields = _fields(text, labels)
    assert _D not in fields
    assert fields[Label.VOLUME] == "2000 N"


def test_a_chapters_book_read_as_a_second_title_after_its_editors_is_the_venue() -> None:
    text = "Osei, W. (1980). Time and learning. In C. Ngata (Eds.), Time to learn (pp. 33-72)."
    labels = _labelled(
        text,
        [("Osei", _A), ("(", _O), ("1980", _D), (")", _O), ("Time", _T), (".", _O),
         ("C", Label.EDITOR), (")", _O), ("Time", _T), ("(", _O), ("33-72", Label.PAGES),
         (")", _O)],
    )  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "Time and learning"
    assert fields[_C] == "Time to learn"


def test_a_journal_after_a_title_read_as_a_publisher_is_the_venue_with_its_numbers() -> None:
    text = "Osei, C. 2007. Spot the match. Frontiers in Zoology 4: 2-9."
    labels = _labelled(
        text, [("Osei", _A), ("2007", _D), (".", _O), ("Spot", _T), (".", _O),
               ("Frontiers", Label.PUBLISHER), (".", _O)],
    )  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_C] == "Frontiers in Zoology"
    assert fields[Label.VOLUME] == "4"
    assert fields[Label.PAGES] == "2-9"


def test_a_publisher_with_more_numbers_after_it_than_a_journals_stays_a_publisher() -> None:
    text = "Osei, C. 2007. Spot the match. Includes Changes 1, 2, and 3."
    labels = _labelled(
        text, [("Osei", _A), ("2007", _D), (".", _O), ("Spot", _T), (".", _O),
               ("Includes", Label.PUBLISHER), (".", _O)],
    )  # fmt: skip
    assert _C not in _fields(text, labels)


def test_a_subtitles_list_read_on_as_a_venue_before_an_imprint_is_the_title() -> None:
    text = "Osei, J. (2002). A history of schools: Public, Private and Church schools. Accra: Sub."
    labels = _labelled(
        text, [("Osei", _A), ("(", _O), ("2002", _D), (")", _O), ("A", _T), (",", _O),
               ("Private", _C), (".", _O), ("Accra", Label.LOCATION), (":", _O),
               ("Sub", Label.PUBLISHER), (".", _O)],
    )  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "A history of schools : Public , Private and Church schools"
    assert _C not in fields


def test_proceedings_after_a_titles_comma_and_before_a_place_stay_the_venue() -> None:
    text = "Osei, J. (2002). Schools: a survey, Proceedings of Learning Day. Accra: Sub."
    labels = _labelled(
        text, [("Osei", _A), ("(", _O), ("2002", _D), (")", _O), ("Schools", _T), (",", _O),
               ("Proceedings", _C), (".", _O), ("Accra", Label.LOCATION), (":", _O),
               ("Sub", Label.PUBLISHER), (".", _O)],
    )  # fmt: skip
    assert _fields(text, labels)[_C] == "Proceedings of Learning Day"


def test_a_questions_subtitle_read_in_the_venue_is_the_titles() -> None:
    text = "Osei, W. 2010. Are Schools Failing? Revisiting a Hypothesis. Modern Politics 16: 17-31."
    labels = _labelled(
        text, [("Osei", _A), ("2010", _D), (".", _O), ("Are", _C), ("16", Label.VOLUME),
               (":", _O), ("17-31", Label.PAGES), (".", _O)],
    )  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "Are Schools Failing ? Revisiting a Hypothesis"
    assert fields[_C] == "Modern Politics"


def test_a_vancouver_name_before_a_colon_read_as_the_titles_opening_is_a_name() -> None:
    text = "Osei MR, Ngata MS, Brandt DS: Clinical indicators in wards. JAMA 262:34-37, 1989."
    # the last name and its colon read as the title's opening
    labels = [*[_A] * 5, _O, *[_T] * 7, _O, _C, Label.VOLUME, _O, Label.PAGES, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_A] == "Osei MR , Ngata MS , Brandt DS"
    assert fields[_T] == "Clinical indicators in wards"


def test_a_place_and_its_state_read_as_the_titles_end_before_the_publisher_is_the_place() -> None:
    text = "Osei, A. (2010). The Coming Change of Schools. River Junction (VT): Green Books."
    labels = _labelled(
        text, [("Osei", _A), ("(", _O), ("2010", _D), (")", _O), ("The", _T), (")", _O),
               ("Green", Label.PUBLISHER), (".", _O)],
    )  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "The Coming Change of Schools"
    assert fields[Label.LOCATION] == "River Junction VT"


def test_an_edition_read_as_the_titles_end_is_the_edition() -> None:
    for text, first, title, edition in (
        ("Boole, G. 1872. A Treatise on Differences, 2nd ed. London.", "A",
         "A Treatise on Differences", "2nd ed"),
        ("Derrida, J. 1967. L'écriture et la différence (1 éd.) Paris.", "L'écriture",
         "L'écriture et la différence", "1 éd"),
        ("Favoreu, L. 2020. Droit constitutionnel (29e édition) Paris.", "Droit",
         "Droit constitutionnel", "29e édition"),
        ("Barendregt, H. 1984. The Lambda Calculus. Revised Edition. Amsterdam.", "The",
         "The Lambda Calculus", "Revised Edition"),
    ):  # fmt: skip
        author, year, place = text.split(",")[0], text.split(". ")[1], text.split()[-1][:-1]
        spans = [(author, _A), (year, _D), (first, _T), (place, _O)]
        fields = _fields(text, _labelled(text, spans))
        assert fields[_T] == title, text
        assert fields[Label.EDITION] == edition, text


def test_edition_words_inside_a_title_stay_in_it() -> None:
    text = "Ames, R. 2001. A New Edition of Old Songs. London."
    labels = _labelled(text, [("Ames", _A), ("2001", _D), ("A", _T), ("London", _O)])
    assert _fields(text, labels)[_T] == "A New Edition of Old Songs ."


def test_a_journals_abbreviations_read_after_the_titles_comma_open_the_venue() -> None:
    text = "A. Beilinson, Coherent sheaves on projective space, Funct. Anal. Appl. 12 (1978)."
    labels = _labelled(text, [("A", _A), ("Coherent", _T), ("Anal", _C), ("12", _V)])
    fields = _fields(text, labels)
    assert fields[_T] == "Coherent sheaves on projective space"
    assert fields[_C] == "Funct . Anal . Appl ."


def test_a_place_after_the_titles_comma_stays_in_the_title() -> None:
    text = "Dressler, B. O., Melt at the Wanapitei structure, Ontario, Canada. Meteoritics, v. 32."
    labels = _labelled(text, [("Dressler", _A), ("Melt", _T), ("Meteoritics", _C), ("v", _O)])
    assert _fields(text, labels)[_T].endswith("Ontario , Canada .")


def test_a_books_bracketed_imprint_read_into_the_title_is_its_publisher() -> None:
    text = "G. B. Whitham, Linear and Nonlinear Waves (John Wiley, New York, 1974)."
    labels = _labelled(text, [("G", _A), ("Linear", _T), ("1974", _D), (")", _O)])
    fields = _fields(text, labels)
    assert fields[_T] == "Linear and Nonlinear Waves"
    assert fields[Label.PUBLISHER] == "John Wiley New York"


def test_a_bracket_in_a_title_that_holds_no_imprint_stays_in_it() -> None:
    text = "Antoniadis, A. 2001. Regularization of wavelets (with discussion). J. Am. Stat. 96."
    labels = _labelled(text, [("Antoniadis", _A), ("2001", _D), ("Regularization", _T), ("J", _C)])
    assert _fields(text, labels)[_T] == "Regularization of wavelets ( with discussion ) ."


def test_names_marked_as_editors_before_the_title_are_the_editors() -> None:
    for text, first in (
        ("Kenyon, Nicholas, ed. Authenticity and Early Music. Oxford, 1988.", "Authenticity"),
        ("Skov, L., and B. Moeran (Eds.). Women, Media, and Consumption. Honolulu, 1995.", "Women"),
        ("Overwien, Bernd; Prengel, Annedore (Hg.) (2007): Recht auf Bildung. Opladen.", "Recht"),
    ):
        labels = _labelled(text, [(text.split(",")[0], _A), (first, _T), (text.split()[-1], _O)])
        fields = _fields(text, labels)
        assert _A not in fields, text
        assert fields[Label.EDITOR].startswith(text.split(",")[0]), text


def test_an_edition_after_the_title_leaves_the_authors_alone() -> None:
    text = "Boole, George. A Treatise on Differences, 2nd ed. London, 1872."
    labels = _labelled(text, [("Boole", _A), ("A", _T), ("London", _O)])
    assert _fields(text, labels)[_A] == "Boole , George ."


def test_a_given_name_ed_is_no_editors_mark() -> None:
    text = "Smith, Ed, and Jones, K. 2001. Rivers of the north. Oxford."
    labels = _labelled(text, [("Smith", _A), ("2001", _D), ("Rivers", _T), ("Oxford", _O)])
    assert _fields(text, labels)[_A] == "Smith , Ed , and Jones , K ."


def test_a_date_read_into_the_end_of_a_title_is_the_date() -> None:
    text = "S. Thompson, Motif Index of Folk Literature, Copenhagen 1955."
    fields = _fields(text, _labelled(text, [("S", _A), ("Motif", _T)]))
    assert fields[_T] == "Motif Index of Folk Literature"
    assert fields[_D] == "1955"
    assert fields[_L] == "Copenhagen"
    text = "Asuncion, A., Newman, D. UCI machine learning repository 2007"
    fields = _fields(text, _labelled(text, [("Asuncion", _A), ("UCI", _T)]))
    assert (fields[_T], fields[_D]) == ("UCI machine learning repository", "2007")


def test_a_year_in_a_titles_wording_stays_in_it() -> None:
    for text in (
        "Smith, J. Report on the 2010 census of Wales.",
        "Cole, K. The IBM Selectric Typewriter Was Introduced on July 31, 1961.",
        "Lane, P. Oil and money 1973 to the present.",
        "Howell, W. Logic and Rhetoric in England, 1500-1700.",
    ):
        fields = _fields(text, _labelled(text, [(text.split(",")[0], _A), (text.split()[2], _T)]))
        assert _D not in fields, text


def test_a_journals_abbreviation_after_the_titles_last_sentence_opens_the_venue() -> None:
    text = "Gutierrez J (2014) Evolution of retinoic acid signaling. Subcell. Biochem. 70, 55-73."
    spans = [("Gutierrez", _A), ("2014", _D), ("Evolution", _T), ("Biochem", _C), ("70", _V)]
    fields = _fields(text, _labelled(text, spans))
    assert fields[_T] == "Evolution of retinoic acid signaling"
    assert fields[_C] == "Subcell . Biochem ."


def test_a_journal_after_the_titles_comma_before_its_number_is_the_journal() -> None:
    text = "JEANNOT G., Sélection et parcours des directeurs, Sociologies pratiques, no. 21, 2010."
    labels = _labelled(text, [("JEANNOT", _A), ("Sélection", _T), ("no", _O), ("21", _V)])
    fields = _fields(text, labels)
    assert fields[_T] == "Sélection et parcours des directeurs"
    assert fields[_C].strip(" ,") == "Sociologies pratiques"


def test_an_east_asian_reference_read_with_no_title_has_its_parts_in_print_order() -> None:
    text = "문창로, 2017, 문헌자료를 통해 본 삼한의 소도와 제의, 百濟學報22, 百濟學會, pp.5-32."
    labels = _labelled(text, [("문창로", _A), ("2017", _D), ("문헌자료를", Label.NOTE), ("pp", _O)])
    fields = _fields(text, labels)
    assert fields[_T] == "문헌자료를 통해 본 삼한의 소도와 제의"
    assert fields[_C] == "百濟學報22"
    text = "孫洪生, 李永民. 子和補意推原. 張家口醫學院學報. 2003. 20(6)."
    fields = _fields(text, _labelled(text, [("孫洪生", _A), ("2003", _D)]))
    assert (fields[_T], fields[_C]) == ("子和補意推原", "張家口醫學院學報")


def test_a_reference_in_a_latin_script_read_with_no_title_keeps_its_labels() -> None:
    text = "Okonkwo, A., 2017, Sparse graphs, Journal of Graphs, 12."
    labels = _labelled(text, [("Okonkwo", _A), ("2017", _D), ("Sparse", Label.NOTE), ("12", _V)])
    assert _T not in _fields(text, labels)


def test_a_korean_journal_after_the_titles_comma_before_its_volume_is_the_journal() -> None:
    text = "정연환, QFD를 활용한 함정 관리 방안 연구, 한국시스템엔지니어링학회, Vol. 15, 2019."
    labels = _labelled(text, [("정연환", _A), ("QFD를", _T), ("Vol", _O), ("15", _V), ("2019", _D)])
    fields = _fields(text, labels)
    assert fields[_T] == "QFD를 활용한 함정 관리 방안 연구"
    assert fields[_C].strip(" ,") == "한국시스템엔지니어링학회"


def test_a_journals_first_abbreviation_read_as_the_last_name_is_the_venue() -> None:
    """As the labeller read them: the journal's first word with the names."""
    _P = Label.PAGES
    text = "C. H. Bennett, J. Comput. Phys. 22, 245 (1976)."
    labels = [*[_A] * 7, _O, _C, _C, _C, _O, _V, _O, _P, _O, _D, _O, _O]
    fields = _fields(text, labels)
    assert fields[_A] == "C . H . Bennett ,"
    assert fields[_C] == "J . Comput . Phys"
    text = "H. Rieger and N. Kawashima, Euro. Phys. J. B 9, 233 (1999)."
    labels = [*[_A] * 9, _O, *[_C] * 5, _V, _O, _P, _O, _D, _O, _O]
    fields = _fields(text, labels)
    assert fields[_A] == "H . Rieger and N . Kawashima"
    assert fields[_C] == "Euro . Phys . J . B"


def test_a_last_initial_before_the_journal_stays_the_authors() -> None:
    text = "van Wees, B.J .Nat Nanotechnol 2012, 7, 166-168."
    labels = [*[_A] * 6, _O, _C, _C, _D, _O, _V, _O, Label.PAGES, _O]
    assert _fields(text, labels)[_A] == "van Wees , B . J"


def test_a_titles_first_part_read_as_the_last_name_opens_the_title() -> None:
    text = "J. Lee, and E.-S. Kim. Mstr: Multi-scale transformer for detection. In CVPR, 2022."
    labels = _labelled(text, [("J", _A), ("Multi-scale", _T), ("In", _O), ("CVPR", _C)])
    fields = _fields(text, labels)
    assert fields[_A] == "J . Lee , and E . - S . Kim"
    assert fields[_T].startswith("Mstr : Multi-scale")


def test_a_name_before_a_colon_in_copernicus_style_stays_a_name() -> None:
    text = "Zhu, Y. and Lang, K.: Glacier retreat in the Alps, in: EGU, 2020."
    labels = _labelled(text, [("Zhu", _A), (":", _O), ("Glacier", _T), ("in", _O)])
    assert _fields(text, labels)[_A] == "Zhu , Y . and Lang , K ."


def test_a_place_and_publisher_read_as_the_titles_last_sentence_are_the_imprint() -> None:
    text = "Ackers, L. 2003. Managing Work and Family Life. Leeds: Centre for the Study of Law."
    labels = _labelled(text, [("Ackers", _A), ("2003", _D), ("Managing", _T)])
    fields = _fields(text, labels)
    assert fields[_T] == "Managing Work and Family Life"
    assert fields[_L] == "Leeds"
    assert fields[Label.PUBLISHER] == "Centre for the Study of Law ."


def test_a_subtitle_after_a_place_name_and_colon_stays_in_the_title() -> None:
    text = "Kay, R. 2001. Rivers of the north. Oxford: The town and its water. London."
    labels = _labelled(text, [("Kay", _A), ("2001", _D), ("Rivers", _T), ("London", _O)])
    assert _fields(text, labels)[_T] == "Rivers of the north . Oxford : The town and its water ."


def test_a_mark_inside_a_name_opens_no_quotation() -> None:
    text = "Al-Ma‘tūq, A. M., “Al-Alfāẓ al-Mushtarakah,” Majallah al-islāmiyyah, 13(21)."
    labels = _labelled(text, [("Al-Ma", _A), ("“", _O), ("Al-Alfāẓ", _T), ("13", _V)])
    fields = _fields(text, labels)
    assert fields[_T] == "Al-Alfāẓ al-Mushtarakah"
    assert fields[_C].startswith("Majallah")


def test_a_journal_run_into_a_title_in_sentence_case_before_its_date_is_the_journal() -> None:
    text = "Goldmeier D. Implications of genital herpes infection Genitourin Med (1988) 64: 327."
    labels = _labelled(text, [("Goldmeier", _A), ("Implications", _T), ("1988", _D), ("64", _V)])
    fields = _fields(text, labels)
    assert fields[_T].rstrip(" (") == "Implications of genital herpes infection"
    assert fields[_C] == "Genitourin Med"


def test_a_title_in_title_case_keeps_its_last_words() -> None:
    text = "Summers J. Replication of the Genome by Reverse Transcription 1982; 29: 403-415."
    labels = _labelled(text, [("Summers", _A), ("Replication", _T), ("1982", _D), ("29", _V)])
    assert _fields(text, labels)[_T] == "Replication of the Genome by Reverse Transcription"


def test_an_organisation_opening_the_reference_read_as_a_venue_is_its_author() -> None:
    text = "World Health Organization (2009). World Suicide Prevention Day. Geneva."
    labels = _labelled(text, [("World", _C), ("2009", _D), ("World", _T), ("Geneva", _O)])
    fields = _fields(text, labels)
    assert fields[_A].rstrip(" (") == "World Health Organization"
    assert _C not in fields


def test_a_periodical_cited_by_its_name_stays_the_venue() -> None:
    text = 'Business Week, "Banks Try to Dodge the Fed," April 5, 1969.'
    labels = _labelled(text, [("Business", _C), ('"', _O), ("Banks", _T), ("April", _D)])
    fields = _fields(text, labels)
    assert _A not in fields and fields[_C].startswith("Business Week")


def test_names_read_as_editors_with_no_role_said_are_the_authors() -> None:
    text = "Adam Mornement, The second coming, World architecture, No. 83, 2000, 34-37"
    labels = _labelled(text, [("Adam", Label.EDITOR), ("The", _T), ("World", _C), ("2000", _D)])
    assert _fields(text, labels)[_A].rstrip(" ,") == "Adam Mornement"
    text = "Johnston, Dafydd, trans. and ed. Iolo Goch: Poems. Llandysul: Gomer, 1993."
    labels = _labelled(text, [("Johnston", Label.EDITOR), ("Iolo", _T), ("Llandysul", _O)])
    assert _A not in _fields(text, labels)


def test_a_span_of_years_read_as_an_issue_or_a_books_pages_is_the_date() -> None:
    text = "Johnson, R. What Is Cultural Studies Anyway? Social Text 16 (1986–87): 36–80."
    labels = _labelled(text, [("Johnson", _A), ("What", _T), ("Social", _C), ("16", _V),
                              ("(", _O), ("1986–87", Label.ISSUE), (")", _O)])  # fmt: skip
    assert _fields(text, labels)[_D] == "1986–87"
    text = "Darwin, C. The Correspondence. Cambridge: Cambridge University Press, 1985-2015."
    labels = _labelled(text, [("Darwin", _A), ("The", _T), ("Cambridge", _O), ("1985-2015", _P)])
    assert _fields(text, labels)[_D] == "1985-2015"


def test_an_articles_pages_that_look_like_years_stay_pages() -> None:
    text = "Abuhelaiqa, M. Stable solar cells. Energy Environ. Sci., 12, 1910-1917."
    labels = _labelled(text, [("Abuhelaiqa", _A), ("Stable", _T), ("Energy", _C), ("12", _V),
                              (",", _O), ("1910-1917", _P)])  # fmt: skip
    assert _D not in _fields(text, labels)


def test_an_editions_number_read_as_the_titles_end_before_its_word_is_the_edition() -> None:
    text = "COSTA, Fernando José da. Direito penal: parte geral. 2. ed. São Paulo: Atlas, 2007."
    labels = _labelled(text, [("COSTA", _A), ("Direito", _T), ("ed", Label.EDITION),
                              ("São", _L), ("Atlas", Label.PUBLISHER), ("2007", _D)])  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "Direito penal : parte geral"
    assert fields[Label.EDITION].startswith("2")


def test_a_title_read_as_the_opening_of_its_journals_name_is_the_title() -> None:
    text = "Voronov, A. Elements of Supergeometry, J. Soviet Mathematics, 28 (1990)"
    labels = _labelled(text, [("Voronov", _A), ("Elements", _C), ("28", _V), ("(", _O),
                              ("1990", _D)])  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "Elements of Supergeometry"
    assert fields[_C].rstrip(" ,") == "J . Soviet Mathematics"
    text = "Hoiem, D. and Hebert, M. Putting objects in perspective. IJCV, 2008."
    labels = _labelled(text, [("Hoiem", _A), ("Putting", _C), ("2008", _D)])
    assert _fields(text, labels)[_T] == "Putting objects in perspective"
    text = "Carter, N. Music score recognition: Problems and prospects, Computing in Musicology 9"
    labels = _labelled(text, [("Carter", _A), ("Music", _C), ("9", _V)])
    assert _fields(text, labels)[_C] == "Computing in Musicology"


def test_a_venue_read_whole_stays_the_venue_where_its_end_names_no_journal() -> None:
    # a journal's name with a comma in it, a place after a book's title, an issue's number
    for text, opening in (
        ("Arnaud, K. Proceedings of the National Academy of Sciences, USA, 12", "Proceedings"),
        ("Nagy, G. Homeric Questions in the epics, Austin 1996", "Homeric"),
        ("Hulten, P. Centre Georges Pompidou et les arts, No. 6, 1979", "Centre"),
        ("Holliday, V. Age and effects of the impact, western Texas, USA. Geology", "Age"),
    ):
        labels = _labelled(text, [(text.split(",")[0], _A), (opening, _C)])
        assert _T not in _fields(text, labels), text


def test_a_title_and_its_journal_run_together_and_read_as_the_venue_are_parted() -> None:
    # Vancouver with the full stop after the title lost: a journal's one word or acronym
    for text, opening, date, volume, journal in (
        ("Butcher EC. Lymphocyte homing and homeostasis Science 1996; 272:60-66.",
         "Lymphocyte", "1996", "272", "Science"),
        ("Saul N. Epidemiology of medical error BMJ 2000; 320:774-777.",
         "Epidemiology", "2000", "320", "BMJ"),
        ("Wong L. Downsizing the army: the survivors. Armed Forces and Society 1999; 25: 1.",
         "Downsizing", "1999", "25", "Armed Forces and Society"),
        ("Luria SE. Mutations of bacteria from virus sensitivity to virus resistance Genetics"
         " 1943; 28:491-511.", "Mutations", "1943", "28", "Genetics"),
    ):  # fmt: skip
        labels = _labelled(text, [(text.split()[0], _A), (opening, _C), (date, _D), (";", _O),
                                  (volume, _V)])  # fmt: skip
        fields = _fields(text, labels)
        assert fields[_C] == journal, text
        assert fields[_T].split()[0] == opening, text


def test_a_title_ending_in_lower_case_words_keeps_them_before_a_journal() -> None:
    text = "Anon. Antithrombotics and stroke in AF Bandolier 1999; 70: 1."
    labels = _labelled(text, [("Anon", _A), ("Antithrombotics", _C), ("1999", _D), (";", _O),
                              ("70", _V)])  # fmt: skip
    assert _T not in _fields(text, labels)


def test_a_title_read_into_a_bracket_it_does_not_close_ends_before_it() -> None:
    text = "N. G. van Kampen, Stochastic Processes in Physics (Lect. Notes Math., Vol. 888), 1981."
    labels = _labelled(text, [("N", _A), ("Stochastic", _T), (".", _O), ("Notes", _C),
                              (",", _O), ("1981", _D)])  # fmt: skip
    assert _fields(text, labels)[_T] == "Stochastic Processes in Physics"


def test_a_titles_own_brackets_and_a_quoted_titles_stay_whole() -> None:
    text = "Hauser, L. 1982. Generic relationships in Thelypodieae (Brassicaceae). Syst. Bot. 7."
    labels = _labelled(text, [("Hauser", _A), ("1982", _D), ("Generic", _T), (")", _O),
                              ("Syst", _C)])  # fmt: skip
    assert _fields(text, labels)[_T] == "Generic relationships in Thelypodieae ( Brassicaceae"
    text = "Tigchelaar, E. “Eden and Paradise in Some Texts (1 Enoch and Qumran.” Pages 37–62."
    labels = _labelled(text, [("Tigchelaar", _A), ("“", _O), ("Eden", _T), ("Qumran", _T),
                              (".", _O)])  # fmt: skip
    assert _fields(text, labels)[_T].endswith("Qumran")


def test_a_books_imprint_in_brackets_is_read_after_the_book_read_as_a_venue() -> None:
    text = "D. S. Freed, Five Lectures on Supersymmetry (AMS, New York, 1999)."
    labels = _labelled(text, [("D", _A), (",", _O), ("Five", _C), (",", _O), ("New", _L),
                              (",", _O), ("1999", _D), (")", _O)])  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "Five Lectures on Supersymmetry"
    assert fields[Label.PUBLISHER] == "AMS"


def test_a_short_family_name_in_capitals_after_initials_ends_the_names() -> None:
    text = "Y. S. RAO. Chem. Rev. 76, 625 (1976)."
    labels = [_A] * 5 + [_O] + [_C] * 3 + [_O, _V, _O, _P, _O, _D, _O, _O]
    fields = _fields(text, labels)
    assert fields[_A].rstrip(" .") == "Y . S . RAO"
    assert fields[_C].startswith("Chem . Rev")


def test_a_titles_last_words_read_into_a_journal_no_dictionary_holds_are_the_titles() -> None:
    text = "Bond J. Evidence that p53 plays a role in cellular senescence Oncogene 13:2097, 1996."
    labels = _labelled(text, [("Bond", _A), ("Evidence", _T), ("senescence", _C), ("13", _V),
                              (":", _O), ("2097", _P), (",", _O), ("1996", _D)])  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T].endswith("cellular senescence")
    assert fields[_C] == "Oncogene"


def test_a_journals_abbreviations_after_a_titles_comma_are_the_venue_where_none_was_read() -> None:
    text = "A. Denjoy, Sur les fonctions entières de genre fini, C. R. Acad. Sci. Paris, 45 (1907)."
    labels = _labelled(text, [("A", _A), ("Sur", _T), ("Paris", _L), (",", _O), ("45", _V),
                              ("(", _O), ("1907", _D), (")", _O)])  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T].rstrip(" .,") == "Sur les fonctions entières de genre fini"
    assert fields[_C].startswith("C . R . Acad . Sci")
    # a state's abbreviation or a translator's mark is no journal
    text = "B. Nelson, Punched Cards to Bar Codes: A Journey, Peterborough, N. H. Helmers, 1997."
    labels = _labelled(text, [("B", _A), ("Punched", _T), ("Helmers", Label.PUBLISHER),
                              (",", _O), ("1997", _D)])  # fmt: skip
    assert _C not in _fields(text, labels)


def test_an_east_asian_reference_read_as_names_up_to_its_numbers_has_its_parts() -> None:
    text = "李建香. 張從正補法思想淺談. 光明中醫. 2009. 24(8)."
    labels = [_A] * 5 + [_O, _D, _O, _V, _O, Label.ISSUE, _O, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "張從正補法思想淺談"
    assert fields[_C] == "光明中醫"
    assert fields[_A].rstrip(" .") == "李建香"


def test_an_east_asian_title_read_on_over_its_full_stop_ends_there() -> None:
    text = "鄧颖芝(2006). 東莞可園主人-張敬修. 嶺南文史. 4月号.: 32-34."
    labels = [_A, _O, _D, _O, _O] + [_T] * 5 + [_O, _O, _P, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "東莞可園主人-張敬修"
    assert fields[_C] == "嶺南文史"


def test_an_east_asian_part_too_long_for_a_name_read_among_the_names_is_the_title() -> None:
    text = "张毅, 孙洪坤, 城市大气污染防治法律体系建设, 广东行政学院学报, 2014. 26(3) 62-66."
    labels = [_A] * 8 + [_D, _O, _V, _O, Label.ISSUE, _O, _P, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "城市大气污染防治法律体系建设"
    assert fields[_C] == "广东行政学院学报"


def test_an_abbreviated_journal_read_with_the_names_before_the_numbers_is_the_venue() -> None:
    text = "Mischel and Cloughesy, Brain Pathol. (2003) 13(1): 52-61."
    labels = _labelled(text, [("Mischel", _A), (".", _O), ("2003", _D), (")", _O), ("13", _V),
                              ("(", _O), ("52-61", _P), (".", _O)])  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_C] == "Brain Pathol"
    assert fields[_A].rstrip(" ,") == "Mischel and Cloughesy"
    text = "Ann Smith, Bo Li, Carl Jones. Data, 2003."  # a third name is no journal
    labels = _labelled(text, [("Ann", _A), (".", _O), ("Data", _T), (",", _O), ("2003", _D)])
    assert _C not in _fields(text, labels)


def test_a_title_whose_only_lower_case_words_are_small_ones_is_left_as_read() -> None:
    text = "Ode I. Ode of the Science 1996; 272:60-66."
    labels = _labelled(text, [("Ode", _A), (".", _O), ("Ode", _T), ("1996", _D), (";", _O),
                              ("272", _V)])  # fmt: skip
    assert _fields(text, labels)[_T] == "Ode of the Science"


def test_an_mla_book_read_as_editors_up_to_its_editor_has_authors_title_and_editor() -> None:
    text = "Douglass, Frederick. My Bondage and My Freedom. Ed. William L. Andrews. Urbana, 1987."
    labels = _labelled(text, [("Douglass", Label.EDITOR), ("Urbana", _L), (",", _O),
                              ("1987", _D)])  # fmt: skip
    labels[labels.index(_L) - 1] = _O  # the full stop after the editor's name
    fields = _fields(text, labels)
    assert fields[_A] == "Douglass , Frederick"
    assert fields[_T] == "My Bondage and My Freedom"
    assert fields[Label.EDITOR] == "William L . Andrews"


def test_an_unread_east_asian_name_and_year_opening_a_reference_are_its_author_and_date() -> None:
    text = "王小明 2010, '生态补偿机制进展', 宏观经济管理, 第30-32页."
    tokens = tokenise(text)
    fields = _fields(text, [Label.NOTE] * (len(tokens) - 1) + [_O])
    assert fields[_A] == "王小明"
    assert fields[_D] == "2010"
    assert "生态补偿机制进展" in fields[_T]
    assert fields[_C] == "宏观经济管理"


def test_an_east_asian_opening_part_too_long_for_a_name_stays_the_title() -> None:
    text = "生态补偿机制进展与建议, 宏观经济管理, 2010."
    tokens = tokenise(text)
    fields = _fields(text, [Label.NOTE] * (len(tokens) - 1) + [_O])
    assert _A not in fields
    assert fields[_T] == "生态补偿机制进展与建议"


def test_a_vancouver_journal_read_as_the_titles_last_sentence_before_date_and_volume() -> None:
    text = "Osei H. Note sur la greffe du poumon. CR Acad Sci (Paris) 1950;231:1176-7."
    labels = _labelled(
        text, [("Osei", _A), (".", _O), ("Note", _T), ("(", _O), ("Paris", Label.LOCATION),
               (")", _O), ("1950", _D), (";", _O), ("231", Label.VOLUME), (":", _O),
               ("1176-7", Label.PAGES), (".", _O)],
    )  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "Note sur la greffe du poumon"
    assert fields[_C] == "CR Acad Sci"


def test_a_titles_last_sentence_before_a_date_with_no_volume_stays_the_title() -> None:
    text = "Osei H. Note sur la greffe. Grand Rapport Final 1950."
    labels = _labelled(text, [("Osei", _A), (".", _O), ("Note", _T), ("1950", _D), (".", _O)])
    assert _fields(text, labels)[_T] == "Note sur la greffe . Grand Rapport Final"


def test_a_year_in_a_note_after_the_title_is_not_the_references_date() -> None:
    text = "Ama Osei, Age de Pierre, Paris, 1976 (original edition: Stone Age Economics, 1972)."
    tokens = tokenise(text)
    note = next(i for i, token in enumerate(tokens) if token.text == "1972")
    labels = [_A, _A, _O, *[_T] * (note - 3), _D, _O, _O]  # the title read on into the note
    fields = _fields(text, labels)
    assert fields[_T] == "Age de Pierre"
    assert fields[Label.LOCATION] == "Paris"
    assert fields[_D] == "1976"


def test_a_journal_cited_alone_whose_opening_was_read_as_a_name_is_the_venue() -> None:
    text = "Cancer Res., Vol. 57, p. 1625 (1997)"
    labels = _labelled(
        text, [("Cancer", _A), (".", _O), ("57", Label.VOLUME), (",", _O),
               ("1625", Label.PAGES), ("(", _O), ("1997", _D), (")", _O)],
    )  # fmt: skip
    fields = _fields(text, labels)
    assert _A not in fields
    assert fields[_C] == "Cancer Res"


def test_names_before_a_journals_numbers_stay_names() -> None:
    text = "Osei Y., Ngata M., 2006, ApJ, 650, 102"
    labels = [*[_A] * 7, _O, _D, _O, _C, _O, Label.VOLUME, _O, Label.PAGES]
    assert _fields(text, labels)[_A] == "Osei Y . , Ngata M ."


def test_a_journal_after_given_first_names_read_as_a_name_and_title_is_the_venue() -> None:
    text = "D. J. Osei, J. Fluid Mech., 180, 529-556 (1987)."
    labels = _labelled(
        text, [("D", _A), (".", _O), ("Fluid", _T), (".", _O), ("180", Label.VOLUME),
               (",", _O), ("529-556", Label.PAGES), ("(", _O), ("1987", _D), (")", _O)],
    )  # fmt: skip
    labels[:7] = [_A] * 7  # "D. J. Osei, J" read as the names
    fields = _fields(text, labels)
    assert fields[_A].rstrip(" ,") == "D . J . Osei"
    assert fields[_C] == "J . Fluid Mech"
    assert _T not in fields


def test_names_with_a_suffix_or_initials_before_a_journal_stay_names() -> None:
    for text in (
        "E. W. Osei, JR. J. Org. Chem. 30, 2109 (1965).",
        "D. G. Osei, M. R. Ngata. Inorg. Chim. Acta, 47, 81 (1980).",
    ):
        tokens = tokenise(text)
        journal = next(
            i for i, token in enumerate(tokens) if token.text in ("J", "Inorg") and i > 6
        )
        labels = [_A] * journal + [_C] * (len(tokens) - journal)
        assert _fields(text, labels)[_A].startswith(
            " ".join(t.text for t in tokens[: journal - 1])
        ), text


def test_a_standards_number_or_a_year_read_as_a_titles_last_sentence_is_not_the_title() -> None:
    for text, title, field, value in (
        ("ASTM (2004). Guide for Remediation of Groundwater. E1943-98. West Conshohocken.",
         "Guide for Remediation of Groundwater", Label.IDENTIFIER, "E1943-98"),
        ("US Army (2009). Selection of Design Earthquakes. EC 1110-2-6000. Washington.",
         "Selection of Design Earthquakes", Label.IDENTIFIER, "EC 1110-2-6000"),
    ):  # fmt: skip
        tokens = tokenise(text)
        bracket = next(i for i, token in enumerate(tokens) if token.text == ")")
        place = len(tokens) - 3 if tokens[-3].text != "." else len(tokens) - 2
        labels = [_A] * (bracket - 2) + [_O, _D, _O, _O] + [_T] * (place - bracket - 2)
        labels += [Label.LOCATION] * (len(tokens) - len(labels) - 1) + [_O]
        fields = _fields(text, labels)
        assert fields[_T] == title, text
        assert fields[field] == value, text
    text = "Osei, Kofi. The Archaeology of Knowledge. 1969. Trans. A. Smith. New York, 2010."
    labels = _labelled(text, [("Osei", _A), (".", _O), ("The", _T), ("Trans", _O), ("2010", _D)])
    assert _fields(text, labels)[_T] == "The Archaeology of Knowledge"


def test_a_title_ending_in_a_sentence_of_words_and_numbers_keeps_it() -> None:
    text = "Osei, Kofi. Studies in Planning. Version 2-0 Final. Accra, 2010."
    labels = _labelled(
        text, [("Osei", _A), (".", _O), ("Studies", _T), ("Accra", _O), ("2010", _D)]
    )
    assert _fields(text, labels)[_T].startswith("Studies in Planning . Version 2-0 Final")


def test_a_title_alone_read_as_names_before_its_imprint_read_as_the_title_is_the_title() -> None:
    text = "National Farm Yearbook. Accra: Statistical Office of Ghana."
    labels = _labelled(text, [("National", _A), (".", _O), ("Accra", _T), (".", _O)])
    fields = _fields(text, labels)
    assert fields[_T] == "National Farm Yearbook"
    assert fields[Label.LOCATION] == "Accra"
    assert fields[Label.PUBLISHER] == "Statistical Office of Ghana"
    assert _A not in fields


def test_a_publishers_name_after_the_names_is_no_title() -> None:
    text = "Nicolas Osei, La Ville Nouvelle, Editions Tchou, 1969"
    labels = _labelled(text, [("Nicolas", _A), (",", _O), ("1969", _D)])
    labels[: len(labels) - 2] = [_A] * (len(labels) - 2)
    assert _fields(text, labels).get(_T) != "Editions Tchou"


def test_a_title_read_as_a_note_before_in_and_the_venue_is_the_title() -> None:
    text = "D Osei. Belief revision, revised. In Proceedings KR-95, pages 15-20, 1995."
    labels = _labelled(
        text, [("D", _A), (".", _O), ("Belief", Label.NOTE), (".", _O), ("Proceedings", _C),
               (",", _O), ("15-20", Label.PAGES), (",", _O), ("1995", _D), (".", _O)],
    )  # fmt: skip
    assert _fields(text, labels)[_T] == "Belief revision , revised"


def test_a_vancouver_venue_read_over_the_titles_last_words_gives_them_back() -> None:
    for text, opening, venue, year, volume, title_end, journal in (
        ("Osei T. Genome comparisons in the lane to functional genomics Brief Bioinform 2000;"
         " 1:381-388.", "Genome", "genomics", "2000", "1", "genomics", "Brief Bioinform"),
        ("Osei T. Radical production in macrophages from prone BB rats. Autoimmunity 1993;"
         " 15:93-98.", "Radical", "BB", "1993", "15", "rats", "Autoimmunity"),
    ):  # fmt: skip
        labels = _labelled(
            text, [("Osei", _A), (".", _O), (opening, _T), (venue, _C), (year, _D),
                   (";", _O), (volume, Label.VOLUME), (":", _O)],
        )  # fmt: skip
        fields = _fields(text, labels)
        assert fields[_T].split()[-1] == title_end, text
        assert fields[_C] == journal, text


def test_iop_journal_abbreviations_read_as_the_titles_end_open_the_venue() -> None:
    text = "Osei M 2010 A third-generation wave observatory Class. Quantum Grav. 27 194002"
    labels = _labelled(
        text, [("Osei", _A), ("2010", _D), ("A", _T), (".", _O), ("Quantum", _C),
               (".", _O), ("27", Label.VOLUME), ("194002", Label.PAGES)],
    )  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "A third-generation wave observatory"
    assert fields[_C].startswith("Class . Quantum Grav")


def test_a_titles_last_proper_noun_before_a_venue_written_out_stays_the_titles() -> None:
    for text, last in (
        ("Osei M 2010 Rocks from the lakes of southern Sweden. Geologiska Foreningen 97 307",
         "Sweden"),
        ("Osei M 2010 The embryo of the cnidarian Clytia. Dev. Biol. 97 307", "Clytia"),
    ):  # fmt: skip
        tokens = tokenise(text)
        stop = next(i for i, token in enumerate(tokens) if token.text == last) + 1
        labels = [_A, _A, _D] + [_T] * (stop - 3) + [_O]
        labels += [_C] * (len(tokens) - stop - 3) + [Label.VOLUME, Label.PAGES]
        assert _fields(text, labels)[_T].endswith(last), text


def test_a_titles_word_hyphenated_to_a_bracket_and_read_as_the_venue_is_the_titles() -> None:
    text = "M. Osei, Methods for Some (3+1)-Dimensional Equations, New Trends in Sciences 3 (2015)"
    labels = _labelled(
        text, [("M", _A), (",", _O), ("Methods", _T), (")", _O), ("Dimensional", _C),
               ("3", Label.VOLUME), ("(", _O), ("2015", _D), (")", _O)],
    )  # fmt: skip
    labels[1:3] = [_A, _A]  # "M . Osei"
    fields = _fields(text, labels)
    assert fields[_A] == "M . Osei"
    assert fields[_T].startswith("Methods for Some")
    assert fields[_T].endswith("Dimensional Equations")
    assert fields[_C] == "New Trends in Sciences"


def test_a_journal_split_at_its_and_takes_back_its_first_abbreviation() -> None:
    text = "R. M. Osei, Beta pentagon relations, Theoret. and Math. Phys. 181 (2014)."
    _V = Label.VOLUME
    labels = [*[_A] * 5, _O, *[_T] * 5, _O, _C, _C, _C, _C, _O, _V, _O, _D, _O, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Beta pentagon relations"
    assert fields[_C] == "Theoret . and Math . Phys"


def test_a_journal_of_abbreviations_read_as_the_title_is_the_venue() -> None:
    text = "Osei, V. M. Phys. Rev. Lett. 135, 544-553 (2005)."
    _V, _P = Label.VOLUME, Label.PAGES
    labels = [*[_A] * 5, _O, *[_T] * 5, _O, _V, _O, _P, _O, _D, _O, _O]
    fields = _fields(text, labels)
    assert _T not in fields
    assert fields[_C] == "Phys . Rev . Lett"


def test_a_part_of_names_without_words_reads_as_nothing_and_raises_nothing() -> None:
    text = "Osei, Kofi, ., Ngata, Ama"
    labels = [_A] * len(tokenise(text))
    assert _fields(text, labels)[_A].startswith("Osei , Kofi")


def test_a_title_and_a_journal_in_title_case_read_as_one_venue_are_parted() -> None:
    text = "Turing, Alan, Thinking Machines and Their Minds, Mind 59, pp 433-460 (1950)"
    labels = _labelled(
        text, [("Turing", _A), (",", _O), ("Thinking", _C), ("59", Label.VOLUME),
               (",", _O), ("433-460", Label.PAGES), ("(", _O), ("1950", _D), (")", _O)],
    )  # fmt: skip
    labels[1:4] = [_A, _A, _A]
    fields = _fields(text, labels)
    assert fields[_T] == "Thinking Machines and Their Minds"
    assert fields[_C] == "Mind"


def test_a_books_title_and_its_publishers_year_stay_as_read() -> None:
    text = "Osei Kofi, Sexual Behaviour in the Human Female, Saunders, 1953."
    labels = _labelled(text, [("Osei", _A), (",", _O), ("Sexual", _C), ("1953", _D), (".", _O)])
    venue = _fields(text, labels).get(_C, "")
    assert venue.rstrip(" ,") != "Saunders"  # a publisher's year is no volume


def test_a_short_title_after_one_inverted_name_written_whole_is_the_title() -> None:
    # MLA: "Family, Given. Title. Place: Publisher, Year." with the title read as a name
    text = "Mensah, Kwame. Harvest. Accra: Sankofa, 2004."
    labels = _labelled(
        text, [("Mensah", _A), (".", _O), ("Accra", Label.LOCATION), (":", _O),
               ("Sankofa", Label.PUBLISHER), (",", _O), ("2004", _D)],
    )  # fmt: skip
    labels[3:5] = [_A, _A]  # ". Harvest" read on as names
    fields = _fields(text, labels)
    assert fields[_A] == "Mensah , Kwame"
    assert fields[_T] == "Harvest"


def test_a_titles_opening_after_one_inverted_name_joins_the_title_after_its_colon() -> None:
    text = "Oduya, Grace. Nairobi Nights: a city's music. London: Granta, 1999."
    labels = _labelled(
        text, [("Oduya", _A), (":", _O), ("a", _T), (".", _O), ("London", Label.LOCATION)],
    )  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_A] == "Oduya , Grace"
    assert fields[_T] == "Nairobi Nights : a city's music"


def test_names_printed_each_family_first_with_full_stops_stay_names() -> None:
    # French lists: "FAMILY, Given. FAMILY, Given. Title."; and two names before a journal
    text = "OSEI, Kofi. NGATA, Ama. Les marchés du soir. Paris: Seuil, 2001."
    labels = _labelled(text, [("OSEI", _A), ("Les", _T), (".", _O), ("Paris", Label.LOCATION)])
    assert _fields(text, labels)[_A] == "OSEI , Kofi . NGATA , Ama ."
    text = "Osei and Ngata, Circ. Res. (2002) 90:1243-1250"
    labels = _labelled(text, [("Osei", _A), ("Res", _C), ("(", _O), ("2002", _D), (")", _O)])
    assert _T not in _fields(text, labels)


def test_the_words_after_an_author_date_date_read_as_an_imprint_are_the_title() -> None:
    _L = Label.LOCATION
    text = "Osei, K., & Ngata, A. (2009). Médecine du sport. Maloine."
    labels = _labelled(text, [("Osei", _A), (".", _O), ("(", _O), ("2009", _D), (")", _O),
                              ("Médecine", _L), ("Maloine", _L), (".", _O)])  # fmt: skip
    labels[1:9] = [_A] * 8
    fields = _fields(text, labels)
    assert fields[_T] == "Médecine du sport"
    text = "OSEI, K. (2009), Repenser la ville, Lyon, PUL."
    labels = _labelled(text, [("OSEI", _A), ("(", _O), ("2009", _D), (")", _O),
                              ("Repenser", Label.EDITOR), (",", _O), ("Lyon", _L), (",", _O),
                              ("PUL", Label.PUBLISHER), (".", _O)])  # fmt: skip
    labels[1:4] = [_A] * 3
    assert _fields(text, labels)[_T] == "Repenser la ville"


def test_an_imprint_or_a_venue_after_an_author_date_date_stays_as_read() -> None:
    _L = Label.LOCATION
    text = "Osei, K. (2009). New York: Avon."
    labels = _labelled(text, [("Osei", _A), ("(", _O), ("2009", _D), (")", _O), ("New", _L),
                              (":", _O), ("Avon", Label.PUBLISHER), (".", _O)])  # fmt: skip
    labels[1:4] = [_A] * 3
    assert _T not in _fields(text, labels)
    text = "Osei K., Ngata A. 1993, SPIE, 1495, 594"
    labels = _labelled(text, [("Osei", _A), ("1993", _D), (",", _O), ("SPIE", Label.PUBLISHER),
                              (",", _O), ("1495", Label.VOLUME), (",", _O),
                              ("594", Label.PAGES)])  # fmt: skip
    assert _T not in _fields(text, labels)


def test_a_place_ending_an_articles_title_before_its_journal_is_the_titles() -> None:
    _L, _V = Label.LOCATION, Label.VOLUME
    text = "Osei, K. (2011) Frost in two talus slopes, Valais, Swiss Alps. Geomorphology 132: 208"
    labels = _labelled(text, [("Osei", _A), ("(", _O), ("2011", _D), (")", _O), ("Frost", _T),
                              (",", _O), ("Valais", _L), (".", _O), ("Geomorphology", _C),
                              ("132", _V), (":", _O), ("208", Label.PAGES)])  # fmt: skip
    labels[1:4] = [_A] * 3
    fields = _fields(text, labels)
    assert fields[_T] == "Frost in two talus slopes , Valais , Swiss Alps"
    assert fields[_C] == "Geomorphology"


def test_a_books_place_before_its_publisher_stays_the_place() -> None:
    _L = Label.LOCATION
    text = "Osei, K., Annals of the Gold Coast, Rome, American Academy in Rome, 1979."
    labels = _labelled(text, [("Osei", _A), (",", _O), ("Annals", _T), (",", _O), ("Rome", _L),
                              (",", _O), ("American", _C), (",", _O), ("1979", _D)])  # fmt: skip
    labels[1:4] = [_A] * 3
    fields = _fields(text, labels)
    assert fields[_T] == "Annals of the Gold Coast"
    assert fields[_L] == "Rome"


def test_a_publisher_read_as_a_titles_last_sentence_before_its_place_is_the_publisher() -> None:
    _L = Label.LOCATION
    text = "Osei, K., 2001. Counting the Harvest: A Primer. Ghana Farmers Association, Kumasi."
    labels = _labelled(text, [("Osei", _A), (",", _O), ("2001", _D), (".", _O), ("Counting", _T),
                              (",", _O), ("Kumasi", _L), (".", _O)])  # fmt: skip
    labels[1:4] = [_A] * 3
    fields = _fields(text, labels)
    assert fields[_T] == "Counting the Harvest : A Primer"
    assert fields[Label.PUBLISHER] == "Ghana Farmers Association"


def test_a_titles_last_sentence_before_a_place_that_names_no_body_stays_the_titles() -> None:
    _L = Label.LOCATION
    text = "Osei, K., 2001. Counting the Harvest. A Primer for Farmers, Kumasi."
    labels = _labelled(text, [("Osei", _A), (",", _O), ("2001", _D), (".", _O), ("Counting", _T),
                              (",", _O), ("Kumasi", _L), (".", _O)])  # fmt: skip
    labels[1:4] = [_A] * 3
    assert _fields(text, labels)[_T] == "Counting the Harvest . A Primer for Farmers"


def test_a_title_ends_at_gosts_double_slash_and_what_it_is_published_in_is_the_venue() -> None:
    text = "Петров И.И. Курганы у реки // Вестник археологии. М., 1976. Вып. 3."
    labels = _labelled(text, [("Петров", _A), ("Курганы", _T), (".", _O), ("М", Label.LOCATION),
                              (",", _O), ("1976", _D), (".", _O)])  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "Курганы у реки"
    assert fields[_C] == "Вестник археологии"
    # names read on up to the mark end at their last initial
    text = "Петров И.И. Курганы у реки // КСИА. 1986."
    labels = [_A] * 11 + [_O, _D, _O]  # "Петров И . И . Курганы у реки / / КСИА" as names
    fields = _fields(text, labels)
    assert fields[_A] == "Петров И . И ."
    assert fields[_T] == "Курганы у реки"
    assert fields[_C] == "КСИА"


def test_a_slash_in_a_title_or_a_link_ends_nothing() -> None:
    text = "Osei, K. Input/output and/or the sea. Accra: Sankofa, 2004."
    labels = _labelled(text, [("Osei", _A), ("Input", _T), (".", _O), ("Accra", Label.LOCATION),
                              (":", _O), ("Sankofa", Label.PUBLISHER), (",", _O),
                              ("2004", _D)])  # fmt: skip
    labels[1:4] = [_A] * 3
    assert _fields(text, labels)[_T] == "Input / output and / or the sea"


def test_what_kind_of_work_it_is_read_as_the_titles_end_is_its_genre() -> None:
    text = "Osei, K., 2002, Savings under uncertainty, working paper, University of Ghana."
    labels = _labelled(text, [("Osei", _A), (",", _O), ("2002", _D), (",", _O), ("Savings", _T),
                              (",", _O), ("University", Label.PUBLISHER), (".", _O)])  # fmt: skip
    labels[1:4] = [_A] * 3
    labels[10:13] = [_T] * 3  # ", working paper" read on as the title
    fields = _fields(text, labels)
    assert fields[_T] == "Savings under uncertainty"
    assert fields[Label.GENRE] == "working paper"
    text = "Osei, K. Descent methods for splines. Technical Report TR93-3, Ghana University, 1993."
    labels = _labelled(text, [("Osei", _A), ("Descent", _T), (",", _O),
                              ("Ghana", Label.PUBLISHER), (",", _O), ("1993", _D)])  # fmt: skip
    labels[1:4] = [_A] * 3
    assert _fields(text, labels)[_T] == "Descent methods for splines"


def test_a_title_that_names_a_report_or_letters_like_a_degree_keeps_them() -> None:
    text = "Osei K. Sequence analysis of ribonucleases HII, III, PH and D. Nucl Acids Res 1997; 25"
    labels = _labelled(text, [("Osei", _A), ("Sequence", _T), (".", _O), ("Nucl", _C),
                              ("1997", _D), (";", _O), ("25", Label.VOLUME)])  # fmt: skip
    assert _fields(text, labels)[_T] == "Sequence analysis of ribonucleases HII , III , PH and D"
    text = "Osei, K. (2001). The annual report of the Gold Coast. Accra: Sankofa."
    labels = _labelled(text, [("Osei", _A), ("(", _O), ("2001", _D), (")", _O), ("The", _T),
                              (".", _O), ("Accra", Label.LOCATION), (":", _O),
                              ("Sankofa", Label.PUBLISHER), (".", _O)])  # fmt: skip
    labels[1:4] = [_A] * 3
    assert _fields(text, labels)[_T] == "The annual report of the Gold Coast"


def test_a_year_ending_a_title_after_its_comma_and_an_author_date_date_is_the_titles() -> None:
    _L = Label.LOCATION
    text = "Ghana Health Service. (1999). Mental health: A report on depression, 1998. Accra: GHS."
    labels = _labelled(text, [("Ghana", _A), (".", _O), ("1999", _D), (")", _O), ("Mental", _T),
                              (",", _O), ("1998", _D), (".", _O), ("Accra", _L), (":", _O),
                              ("GHS", Label.PUBLISHER), (".", _O)])  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "Mental health : A report on depression , 1998"
    assert fields[_D] == "1999"
    # the same year as the date may be the date's month: left as read
    text = "Ghana Health Service. 1913. Report on operations, March 1913. Accra: GHS."
    labels = _labelled(text, [("Ghana", _A), (".", _O), ("1913", _D), (".", _O), ("Report", _T),
                              (",", _O), ("March", _D), (".", _O), ("Accra", _L), (":", _O),
                              ("GHS", Label.PUBLISHER), (".", _O)])  # fmt: skip
    assert _fields(text, labels)[_T] == "Report on operations"


def test_a_journal_opening_with_initials_after_given_first_names_takes_all_of_them() -> None:
    # "C. R. Acad. Sci." (Comptes rendus) after "A. Kolmogoroff,", read as one more name
    text = "K. Osei, C. R. Acad. Sci., 30, 301-305 (1941)."
    labels = _labelled(text, [("K", _A), ("Acad", _C), (",", _O), ("30", Label.VOLUME),
                              (",", _O), ("301-305", Label.PAGES), ("(", _O), ("1941", _D),
                              (")", _O)])  # fmt: skip
    labels[7] = _O  # the labeller ended the names at "R"
    fields = _fields(text, labels)
    assert fields[_A] == "K . Osei ,"
    assert fields[_C].startswith("C . R . Acad . Sci")


def test_a_one_word_journal_after_a_sentence_case_title_before_its_numbers_is_the_venue() -> None:
    _V, _P = Label.VOLUME, Label.PAGES
    # written more often in journals' names than in titles, though not often: "Phytochemistry"
    text = "Osei KK, Ngata W. Alkaloids in tissues of the poppy Phytochemistry 1982; 21:219"
    labels = _labelled(text, [("Osei", _A), (".", _O), ("Alkaloids", _T), ("1982", _D),
                              (";", _O), ("21", _V), (":", _O), ("219", _P)])  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "Alkaloids in tissues of the poppy"
    assert fields[_C] == "Phytochemistry"
    # Vancouver's volume, colon and pages, the date after them
    text = "Osei AR, Ngata E. A review of acupuncture for neck pain Rheumatology 38:143-7, 1999."
    labels = _labelled(text, [("Osei", _A), (".", _O), ("A", _T), ("38", _V), (":", _O),
                              ("143-7", _P), (",", _O), ("1999", _D), (".", _O)])  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "A review of acupuncture for neck pain"
    assert fields[_C] == "Rheumatology"


def test_a_journal_read_alone_before_its_volume_and_pages_keeps_its_words() -> None:
    _V, _P = Label.VOLUME, Label.PAGES
    text = "Osei, Journal of molecular Biology, 98 : 503-517, 1975"
    labels = _labelled(text, [("Osei", _A), (",", _O), ("Journal", _C), (",", _O), ("98", _V),
                              (":", _O), ("503-517", _P), (",", _O), ("1975", _D)])  # fmt: skip
    assert _fields(text, labels)[_C] == "Journal of molecular Biology"


def test_a_markup_tag_among_the_names_is_no_prose_that_ends_them() -> None:
    text = "Osei RB, Ngata HJ, Mensah K <italic>etal.</italic> 2000. Roots of change. Ecology 10: 4"
    labels = _labelled(text, [("Osei", _A), ("2000", _D), (".", _O), ("Roots", _T), (".", _O),
                              ("Ecology", _C), ("10", Label.VOLUME), (":", _O),
                              ("4", Label.PAGES)])  # fmt: skip
    labels[labels.index(_D) - 1] = _O  # "</italic>"'s closing mark
    assert "Mensah K" in _fields(text, labels)[_A]


def test_a_journals_first_abbreviation_alone_as_a_titles_last_sentence_opens_the_venue() -> None:
    text = "Osei F. 1970. Algues marines du Ghana. I. La flore. Gha. Acta Biol. B 10:137-555."
    labels = _labelled(text, [("Osei", _A), (".", _O), ("1970", _D), (".", _O), ("Algues", _T),
                              (".", _O), ("Acta", _C), ("10", Label.VOLUME), (":", _O),
                              ("137-555", Label.PAGES), (".", _O)])  # fmt: skip
    labels[labels.index(_C) - 1] = _O
    for index in range(5, labels.index(_C) - 1):
        labels[index] = _T  # the title read on over "Gha"
    fields = _fields(text, labels)
    assert fields[_T] == "Algues marines du Ghana . I . La flore"
    assert fields[_C].startswith("Gha . Acta Biol")


def test_the_years_a_books_subject_spans_after_its_titles_comma_are_the_titles() -> None:
    _L, _P = Label.LOCATION, Label.PAGES
    text = "Osei, K. Schools in the Gold Coast, 1848-1918. Accra, 1998."
    labels = _labelled(text, [("Osei", _A), ("Schools", _T), (",", _O), ("1848-1918", _P),
                              (".", _O), ("Accra", _L), (",", _O), ("1998", _D),
                              (".", _O)])  # fmt: skip
    labels[1:4] = [_A] * 3
    assert _fields(text, labels)[_T] == "Schools in the Gold Coast , 1848-1918"
    # pages of a chapter that look like years, in a work dated before them, stay pages
    text = "Osei, K. Schools in the Gold Coast, 1848-1918. Accra, 1900."
    labels = _labelled(text, [("Osei", _A), ("Schools", _T), (",", _O), ("1848-1918", _P),
                              (".", _O), ("Accra", _L), (",", _O), ("1900", _D),
                              (".", _O)])  # fmt: skip
    labels[1:4] = [_A] * 3
    assert _fields(text, labels)[_P] == "1848-1918"


def test_the_words_after_the_name_that_follows_and_open_the_title() -> None:
    text = "K. Osei and A. Ngata, Bright, Dark, and Singular Waves, Waves in Media, 25, 549-555"
    _V, _P = Label.VOLUME, Label.PAGES
    labels = [_A] * 9 + [_O] + [_T] * 5 + [_O] + [_C] * 3 + [_O, _V, _O, _P]  # ", Bright" a name
    fields = _fields(text, labels)
    assert fields[_A] == "K . Osei and A . Ngata"
    assert fields[_T] == "Bright , Dark , and Singular Waves"
    text = "K. Osei, A. Ngata, and J. Mensah, Gravitation (Freeman, San Francisco, 1972)."
    _L = Label.LOCATION
    labels = [_A] * 16 + [_O, _L, _L, _O, _D, _O, _O]  # ", Gravitation (Freeman" read as names
    fields = _fields(text, labels)
    assert fields[_T] == "Gravitation"
    assert fields[Label.PUBLISHER] == "Freeman"


def test_a_suffix_or_et_al_after_the_name_that_follows_and_is_the_names() -> None:
    text = "K. Osei and A. Ngata, Jr., Waves in Media, Accra, 1990."
    labels = _labelled(text, [("K", _A), ("Waves", _T), (",", _O), ("Accra", Label.LOCATION),
                              (",", _O), ("1990", _D), (".", _O)])  # fmt: skip
    assert _fields(text, labels)[_T] == "Waves in Media"


def test_a_species_name_in_italics_ending_a_title_is_the_titles_not_the_venues() -> None:
    _V, _P = Label.VOLUME, Label.PAGES
    text = "Osei, K. 1991. Survival in the weaver, <italic>Ploceus cucullatus</italic>. Ibis 60: 35"
    labels = _labelled(text, [("Osei", _A), (".", _O), ("1991", _D), (".", _O), ("Survival", _T),
                              (",", _O), ("italic", _C), ("60", _V), (":", _O),
                              ("35", _P)])  # fmt: skip
    labels[1:4] = [_A] * 3
    fields = _fields(text, labels)
    assert fields[_T] == "Survival in the weaver , < italic > Ploceus cucullatus < / italic >"
    assert fields[_C] == "Ibis"


def test_an_italic_journal_after_a_title_stays_the_venue() -> None:
    _V = Label.VOLUME
    text = "Osei, K. 1991. Survival of weavers. <italic>Journal of Birds</italic> 60: 35"
    labels = _labelled(text, [("Osei", _A), (".", _O), ("1991", _D), (".", _O), ("Survival", _T),
                              (".", _O), ("italic", _C), ("60", _V), (":", _O),
                              ("35", Label.PAGES)])  # fmt: skip
    labels[1:4] = [_A] * 3
    assert _fields(text, labels)[_T] == "Survival of weavers"


def test_an_organisation_and_its_date_read_as_the_titles_opening_are_names_and_date() -> None:
    text = "Ghana Forestry Commission (2014). Projet de parc communautaire Pierre, Rapport no 310."
    labels = [_T] * len(tokenise(text))
    fields = _fields(text, labels)
    assert fields[_A] == "Ghana Forestry Commission"
    assert fields[_D] == "2014"
    assert fields[_T].startswith("Projet de parc communautaire Pierre")


def test_a_year_in_a_titles_wording_or_before_a_place_stays_the_titles() -> None:
    for text in (
        "Report on the 2010 census. Results for the regions of Ghana",
        "Global tuberculosis report 2020. Geneva: World Health Organization",
    ):
        fields = _fields(text, [_T] * len(tokenise(text)))
        assert _A not in fields, text


def test_a_places_first_words_read_as_the_titles_end_are_the_places() -> None:
    _L, _U = Label.LOCATION, Label.PUBLISHER
    text = "Osei, K. (1994). Qualitative research methods. Thousand Oaks, CA: Sage."
    labels = _labelled(text, [("Osei", _A), ("(", _O), ("1994", _D), (")", _O), ("Qualitative", _T),
                              ("Oaks", _L), (":", _O), ("Sage", _U), (".", _O)])  # fmt: skip
    labels[1:4] = [_A] * 3
    assert _fields(text, labels)[_T] == "Qualitative research methods"
    text = "Osei, K. (1972) Sincerity and Authenticity. Cambridge, MA: Harvard University Press."
    labels = _labelled(text, [("Osei", _A), ("(", _O), ("1972", _D), (")", _O), ("Sincerity", _T),
                              (",", _O), ("MA", _L), (":", _O), ("Harvard", _U),
                              (".", _U)])  # fmt: skip
    labels[1:4] = [_A] * 3
    labels[-1] = _O
    fields = _fields(text, labels)
    assert fields[_T] == "Sincerity and Authenticity"
    assert fields[_L].startswith("Cambridge")


def test_a_titles_last_word_before_a_place_of_its_own_stays_the_titles() -> None:
    _L, _U = Label.LOCATION, Label.PUBLISHER
    text = "Osei, Kofi, The Canopy: Faith, Hope, Charity, Farnham: Ashgate, 2012."
    labels = _labelled(text, [("Osei", _A), (",", _O), ("The", _T), (",", _O), ("Farnham", _L),
                              (":", _O), ("Ashgate", _U), (",", _O), ("2012", _D),
                              (".", _O)])  # fmt: skip
    labels[1:4] = [_A] * 3
    labels[8:12] = [_T] * 4  # the title's commas
    assert _fields(text, labels)[_T] == "The Canopy : Faith , Hope , Charity"


def test_the_years_a_books_subject_spans_read_as_a_date_are_the_titles_too() -> None:
    text = "Kofi Osei, Speeches and Writings, 1832–1858, ed. Ama Ngata (Accra: Sankofa, 1989), 28."
    labels = _labelled(text, [("Kofi", _A), (",", _O), ("Speeches", _T), (",", _O),
                              ("1832–1858", _D), (",", _O), ("ed", Label.EDITOR), ("(", _O),
                              ("Accra", Label.LOCATION), (":", _O), ("Sankofa", Label.PUBLISHER),
                              (",", _O), ("1989", _D), (")", _O), ("28", Label.PAGES),
                              (".", _O)])  # fmt: skip
    fields = _fields(text, labels)
    assert fields[_T] == "Speeches and Writings , 1832–1858"
    assert fields[_D] == "1989"


def test_a_report_series_in_brackets_after_the_title_is_no_part_of_it() -> None:
    text = "Osei, K. (2012). Why access matters: the pupils (Policy Brief 2012-01). Accra: GES."
    labels = _labelled(text, [("Osei", _A), ("(", _O), ("2012", _D), (")", _O), ("Why", _T),
                              (".", _O), ("Accra", Label.LOCATION), (":", _O),
                              ("GES", Label.PUBLISHER), (".", _O)])  # fmt: skip
    labels[1:4] = [_A] * 3
    assert _fields(text, labels)[_T] == "Why access matters : the pupils"
    # a bracket of the title's own words stays: "(in French)", "(1798, 1799)"
    text = "Osei, K. (2012). The Prelude: four texts (1798, 1799). Accra: GES."
    labels = _labelled(text, [("Osei", _A), ("(", _O), ("2012", _D), (")", _O), ("The", _T),
                              (".", _O), ("Accra", Label.LOCATION), (":", _O),
                              ("GES", Label.PUBLISHER), (".", _O)])  # fmt: skip
    labels[1:4] = [_A] * 3
    assert _fields(text, labels)[_T] == "The Prelude : four texts ( 1798 , 1799 )"


def test_a_titles_first_word_after_a_given_name_and_initial_is_the_titles() -> None:
    text = "Mensah, Kwame A. Law, Sex, and Society in Ghana. Accra: Sankofa, 1987."
    labels = _labelled(text, [("Mensah", _A), (",", _O), ("Sex", _T), (".", _O),
                              ("Accra", Label.LOCATION), (":", _O), ("Sankofa", Label.PUBLISHER),
                              (",", _O), ("1987", _D), (".", _O)])  # fmt: skip
    labels[1:6] = [_A] * 5  # ", Kwame A. Law" read on as the names
    labels[6] = _O
    fields = _fields(text, labels)
    assert fields[_A] == "Mensah , Kwame A"
    assert fields[_T] == "Law , Sex , and Society in Ghana"
    # the last of a given name's initials is the name's: "Mensah, Kwame D.G., The …"
    text = "Mensah, Kwame D.G., The Theology of Paul, Accra: Sankofa, 2006."
    labels = _labelled(text, [("Mensah", _A), (",", _O), ("The", _T), (",", _O),
                              ("Accra", Label.LOCATION), (":", _O), ("Sankofa", Label.PUBLISHER),
                              (",", _O), ("2006", _D), (".", _O)])  # fmt: skip
    labels[1:7] = [_A] * 6
    labels[7] = _O
    assert _fields(text, labels)[_T] == "The Theology of Paul"


def test_the_in_that_announces_a_book_is_no_part_of_its_title() -> None:
    # "Luban, M., in Phase Transitions …", astronomy's "2009, in IAU Symposium, Vol. 261":
    # the labeller reads "in" as the title's first word
    text = "Osei, K. 2011, in Drift Chambers and Their Uses, Vol. 5"
    labels = [_A, _A, _A, _A, _D, _O] + [_T] * 6 + [_O, Label.VOLUME, Label.VOLUME, Label.VOLUME]
    assert _fields(text, labels)[_T] == "Drift Chambers and Their Uses"


def test_a_title_that_opens_with_in_keeps_it() -> None:
    # a capital "In" opens titles ("In Memoriam", "In Search of …"), and a lower-case "in"
    # before a lower-case word is the title's ("in situ")
    for text in (
        "Osei, K. 2011. In Search of Drift Chambers",
        "Osei, K. 2011, in situ studies of drift chambers",
    ):
        labels = [_A, _A, _A, _A, _D, _O] + [_T] * (len(tokenise(text)) - 6)
        assert _fields(text, labels)[_T].startswith(("In Search", "in situ"))


def test_a_title_read_as_more_of_a_name_after_inverted_initials_is_the_title() -> None:
    # "Osei, K. Drift of chambers. Nature 465": the words after the initials' full stop hold
    # "of" and "chambers", which no name holds
    text = "Osei, K. Drift of chambers. Nature 465"
    labels = [_A] * 7 + [_O, Label.CONTAINER, Label.VOLUME]
    fields = _fields(text, labels)
    assert (fields[_A], fields[_T]) == ("Osei , K", "Drift of chambers")


def test_a_name_with_its_particles_after_inverted_initials_stays_a_name() -> None:
    text = "Osei, K. van der Berg. Nature 465"
    labels = [_A] * 7 + [_O, Label.CONTAINER, Label.VOLUME]
    assert _T not in _fields(text, labels)


def test_a_venue_a_link_cuts_in_two_has_the_title_before_the_link() -> None:
    # a Markdown link on the title made plain: "(2017). Attention … https://…. Advances …"
    text = "Osei, K. (2017). Drift of chambers https://example.org/drift. Chamber Letters, 30."
    labels = [_A] * 4 + [_O, _D, _O, _O] + [Label.CONTAINER] * 7 + [_O, Label.VOLUME, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Drift of chambers"
    assert fields[Label.CONTAINER] == "Chamber Letters"
    assert fields[Label.URL] == "https://example.org/drift"


def test_a_title_read_as_names_ends_before_a_note_in_brackets() -> None:
    # "Ivanov, P. Teoriya grupp [in Russian].": a title no dictionary holds, then its note
    text = "Ivanov, P. Teoriya grupp [in Russian]. Nauka"
    labels = [_A] * 6 + [_O, Label.NOTE, Label.NOTE, _O, _O, Label.PUBLISHER]
    assert _fields(text, labels)[_T] == "Teoriya grupp"


def test_given_first_names_read_as_the_titles_opening_are_names() -> None:
    # "Bin Duan, Hao Tang, Changchang Sun, Ye Zhu, and Yan Yan. Mining …": the labeller
    # ended the names at the second and read the rest into the title
    text = (
        "Bin Duan, Hao Tang, Changchang Sun, Ye Zhu, and Yan Yan. Mining heterogeneous relations."
    )
    labels = [_A] * 5 + [_O] + [_T] * 13 + [_O]
    fields = _fields(text, labels)
    assert fields[_T] == "Mining heterogeneous relations"
    assert fields[_A].endswith("and Yan Yan")


def test_a_title_that_opens_with_places_stays_the_title() -> None:
    text = "Bin Duan, Hao Tang, New York, New Jersey, and New England. A history of the coast."
    labels = [_A] * 5 + [_O] + [_T] * 15 + [_O]
    assert _fields(text, labels)[_T].startswith("New York")


def test_names_read_as_editors_with_nothing_marking_editors_are_authors() -> None:
    # a nickname's stray quotation mark between the names: 'Jiang, C. "M., Kashinath, K.'
    text = 'Osei, C. "M., Ng, K., Lind & Hart, P. Drift of chambers in mice.'
    labels = [_A, _A, _A, _O, _O] + [Label.EDITOR] * 13 + [_O] + [_T] * 5 + [_O]
    fields = _fields(text, labels)
    assert Label.EDITOR not in fields
    assert fields[_A].endswith("Hart , P")


def test_editors_marked_as_editors_are_left_to_the_rules_for_editors() -> None:
    from cite_sentinel.core.sources.refparse.corrections.names import (
        names_read_as_editors_unmarked,
    )

    text = "Osei, C., Ng, K. (Eds.). Drift of chambers."
    labels = [_A] * 4 + [_O] + [Label.EDITOR] * 3 + [_O] * 6 + [_T] * 3 + [_O]
    labelling = Labelling(tuple(labels), (0.9,) * len(labels))
    assert names_read_as_editors_unmarked(tokenise(text), labelling) == labelling


def test_a_books_one_word_title_read_as_a_name_before_its_imprint_in_brackets_is_the_title() -> (
    None
):
    # physics prints a book as "Names, Title (Publisher, Place, Year)": a one-word title
    # after the names' comma reads like one more family name
    text = "A. Okafor and T. Mbeki, Turbulence (Wiley, New York, 1993)."
    labels = [_A] * 8 + [_A, _O, Label.PUBLISHER, _O, Label.LOCATION, Label.LOCATION, _O, _D]
    labels += [_O, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Turbulence"
    assert fields[_A] == "A . Okafor and T . Mbeki ,"


def test_a_family_name_before_a_bracket_without_an_imprint_stays_a_name() -> None:
    text = "A. Okafor, Mbeki (2001). Turbulence in rivers."
    labels = [_A] * 5 + [_O, _D, _O, _O] + [_T] * 3 + [_O]
    fields = _fields(text, labels)
    assert fields[_A] == "A . Okafor , Mbeki"
    assert fields[_T] == "Turbulence in rivers"


def test_a_books_title_read_as_its_publisher_before_its_imprint_in_brackets_is_the_title() -> None:
    text = "L. D. Landau and E. M. Lifshitz, Mechanics (Pergamon, Oxford, 1976)."
    labels = [_A] * 11 + [_O] + [Label.PUBLISHER] * 3 + [_O, Label.LOCATION, _O, _D, _O, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Mechanics"
    assert fields[Label.PUBLISHER] == "Pergamon"


def test_a_publisher_before_a_bracket_without_a_date_stays_the_publisher() -> None:
    text = "L. D. Landau, Mechanics. Pergamon (Oxford)."
    labels = [_A] * 6 + [_T, _O, Label.PUBLISHER, _O, Label.LOCATION, _O, _O]
    assert _fields(text, labels)[Label.PUBLISHER] == "Pergamon"


def test_a_title_year_and_journal_printed_without_marks_and_read_as_one_venue_are_parted() -> None:
    # PDFs of LNCS's lists: "Names. Title YEAR Journal VOLUME PAGES"
    text = "Elman, J.L. Finding structure in time 1990 Cognitive Sci 14 179--211"
    labels = [_A] * 5 + [_O] + [Label.CONTAINER] * 7 + [Label.VOLUME] + [Label.PAGES] * 4
    fields = _fields(text, labels)
    assert fields[_T] == "Finding structure in time"
    assert fields[_D] == "1990"
    assert fields[Label.CONTAINER] == "Cognitive Sci"


def test_a_year_in_a_journals_name_read_alone_stays_the_journals() -> None:
    text = "Okafor, T. Annals 1848 Revisited 14 179"
    labels = [_A] * 4 + [Label.CONTAINER] * 3 + [Label.VOLUME, Label.PAGES]
    assert _fields(text, labels)[Label.CONTAINER] == "Annals 1848 Revisited"


def test_a_titles_first_word_before_its_colon_read_as_a_last_name_opens_the_title() -> None:
    text = "Breakell, Sue, Perspectives: Negotiating the Archive. London: Tate, 2008."
    labels = [_A] * 5 + [_O] + [_T] * 3 + [_O, Label.LOCATION, _O, Label.PUBLISHER, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Perspectives : Negotiating the Archive"
    assert fields[_A] == "Breakell , Sue"


def test_a_family_name_before_a_colon_in_a_list_of_names_stays_a_name() -> None:
    text = "Breakell, Sue, Okafor: Negotiating the Archive. London: Tate, 2008."
    labels = [_A] * 5 + [_O] + [_T] * 3 + [_O, Label.LOCATION, _O, Label.PUBLISHER, _O, _D, _O]
    assert _fields(text, labels)[_A] == "Breakell , Sue , Okafor"


def test_a_one_word_chapter_title_read_on_past_in_ends_there_where_the_books_editors_follow() -> (
    None
):
    text = "Osei, K. 2006 Drift. In Rivers of the North, edited by J. Ng, pp. 5-9."
    labels = [_A] * 4 + [_D] + [_T] * 7 + [_O] + [Label.EDITOR] * 5 + [_O] * 3
    labels += [Label.PAGES, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Drift"
    assert fields[Label.CONTAINER] == "Rivers of the North"


def test_a_one_word_title_before_in_with_no_editors_keeps_its_in() -> None:
    text = "Osei, K. 2006 Drift. In Rivers of the North. Hydrol. 5, 5-9."
    labels = [_A] * 4 + [_D] + [_T] * 7 + [_O, _O, _O, Label.VOLUME, _O, Label.PAGES, _O]
    assert _fields(text, labels)[_T] == "Drift . In Rivers of the North"


def test_a_journals_first_word_written_out_after_the_titles_comma_opens_the_venue() -> None:
    text = "D. Osei, Drift of rivers, Stochastic Process. Appl. 65 (1996), no. 2, 259-279."
    labels = [_A] * 3 + [_O] + [_T] * 6 + [_O, Label.CONTAINER, _O]
    labels += [Label.VOLUME, _O, _D, _O, _O, _O, _O, Label.ISSUE, _O, Label.PAGES, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Drift of rivers"
    assert fields[Label.CONTAINER] == "Stochastic Process . Appl"


def test_a_title_case_title_part_before_a_sentence_end_stays_the_titles() -> None:
    text = "D. Osei, Drift of Rivers, Deltas and Coasts. Appl. Hydrol. 65 (1996), no. 2, 259-279."
    labels = [_A] * 3 + [_O] + [_T] * 7 + [_O] + [Label.CONTAINER] * 3 + [_O]
    labels += [Label.VOLUME, _O, _D, _O, _O, _O, _O, Label.ISSUE, _O, Label.PAGES, _O]
    assert _fields(text, labels)[_T] == "Drift of Rivers , Deltas and Coasts"


_C, _V, _P = Label.CONTAINER, Label.VOLUME, Label.PAGES
_VANCOUVER_NUMBERS = [_D, _O, _V, _O, _P, _O]  # "1997;18:521-41."


def test_a_place_ending_a_title_read_into_a_vancouver_journal_is_the_titles() -> None:
    text = "Talen E. The social equity of parks in Macon, Georgia. Urban Geogr. 1997;18:521-41."
    labels = [_A, _A, _O] + [_T] * 7 + [_O, _C, _C, _C, _C, _O] + _VANCOUVER_NUMBERS
    fields = _fields(text, labels)
    assert fields[_T] == "The social equity of parks in Macon , Georgia"
    assert fields[_C] == "Urban Geogr"


def test_a_dotted_journal_after_a_titles_comma_in_a_vancouver_reference_stays_the_journal() -> None:
    text = "Talen E. The social equity of parks in Macon, Am. Urban Geogr. 1997;18:521-41."
    labels = [_A, _A, _O] + [_T] * 7 + [_O] + [_C] * 4 + [_O] + _VANCOUVER_NUMBERS
    assert _fields(text, labels)[_C] == "Am . Urban Geogr"


def test_a_journal_read_as_a_publisher_before_vancouvers_date_and_numbers_is_the_journal() -> None:
    text = "Haddad W. The guide to Europe. Health Policy. 1986;6:115-22."
    labels = [_A, _A, _O] + [_T] * 4 + [_O, Label.PUBLISHER, Label.PUBLISHER, _O]
    fields = _fields(text, labels + _VANCOUVER_NUMBERS)
    assert fields[_C] == "Health Policy"
    assert Label.PUBLISHER not in fields


def test_a_books_imprint_before_a_year_and_a_semicolon_stays_its_imprint() -> None:
    text = "Walls A. The Missionary Movement. Maryknoll, NY: Orbis, 1996; Edinburgh: Clark, 1996."
    imprint = [Label.LOCATION, _O, Label.LOCATION, _O, Label.PUBLISHER, _O, _D, _O]
    labels = [_A, _A, _O] + [_T] * 3 + [_O] + imprint + [_O] * 6
    assert _C not in _fields(text, labels)


def test_an_organisations_report_read_as_a_venue_and_its_name_again_is_title_and_publisher() -> (
    None
):
    text = "Osei Agency. (2019). Annual energy outlook 2019. Osei Agency."
    labels = [_A, _A, _O, _O, _D, _O, _O] + [_C] * 4 + [_O, _A, _A, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Annual energy outlook 2019"
    assert fields[Label.PUBLISHER] == "Osei Agency"
    assert fields[_A] == "Osei Agency"


def test_a_last_family_name_read_as_a_journal_before_the_title_ends_the_names() -> None:
    text = "Lichan Hong, and Ed H. Chi. Improving training stability. In KDD, 2023."
    labels = [_A] * 6 + [_O, _C, _O] + [_T] * 3 + [_O, _O, _C, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_A] == "Lichan Hong , and Ed H . Chi"
    assert fields[_C] == "KDD"


def test_a_journal_after_the_initials_of_a_reference_without_a_title_stays_the_journal() -> None:
    text = "W. J. Lorenz, Chem. 141, 1234 (2019)."
    labels = [_A] * 5 + [_O, _C, _O, _V, _O, _P, _O, _D, _O, _O]
    assert _fields(text, labels)[_C] == "Chem"


def test_a_titles_last_word_that_is_a_locators_word_without_a_number_is_the_titles() -> None:
    text = "Osei, K. (2018). Dwell Time on Non-News Pages. IEEE Conference on Big Data, 4333-4338."
    labels = [_A] * 4 + [_O, _D, _O, _O] + [_T] * 4 + [_O, _O] + [_C] * 5 + [_O, _P, _O]
    assert _fields(text, labels)[_T] == "Dwell Time on Non-News Pages"


def test_a_locators_word_before_its_number_stays_out_of_the_title() -> None:
    text = "Osei, K. (2018). Drift of rivers, Pages 12-19."
    labels = [_A] * 4 + [_O, _D, _O, _O] + [_T] * 3 + [_O, _O, _P, _O]
    assert _fields(text, labels)[_T] == "Drift of rivers"


def test_a_title_part_read_into_the_venue_before_a_venues_name_is_the_titles() -> None:
    text = (
        "Ye, J. (2019). Scene Parsing, Depth Estimation, and More. IEEE Conference on Vision,"
        " 2829-2838."
    )
    labels = [_A] * 4 + [_O, _D, _O, _O] + [_T] * 2 + [_O] + [_C] * 10 + [_O, _P, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Scene Parsing , Depth Estimation , and More"
    assert fields[_C] == "IEEE Conference on Vision"


def test_a_journals_abbreviated_words_after_the_titles_comma_stay_the_venue() -> None:
    text = "Ye, J. (2019). Scene Parsing, Stochastic Process. Appl. 65, 2829-2838."
    labels = [_A] * 4 + [_O, _D, _O, _O] + [_T] * 2 + [_O] + [_C] * 4 + [_O, _V, _O, _P, _O]
    assert _fields(text, labels)[_C] == "Stochastic Process . Appl"


_NATURE_NUMBERS = [_V, _O, _P, _O, _D, _O, _O]  # "88, 865-6 (1998)."


def test_a_journals_first_abbreviation_left_out_after_the_titles_marks_opens_the_venue() -> None:
    text = "Smit, J. Quinine as a contraceptive.. S. Afr. Med. J. 88, 865-6 (1998)."
    labels = [_A] * 4 + [_T] * 4 + [_O, _O, _O, _O] + [_C] * 5 + [_O] + _NATURE_NUMBERS
    assert _fields(text, labels)[_C] == "S . Afr . Med . J"


def test_a_word_between_the_title_and_a_journals_left_out_abbreviation_keeps_it_out() -> None:
    text = "Smit, J. Quinine as a contraceptive. Part. S. Afr. Med. J. 88, 865-6 (1998)."
    labels = [_A] * 4 + [_T] * 4 + [_O] * 5 + [_C] * 5 + [_O] + _NATURE_NUMBERS
    assert _fields(text, labels)[_C] == "Afr . Med . J"


def test_a_titles_opening_a_read_as_one_more_initial_starts_the_title() -> None:
    text = "Doe J. A real title. Venue. 2020."
    labels = [_A] * 6 + [_O, _C, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "A real title"
    assert fields[_A] == "Doe J ."


def test_an_initial_before_a_name_particle_stays_an_initial() -> None:
    text = "Doe J. A. van der Berg K. Rivers. Venue. 2020."
    labels = [_A] * 10 + [_T, _O, _C, _O, _D, _O]
    assert _fields(text, labels)[_A] == "Doe J . A . van der Berg K ."


def test_a_venue_no_dictionary_holds_read_as_the_titles_last_sentence_is_the_venue() -> None:
    text = "Berger, Jens: The jurabib package. CTAN-Archive, 2002."
    labels = [_A, _A, _A, _O] + [_T] * 5 + [_O, _D, _O]
    fields = _fields(text, labels)
    assert (fields[_T], fields[_C]) == ("The jurabib package", "CTAN-Archive")


def test_a_titles_last_sentence_of_a_word_titles_write_stays_the_titles() -> None:
    text = "Berger, Jens: The jurabib package. Introduction, 2002."
    labels = [_A, _A, _A, _O] + [_T] * 5 + [_O, _D, _O]
    assert _fields(text, labels)[_T] == "The jurabib package . Introduction"


_ACS_NUMBERS = [_D, _O, _V, _O, _P, _O]  # "1898, 5, 662-666."


def test_a_translated_title_in_square_brackets_read_into_the_venue_is_the_title() -> None:
    # MEDLINE prints a title translated into English in square brackets
    text = "Franz, S. I. [Anthropometric experimental research]. Psychol. Rev. 1898, 5, 662-666."
    labels = [_A] * 5 + [_O, _O] + [_C] * 8 + [_O] + _ACS_NUMBERS
    fields = _fields(text, labels)
    assert fields[_T] == "Anthropometric experimental research"
    assert fields[_C] == "Psychol . Rev"


def test_a_bracketed_note_after_the_title_stays_out_of_it() -> None:
    text = "Franz, S. I. Rivers. [Review]. Psychol. Rev. 1898, 5, 662-666."
    labels = [_A] * 5 + [_O, _T, _O, _O, Label.NOTE, _O, _O, _C, _C, _C, _O] + _ACS_NUMBERS
    fields = _fields(text, labels)
    assert (fields[_T], fields[_C]) == ("Rivers", "Psychol . Rev")


def test_gost_names_without_a_comma_before_their_initials_end_before_the_title() -> None:
    # GOST 7.1: "Family I. O., Family I. O. Title. Place: Publisher, Year.", the title read
    # as more of the last name
    text = "Орлов А. Б., Зайцев В. Г. Теория упругих оболочек. М.: Наука, 1990."
    labels = [_A] * 14 + [_O, _L, _O, _O, Label.PUBLISHER, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Теория упругих оболочек"
    assert fields[_A] == "Орлов А . Б . , Зайцев В . Г"


def test_a_volume_after_the_titles_full_stop_is_no_part_of_the_title() -> None:
    # "The porphyrins. Vol. I. Academic Press": the title read up to "Vol", its roman number
    # as the publisher's opening
    text = "Reyes, P. The alkaloids. Vol. II. Academic Press, 1981."
    labels = [_A, _A, _A, _O, _T, _T, _T, _T, _O, *[Label.PUBLISHER] * 4, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "The alkaloids"
    assert fields[_V] == "II"
    assert fields[Label.PUBLISHER] == "Academic Press"


def test_initials_read_as_a_books_opening_are_the_authors() -> None:
    # "Family, I. Title." with the initial and the title read as a venue
    text = "Osei, K. Lectures on Plasma Waves. Oxford: Clarendon, 1990."
    labels = [_A, _O, *[_C] * 6, _O, _L, _O, Label.PUBLISHER, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_A] == "Osei , K"
    assert fields[_T] == "Lectures on Plasma Waves"
    assert _C not in fields


def test_a_preprints_title_before_its_arxiv_identifier_is_no_venue() -> None:
    text = "Tomas R. Berg and Ana M. Lund, Quantum Knot Invariants, arXiv:1501.00001, preprint."
    labels = [*[_A] * 9, _O, _C, _C, _C, _O, _O, _O, Label.IDENTIFIER, _O, Label.NOTE, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Quantum Knot Invariants"
    assert _C not in fields


def test_a_journal_before_a_doi_stays_the_venue() -> None:
    text = "R. Berg and A. Lund, Nature Reviews Physics, doi:10.1038/s42254-020-0001-1."
    labels = [*[_A] * 7, _O, _C, _C, _C, _O, _O, _O, Label.DOI, _O]
    fields = _fields(text, labels)
    assert fields[_C] == "Nature Reviews Physics"
    assert _T not in fields


def test_a_title_and_its_journal_read_as_one_venue_are_parted_at_the_full_stop() -> None:
    text = (
        "Moreau, P., Slope failure of the glacial moraines, northern Chile. Geomorphology,"
        " v. 12, p. 1-9."
    )
    labels = [*[_A] * 4, _O, *[_C] * 11, _O, _O, _O, _V, _O, _O, _O, _P, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Slope failure of the glacial moraines , northern Chile"
    assert fields[_C] == "Geomorphology"


def test_a_one_word_journal_read_as_its_volume_is_the_venue() -> None:
    # "…, Computing Machinery and Intelligence, Mind 59, pp 433–460 (1950)"
    text = "Hart, Anna, Thinking Machines and Minds, Brain 12, pp 43-60 (1950)"
    labels = [_A, _A, _A, _O, _C, _C, _C, _C, _O, _V, _V, _O, _O, _P, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Thinking Machines and Minds"
    assert fields[_C] == "Brain"
    assert fields[_V] == "12"


def test_a_count_of_volumes_ends_the_title() -> None:
    text = "Burckhardt, Jacob. The Age of Rome. 3 vols. 1: The Early City. Paris: Alcan, 1920."
    labels = [_A, _A, _A, _O, *[_T] * 14, _L, _O, Label.PUBLISHER, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "The Age of Rome"
    assert "vols" not in fields[Label.NOTE]


def test_a_title_read_on_past_a_german_in_colon_ends_there() -> None:
    text = "Ilse Berger: Vom Sein der Dinge, in: Handbuch der Ontologie, 2010, 46-48."
    labels = [_A, _A, _O, *[_T] * 10, _O, _D, _O, _P, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Vom Sein der Dinge"
    assert fields[_C] == "Handbuch der Ontologie"


def test_a_title_in_italic_markup_ends_at_its_closing_tag() -> None:
    # A reference copied with its markup; the book's title read on over its publisher
    text = (
        "Hale, R. T., 1902. <italic>Customs of the Old Kingdoms.</italic> Macmillan and Sons,"
        " London."
    )
    labels = [*[_A] * 5, _O, _O, _D, _O, _O, *[_T] * 15, _O, _L, _O]
    fields = _fields(text, labels)
    assert fields[_T].endswith("Customs of the Old Kingdoms .")  # its tags go when tidied
    assert fields[Label.PUBLISHER] == "Macmillan and Sons"
    thesis = text.replace("Macmillan and Sons, London", "PhD thesis, University of Leeds")
    labels = [*[_A] * 5, _O, _O, _D, _O, _O, *[_T] * 14, _O, *[Label.PUBLISHER] * 3, _O]
    assert _fields(thesis, labels)[Label.GENRE] == "PhD thesis"


def test_a_volume_that_looks_like_a_year_after_vol_is_the_volume() -> None:
    text = (
        "Lund, P.: Decision records in practice. In: CEUR Workshop Proceedings, vol. 2011."
        " CEUR-WS.org (2019)"
    )
    labels = [_A, _A, _A, _O, _O, *[_T] * 4, _O, _O, _O, _C, _C, _C, _O, _O, _O, _D, _O]
    labels += [Label.PUBLISHER] * 3 + [_O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_V] == "2011"
    assert fields[_D] == "2019"


def test_a_group_the_authors_wrote_for_is_one_more_author() -> None:
    text = (
        "Osei K, Ng T, Park J, for the Nordic Asthma Trial Group. Inhaled steroids in children."
        " Thorax 2001; 56:12-18."
    )
    labels = [*[_A] * 8, _O, *[_T] * 11, _O, _C, _D, _O, _V, _O, _P, _O]
    fields = _fields(text, labels)
    assert fields[_A].endswith("Park J , for the Nordic Asthma Trial Group")
    assert fields[_T] == "Inhaled steroids in children"


def test_a_titles_first_sentence_read_as_the_last_name_is_the_titles() -> None:
    text = "K.L. Brandt, Silent Witnesses. Memory in the Greek Epic, Oxford 1988."
    labels = [*[_A] * 8, _O, *[_C] * 5, _O, _L, _D, _O]
    fields = _fields(text, labels)
    assert fields[_A] == "K . L . Brandt"
    assert fields[_T] == "Silent Witnesses . Memory in the Greek Epic"


def test_a_title_before_the_proceedings_it_was_given_in_is_no_venue() -> None:
    text = (
        "A. Berg and T. Lund, The ALGOL Compiler, Proceedings of the Third Symposium on"
        " Compilers (May 1969)."
    )
    labels = [*[_A] * 7, _O, *[_C] * 11, _O, _D, _D, _O, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "The ALGOL Compiler"
    assert fields[_C] == "Proceedings of the Third Symposium on Compilers"


def test_guillemets_close_the_title_before_a_venue_with_no_comma() -> None:
    text = "P. Morel, « La doctrine du droit administratif » RFDA, 1991, pp. 12-20"
    labels = [_A, _A, _A, _O, _O, *[_T] * 7, _O, _D, _O, _O, _O, _P]
    fields = _fields(text, labels)
    assert fields[_T] == "La doctrine du droit administratif"
    assert fields[_C] == "RFDA"


def test_guillemets_around_the_titles_opening_keep_the_rest_of_the_title() -> None:
    text = (
        "Roux P., « Le poids du nombre » : corps et danse à Dakar, Politique africaine 107: 81-101."
    )
    labels = [_A, _A, _A, _O, _O, *[_T] * 11, _O, _C, _C, _V, _O, _P, _O]
    assert _fields(text, labels)[_T].endswith("corps et danse à Dakar")


def test_a_publishers_opening_read_into_the_title_is_the_publishers() -> None:
    text = "Janssen, Pieter, Trade and Empire in the Baltic Sea, The University of Toronto Press,"
    text += " Toronto, 1981."
    pub = Label.PUBLISHER
    labels = [_A, _A, _A, _O, *[_T] * 11, pub, pub, _O, _L, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Trade and Empire in the Baltic Sea"
    assert fields[pub] == "The University of Toronto Press"
    text = "Moss JR (1902) Principles of induction. Longmans, Green & Co., London"
    labels = [_A, _A, _O, _D, _O, *[_T] * 5, _O, pub, pub, pub, _O, _O, _L]
    fields = _fields(text, labels)
    assert fields[_T] == "Principles of induction"
    assert fields[pub] == "Longmans , Green & Co"


def test_a_place_and_a_firm_after_the_titles_comma_are_the_imprint() -> None:
    text = "Hardy, Anne Mary, The Shape of the River, Welwyn: James Nisbet, 1971."
    labels = [_A, _A, _A, _A, _O, *[_T] * 10, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "The Shape of the River"
    assert (fields[_L], fields[Label.PUBLISHER]) == ("Welwyn", "James Nisbet")


def test_a_law_reviews_volume_before_its_journal_is_the_volume() -> None:
    text = (
        "Ana Ruiz & Tom Berg, Tidal Flushing in Coastal Lagoons, 41 Estuar. Coast. Res. 233 (2015)."
    )
    labels = [*[_A] * 5, _O, *[_T] * 7, *[_C] * 5, _O, _V, _O, _D, _O, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Tidal Flushing in Coastal Lagoons"
    assert (fields[_V], fields[_P]) == ("41", "233")


def test_the_last_name_after_and_before_a_colon_stays_a_name() -> None:
    text = "Erisman, A. Bleeker, B. Hensen, and C. Vermeulen : Urban air quality in Europe, Atm."
    text += " Environ., 2008."
    labels = [*[_A] * 14, _O, *[_T] * 5, _O, _C, _C, _C, _O, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_A].endswith("and C . Vermeulen")
    assert fields[_T] == "Urban air quality in Europe"


def test_the_last_family_name_after_and_and_the_date_end_the_names() -> None:
    text = (
        "Hartley, C.J.S. and R. V. Nolan 1949 A History of Chemistry in Canada. Pitman, New York."
    )
    labels = [*[_A] * 12, _O, *[_T] * 8, _O, Label.PUBLISHER, _O, _L, _L, _O]
    fields = _fields(text, labels)
    assert fields[_A].endswith("and R . V . Nolan")
    assert fields[_D] == "1949"
    assert fields[_T] == "A History of Chemistry in Canada"
    text = "Hartley, C. and R. Nolan 1949 A History of Chemistry in Canada. Pitman, New York."
    labels = [*[_A] * 6, _O, *[_T] * 8, _O, Label.PUBLISHER, _O, _L, _L, _O]  # one initial
    fields = _fields(text, labels)
    assert fields[_A].endswith("and R . Nolan")
    assert fields[_D] == "1949"


def test_vancouver_names_read_as_the_titles_opening_before_a_colon_are_names() -> None:
    text = "Okafor DG, Lind R, Moreau PP: Predictors of burden in caregivers. Psychosom Med 1999;"
    text += " 61:411-19."
    labels = [_A, _A, _O, *[_T] * 11, _O, _C, _C, _D, _O, _V, _O, _P, _O]
    fields = _fields(text, labels)
    assert fields[_A] == "Okafor DG , Lind R , Moreau PP"
    assert fields[_T] == "Predictors of burden in caregivers"


def test_a_title_read_with_its_editor_or_translator_as_editors_is_the_title() -> None:
    text = "Hale, Frederick. My Life and Times. Ed. William L. Andrews. Urbana: University of"
    text += " Illinois Press, 1987."
    pub = Label.PUBLISHER
    labels = [_A, _A, _A, _O, *[Label.EDITOR] * 11, _O, _L, _O, pub, pub, pub, pub, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "My Life and Times"
    assert fields[Label.EDITOR] == "William L . Andrews"
    text = (
        "Girard, Pierre, Homo Politicus, Peter Collier (trans.) (Stanford University Press, 1990)."
    )
    labels = [_A, _A, _A, _O, *[Label.EDITOR] * 7, _O, _O, _O, pub, pub, pub, _O, _D, _O, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Homo Politicus"
    assert fields[Label.EDITOR] == "Peter Collier"


def test_a_title_case_title_goes_on_after_a_quoted_phrase_inside_it() -> None:
    text = "Berg, Anna. 2011. Are Democracies Returning? Revisiting the ‘Democratic Rollback’"
    text += " Hypothesis. Contemporary Politics 16: 17-31."
    labels = [_A, _A, _A, _O, _D, _O, *[_T] * 9, _O, _C, _C, _C, _C, _V, _O, _P, _O]
    fields = _fields(text, labels)
    assert fields[_T].endswith("‘ Democratic Rollback ’ Hypothesis")
    assert fields[_C] == "Contemporary Politics"


def test_a_journal_read_into_the_title_before_a_date_in_words_is_the_venue() -> None:
    text = "MOREAU, Claire. Corps et âme. L’Infirmière Magazine, avril 2009, n°212. p. 18-22."
    labels = [_A, _A, _A, _O, *[_T] * 6, _O, _D, _D, _O, _O, _O, _V, _O, _O, _O, _P, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Corps et âme"
    assert fields[_C] == "L’Infirmière Magazine"


def test_a_reports_title_read_as_a_venue_with_nothing_a_journal_has_is_the_title() -> None:
    text = "INSEE, Les écarts de revenus entre les régions en 2010, 2013."
    labels = [_A, _O, *[_C] * 9, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Les écarts de revenus entre les régions en 2010"
    assert _C not in fields


def test_a_question_read_into_the_journal_after_it_is_the_title() -> None:
    text = "Osei, K., Strong spider silk? Creation 12(1): 40–41, 2003."
    labels = [_A, _A, _A, _A, _O, *[_C] * 5, _V, _O, Label.ISSUE, _O, _O, _P, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Strong spider silk"
    assert fields[_C] == "Creation"


def test_a_lower_case_word_no_word_list_holds_ends_the_names_before_the_title() -> None:
    # the word counts are English-heavy: "revoluce" is in neither list, and no name's
    text = "KOVÁŘ, Jan, Dějiny husitské revoluce, Praha, 1995."
    labels = [*[_A] * 7, _O, _L, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_A] == "KOVÁŘ , Jan"
    assert fields[_T] == "Dějiny husitské revoluce"


def test_a_journals_first_abbreviation_read_as_a_name_with_no_initial_opens_the_venue() -> None:
    text = "B. K. Orlov, Russ. J. Phys. Chem. 81 (2007) 112–118."
    labels = [*[_A] * 7, _O, *[_C] * 5, _O, _V, _O, _D, _O, _P, _O]
    fields = _fields(text, labels)
    assert fields[_A] == "B . K . Orlov"
    assert fields[_C] == "Russ . J . Phys . Chem"


def test_a_subtitle_read_as_editors_is_the_titles() -> None:
    text = "K. Lund (ed.), Studies on Epic Traditions: A Tribute to Albert Lord, Boston 1990."
    ed = Label.EDITOR
    labels = [_A, _A, _A, _O, _O, _O, _O, _O, *[_T] * 4, _O, *[ed] * 5, _O, _C, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Studies on Epic Traditions : A Tribute to Albert Lord"
    assert fields[ed] == "K . Lund"  # the names marked "(ed.)" before the title


def test_a_venue_with_an_edition_after_it_is_a_books_title() -> None:
    text = "Gray's Anatomy (39th ed.), p. 1200 (2005)"
    labels = [_C, _C, _O, Label.EDITION, Label.EDITION, _O, _O, _O, _O, _O, _P, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Gray's Anatomy"
    assert _C not in fields


def test_the_years_a_book_spans_written_with_a_word_between_them_are_the_titles() -> None:
    pub = Label.PUBLISHER
    text = "Harlow, W.F. and A. Lund. The Northern Medical Tradition, 1700 to 1900. Cambridge:"
    text += " Cambridge University Press, 2004."
    labels = [*[_A] * 10, _O, *[_T] * 4, _O, _D, _D, _D, _O, _L, _O, pub, pub, pub, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "The Northern Medical Tradition , 1700 to 1900"
    assert fields[_D] == "2004"
    text = "Moreau, Paul. Histoire des ports en France de 1815 à 1870, Vol. 1. Paris: Colin, 1910."
    labels = [_A, _A, _A, _O, *[_T] * 6, _D, _D, _D, _O, _O, _O, _V, _O, _L, _O, pub, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Histoire des ports en France de 1815 à 1870"
    assert fields[_D] == "1910"


def test_a_family_name_written_in_lower_case_with_its_initials_stays_a_name() -> None:
    text = "Lund J, ffolkes D, Berg C. Memory in old age. Brain. 2006;129:1780."
    labels = [*[_A] * 8, _O, *[_T] * 4, _O, _C, _O, _D, _O, _V, _O, _P, _O]
    fields = _fields(text, labels)
    assert fields[_A] == "Lund J , ffolkes D , Berg C"
    assert fields[_T] == "Memory in old age"


def test_a_place_and_any_publisher_before_the_date_are_the_imprint() -> None:
    pub = Label.PUBLISHER
    text = "Berg, Anna M., Leadership in the Early Church, Eugene: Cascade, 2014."
    labels = [*[_A] * 5, _O, *[_T] * 9, _O, _D, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "Leadership in the Early Church"
    assert (fields[_L], fields[pub]) == ("Eugene", "Cascade")
    text = "ROUX, Paul. De la relation de soin : un autre regard sur l’aide. Lyon : Chronique"
    text += " Sociale, 2011. 92 p."
    labels = [_A, _A, _A, _O, *[_T] * 16, _O, _D, _O, _P, _O, _O]
    fields = _fields(text, labels)
    assert fields[_T] == "De la relation de soin : un autre regard sur l’aide"
    assert (fields[_L], fields[pub]) == ("Lyon", "Chronique Sociale")


def test_the_last_name_after_and_read_as_the_titles_opening_is_a_name() -> None:
    text = "H. Osei, O. Laurent and C. Moreau, A dual method for the Weber problem, Rev. Fr."
    text += " Autom. 22 (1988) 17-40."
    labels = [*[_A] * 7, *[_T] * 12, _O, *[_C] * 5, _O, _V, _O, _D, _O, _P, _O]
    fields = _fields(text, labels)
    assert fields[_A] == "H . Osei , O . Laurent and C . Moreau"
    assert fields[_T] == "A dual method for the Weber problem"


def test_an_initial_a_is_no_and_before_the_title() -> None:
    # Vancouver's initials printed twice over ("Grenvik A A."): the second "A" is no "a" (and)
    text = "Osei L L, Park MR MR, Grenvik A A. Long-term outcome of care. JAMA 1993; 269:3119-3123."
    labels = [*[_A] * 10, _A, _O, *[_T] * 4, _O, _C, _D, _O, _V, _O, _P, _O]
    fields = _fields(text, labels)
    assert fields[_A].endswith("Grenvik A A")
    assert fields[_T] == "Long-term outcome of care"
