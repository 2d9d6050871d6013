"""English section headings: heading words, small words and abbreviations of headings."""

from __future__ import annotations

from deidkit.lang.base import SectionWords


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


SECTIONS = SectionWords(
    small_words=_words("of and or on at for the to in with by from a an"),
    heading_words=_words(
        """
        history illness illnesses complaint complaints medications medication meds allergies
        allergy exam examination physical assessment plan impression diagnosis diagnoses
        course findings labs laboratory results data procedure procedures instructions
        condition disposition summary review systems social family vitals signs discharge
        admission followup follow problems problem studies imaging radiology hospital
        recommendations consultation consults operation operative indications addendum
        treatment therapy
        """
    ),
    synonyms={
        "hpi": "history_of_present_illness",
        "history_of_the_present_illness": "history_of_present_illness",
        "present_illness": "history_of_present_illness",
        "pmh": "past_medical_history",
        "pmhx": "past_medical_history",
        "psh": "past_surgical_history",
        "fh": "family_history",
        "fhx": "family_history",
        "sh": "social_history",
        "shx": "social_history",
        "cc": "chief_complaint",
        "ros": "review_of_systems",
        "pe": "physical_exam",
        "physical_examination": "physical_exam",
        "a_p": "assessment_and_plan",
        "a_and_p": "assessment_and_plan",
        "assessment_plan": "assessment_and_plan",
        "assessment_and_plan": "assessment_and_plan",
        "impression_and_plan": "assessment_and_plan",
        "meds": "medications",
        "dx": "diagnosis",
        "hosp_course": "hospital_course",
        # SOAP notes
        "s": "subjective",
        "o": "objective",
        "a": "assessment",
        "p": "plan",
        "brief_hospital_course": "hospital_course",
    },
)
