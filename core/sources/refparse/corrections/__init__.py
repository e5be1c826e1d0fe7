"""Corrections of the labeller's labels where the structure of the reference decides what the
labeller, which sees a few tokens around each one, cannot: identifiers are never text, a title
starts after a name list's last initial, a venue printed without a title is a venue.

Each correction is in the module of what it decides (`titles`, `imprints`, `genres`, `names`,
`venues`, `dates`, `quotes`, `east_asian`, `identifiers`); `corrected` applies them in the
order below."""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core.sources.refparse.corrections.dates import (
    date_read_as_volume,
    date_read_into_title,
    day_after_month,
    names_and_date_read_as_title,
    year_read_into_title,
    year_span_ending_a_title,
    year_span_read_as_numbers,
    years_in_venue_or_title,
)
from cite_sentinel.core.sources.refparse.corrections.east_asian import (
    east_asian_title_ends_at_its_full_stop,
    parts_of_an_east_asian_reference,
)
from cite_sentinel.core.sources.refparse.corrections.genres import genre_read_into_title
from cite_sentinel.core.sources.refparse.corrections.identifiers import (
    identifiers_apart,
    title_before_a_link_in_the_venue,
)
from cite_sentinel.core.sources.refparse.corrections.imprints import (
    place_in_a_title_read_before_its_journal,
    place_opening_read_into_title,
    publisher_read_as_titles_end,
)
from cite_sentinel.core.sources.refparse.corrections.names import (
    given_name_read_as_title,
    last_name_after_an_ellipsis,
    name_after_last_initial,
    names_and_title_read_as_editors,
    names_end_after_the_last_and,
    names_marked_as_editors,
    names_read_as_editors_unmarked,
    names_read_as_the_titles_opening,
    names_run_on,
    opening_names_read_as_other,
    prose_read_as_names,
    title_after_inverted_initials,
    title_after_one_inverted_name,
    title_opening_read_as_name,
    title_read_after_the_last_and,
    title_read_as_names,
    vancouver_name_before_colon,
    vancouver_names_end,
    year_ends_the_names,
)
from cite_sentinel.core.sources.refparse.corrections.quotes import (
    title_in_quotation_marks,
)
from cite_sentinel.core.sources.refparse.corrections.titles import (
    container_in_opening_a_title,
    edition_read_into_title,
    editors_read_into_title,
    imprint_read_as_title,
    imprint_read_into_title,
    locator_read_into_title,
    name_of_a_link,
    number_read_as_titles_last_sentence,
    place_and_publisher_after_title,
    publisher_after_title,
    species_name_read_as_venue,
    title_after_the_date_read_as_other,
    title_before_in,
    title_ends_at_a_double_slash,
    title_ends_at_an_open_bracket,
    title_inside_container,
    title_read_as_note,
    title_read_on_as_venue,
    title_run_into_venue,
    title_run_past_in,
    title_words_before,
    word_before_colon,
)
from cite_sentinel.core.sources.refparse.corrections.venues import (
    abbreviations_joined,
    book_after_its_editors,
    book_read_as_venue,
    journal_abbreviations_read_as_title_end,
    journal_after_given_first_names,
    journal_after_title_read_as_other,
    journal_alone_read_as_names,
    journal_read_as_last_name,
    journal_read_as_title_end,
    journal_read_into_names,
    journal_run_into_sentence_case_title,
    journal_split_at_its_and,
    locators_after_venue,
    title_end_read_into_venue,
    title_hyphen_read_as_venue,
    title_read_as_venue_opening,
    venue_abbreviation_after_title,
    venue_abbreviations_after_comma,
    venue_after_inverted_names,
    venue_before_numbers,
)
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.tokens import Token


def corrected(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """The labelling with each correction applied in turn."""
    for correction in (
        identifiers_apart,
        title_before_a_link_in_the_venue,
        vancouver_name_before_colon,
        title_in_quotation_marks,
        title_ends_at_a_double_slash,
        species_name_read_as_venue,
        word_before_colon,
        title_words_before,
        title_inside_container,
        title_read_as_venue_opening,
        title_read_as_names,
        title_after_one_inverted_name,
        title_after_inverted_initials,
        title_before_in,
        title_run_past_in,
        editors_read_into_title,
        locator_read_into_title,
        parts_of_an_east_asian_reference,
        east_asian_title_ends_at_its_full_stop,
        edition_read_into_title,
        genre_read_into_title,
        number_read_as_titles_last_sentence,
        title_run_into_venue,
        title_read_on_as_venue,
        journal_read_as_title_end,
        journal_abbreviations_read_as_title_end,
        journal_split_at_its_and,
        journal_run_into_sentence_case_title,
        title_end_read_into_venue,
        title_hyphen_read_as_venue,
        venue_abbreviation_after_title,
        venue_abbreviations_after_comma,
        publisher_after_title,
        place_and_publisher_after_title,
        publisher_read_as_titles_end,
        imprint_read_as_title,
        title_read_as_note,
        name_of_a_link,
        prose_read_as_names,
        given_name_read_as_title,
        names_end_after_the_last_and,
        title_read_after_the_last_and,
        names_read_as_the_titles_opening,
        opening_names_read_as_other,
        names_and_title_read_as_editors,
        names_marked_as_editors,
        names_read_as_editors_unmarked,
        names_run_on,
        last_name_after_an_ellipsis,
        year_ends_the_names,
        name_after_last_initial,
        journal_read_as_last_name,
        journal_read_into_names,
        journal_alone_read_as_names,
        journal_after_given_first_names,
        title_opening_read_as_name,
        vancouver_names_end,
        venue_after_inverted_names,
        abbreviations_joined,
        years_in_venue_or_title,
        day_after_month,
        year_span_read_as_numbers,
        date_read_as_volume,
        date_read_into_title,
        names_and_date_read_as_title,
        year_read_into_title,
        venue_before_numbers,
        journal_after_title_read_as_other,
        book_read_as_venue,
        book_after_its_editors,
        imprint_read_into_title,
        locators_after_venue,
        title_ends_at_an_open_bracket,
        title_after_the_date_read_as_other,
        place_in_a_title_read_before_its_journal,
        year_span_ending_a_title,
        place_opening_read_into_title,
        container_in_opening_a_title,
    ):
        labelling = correction(tokens, labelling)
    return labelling
