"""Clinical sentences without identifiers: the bulk of a real note's text.

Real notes are mostly clinical reasoning, findings and plans; PHI is a few percent of their
tokens. These banks give families that bulk (with look-alikes such as ``132/84``, ``2/6``,
``5/5``, ``q6h``, ``x3``, times and scores) so that PHI density stays realistic.
"""

from __future__ import annotations

HPI_CLINICAL = (
    "{He} describes the pain as [sharp|dull|pressure-like|burning|crampy], [{num:3:10}/10 in "
    "intensity|worse with exertion|worse after meals|radiating to the back], [intermittent|"
    "constant] over the past [{num:2:12} hours|{num:2:6} days|week]. ",
    "{He} endorses [orthopnea|PND|increasing lower extremity edema|a {num:5:15} lb weight gain]"
    " and [decreased exercise tolerance|three-pillow orthopnea|early satiety]. ",
    "There was no [preceding chest pain|loss of consciousness|incontinence|tongue biting]. ",
    "{He} has been [compliant|non-compliant|variably adherent] with {his} medications[, "
    "including {med}|]. ",
    "[Symptoms|The symptoms] began [gradually|suddenly] [while at rest|after climbing stairs|"
    "overnight|after a large meal] and were not relieved by [rest|nitroglycerin x3|antacids|"
    "acetaminophen]. ",
    "{He} reports [subjective fevers|chills|night sweats|a productive cough with yellow "
    "sputum|dysuria and frequency] for {num:2:5} days. ",
    "{He} denies [hematochezia|melena|hematemesis], [focal weakness|numbness|vision changes], "
    "and recent travel or sick contacts. ",
    "Baseline functional status: [ambulates independently|walks with a cane|uses a walker|"
    "wheelchair bound], [independent in ADLs|needs help with bathing]. ",
    "{He} was [recently|] started on {med} [by {his} PCP|at a prior visit] for [worsening "
    "BP|afib|neuropathic pain|mood]. ",
    "At baseline {he} [uses {num:2:3}L home O2|is on room air|sleeps with CPAP] and has "
    "[chronic|stable] [DOE after one flight of stairs|two-pillow orthopnea]. ",
    "Initial labs were notable for {labs}, and a lactate of {dec:0.9:5.8}. ",
    "{He} received [a {num:1:3} L NS bolus|{num:30:30} mL/kg of LR|{abx}|aspirin 325 mg, a "
    "heparin bolus and drip|{med}] [in the field|in the ED|prior to transfer]. ",
    "EMS found {him} [diaphoretic|hypotensive at {bp}|with a glucose of {num:25:60}|in AF with "
    "RVR to the {num:14:17}0s]. ",
    "The patient's [symptoms|dyspnea|pain] improved with [nebulizers|diuresis|IV fluids|"
    "analgesia] but {he} [remained|continued to be] [tachycardic|hypoxic|febrile]. ",
)
ROS = (
    "Constitutional: [no fevers, chills or weight loss|+ fatigue, no fevers|+ {num:5:20} lb "
    "weight loss over {num:2:6} months]",
    "Eyes: [no vision changes|no diplopia]",
    "ENT: [no sore throat|no rhinorrhea|no epistaxis]",
    "Cardiovascular: [+ chest pain as above|no chest pain or palpitations|+ palpitations]",
    "Respiratory: [+ dyspnea on exertion|no cough|+ productive cough]",
    "GI: [no nausea, vomiting, diarrhea|+ nausea|+ melena x{num:2:4}|no abdominal pain]",
    "GU: [no dysuria or hematuria|+ frequency|+ urinary retention]",
    "MSK: [no joint pain|+ chronic low back pain|+ R hip pain]",
    "Skin: [no rashes|+ bruising|+ pruritus]",
    "Neuro: [no headache, focal weakness or numbness|+ intermittent dizziness|+ tremor]",
    "Psych: [no depression or anxiety|+ low mood|+ poor sleep]",
    "Heme: [no easy bleeding|+ easy bruising on anticoagulation]",
    "Endo: [no polyuria or polydipsia|+ heat intolerance]",
)
COURSE_CLINICAL = (
    "{He} was started on [a heparin drip|aspirin, a statin and a beta blocker|IV diuresis with "
    "furosemide {num:40:120} mg BID|{abx}] [with good response|and monitored on telemetry|and "
    "improved over {num:2:4} days]. ",
    "Troponins peaked at {dec:0.1:4.5:2} and trended down; [TTE showed {ef} without new wall "
    "motion abnormalities|cardiology felt this was demand ischemia]. ",
    "Blood cultures [remained negative|grew MSSA in 2/2 bottles|grew E. coli, pan-sensitive] "
    "and {he} was [transitioned to oral antibiotics|continued on {abx}] [on hospital day "
    "{num:3:6}|once afebrile for 48 hours]. ",
    "{His} sodium improved from {num:118:126} to {num:130:138} with [fluid restriction|"
    "hypertonic saline|holding HCTZ] at a rate of less than {num:6:8} mEq/L per day. ",
    "Potassium and magnesium were repleted as needed, goal K > 4 and Mg > 2. ",
    "[Home antihypertensives were held|Lisinopril was held] in the setting of [AKI|"
    "hypotension] and [resumed|restarted at a lower dose] prior to discharge. ",
    "Blood sugars were controlled with [glargine and a sliding scale|an insulin drip, then "
    "basal-bolus insulin]; A1c {dec:6.1:11.8}. ",
    "{He} was [diuresed|net negative] {dec:2.0:9.5} L over the admission and [discharge "
    "weight was {num:60:130} kg|{his} dyspnea resolved]. ",
    "CT [abdomen/pelvis|chest|head] [showed no acute process|confirmed the diagnosis|was "
    "notable for an incidental {num:3:14} mm nodule that will need follow up]. ",
    "[Pain was controlled with|{He} required] [oxycodone {num:5:10} mg q4-6h PRN|a "
    "hydromorphone PCA, then oral agents|scheduled acetaminophen and lidocaine patches]. ",
    "[PT and OT|Physical and occupational therapy] worked with {him} daily; [{he} ambulated "
    "{num:100:400} feet with a rolling walker|{he} was cleared for home with services]. ",
    "{He} had no further [episodes of chest pain|melena|syncope|desaturations] and telemetry "
    "showed [sinus rhythm|rate-controlled AF|occasional PVCs] only. ",
    "Hematocrit [remained stable|drifted from {dec:30:38} to {dec:24:29}] and {he} received "
    "[{num:1:3} units of PRBCs|no transfusions]; EGD showed [a clean-based ulcer|gastritis|"
    "non-bleeding varices, banded x{num:2:4}]. ",
    "[Delirium|Confusion] was managed with [non-pharmacologic measures|reorientation and "
    "low-dose quetiapine qHS] and resolved by hospital day {num:3:6}. ",
    "Creatinine peaked at {dec:1.5:4.2} from a baseline of {dec:0.7:1.4} and [improved with "
    "IVF|returned to baseline after holding diuretics]; FeNa was {dec:0.2:2.9}%. ",
    "[Nutrition|Speech and swallow] evaluated {him} and recommended [a dysphagia diet with "
    "thin liquids|nectar-thick liquids|oral supplements TID]. ",
    "DVT prophylaxis was with [subcutaneous heparin|enoxaparin 40 mg daily|SCDs given "
    "bleeding]. ",
    "Code status was addressed and {he} [remained full code|elected DNR/DNI] after discussion "
    "of goals of care. ",
)
ASSESSMENT_PLAN = (
    "# {problem}: [continue home regimen|stable, continue {med}|hold for now, reassess in AM]",
    "# {anydx}: [s/p {abx} day {num:2:7}/{num:7:14}|improving, wean O2 as tolerated|monitor "
    "on telemetry, trend troponin]",
    "# FEN: [regular diet|cardiac diet, 2 g Na, 1.5 L fluid restriction|NPO after midnight], "
    "replete lytes PRN",
    "# PPx: [SC heparin|enoxaparin|SCDs], [PPI|no indication for PPI], bowel regimen",
    "# Access: [PIV x2|R IJ CVC day {num:2:6}|PICC RUE]",
    "# HTN: BP {bp}, [continue {med}|uptitrate {med}|hold given soft pressures]",
    "# DM2: [ISS + glargine {num:10:40} u qHS|FS QID, A1c {dec:6.0:11.0}]",
    "# AKI: Cr {dec:1.2:3.6}, [likely prerenal, IVF|renally dose meds, avoid nephrotoxins]",
    "# Anemia: Hgb {dec:7.0:10.5}, [stable, transfuse < 7|iron studies pending]",
    "# Pain: [{med}|acetaminophen standing, oxycodone PRN]",
    "# Dispo: [pending PT eval|likely home in {num:1:3} days|rehab screen]",
)
DISCHARGE_INSTRUCTIONS = (
    "Please take all medications as prescribed and bring this list to your appointments. ",
    "Weigh yourself every morning; call your doctor if your weight goes up by more than 3 lbs "
    "in one day or 5 lbs in one week. ",
    "Limit salt to 2 grams per day and fluids to 1.5 liters per day. ",
    "Do not drive or operate machinery while taking narcotic pain medication. ",
    "You may shower; do not soak the incision in a bath or pool for {num:2:4} weeks. ",
    "Return to the emergency department for chest pain, shortness of breath, fever above "
    "101.5, fainting, or bleeding. ",
    "Your blood thinner dose may change based on your blood tests; keep all INR checks. ",
    "Avoid heavy lifting (more than {num:5:15} lbs) for {num:4:6} weeks. ",
    "Check your blood sugar before meals and at bedtime and keep a log. ",
    "It was a pleasure taking care of you during your hospital stay. ",
)
NURSING_EXTRA = (
    "q2h turns, HOB > 30. ",
    "[oral care|mouth care] done per VAP protocol. ",
    "[PIV|piv] x2 [patent|intact], [R FA|L AC] 20g. ",
    "[bed alarm on|fall precautions maintained], [call light in reach|side rails up x2]. ",
    "[safety sitter|1:1 sitter] at bedside. ",
    "[Visited by|Call from|Update given to] [{relname:0:first_initial}|{relname:0:last_first}]. ",
    "[glucose|FS] {num:70:320} at {time}, [{num:2:8} units|no] insulin given. ",
    "[heparin gtt|hep gtt] at {num:800:1800} u/hr, [PTT {num:45:110}|next PTT at {time}]. ",
    "[K|Mg|phos] repleted per protocol. ",
    "[weight|wt] {dec:55.0:140.0} kg[ (down {dec:0.3:2.5} kg)|]. ",
    "[IVF|ivf] [NS|LR|D5 1/2NS] at {num:50:150} cc/hr. ",
    "[pt|Pt] [OOB to chair|ambulated in hall] [x1|with PT|with assist x2]. ",
    "[reports|c/o] [poor sleep|nausea|itching], [given|offered] [{med}|reassurance]. ",
    "{lcname:pt} [up to chair|oob] with {lcname:aide}. ",
    "[per|d/w] {inits:nurse}, [hold|gave] {med}. ",
    "[fam|family] ({lcname:rel}) [at bs|called] [at|@] {time}. ",
    "[report to|handoff to] {lcname:nurse} on {dept}. ",
)
RAD_TECHNIQUE = (
    "Multidetector CT images of the [chest|abdomen and pelvis|head] were obtained [with|"
    "without] intravenous contrast. Coronal and sagittal reformats were generated. ",
    "Dose reduction techniques were used, including automated exposure control and iterative "
    "reconstruction. CTDIvol {dec:4:40} mGy. ",
    "Grayscale and color Doppler images were obtained. ",
    "Single frontal view of the chest was obtained with the patient in the [semi-upright|"
    "supine] position. ",
    "Sagittal T1, T2 and STIR images were obtained without contrast. ",
)
LETTER_CLINICAL = (
    "{His} blood pressure today was {bp} and heart rate {hr}. ",
    "{He} reports [good energy|some fatigue|improved exercise tolerance] and [no|occasional] "
    "[chest discomfort|palpitations|lightheadedness]. ",
    "{His} medications were reviewed and reconciled; {he} is taking {med}, {med} and {med}. ",
    "Examination was notable for [a regular rhythm with {murmur}|clear lungs and no edema|"
    "{strength}|a well-healed incision]. ",
    "[An echocardiogram|A repeat CT|Bloodwork] [is planned|was ordered] to assess [LV "
    "function|interval change|renal function]. ",
    "We discussed [diet and exercise|smoking cessation|fall prevention|the risks and benefits "
    "of anticoagulation] at length. ",
    "I have recommended [continuing the current regimen|increasing {med}|a trial of {med}]. ",
    "{His} [A1c|LDL|TSH] is [at goal|above goal] at {dec:1.0:9.9}. ",
    "{He} has had no [hospitalizations|emergency visits|falls] since [the last visit|"
    "discharge] and is [walking daily|back to most usual activities|using {his} walker]. ",
    "An ECG today showed [sinus rhythm at {hr} with a first-degree AV block|rate-controlled "
    "atrial fibrillation|no acute changes], [QTc {num:410:490} ms|PR {num:160:240} ms]. ",
    "[Renal function|Potassium|The liver panel] [is stable|has normalized|remains mildly "
    "abnormal], and I would [recheck it in {num:4:12} weeks|not change therapy for now]. ",
    "Given {his} [CHA2DS2-VASc score of {num:2:6}|history of {problem}|risk factors], "
    "[anticoagulation is indicated|I recommended continuing aspirin|statin therapy remains "
    "appropriate]. ",
    "{He} [does not smoke|quit smoking|continues to smoke {num:5:20} cigarettes a day] and "
    "[drinks rarely|does not drink|drinks {num:2:10} drinks a week]. ",
    "The plan was discussed with {him}, and {he} [agrees|wishes to think about it|has "
    "questions we will address at the next visit]. ",
    "If {his} symptoms [recur|worsen|persist], I would [consider a stress test|refer for "
    "ablation|increase the dose|obtain an MRI]. ",
    "[Thank you|Many thanks] for allowing me to participate in {his} care. ",
)
PATH_SYNOPTIC = (
    "Procedure: [Resection|Excision|Core needle biopsy]",
    "Specimen laterality: [Left|Right|Not specified]",
    "Tumor size: {dec:0.4:6.5} cm [(greatest dimension)|]",
    "Histologic grade: [G1|G2|G3], [well|moderately|poorly] differentiated",
    "Margins: [Negative, closest {dec:0.1:1.5} cm|Involved at the deep margin|Negative]",
    "Lymphovascular invasion: [Not identified|Present|Indeterminate]",
    "Perineural invasion: [Not identified|Present]",
    "Regional lymph nodes: {num:0:3}/{num:8:24} involved",
    "pTNM: p[T1|T2|T3]p[N0|N1][ (sn)|]",
    "Ancillary studies: [ER positive ({num:70:100}%)|MMR proteins intact|Ki-67 {num:5:60}%]",
)
