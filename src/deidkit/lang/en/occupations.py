"""English occupations for the rule ``professions`` (``RuleLanguage.occupations``).

Written for deidkit (no outside list). Two kinds:

- ``free``: a job that is never a role on a care team and rarely anything but a job
  ("machinist", "paralegal", "truck driver"): PROFESSION wherever it is written in lower case;
- ``cued``: a job that is also a clinical role, a verb, a common word or a field of work
  ("nurse", "pilot", "cook", "driver", "construction"): PROFESSION only after a cue ("works as",
  "retired", "Occupation:").

A profession's modifiers before it ("long-haul truck driver", "second-grade teacher") are taken
by the rule, so a head word is enough here; multi-word entries are for heads that are not jobs
alone ("tool and die maker") or that turn an ambiguous head into a job ("forklift operator").
"""

from __future__ import annotations

FREE_WORDS = """
accountant actor actress actuary announcer appraiser arborist archaeologist architect
archivist artist assembler astronomer auctioneer auditor baker bailiff banker barber
barista bartender beautician biologist blacksmith boilermaker bookkeeper bricklayer broker
butcher cabinetmaker carpenter cartographer cashier caterer chauffeur chef chemist
choreographer cobbler comedian composer concierge conductor copywriter
cosmetologist croupier curator custodian dancer dealer decorator dockworker
drywaller economist editor electrician embalmer engineer engraver entrepreneur esthetician
estimator exterminator farmer farmhand firefighter fireman fisherman florist foreman forester
gardener geologist glazier goldsmith groundskeeper hairdresser hairstylist handyman homemaker
housekeeper housewife hygienist illustrator innkeeper inspector insulator
ironworker janitor jeweler jeweller journalist landscaper lawyer legislator librarian
lifeguard lineman linguist locksmith longshoreman lumberjack machinist mailman
manicurist mathematician mechanic merchant meteorologist millwright miner musician nanny
novelist optician painter paralegal pawnbroker pharmacologist philosopher photographer
physicist pipefitter plasterer plumber poet policeman policewoman politician postman
postmaster printer professor proofreader psychologist publisher rancher realtor
receptionist repairman researcher roofer sailor salesman saleswoman salesperson
sculptor seamstress senator sheriff shipfitter shoemaker singer sociologist soldier
statistician steelworker stockbroker installer fabricator packer mover framer detailer stylist
schoolteacher stocker stonemason surveyor tailor taxidermist teacher teller tiler toolmaker
trucker typist
underwriter upholsterer usher veterinarian violinist waiter waitress watchmaker weaver welder
winemaker woodworker zookeeper
"""

FREE_PHRASES = (
    "bus driver", "truck driver", "taxi driver", "cab driver", "delivery driver",
    "school bus driver", "forklift operator", "crane operator", "machine operator",
    "equipment operator", "press operator", "tool and die maker", "cabinet maker",
    "dental hygienist", "mail carrier", "letter carrier", "police officer",
    "corrections officer", "correctional officer", "probation officer", "parole officer",
    "construction worker", "factory worker", "warehouse worker", "farm worker", "farmworker",
    "steel worker", "postal worker", "sanitation worker", "dock worker", "road worker",
    "oil rig worker", "autoworker", "line cook", "short order cook", "prep cook",
    "security guard", "crossing guard", "prison guard", "flight attendant", "real estate agent",
    "insurance agent", "travel agent", "software developer", "web developer",
    "graphic designer", "interior designer", "fashion designer", "store manager",
    "office manager", "restaurant manager", "bank manager", "college student",
    "graduate student", "law student", "high school student", "day care worker",
    "daycare worker", "child care worker", "bank teller", "air traffic controller",
    "extension agent",
)
"""Jobs of several words."""

CUED_WORDS = """
administrator adjuster aide analyst assistant attendant caregiver chaplain clergyman clerk coach
consultant cook attorney interpreter translator counselor counsellor dentist designer
developer director doctor driver
emt executive guard imam laborer labourer manager mason minister nurse officer
operator paramedic pastor pharmacist physician pilot porter priest rabbi representative
scientist secretary server specialist student supervisor surgeon technician tech therapist
volunteer worker maintainer technologist courier investigator logger contractor dispatcher
writer author programmer reporter
construction roofing landscaping retail sales finance accounting marketing manufacturing
trucking farming hospitality education healthcare
"""
"""Jobs taken only after a cue (see the module docstring)."""

CUES = (
    "works as", "worked as", "working as", "work as", "employed as", "job as", "career as",
    "retired", "former", "formerly", "formerly a", "occupation", "usual occupation",
    "job title", "profession", "by trade", "works in", "worked in", "working in",
    "works part-time as", "works full-time as", "works part time as", "works full time as",
    "yo", "y/o", "yo m", "yo f", "y/o m", "y/o f", "yo male", "yo female", "year-old",
    "year old", "year-old man", "year-old woman", "year-old male", "year-old female",
)
"""Words before a profession that make any occupation one ("retired nurse", "works in
roofing", an age in a header: "41 yo F, nail technician")."""

STOPS = frozenset(
    str.split(
        """a an the and or as at of for in on to with via over by from his her their my our
    your its is was
    retired former formerly current currently unemployed disabled part full time self
    employed works worked working work job occupation profession trade old year years yo
    age aged male female man woman gentleman lady boy girl patient pt mother father wife
    husband son daughter sister brother partner friend spouse mom dad ex handed restrained
    unrestrained later then now previously mandated after before during evening evenings
    morning mornings night nights weekend weekends shift shifts"""
    )
)
"""Words that end a profession's modifiers on the left ("a retired [long-haul trucker]")."""



OCCUPATIONS: dict[str, str] = {
    **{word: "free" for word in FREE_WORDS.split()},
    **{phrase: "free" for phrase in FREE_PHRASES},
    **{word: "cued" for word in CUED_WORDS.split()},
}
"""Occupation -> ``free`` or ``cued``."""
