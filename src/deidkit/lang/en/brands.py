"""Brand names of medicines, vaccines and devices written in English notes ("Eliquis",
"Shingrix", "Dexcom", "LifePak"): never PHI (``deidkit.models.brands``).

Hand-compiled for deidkit (Apache-2.0, like the rest of the rule data): trademarks used as
ordinary words, one word each, lower case. None is in the name lists or the common words
(tested), so a brand shared with a surname ("Foley", "Zoll") or a word ("Trilogy") is left
out and stays to the detectors.
"""

from __future__ import annotations

BRAND_NAMES = frozenset(
    str.split(
        """abilify abrysvo accupril accutane aciphex actemra actonel actos adacel adderall advair
    advil afinitor afluria aimovig airsense alaris aldactone allevyn alphagan altace amaryl
    ambien amitiza anoro aquacel aranesp arava arexvy aricept arimidex aristada arixtra
    arnuity atacand ativan augmentin avandia avapro avastin avelox bactrim benadryl benicar
    bexsero beyfortus biktarvy biopatch boniva boostrix botox breo brilinta bumex buspar
    bydureon byetta bystolic caduet calan capvaxive carafate cardizem cardura carelink
    celebrex celexa cellcept chantix cialis claritin cleocin clozaril coban cogentin
    combivent comirnaty compazine concerta coreg corgard corpak coumadin cozaar crestor
    cymbalta daptacel dayquil decadron delsym depakote desyrel dexcom dexilant diflucan
    dilantin dilaudid diovan ditropan dobhoff duoderm duoneb dupixent effexor elavil eliquis
    emgality enbrel enfit engerix entresto entyvio epipen epogen evolut eylea farxiga
    faslodex feldene femara fentora fioricet flagyl flexeril flomax flonase flovent fluad
    fluarix flublok flucelvax flulaval fluzone forteo fosamax gabitril gardasil genvoya
    geodon gilenya gleevec glucophage glucotrol glucovance gralise halcion haldol harvoni
    havrix heplisav herceptin humalog humira humulin imdur imitrex impella imuran inderal
    invega invokana isordil jantoven januvia jardiance kadcyla kcentra keflex keppra
    keytruda klonopin kyleena lamictal lanoxin lantus lasix levaquin levemir levitra
    levophed levothroid levoxyl lexapro librium lifepak liletta lipitor lithobid lomotil
    lopressor lovenox lunesta lyrica lyumjev macrobid medrol menquadfi menveo mepilex
    metamucil micardis minipress mirapex mirena mitraclip mobic motrin mounjaro mucinex
    multaq myrbetriq namenda naprosyn narcan nardil neurontin nexium nexplanon niaspan
    nitrostat norco norvasc novavax novolin novolog nucynta nuvaring ocrevus ofev olumiant
    omnipod opdivo optiflow orencia otezla oxycontin ozempic pamelor paragard paxil pediarix
    pentacel pepcid percocet phenergan plaquenil plavix pleurx pneumovax pradaxa pravachol
    premarin prevacid prevena prevnar prilosec pristiq procardia prograf prolia promacta
    proquad proscar protonix provera provigil prozac pulmicort qulipta rapamune razadyne
    recombivax reglan relafen relistor remeron remicade renvela requip restasis restoril
    revlimid rexulti risperdal ritalin rituxan robaxin robitussin rotarix rotateq rozerem
    rybelsus saxenda senokot seroquel shingrix singulair skyla skyrizi soliqua sovaldi
    spectralink spikevax spiriva sprycel steglatro stelara strattera sublocade suboxone
    synthroid tagrisso tamiflu tarceva tegaderm tegretol tenormin tessalon theraband
    tobradex topamax toprol tradjenta travatan trelegy tresiba tricor trijardy trintellix
    trulicity trumenba truvada twinrix tylenol uloric ultram valium valtrex vapotherm vaqta
    varivax vascepa vasotec vaxelis vaxneuvance venofer ventolin verzenio vesicare viagra
    vicodin victoza vimpat vistaril vocera voltaren vraylar vyvanse wegovy wellbutrin
    xalatan xanax xarelto xeljanz xeroform xifaxan xolair yervoy zanaflex zantac zebeta
    zepbound zetia ziac zithromax zocor zofran zoloft zometa zostavax zyprexa zyrtec zyvox"""
    )
)
