"""Words of venues, publishers, places and locators, lower case, without full stops."""

from __future__ import annotations

# Words (and their abbreviations) that make a journal's name.
JOURNAL_WORDS = frozenset(
    {"journal", "j", "jour", "zeitschrift", "z", "zeitschr", "revue", "rev", "review",
     "reviews", "revista", "rivista", "lett", "letters", "letter", "trans", "transactions",
     "acta", "annals", "ann", "annales", "annalen", "bull", "bulletin", "quarterly", "q",
     "magazine", "mag", "commun", "communications", "comm", "res", "research", "sci",
     "science", "sciences", "phys", "physics", "chem", "chemistry", "biol", "biology",
     "med", "medicine", "medical", "clin", "clinical", "int", "intl", "international", "am",
     "american", "eur", "european", "br", "british", "natl", "national", "acad", "academy",
     "soc", "society", "assoc", "association", "mon", "not", "astron", "astrophys", "nucl",
     "math", "mathematics", "mathematical", "appl", "applied", "theor", "theoretical",
     "exp", "experimental", "rep", "reports", "nature", "plos", "proc", "ieee",
     "acm", "siam", "psychol", "psychology", "neurosci", "ecol", "econ", "economics",
     "studies", "stud", "archives", "arch", "advances", "adv", "opin", "curr", "current",
     "frontiers", "front", "mater", "materials", "eng", "engineering", "technol",
     "technology", "syst", "systems", "comput", "computing", "inform", "information",
     "stat", "statist", "statistics", "geophys", "environ", "environmental", "cell",
     "genet", "genetics", "cancer", "neurol", "psychiatry", "psychiatr", "nurs", "pediatr",
     "surg", "pharm", "pharmacol", "mol", "molecular", "biochem", "anal", "org", "inorg",
     "polym", "nanotechnol", "nano", "opt", "optics", "electron", "energy", "fluid", "mech",
     "mechanics", "ser", "series", "anz", "jahrbuch", "cahiers", "quaderni", "forum",
     "gazette", "record", "newsletter", "yearbook", "digest", "abstracts", "notices",
     "jpn", "chin", "can", "aust", "indian", "ind"}
)  # fmt: skip
# Words of meetings and their printed proceedings.
CONFERENCE_WORDS = frozenset(
    {"proceedings", "proc", "conference", "conf", "symposium", "symp", "workshop",
     "meeting", "congress", "colloquium", "colloq", "summit", "convention", "seminar",
     "annual", "ann", "tagung", "actes", "atti", "anais", "proceeding", "session",
     "neurips", "nips", "icml", "iclr", "cvpr", "iccv", "eccv", "acl", "emnlp", "naacl",
     "aaai", "ijcai", "kdd", "sigir", "chi", "uist", "www", "icra", "iros", "interspeech",
     "icassp", "colt", "uai", "aistats", "sigmod", "vldb", "stoc", "focs", "soda"}
)  # fmt: skip
# Words of publishers and the institutions that publish reports and theses.
PUBLISHER_WORDS = frozenset(
    {"press", "publishers", "publisher", "publishing", "publications", "pub", "publ",
     "verlag", "editions", "éditions", "editorial", "editora", "editrice", "books",
     "springer", "wiley", "elsevier", "routledge", "sage", "pearson", "mcgraw", "hill",
     "academic", "university", "univ", "universität", "université", "universidad",
     "università", "college", "institute", "institut", "instituto", "inc", "ltd", "co",
     "corp", "company", "gmbh", "verlagsgesellschaft", "oup", "cup", "mit", "crc",
     "blackwell", "kluwer", "birkhäuser", "macmillan", "penguin", "norton", "harper",
     "dover", "addison", "wesley", "prentice", "hall", "taylor", "francis", "gruyter",
     "brill", "thieme", "karger", "lippincott", "saunders", "mosby", "cengage", "erlbaum",
     "guilford", "laboratory", "laboratories", "department", "dept", "school", "centre",
     "center", "foundation", "ministry", "office", "bureau", "agency", "organization",
     "organisation", "council", "commission", "world", "bank", "oecd", "nber", "who",
     "unesco", "nasa", "cern", "gallimard", "seuil", "puf", "hachette", "suhrkamp",
     "beck", "kohlhammer", "mohr", "siebeck", "nomos", "einaudi", "feltrinelli", "mulino"}
)  # fmt: skip
# Places of publication printed most often before a publisher's name.
PLACE_WORDS = frozenset(
    {"new", "york", "london", "cambridge", "oxford", "paris", "berlin", "amsterdam",
     "boston", "chicago", "princeton", "heidelberg", "dordrecht", "hoboken", "philadelphia",
     "washington", "dc", "ma", "ny", "ca", "nj", "uk", "usa", "tokyo", "leipzig", "münchen",
     "munich", "stuttgart", "wien", "vienna", "basel", "zürich", "zurich", "madrid",
     "barcelona", "milano", "milan", "roma", "rome", "torino", "bologna", "firenze",
     "lisboa", "são", "paulo", "rio", "janeiro", "moscow", "moskva", "beijing", "shanghai",
     "singapore", "sydney", "melbourne", "toronto", "montreal", "ottawa", "baltimore",
     "san", "francisco", "diego", "los", "angeles", "stanford", "berkeley", "hillsdale",
     "mahwah", "thousand", "oaks", "newbury", "park", "englewood", "cliffs", "upper",
     "saddle", "river", "reading", "redwood", "city", "menlo", "palo", "alto", "seattle",
     "pittsburgh", "ithaca", "hague", "lyon", "bruxelles", "brussels", "genève", "geneva",
     "hamburg", "frankfurt", "göttingen", "tübingen", "bern", "oslo", "stockholm",
     "copenhagen", "helsinki", "warszawa", "warsaw", "praha", "prague", "budapest",
     "edinburgh", "glasgow", "dublin", "manchester", "bristol", "chichester", "abingdon",
     "harlow", "basingstoke", "malden", "delhi", "bombay", "mumbai", "seoul"}
)  # fmt: skip
# Words that announce a volume, an issue or pages.
LOCATOR_WORDS = frozenset(
    {"vol", "vols", "volume", "volumes", "v", "bd", "band", "t", "tome", "tomo", "no", "nos",
     "nr", "n", "num", "number", "issue", "iss", "heft", "h", "fasc", "suppl", "supplement",
     "pt", "part", "pp", "p", "pages", "page", "pg", "s", "art", "article", "e", "ch",
     "chap", "chapter", "sect", "sec", "fig"}
)  # fmt: skip
# Words that announce the book or journal a chapter or an article is in ("in", "dans",
# German "im", Polish "w").
IN_WORDS = frozenset({"in", "dans", "im", "w"})
