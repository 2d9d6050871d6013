"""Words that are both PHI and ordinary or medical words (Stat De-id, section 6.2).

Each entry says how the word can be PHI (a first name, a last name, a town, part of a hospital
name) and gives non-PHI phrases that use the same word (``Swan-Ganz catheter``, ``Foley
catheter``, ``Huntington's disease``, ``short of breath``). Phrases are template text (see
``deidkit.corpus.template``) and contain the word itself, so a note can use a word as a name in
one sentence and as a device, disease, colour or verb in the next.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class AmbiguousWord:
    """A word, how it can be PHI, its non-PHI phrases and what kind of phrase they are.

    ``kind`` says where the phrases fit: ``device`` (lines, tubes, drains, monitors),
    ``history`` (diseases and past procedures), ``exam`` (signs, scores, findings) or ``word``
    (ordinary words that fit in running text).
    """

    word: str
    uses: frozenset[str]  # "first_f", "first_m", "last", "city", "hospital"
    phrases: tuple[str, ...]
    kind: str


_DEVICES = {"Swan", "Foley", "Doppler", "Holter", "Jackson", "Penrose", "Hickman", "Levin",
            "Mayo", "Art", "Trendelenburg", "Fowler"}
_EXAM = {"Murphy", "Homans", "Babinski", "Allen", "Glasgow", "Wells", "Braden", "Morse",
         "Horner", "Tinel", "Phalen", "McBurney", "Bishop", "Apgar", "Power", "Strong",
         "Iris", "Hazel", "Cherry", "Temple", "Gray", "Normal", "Hunt"}
_HISTORY = {"Huntington", "Parkinson", "Graves", "Bell", "Hodgkin", "Wilson", "Addison",
            "Crohn", "Cushing", "Whipple", "Nissen", "Hartmann", "Gleason", "Mallory",
            "Barrett", "Raynaud", "Colles", "Smith", "Baker", "Gilbert", "Down", "Turner",
            "Marfan", "Kaposi", "Tourette", "Wernicke", "Child", "Lyme", "Stone", "Gene",
            "Ivy", "Crystal", "Still"}


def _w(word: str, uses: str, *phrases: str) -> AmbiguousWord:
    kind = ("device" if word in _DEVICES else "exam" if word in _EXAM
            else "history" if word in _HISTORY else "word")
    return AmbiguousWord(word, frozenset(uses.split()), phrases, kind)


AMBIGUOUS: tuple[AmbiguousWord, ...] = (
    # eponyms: devices, diseases, signs, scores, procedures
    _w("Swan", "last", "Swan-Ganz catheter [in place|placed via R IJ|d/c'd]",
       "[swan|Swan] [wedged at 14|in place, PA pressures 38/19|floated without difficulty]"),
    _w("Foley", "last", "Foley catheter [in place|draining clear yellow urine|removed]",
       "[foley|Foley] [d/c'd|draining amber urine|to gravity|patent and draining]"),
    _w("Huntington", "last city hospital", "family history of Huntington's disease",
       "[Huntington's chorea|Huntington disease] ruled out"),
    _w("Parkinson", "last", "h/o Parkinson's disease [on Sinemet|with resting tremor]",
       "parkinsonian features [noted|absent]"),
    _w("Graves", "last", "h/o Graves' disease [s/p RAI|on methimazole]",
       "Graves disease [in remission|treated]"),
    _w("Bell", "last", "[left|right] Bell's palsy [resolved|on prednisone]",
       "Bell's palsy [in 2010|as a child]"),
    _w("Hodgkin", "last", "[Hodgkin lymphoma|non-Hodgkin lymphoma] [in remission|s/p ABVD]"),
    _w("Wilson", "last", "Wilson's disease [excluded|workup negative]",
       "ceruloplasmin sent to r/o Wilson disease"),
    _w("Addison", "last", "[Addison's disease|Addisonian crisis] [on hydrocortisone|suspected]"),
    _w("Crohn", "last", "[Crohn's disease|Crohn's colitis] [flare|on infliximab]"),
    _w("Cushing", "last", "[Cushing's syndrome|cushingoid features] [noted|on exam]"),
    _w("Murphy", "last", "[negative|positive] Murphy's sign"),
    _w("Homans", "last", "[negative|no] Homans' sign"),
    _w("Babinski", "last", "Babinski [negative|downgoing bilaterally|equivocal]"),
    _w("Doppler", "last", "[pulses by Doppler|dopplerable DP pulses|venous Doppler negative]"),
    _w("Holter", "last", "[48-hour|24 hr] Holter monitor [ordered|showed PACs]"),
    _w("Allen", "first_m last", "[positive|normal] Allen test prior to ABG"),
    _w("Fowler", "last", "[semi-Fowler's|high Fowler's] position"),
    _w("Whipple", "last", "s/p Whipple procedure [2018|for pancreatic CA]"),
    _w("Nissen", "last", "s/p laparoscopic Nissen fundoplication"),
    _w("Hartmann", "last", "s/p Hartmann's procedure [for perforated diverticulitis|]"),
    _w("Gleason", "last", "Gleason [3+4=7|4+4=8] adenocarcinoma"),
    _w("Apgar", "last", "Apgar scores [8 and 9|7 and 9]"),
    _w("Glasgow", "last city", "Glasgow Coma Scale [15|14|E4V5M6]"),
    _w("Wells", "last", "Wells score [low|0|2], D-dimer [sent|negative]"),
    _w("Braden", "last", "Braden score [18|14|12]"),
    _w("Morse", "last", "Morse fall score [45|25|high risk]"),
    _w("Mallory", "last first_f", "Mallory-Weiss tear [on EGD|suspected]"),
    _w("Barrett", "last", "Barrett's esophagus [without dysplasia|on surveillance]"),
    _w("Raynaud", "last", "Raynaud's phenomenon [in fingers|]"),
    _w("Horner", "last", "[no|left] Horner's syndrome"),
    _w("Tinel", "last", "[positive|negative] Tinel's sign at the wrist"),
    _w("Phalen", "last", "[positive|negative] Phalen's test"),
    _w("McBurney", "last", "tenderness at McBurney's point"),
    _w("Jackson", "last first_m city", "Jackson-Pratt drain [with serosanguinous output|removed]",
       "JP drain (Jackson-Pratt) [x2|in place]"),
    _w("Penrose", "last", "Penrose drain [placed|removed]"),
    _w("Colles", "last", "[right|left] Colles fracture"),
    _w("Smith", "last", "Smith fracture of the [left|right] wrist"),
    _w("Baker", "last", "[ruptured|large] Baker's cyst on ultrasound"),
    _w("Gilbert", "last first_m", "Gilbert's syndrome, indirect bili [1.9|2.3]"),
    _w("Down", "last", "Down syndrome [with AV canal repair|]"),
    _w("Turner", "last", "Turner syndrome [mosaic|]"),
    _w("Marfan", "last", "Marfan syndrome [with aortic root dilation|]"),
    _w("Kaposi", "last", "Kaposi sarcoma lesions [on legs|]"),
    _w("Tourette", "last", "Tourette syndrome [with motor tics|]"),
    _w("Wernicke", "last", "[Wernicke's encephalopathy|Wernicke-Korsakoff] [concern|prophylaxis]"),
    _w("Still", "last", "[Still's disease|adult-onset Still disease]",
       "[still|Still] [febrile|requiring O2|c/o pain]"),
    _w("Hickman", "last", "Hickman catheter [in place|site clean]"),
    _w("Levin", "last", "Levin tube to LIWS"),
    _w("Mayo", "last hospital", "Mayo stand [draped|]"),
    _w("Trendelenburg", "last", "placed in Trendelenburg [position|]"),
    _w("Bishop", "last", "Bishop score [6|8]"),
    _w("Child", "last", "Child-Pugh class [A|B|C] cirrhosis"),
    _w("Lyme", "city", "Lyme [titer negative|disease treated with doxycycline]"),
    # colours and ordinary words
    _w("Brown", "last", "[brown|dark brown] [stool|emesis|drainage]",
       "guaiac positive brown stool"),
    _w("White", "last", "white [count|blood cell count] [11.2|elevated]",
       "white [patches on tongue|plaques]"),
    _w("Black", "last", "black tarry stools [x2|overnight]", "[black|dark] eschar on heel"),
    _w("Green", "last", "green [sputum|bilious emesis]"),
    _w("Gray", "last", "gray matter [changes|]", "[gray|dusky] appearance"),
    _w("Young", "last", "young [adult|male] with"),
    _w("Long", "last", "long-acting insulin", "long [history of|standing] [HTN|DM]"),
    _w("Little", "last", "little [PO intake|urine output|change]"),
    _w("Short", "last", "short of breath [with exertion|at rest]", "short [course|stay]"),
    _w("Strong", "last", "strong [pulses|cough|grip]"),
    _w("Power", "last", "power [5/5|4/5] throughout"),
    _w("Ward", "last", "[transferred|back] to the ward"),
    _w("Sharp", "last", "sharp [pain|chest pain]"),
    _w("Cross", "last", "[type and cross|crossed and matched] 2 units"),
    _w("Stone", "last", "[kidney|ureteral|5 mm] stone", "[gallstone|stone] disease"),
    _w("Burns", "last", "burns [on forearm|with urination]"),
    _w("Hunt", "last", "Hunt-Hess grade [2|3]"),
    _w("Rose", "last first_f", "temp rose to [101.2|102.4]", "rose [to 38.9|overnight]"),
    _w("Rusty", "first_m", "rusty sputum"),
    _w("Amber", "first_f", "amber urine [in foley|]"),
    _w("Crystal", "first_f", "crystal meth use [denied|in past]"),
    _w("Hazel", "first_f", "witch hazel pads", "hazel eyes"),
    _w("Ivy", "first_f", "poison ivy [rash|dermatitis]"),
    _w("Iris", "first_f", "iris [normal|intact]"),
    _w("Violet", "first_f", "gentian violet [applied|]"),
    _w("Olive", "first_f", "olive oil enema"),
    _w("Ginger", "first_f", "ginger ale [tolerated|sips]"),
    _w("Candy", "first_f", "hard candy for dry mouth"),
    _w("Cherry", "first_f", "cherry red [spot|lips]"),
    _w("Hope", "first_f last city hospital", "[pt|family] expresses hope [for recovery|]",
       "[no|little] hope of meaningful recovery"),
    _w("Faith", "first_f", "faith [important to pt|community supportive]"),
    _w("Grace", "first_f", "[grace period|with grace]"),
    _w("Joy", "first_f", "[no|little] joy in activities"),
    _w("May", "first_f last", "[may|May] [resume diet|shower|advance activity|need PT]"),
    _w("Dawn", "first_f", "[at dawn|before dawn]"),
    _w("Will", "first_m", "[will|Will] [continue to monitor|f/u in AM|need PT eval]"),
    _w("Mark", "first_m last", "[skin|site] mark [noted|verified]",
       "surgical site mark [checked|confirmed] by RN"),
    _w("Frank", "first_m last", "frank [blood|pus|hematuria]"),
    _w("Bill", "first_m", "[bill|billing] [code|]"),
    _w("Art", "first_m", "art line [in place|d/c'd|waveform dampened]"),
    _w("Pat", "first_f first_m", "pat dry"),
    _w("Gene", "first_m", "[BRCA gene|gene mutation|gene testing]"),
    _w("Sandy", "first_f", "sandy [stool|]"),
    # places
    _w("Reading", "city", "reading [glasses|materials]", "[reading|readings] [from monitor|]"),
    _w("Mobile", "city", "mobile [x-ray|unit]"),
    _w("Normal", "city", "normal [sinus rhythm|saline|limits]"),
    _w("Independence", "city", "independence with ADLs"),
    _w("Temple", "city last", "[left|right] temple [laceration|]"),
    _w("Needles", "city", "needles [disposed|]"),
    _w("Marathon", "city", "training for a marathon"),
    _w("Orange", "city", "orange [juice|sherbet]"),
    _w("Bath", "city", "[bed bath|bath given|sponge bath]"),
)

AMBIGUOUS_BY_WORD: dict[str, AmbiguousWord] = {entry.word: entry for entry in AMBIGUOUS}


def of_kind(kind: str) -> tuple[AmbiguousWord, ...]:
    """Ambiguous words whose non-PHI phrases are of one kind."""
    return tuple(entry for entry in AMBIGUOUS if entry.kind == kind)


def words_for(use: str) -> tuple[AmbiguousWord, ...]:
    """Ambiguous words that can be PHI of one kind (``first_f``, ``last``, ``city``, ...)."""
    return tuple(entry for entry in AMBIGUOUS if use in entry.uses)
