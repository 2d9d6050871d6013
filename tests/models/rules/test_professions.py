"""Rule ``professions``: the job of the patient or a relative."""

from __future__ import annotations

import pytest

from deidkit.models.rules import fields, professions

from .helpers import found_by

RULES = (professions.RULE,)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a free job in lower case, with its modifiers, never the age or the article
        ("Mr. Pell is a 73 yo retired long-haul trucker with CHF.", {"long-haul trucker"}),
        ("Retired tobacco farmer, later county extension agent; son an air traffic controller",
         {"tobacco farmer", "county extension agent", "air traffic controller"}),
        ("I am a retired schoolteacher and home most days.", {"schoolteacher"}),
        ("a 45-year-old woman, a second-grade teacher at Orchard School", {"second-grade teacher"}),
        ("INDICATIONS: 38-year-old paralegal with a breast mass.", {"paralegal"}),
        ("Husband (HVAC installer) at the bedside.", {"HVAC installer"}),
        ("a 44-year-old right-handed warehouse forklift operator", {"warehouse forklift operator"}),
        ("HPI: 34 y/o restrained driver, single-vehicle MVC", set()),
        ("Mother, dental hygienist; father, long-haul truck driver", {"dental hygienist",
                                                                     "long-haul truck driver"}),
        ("works as a machinist for Dunmore Tool.", {"machinist"}),
        # an age in a header cues any job after it; "lead" is a metal here, never a job
        ("HPI: 41 yo F, nail technician, 6 mo of joint pain", {"nail technician"}),
        ("A/P: 58 yo HVAC technician w/ severe CAP", {"HVAC technician"}),
        ("45 y/o F, lead exposure; seen by nurse", set()),
        # a device's programmer, a report's reporter, a plan's author are no one's job
        ("Interrogation (Medtronic programmer); reporter's own words; Plan author: Noor", set()),
        ("retired reporter, worked as a programmer", {"reporter", "programmer"}),
        # a cued job: a clinical role, a field of work, any case
        ("daughter is a retired nurse", {"nurse"}),
        ("partner works in roofing when there is work", {"roofing"}),
        ("RETIRED PILOT, LIVES ALONE", {"PILOT"}),
        # an employer's name is not a modifier
        ("works as a Grantley cashier", {"cashier"}),
        # clinicians' roles, a job word in capitals with no cue, other senses: nothing
        ("Seen by the nurse. Dr. Ode, surgeon, aware. Pharmacist reviewed meds.", set()),
        ("Social worker met with family; case manager to call.", set()),
        ("the writer; Thea Quorbit, LICSW (writer); writer spoke with the dean", set()),
        ("KRAS driver mutation; consent via phone interpreter; power of attorney", set()),
        ("MASON, EDITH  DOB 1/2/1950", set()),
        ("Seen with Dr. Baker and Ms. Carpenter.", set()),
        # someone's role, no one's job: before a title, after a possessive; a cue still tells
        ("teacher Ms. Quorbit reports he is fine; my lawyer called; our psychologist declined",
         set()),
        ("her husband, a welder; retired teacher Mr. Quorbit", {"welder", "teacher"}),
        # right after "by", "with", "at" or "+": a role in the story; an article keeps a job
        ("911 called by teacher; shared with teacher; fitting at installer; mom + teacher",
         set()),
        ("She works with a welder", {"welder"}),
        ("returned to class, the teacher notified; (mandated reporter); she is a teacher",
         {"teacher"}),
    ],
)
def test_professions(text: str, expected: set[str]) -> None:
    found = found_by(RULES, text)
    assert {label for _, label in found} <= {"PROFESSION"}
    assert {value for value, _ in found} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("OCC: PHARM TECH\nEMERG CONTACT: none", {("PHARM TECH", "PROFESSION")}),
        # a field's clause ends at the next column of the header
        ("Usual occupation: tool and die maker    Industry: manufacturing",
         {("tool and die maker", "PROFESSION")}),
        ("Job title: forklift operator\tHire date: 03/2016",
         {("forklift operator", "PROFESSION")}),
    ],
)
def test_occupation_fields(text: str, expected: set[tuple[str, str]]) -> None:
    assert found_by((fields.RULE,), text) == expected
