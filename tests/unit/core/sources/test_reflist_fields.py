"""Hand-written references in each common style come apart into the right fields."""

from __future__ import annotations

import pytest
from cite_sentinel.core.model import Location, Person, Reference
from cite_sentinel.core.sources.reflist import parse_reference

HERE = Location.point("refs.txt", 1, 1)


def parse(text: str) -> Reference:
    return parse_reference(text, key="k", location=HERE)


def families(reference: Reference) -> list[str]:
    return [person.family or person.literal for person in reference.people]


# (style, text, first-author family, year, title, doi)
STYLES = [
    (
        "apa",
        "Vaswani, A., Shazeer, N., Parmar, N., Uszkoreit, J., Jones, L., Gomez, A. N., Kaiser, Ł.,"
        " & Polosukhin, I. (2017). Attention is all you need. In Advances in Neural Information"
        " Processing Systems (Vol. 30, pp. 5998–6008). Curran Associates.",
        "Vaswani",
        2017,
        "Attention is all you need",
        "",
    ),
    (
        "apa-journal-doi",
        "LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444."
        " https://doi.org/10.1038/nature14539",
        "LeCun",
        2015,
        "Deep learning",
        "10.1038/nature14539",
    ),
    (
        "mla",
        "Müller, Jürgen, and Ana García-López. “Why Do Transformers Generalize? A Study of"
        " Attention.” Journal of Machine Learning Research, vol. 24, no. 3, 2023, pp. 1–29.",
        "Müller",
        2023,
        "Why Do Transformers Generalize? A Study of Attention",
        "",
    ),
    (
        "chicago",
        "He, Kaiming, Xiangyu Zhang, Shaoqing Ren, and Jian Sun. 2016. “Deep Residual Learning"
        " for Image Recognition.” In Proceedings of the IEEE Conference on Computer Vision and"
        " Pattern Recognition, 770–78. https://doi.org/10.1109/CVPR.2016.90.",
        "He",
        2016,
        "Deep Residual Learning for Image Recognition",
        "10.1109/cvpr.2016.90",
    ),
    (
        "harvard",
        "Silver, D. et al. (2016) ‘Mastering the game of Go with deep neural networks and tree"
        " search’, Nature, 529(7587), pp. 484–489. Available at: https://doi.org/10.1038/"
        "nature16961 (Accessed: 3 March 2024).",
        "Silver",
        2016,
        "Mastering the game of Go with deep neural networks and tree search",
        "10.1038/nature16961",
    ),
    (
        "ieee",
        "[7] D. P. Kingma and J. Ba, “Adam: A method for stochastic optimization,” in Proc. 3rd"
        " Int. Conf. Learn. Represent. (ICLR), San Diego, CA, USA, 2015, pp. 1–15.",
        "Kingma",
        2015,
        "Adam: A method for stochastic optimization",
        "",
    ),
    (
        "vancouver",
        "12. Smith JA, O’Brien K, van der Berg P, et al. Cardiac outcomes after COVID-19: a"
        " cohort study. Lancet. 2021;397(10280):1123-31. doi:10.1016/S0140-6736(21)00123-4.",
        "Smith",
        2021,
        "Cardiac outcomes after COVID-19: a cohort study",
        "10.1016/s0140-6736(21)00123-4",
    ),
    (
        "ama-proceedings",
        "3. Devlin J, Chang MW, Lee K, Toutanova K. BERT: pre-training of deep bidirectional"
        " transformers for language understanding. In: Proceedings of NAACL-HLT. Association for"
        " Computational Linguistics; 2019:4171-4186. doi:10.18653/v1/N19-1423",
        "Devlin",
        2019,
        "BERT: pre-training of deep bidirectional transformers for language understanding",
        "10.18653/v1/n19-1423",
    ),
    (
        "nature",
        "5. Jumper, J. et al. Highly accurate protein structure prediction with AlphaFold."
        " Nature 596, 583–589 (2021).",
        "Jumper",
        2021,
        "Highly accurate protein structure prediction with AlphaFold",
        "",
    ),
    (
        "markdown",
        "- Rombach, R., Blattmann, A., Lorenz, D., Esser, P., & Ommer, B. (2022). _High-resolution"
        " image synthesis with latent diffusion models_. *Proceedings of CVPR*, 10684–10695."
        " [doi:10.1109/CVPR52688.2022.01042](https://doi.org/10.1109/CVPR52688.2022.01042)",
        "Rombach",
        2022,
        "High-resolution image synthesis with latent diffusion models",
        "10.1109/cvpr52688.2022.01042",
    ),
    (
        "latex-bibitem",
        r"A.~Krizhevsky, I.~Sutskever, and G.~E. Hinton. \newblock ImageNet classification with"
        r" deep convolutional neural networks. \newblock In {\em Advances in Neural Information"
        r" Processing Systems 25}, pages 1097--1105, 2012.",
        "Krizhevsky",
        2012,
        "ImageNet classification with deep convolutional neural networks",
        "",
    ),
    (
        "bibtex-plain",  # BibTeX's plain, plainnat, acm: "Given M. Family"
        "[8] Edwin L. Hutchins, James D. Hollan, and Donald A. Norman. Direct manipulation"
        " interfaces. In D. A. Norman and S. W. Draper, editors, User Centered System Design,"
        " pages 87–124. Lawrence Erlbaum, 1986.",
        "Hutchins",
        1986,
        "Direct manipulation interfaces",
        "",
    ),
    (
        "bibtex-plain-two-authors",
        "Jon J. Bentley and Brian W. Kernighan. Tools for printing indexes. Electronic"
        " Publishing, 1(1), June 1988.",
        "Bentley",
        1988,
        "Tools for printing indexes",
        "",
    ),
    (
        "bibtex-plain-dotted-initials",
        "[17] M.F. Plass. Optimal pagination techniques for automatic typesetting systems."
        " Ph.D. thesis, Stanford University, 1981.",
        "Plass",
        1981,
        "Optimal pagination techniques for automatic typesetting systems",
        "",
    ),
]


@pytest.mark.parametrize(
    ("text", "family", "year", "title", "doi"),
    [
        # A case with a seventh item is one the labeller is known to misread: a strict
        # expected failure, so that the mark comes off when it reads it right.
        pytest.param(*case[1:6], marks=pytest.mark.xfail(strict=True, reason=str(case[6])))
        if len(case) > 6
        else case[1:6]
        for case in STYLES
    ],
    ids=[str(case[0]) for case in STYLES],
)
def test_each_style_gives_author_year_title_and_doi(
    text: str, family: str, year: int, title: str, doi: str
) -> None:
    reference = parse(text)
    assert families(reference)[0] == family
    assert reference.year == year
    assert reference.title == title
    assert reference.identifiers.doi == doi
    assert reference.raw == text
    assert reference.source_format == "reflist"


def test_et_al_sets_others_and_keeps_the_named_authors() -> None:
    reference = parse("Huang, Q. et al. Personalized dialogue generation. Nature 5, 1–2 (2023).")
    assert reference.others
    assert families(reference) == ["Huang"]


def test_apa_author_list_keeps_every_name_in_order_with_initials() -> None:
    reference = parse(
        "Dalton, N. S., Collins, E., & Marshall, P. (2015). Display blindness? Looking again at"
        " situated displays. In Proceedings of CHI 2015 (pp. 3889–3898). ACM."
    )
    assert reference.people == (
        Person(family="Dalton", given="N. S."),
        Person(family="Collins", given="E."),
        Person(family="Marshall", given="P."),
    )
    assert reference.title == "Display blindness? Looking again at situated displays"
    assert reference.pages == "3889-3898"


def test_corporate_author_is_kept_as_one_literal_name() -> None:
    reference = parse(
        "World Health Organization. (2020). Global tuberculosis report 2020. World Health"
        " Organization. https://apps.who.int/iris/handle/10665/336069"
    )
    assert reference.people == (Person(literal="World Health Organization"),)
    assert reference.year == 2020
    assert reference.title == "Global tuberculosis report 2020"
    assert reference.identifiers.url.startswith("https://apps.who.int/")


def test_editors_of_an_edited_volume_are_not_taken_for_authors() -> None:
    reference = parse(
        "Bishop, C. M. (2006). Pattern recognition. In M. Jordan & J. Kleinberg (Eds.),"
        " Information science and statistics (pp. 1–20). Springer."
    )
    assert families(reference) == ["Bishop"]
    assert reference.title == "Pattern recognition"


def test_in_colon_proceedings_become_the_venue() -> None:
    reference = parse(
        "Liu F, Chen M, Roth D, Collier N. Visual pivoting for unsupervised entity alignment."
        " In: Proceedings of the AAAI Conference on Artificial Intelligence. AAAI Press;"
        " 2021:4257-4266."
    )
    assert reference.venue == "Proceedings of the AAAI Conference on Artificial Intelligence"
    assert reference.pages == "4257-4266"
    assert reference.year == 2021
    assert reference.kind == "paper-conference"


def test_journal_volume_issue_and_pages_are_read() -> None:
    reference = parse(
        "LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444."
    )
    assert (reference.venue, reference.volume, reference.issue) == ("Nature", "521", "7553")
    assert reference.pages == "436-444"


def test_doi_with_trailing_period_loses_the_period() -> None:
    reference = parse("Smith, J. (2020). A title. Journal, 1(2), 3–4. doi:10.1234/ABC.5678.")
    assert reference.identifiers.doi == "10.1234/abc.5678"


def test_arxiv_identifier_and_url_are_found() -> None:
    reference = parse(
        "Brown, T. B., et al. (2020). Language models are few-shot learners. arXiv preprint"
        " arXiv:2005.14165v4. https://arxiv.org/abs/2005.14165"
    )
    assert reference.identifiers.arxiv == "2005.14165"
    assert reference.title == "Language models are few-shot learners"
    assert reference.others


def test_non_ascii_names_survive() -> None:
    reference = parse(
        "Østergaard, S., Çelik, M., & Nguyễn, T. (2019). Ärger im Ökosystem. Zeitschrift, 3, 4–9."
    )
    assert families(reference) == ["Østergaard", "Çelik", "Nguyễn"]


def test_title_with_quotation_inside_an_unquoted_style_is_kept_whole() -> None:
    reference = parse(
        "Zeng E, Kohno T, Roesner F. What makes a “bad” ad? User perceptions of problematic"
        " online advertising. In: Proceedings of CHI. ACM; 2021:1-24."
    )
    assert reference.title == (
        "What makes a “bad” ad? User perceptions of problematic online advertising"
    )
    assert reference.year == 2021


def test_mla_title_question_mark_stays_in_the_title() -> None:
    reference = parse(
        "Lipton, Zachary C. “The Mythos of Model Interpretability?” Queue, vol. 16, no. 3, 2018,"
        " pp. 31–57."
    )
    assert reference.title == "The Mythos of Model Interpretability?"
    assert reference.people[0] == Person(family="Lipton", given="Zachary C.")
    assert (reference.volume, reference.issue) == ("16", "3")


def test_year_suffix_and_no_date_are_understood() -> None:
    assert parse("Smith, J. (2020b). Second paper. Journal, 2, 1–2.").year == 2020
    undated = parse("Smith, J. (n.d.). Undated page. Retrieved from https://example.org/x")
    assert undated.year is None
    assert undated.title == "Undated page"


def test_garbage_gives_an_empty_reference_instead_of_an_error() -> None:
    for text in (
        "",
        "   ",
        "....",
        "(((",
        "“",
        "1.",
        "\x00\x01",
        "et al.",
        "[12]",
        "Liu F, " * 3000,
    ):
        reference = parse(text)
        assert reference.raw == text


def test_name_suffix_jr_stays_with_its_person() -> None:
    reference = parse(
        "King, M. L., Jr. (1963). Letter from Birmingham jail. The Atlantic, 2, 78–88."
    )
    assert reference.people == (Person(family="King", given="M. L.", suffix="Jr."),)


def test_nature_journal_volume_is_not_confused_with_the_year() -> None:
    reference = parse(
        "Hochreiter, S. & Schmidhuber, J. Long short-term memory. Neural Comput. 9, 1735–1780"
        " (1997)."
    )
    assert (reference.venue, reference.volume, reference.issue) == ("Neural Comput", "9", "")
    assert reference.year == 1997


@pytest.mark.parametrize(
    "text",
    [
        "Jonathan Ho, Ajay Jain, and Pieter Abbeel. 2020. Denoising diffusion probabilistic"
        " models. In Advances in Neural Information Processing Systems 33, 6840–6851.",
        "Ho J, Jain A, Abbeel P (2020) Denoising diffusion probabilistic models. Adv Neural Inf"
        " Process Syst 33:6840–6851",
        "Ho, J., Jain, A., Abbeel, P., 2020. Denoising diffusion probabilistic models. Adv. Neural"
        " Inf. Process. Syst. 33, 6840–6851.",
        "J. Ho, A. Jain, and P. Abbeel. Denoising diffusion probabilistic models. In NeurIPS,"
        " 2020.",
    ],
    ids=["acm", "springer", "elsevier", "bibitem-plain"],
)
def test_other_common_layouts_give_authors_year_and_title(text: str) -> None:
    reference = parse(text)
    assert families(reference) == ["Ho", "Jain", "Abbeel"]
    assert reference.year == 2020
    assert reference.title == "Denoising diffusion probabilistic models"


def test_subtitle_after_a_question_mark_stays_in_the_title() -> None:
    reference = parse(
        "Nguyen, T. T., & Tran, V. (2022). Are transformers robust? Evidence from 10 benchmarks."
        " Journal of AI, 3, 1–10."
    )
    assert reference.title == "Are transformers robust? Evidence from 10 benchmarks"
    assert (reference.venue, reference.volume, reference.pages) == ("Journal of AI", "3", "1-10")


def test_a_lower_case_name_does_not_hide_the_author_list() -> None:
    reference = parse(
        "Jia, Y., Zhang, Y., Chen, zhifeng, & Wu, Y. (2018). Transfer learning for speech. Neurips."
    )
    assert families(reference) == ["Jia", "Zhang", "Chen", "Wu"]
    assert reference.title == "Transfer learning for speech"


def test_quoted_nickname_is_not_taken_for_the_title() -> None:
    reference = parse(
        'Jiang, C. "Max"., Kashinath, K., & Marcus, P. (2020). Enforcing physical constraints'
        " in CNNs. ICLR Workshops."
    )
    assert families(reference) == ["Jiang", "Kashinath", "Marcus"]
    assert reference.title == "Enforcing physical constraints in CNNs"


def test_vancouver_et_al_without_full_stop_still_ends_the_authors() -> None:
    reference = parse(
        "Smith JA, Jones B, Brown C, et al Effect of X on Y: a randomized trial."
        " JAMA 2020;323(5):456-464"
    )
    assert families(reference) == ["Smith", "Jones", "Brown"]
    assert reference.others
    assert reference.title == "Effect of X on Y: a randomized trial"
    assert (reference.venue, reference.volume, reference.issue) == ("JAMA", "323", "5")


def test_pubmed_style_with_date_doi_and_pmid() -> None:
    reference = parse(
        "LeCun Y, Bengio Y, Hinton G. Deep learning. Nature. 2015 May 28;521(7553):436-44."
        " doi: 10.1038/nature14539. PMID: 26017442."
    )
    assert (reference.venue, reference.volume, reference.pages) == ("Nature", "521", "436-44")
    assert reference.identifiers.doi == "10.1038/nature14539"
    assert reference.identifiers.pmid == "26017442"


@pytest.mark.parametrize(
    "text",
    [
        "Doe, Jane. “A Chapter Title.” In The Big Book of Chapters, edited by John Smith, 1–20."
        " Chicago: University of Chicago Press, 2010.",
        "Doe J. A chapter title. In: Smith J, editors. The Big Book of Chapters. University"
        " of Chicago Press; 2010:1-20.",
    ],
    ids=["chicago-edited-by", "ama-editors"],
)
def test_book_chapter_gives_book_as_venue_and_its_editors(text: str) -> None:
    reference = parse(text)
    assert reference.venue == "The Big Book of Chapters"
    assert [person.family for person in reference.editors] == ["Smith"]
    assert reference.pages == "1-20"
    assert reference.year == 2010


def test_acs_style_with_semicolons_and_bold_year() -> None:
    reference = parse(
        "(1) Garcia, M.; Lopez, R. Catalysis in water. J. Am. Chem. Soc. 2018, 140 (5),"
        " 1234–1240. https://doi.org/10.1021/jacs.7b12345."
    )
    assert families(reference) == ["Garcia", "Lopez"]
    assert (reference.title, reference.year) == ("Catalysis in water", 2018)
    assert (reference.volume, reference.issue, reference.pages) == ("140", "5", "1234-1240")
    assert reference.identifiers.doi == "10.1021/jacs.7b12345"


def test_one_word_titles_in_quotation_marks_stay_titles() -> None:
    assert parse("Smith, J. (2020) ‘Attention’, Nature, 5, pp. 1–2.").title == "Attention"
    assert parse("Smith, John. “Attention.” Nature, vol. 5, 2020.").title == "Attention"


def test_authors_and_title_separated_by_commas_only() -> None:
    reference = parse(
        "Leslie Lamport, LaTeX: a document preparation system, Addison Wesley, Massachusetts,"
        " 2nd edition, 1994."
    )
    assert families(reference) == ["Lamport"]
    assert reference.title == "LaTeX: a document preparation system"
    assert reference.year == 1994


def test_abbreviations_inside_titles_do_not_end_them() -> None:
    reference = parse(
        "Brown, T. (2019). U.S. policy on A.I. research in C. elegans labs. Policy Journal, 3(1),"
        " 1–20."
    )
    assert reference.title == "U.S. policy on A.I. research in C. elegans labs"
    assert reference.venue == "Policy Journal"


def test_a_title_ending_in_a_capital_letter_still_ends() -> None:
    reference = parse(
        "Goldenberg, M. et al. Enhanced partial expansion A. Journal of Artificial Intelligence"
        " Research 50, 141–187 (2014)."
    )
    assert reference.title == "Enhanced partial expansion A"
    assert reference.year == 2014


def test_ama_year_before_pages_is_not_a_volume() -> None:
    reference = parse(
        "Goodfellow IJ, Pouget-Abadie J, Mirza M, et al. Generative adversarial nets. In: Advances"
        " in Neural Information Processing Systems; 2014:2672-2680."
    )
    assert (reference.volume, reference.pages, reference.year) == ("", "2672-2680", 2014)


def test_nature_reference_ending_with_the_year_in_parentheses() -> None:
    reference = parse(
        "400. Chen, J., Hatschka, C. & Simola, S. Multi-Winner Reconfiguration. in neurips"
        " (2024). doi:10.52202/079017-2728."
    )
    assert families(reference) == ["Chen", "Hatschka", "Simola"]
    assert reference.title == "Multi-Winner Reconfiguration"
    assert reference.year == 2024


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Doe, J. (2019, May 3). How to cite a blog post. The Blog.", "2019-05-03"),
        ("LeCun Y, Bengio Y. Deep learning. Nature. 2015 May 28;521(7553):436-44.", "2015-05-28"),
        ("[3] S. Hochreiter, “LSTM,” Neural Comput., vol. 9, pp. 1–2, Nov. 1997.", "1997-11"),
        ("Smith, J. (2020). March of the penguins. Venue.", "2020"),
    ],
)
def test_dates_are_as_precise_as_written(text: str, date: str) -> None:
    assert parse(text).date == date


def test_a_middle_initial_does_not_end_the_author_list() -> None:
    reference = parse(
        "[3] Donald E. Knuth. Literate programming. The Computer Journal, 27(2):97–111, 1984."
    )
    assert [p.display for p in reference.people] == ["Donald E. Knuth"]
    assert reference.title == "Literate programming"


def test_vancouver_initials_still_end_the_list_before_a_title_in_title_case() -> None:
    for text, title in (
        ("38. Cakmak M, Lopes M. Algorithmic and Human Teaching of Sequential Decision Tasks."
         " In: Proceedings of AAAI; 2012.", "Algorithmic and Human Teaching of Sequential"
         " Decision Tasks"),
        ("238. Wu R, Xu K, Mu Y. Localize, Assemble, and Predicate: Contextual Object Proposal"
         " Embedding. In: AAAI; 2020.", "Localize, Assemble, and Predicate: Contextual Object"
         " Proposal Embedding"),
        ("2. Jain, S., Shah, N. & Kumaraguru, P. Characterizing and detecting livestreaming"
         " chatbots. in ASONAM (2019).", "Characterizing and detecting livestreaming chatbots"),
    ):  # fmt: skip
        assert parse(text).title == title


@pytest.mark.xfail(strict=True, reason="the labeller ends a title at an abbreviation")
def test_an_abbreviation_inside_a_title_does_not_end_it() -> None:
    reference = parse(
        "[11] F. Mittelbach. Managing forlorn paragraph lines (a.k.a. widows and orphans) in"
        " LaTeX. TUGboat 39(3):246–251, 2018."
    )
    assert (
        reference.title == "Managing forlorn paragraph lines (a.k.a. widows and orphans) in LaTeX"
    )


@pytest.mark.parametrize(
    ("text", "people", "title"),
    [
        (
            "Yimao Sun and K. C. Ho. Algebraic solution for TDOA localization. In ICASSP, 2020.",
            ["Yimao Sun", "K. C. Ho"],
            "Algebraic solution for TDOA localization",
        ),
        (
            "Yuan Yao and F. Maxwell Harper. Judging similarity. In RecSys, 2018.",
            ["Yuan Yao", "F. Maxwell Harper"],
            "Judging similarity",
        ),
        (
            "Monika Henzinger, A. R. Sricharan, and Teresa Anna Steiner. Differentially private"
            " continual release of histograms. In ICML, 2022.",
            ["Monika Henzinger", "A. R. Sricharan", "Teresa Anna Steiner"],
            "Differentially private continual release of histograms",
        ),
        (
            "Md. Amirul Islam, Matthew Kowal, and Neil Bruce. Simpler does it. In WACV, 2020.",
            ["Md. Amirul Islam", "Matthew Kowal", "Neil Bruce"],
            "Simpler does it",
        ),
        (
            "I.-g. Shin, J.-m. Seok, and Y.-K. Lim. Too close and crowded. In CHI, 2018.",
            ["I.-g. Shin", "J.-m. Seok", "Y.-K. Lim"],
            "Too close and crowded",
        ),
        (
            "Yuneisy E. Garcia Guzman, Péter Kovács, and Mario Huemer. Variable projection for"
            " multiple frequency estimation. In ICASSP, 2020.",
            ["Yuneisy E. Garcia Guzman", "Péter Kovács", "Mario Huemer"],
            "Variable projection for multiple frequency estimation",
        ),
    ],
    ids=[
        "two-letter-family",
        "middle-name",
        "full-then-initials",
        "md",
        "hyphen-initials",
        "two-word-family",
    ],
)
def test_names_written_given_first_end_where_the_title_starts(
    text: str, people: list[str], title: str
) -> None:
    reference = parse(text)
    assert [person.display for person in reference.people] == people
    assert reference.title == title


def test_a_single_vancouver_author_before_a_title_in_title_case_is_not_a_middle_initial() -> None:
    for text, title in (
        ("127. Li P. Sign-Full Random Projections. In: AAAI; 2019:4205-4212.",
         "Sign-Full Random Projections"),
        ("957. Lin S. Jointly Tracking and Separating Speech Sources. In: ICASSP; 2018.",
         "Jointly Tracking and Separating Speech Sources"),
    ):  # fmt: skip
        assert parse(text).title == title


@pytest.mark.parametrize(
    ("text", "people", "title", "year"),
    [
        (
            "[1] Berger, Jens: The jurabib package. CTAN-Archive, 2002, v0.52h.",
            ["Jens Berger"],
            "The jurabib package",
            2002,
        ),
        (
            "Carlisle, D. P.: The color package. CTAN-Archive, 1997.",
            ["D. P. Carlisle"],
            "The color package",
            1997,
        ),
        (
            "Müller, Hans; Schmidt, Eva: Einführung in die Statistik. 3. Aufl. Berlin: Springer,"
            " 2010.",
            ["Hans Müller", "Eva Schmidt"],
            "Einführung in die Statistik",
            2010,
        ),
    ],
    ids=["din", "din-initials", "din-semicolons"],
)
def test_din_style_names_end_at_a_colon(
    text: str, people: list[str], title: str, year: int
) -> None:
    reference = parse(text)
    assert [person.display for person in reference.people] == people
    assert (reference.title, reference.year) == (title, year)


def test_a_colon_in_a_title_after_initials_is_the_titles() -> None:
    for text, title in (
        ("2. Lee H, Gupta R, Wu Y. SGD-X: A Benchmark for Robust Generalization. In: AAAI; 2022.",
         "SGD-X: A Benchmark for Robust Generalization"),
        ("238. Wu, R. & Mu, Y. Localize, Assemble, and Predicate: Contextual Object Proposal"
         " Embedding. in AAAI (2020).", "Localize, Assemble, and Predicate: Contextual Object"
         " Proposal Embedding"),
    ):  # fmt: skip
        assert parse(text).title == title


@pytest.mark.xfail(
    strict=True, reason="the labeller reads a title that runs into a date as a venue"
)
def test_a_date_a_title_runs_into_is_the_year_not_the_title() -> None:
    reference = parse(
        "[TF11] Geoffrey Tobin and Robin Fairbairns: setspace package, December 2011."
    )
    assert (reference.title, reference.year) == ("setspace package", 2011)
    reference = parse("[5] A. Smith. COVID-19 in 2020. Lancet, 2021.")
    assert (reference.title, reference.year) == ("COVID-19 in 2020", 2021)  # a year of its own
