"""A whole reference list is cut into references with keys and exact spans."""

from __future__ import annotations

from cite_sentinel.core.model import Location, Read
from cite_sentinel.core.sources.reflist import parse_reference, read_entries, read_reflist
from hypothesis import given, settings
from hypothesis import strategies as st

NUMBERED = """\
References

[1] F. Liu, M. Chen, D. Roth, and N. Collier, “Visual pivoting for (unsupervised) entity
    alignment,” in Proc. AAAI, 2021, pp. 4257–4266.
[2] K. He, X. Zhang, S. Ren, and J. Sun, “Deep residual learning for image recognition,” in
    Proc. CVPR, 2016, pp. 770–778. doi: 10.1109/CVPR.2016.90.
"""

HANGING = """\
Bengio, Y., Courville, A., & Vincent, P. (2013). Representation learning: A review and new
    perspectives. IEEE Transactions on Pattern Analysis and Machine Intelligence, 35(8),
    1798–1828.
Smith, J. (2020a). First paper. Journal of Tests, 1(1), 1–2.
Smith, J. (2020b). Second paper. Journal of Tests, 1(2), 3–4.
"""

PARAGRAPHS = """\
## References

Goodfellow, I., Bengio, Y., & Courville, A. (2016). *Deep learning*. MIT Press.

Smith, J. (2020). One study. *Journal of Tests*, 1(1), 1–2.

Smith, J. (2020). Another study with the same author and year. *Journal of Tests*, 1(2), 3–4.
"""


def test_numbered_list_is_keyed_by_number_and_spans_continued_lines() -> None:
    read = read_reflist(NUMBERED, "refs.txt")
    assert [ref.key for ref in read.references] == ["1", "2"]
    first, second = read.references
    assert first.location == Location("refs.txt", 3, 1, 4, 52)
    assert first.title == "Visual pivoting for (unsupervised) entity alignment"
    assert second.identifiers.doi == "10.1109/cvpr.2016.90"
    assert read.findings == ()


def test_section_position_is_added_to_lines() -> None:
    read = read_reflist(NUMBERED, "paper.md", first_line=40)
    assert [ref.location.line for ref in read.references] == [42, 44]


def test_hanging_indent_blocks_are_one_reference_each() -> None:
    read = read_reflist(HANGING, "refs.txt")
    assert [ref.key for ref in read.references] == ["bengio2013", "smith2020a", "smith2020b"]
    assert read.references[0].pages == "1798-1828"
    assert read.references[0].location.end_line == 3


def test_paragraphs_with_clashing_author_year_get_letter_suffixes() -> None:
    read = read_reflist(PARAGRAPHS, "paper.md")
    assert [ref.key for ref in read.references] == ["goodfellow2016", "smith2020a", "smith2020b"]
    assert read.references[0].title == "Deep learning"
    assert read.references[1].location.line == 5


def test_bullets_and_one_reference_per_line() -> None:
    bullets = (
        "- Doe, J. (2019). Sediment transport in braided rivers. Hydrology, 2, 1-9.\n"
        "- Roe, R. (2018). Wetland mapping at scale. Ecology, 3, 4-5.\n"
    )
    assert [ref.key for ref in read_reflist(bullets, "r.md").references] == ["doe2019", "roe2018"]
    lines = (
        "Doe, J. (2019). Sediment transport in braided rivers. Hydrology, 2, 1-9.\n"
        "Roe, R. (2018). Wetland mapping at scale. Ecology, 3, 4-5.\n"
    )
    assert [ref.title for ref in read_reflist(lines, "r.txt").references] == [
        "Sediment transport in braided rivers",
        "Wetland mapping at scale",
    ]


def test_non_ascii_family_names_make_ascii_keys() -> None:
    read = read_reflist(
        "Müller, J., & Øst, K. (2021). Die Theorie der Wärmeleitung. Springer.\n", "r.txt"
    )
    assert read.references[0].key == "muller2021"


def test_unreadable_item_becomes_a_located_finding() -> None:
    read = read_reflist("1. 12345\n2. Doe J. A real title. Venue. 2020.\n", "r.txt")
    assert [ref.key for ref in read.references] == ["2"]
    assert len(read.findings) == 1
    assert read.findings[0].location.line == 1


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_no_text_makes_the_reader_raise(text: str) -> None:
    read = read_reflist(text, "r.txt")
    for ref in read.references:
        assert ref.location.line >= 1


MARKDOWN = """\
## References

1. Vaswani, A., Shazeer, N., Parmar, N., et al. (2017). [Attention is all you need](https://arxiv.org/abs/1706.03762). *Advances in Neural Information Processing Systems*, **30**.
2. He, K., Zhang, X., Ren, S., & Sun, J. (2016). Deep residual learning for image recognition. In *Proceedings of CVPR* (pp. 770–778). <https://doi.org/10.1109/CVPR.2016.90>
3. \\[Retracted\\] Wakefield, A. J. et al. Ileal-lymphoid-nodular hyperplasia. *Lancet* **351**, 637–641 (1998).
"""  # noqa: E501


def test_markdown_links_emphasis_and_escapes_do_not_leak_into_fields() -> None:
    first, second, third = read_reflist(MARKDOWN, "paper.md", first_line=10).references
    assert first.title == "Attention is all you need"
    assert first.venue == "Advances in Neural Information Processing Systems"
    assert first.volume == "30"
    assert first.identifiers.arxiv == "1706.03762"
    assert first.others
    assert second.venue == "Proceedings of CVPR"
    assert second.identifiers.doi == "10.1109/cvpr.2016.90"
    assert [person.family for person in third.people] == ["Wakefield"]
    assert (third.venue, third.volume, third.pages) == ("Lancet", "351", "637-641")
    assert third.year == 1998
    assert [ref.location.line for ref in (first, second, third)] == [12, 13, 14]


WRAPPED = """\
References
Bengio, Y., Courville, A., & Vincent, P. (2013). Representation learning: A review and new
perspectives. IEEE Transactions on Pattern Analysis and Machine Intelligence, 35(8),
1798–1828. https://doi.org/10.1109/TPAMI.2013.50
Goodfellow, I., Bengio, Y., & Courville, A. (2016). Deep learning. MIT Press.
He, K., Zhang, X., Ren, S., & Sun, J. (2016). Deep residual learning for image
recognition. In Proceedings of the IEEE Conference on Computer Vision and Pattern
Recognition (pp. 770–778).
World Health Organization. (2020). Global tuberculosis report 2020. WHO.
"""


def test_wrapped_lines_without_indent_or_blank_lines_are_split_at_new_names() -> None:
    read = read_reflist(WRAPPED, "refs.txt")
    assert [ref.key for ref in read.references] == [
        "bengio2013",
        "goodfellow2016",
        "he2016",
        "worldhealthorganization2020",
    ]
    assert [ref.location.line for ref in read.references] == [2, 5, 6, 9]
    assert read.references[0].identifiers.doi == "10.1109/tpami.2013.50"
    assert read.references[2].title == "Deep residual learning for image recognition"


def test_a_wrapped_line_starting_with_a_year_does_not_start_a_new_item() -> None:
    text = (
        "1. Liu F, Chen M, Roth D, Collier N. Visual pivoting. In: Proceedings of AAAI.\n"
        "2021. p. 4257-66.\n"
        "2. He K, Zhang X. Deep residual learning. In: Proceedings of CVPR; 2016.\n"
    )
    read = read_reflist(text, "r.txt")
    assert [ref.key for ref in read.references] == ["1", "2"]
    assert read.references[0].location.end_line == 2


def test_a_text_file_without_references_gives_nothing_to_report() -> None:
    notes = "Remember to buy milk.\n\nThe meeting moved to Tuesday, room four.\n"
    assert read_reflist(notes, "notes.txt") == Read()


def test_alphabetic_labels_become_keys() -> None:
    text = (
        "[LCRC21] F. Liu, M. Chen, D. Roth, and N. Collier. Visual pivoting for unsupervised\n"
        "    entity alignment. In AAAI, 2021.\n"
        "[He16] K. He. Deep residual learning. In CVPR, 2016.\n"
    )
    read = read_reflist(text, "r.txt")
    assert [ref.key for ref in read.references] == ["LCRC21", "He16"]
    assert read.references[0].title == "Visual pivoting for unsupervised entity alignment"


def test_pandoc_escaped_brackets_still_number_the_items() -> None:
    text = "\\[1\\] F. Liu, “Visual pivoting,” in Proc. AAAI, 2021.\n\\[2\\] K. He, “Deep residual"
    text += " learning,” in Proc. CVPR, 2016.\n"
    read = read_reflist(text, "r.md")
    assert [(ref.key, ref.title) for ref in read.references] == [
        ("1", "Visual pivoting"),
        ("2", "Deep residual learning"),
    ]


def test_a_paragraph_line_starting_with_a_year_is_not_a_numbered_item() -> None:
    text = (
        "Liu, F., & Chen, M. (2021). Visual pivoting for unsupervised entity alignment. AAAI,\n"
        "2021. 4257–4266.\n\n"
        "He, K. (2016). Deep residual learning. In CVPR (pp. 770–778).\n"
    )
    read = read_reflist(text, "r.txt")
    assert [ref.key for ref in read.references] == ["liu2021", "he2016"]


def test_generated_keys_never_collide_with_written_year_letters() -> None:
    text = (
        "Li, B. (2019a). Soil carbon under grazing. Geoderma, 3, 1-9.\n\n"
        "Li, C. (2019). Nitrogen cycling in paddy fields. Geoderma, 4, 2-8.\n\n"
        "Li, D. (2019). Erosion on terraced slopes. Catena, 5, 3-7.\n"
    )
    keys = [ref.key for ref in read_reflist(text, "r.txt").references]
    assert keys == ["li2019a", "li2019b", "li2019c"]


def test_an_author_list_ending_in_a_particle_does_not_swallow_the_title() -> None:
    raw = (
        "8. McDonnell, M. D., Gong, D. & Hengel, A. van den. RanPAC: Random projections and "
        "pre-trained models for continual learning. in Neurips (2023)."
    )
    reference = parse_reference(raw, key="8", location=Location.point("refs.txt", 1, 1))
    assert reference.title == (
        "RanPAC: Random projections and pre-trained models for continual learning"
    )
    assert [person.family for person in reference.people][-1] == "van den Hengel"


def test_a_title_that_opens_with_two_quoted_words_is_read_whole() -> None:
    raw = (
        "24. Chen T, Zhang Z, You Q, et al. “Factual” or “emotional”: Stylized image captioning "
        "with adaptive learning and attention. In: Proceedings of ECCV. 2018."
    )
    reference = parse_reference(raw, key="24", location=Location.point("refs.txt", 1, 1))
    assert "Stylized image captioning with adaptive learning and attention" in reference.title
    assert reference.title.startswith("Factual")


def test_an_elsevier_title_ends_where_its_container_begins() -> None:
    raw = (
        "Borji, A., Itti, L., 2014. Human vs. Computer in Scene and Object Recognition, in: "
        "Proceedings of CVPR. pp. 113–120."
    )
    reference = parse_reference(raw, key="b", location=Location.point("refs.txt", 1, 1))
    assert reference.title == "Human vs. Computer in Scene and Object Recognition"


def test_a_springer_venue_stops_before_its_pages_written_without_a_full_stop() -> None:
    raw = (
        "2. Pinarer O, Turhan S (2018) Web Service Solution for Adverse Drug Events. In: IEEE "
        "International Conference on Big Data, Seattle, WA, USA. pp 2449 – 2452"
    )
    reference = parse_reference(raw, key="2", location=Location.point("refs.txt", 1, 1))
    assert reference.venue == "IEEE International Conference on Big Data, Seattle, WA, USA"
    assert reference.pages == "2449-2452"


def test_alpha_labels_become_keys_even_where_a_pdf_lost_the_raised_plus() -> None:
    text = (
        "[ ADNH23] Raja Farrukh Ali, Kevin Duong, and William H. Hsu. Multi-horizon learning."
        " In AAAI, 2023.\n\n"
        "[AKW 22] Abdus Salam Azad, Edward Kim, Qiancheng Wu, Kimin Lee, and Ion Stoica."
        " Programmatic modeling of soccer environments. In AAAI, 2022.\n"
    )
    keys = [reference.key for reference in read_reflist(text, "refs.txt").references]
    assert keys == ["ADNH23", "AKW+22"]


def test_thousands_of_references_by_one_author_and_year_get_keys_of_their_own() -> None:
    text = "References\n\n" + "".join(
        f"Smith, J. (2020). Title number {n}. Journal of Tests, 1, {n}.\n" for n in range(3000)
    )
    keys = [reference.key for reference in read_reflist(text, "refs.txt").references]
    assert len(keys) == len(set(keys)) == 3000
    assert keys[:3] == ["smith2020a", "smith2020b", "smith2020c"]
    assert keys[26] == "smith2020aa"


def test_software_and_web_pages_cited_by_name_and_link_are_references() -> None:
    read = read_reflist(
        "[1] PyFeyn: http://hepforge.cedar.ac.uk/pyfeyn/\n[2] FeynDiagram: http://www.feyndiagram.com\n",
        "refs.txt",
    )
    assert [(ref.title, ref.identifiers.url) for ref in read.references] == [
        ("PyFeyn", "http://hepforge.cedar.ac.uk/pyfeyn/"),
        ("FeynDiagram", "http://www.feyndiagram.com"),
    ]


def test_a_pdfs_list_that_reads_as_nothing_says_so_entry_by_entry() -> None:
    read = read_entries(
        [("[2] scrbook: ctan:/macros/latex/contrib/", "2"), ("[3] cite: ctan:/macros/", "3")],
        "thesis.pdf",
    )
    assert not read.references
    assert [finding.code.value for finding in read.findings] == ["parse-error", "parse-error"]


def test_a_reference_after_a_same_author_rule_takes_the_names_of_the_one_before() -> None:
    text = (
        "Mensah, Kwame. Harvest Songs. Accra: Sankofa, 1998.\n"
        "———. Nightwalker. Translated by Ama Osei. Accra: Sankofa, 2001.\n"
    )
    read = read_reflist(text, "refs.txt")
    first, second = read.references
    assert second.title == "Nightwalker"
    assert [person.family for person in second.people] == ["Mensah"]
    assert first.title == "Harvest Songs"
