"""Brand names written in English clinical notes ("Eliquis", "Omnipaque", "Lantus SoloStar",
"QuantiFERON", "Xience Skypoint", "Phonak Audeo", "InterQual"): never PHI
(``deidkit.models.brands``).

3,037 words: the brands of the most prescribed medicines in the US, the UK, Canada and
Australia, biologics and biosimilars, oncology drugs, insulins, their pens and inhaler devices
("solostar", "kwikpen", "respimat", "ellipta"), vaccines and immune globulins, iodinated,
gadolinium, ultrasound and nuclear contrast agents, anaesthesia, ICU, IV and enteral products,
OTC, eye and skin products, wound-care, ostomy, suture and haemostat products, glucose meters,
CGMs and pumps, cardiac devices (stents, valves, pacemakers and ICDs, LVADs, monitors),
orthopaedic and spine implants, catheters, ports and closure devices, hearing aids, CPAP and
ventilation equipment, beds and mobility aids, lab assays and analysers, imaging, endoscopy
and monitoring systems, EHR and clinical software, and utilisation criteria sets.

Hand-compiled for deidkit (Apache-2.0, like the rest of the rule data) from general
knowledge: trademarks used as ordinary words, one word each, lower case (a brand of several
words gives its distinctive ones: "solu", "medrol"). None is in the name lists or the common
words (tested), so a brand shared with a surname ("Foley", "Zoll", "Starkey") or a word
("Trilogy", "Guardian") is left out and stays to the detectors; so is one that is a given
name, a surname or a town somewhere even where the lists miss it ("Evita", "Creon", "Afrin",
"Tigris"). Companies are left out, products kept: a laboratory, an insurer, a device or
software maker ("Medtronic", "Cerner", "ResMed") may be a patient's employer.
"""

from __future__ import annotations

BRAND_NAMES = frozenset(
    str.split(
        """abasaglar abecma abelcet abilify ablavar abraxane abreva abrilada abrysvo accolate accu
    accuchek accuhaler acculink accuneb accupril accuretic accuro accurx accutane accuvein aceon
    acessa achieva aciphex aclasta aclovate acnecide acrysof actemra acthib acticoat actifuse
    actigall actiq activase activella actonel actos actrapid acular acumed acuson acuvail acuvue
    aczone adacel adakveo adapta adaptic adbry adcal adcetris adcirca adderall addyi adempas
    adenoscan adipex adlyxin admelog adrenaclick adrenalin adriamycin aduhelm advair advantan
    advate advia advil advisa adzenys aequalis aerius aerivio aerobika aerochamber aerolizer
    affiniti affixus afflovest afinitor afirma afluria afrezza agarol aggrenox ahlta aidoc aimovig
    aircast
    aircurve airduo airfit airlife airmini airomir airsense airsupra airtouch airtraq airvo
    aisys ajovy akeega akten akynzeo alaris alaway albenza albuminar albutein aldactazide
    aldactone aldara aldomet alecensa aleve algisite alimentum alimta alinity aliqopa alivecor
    alkeran allevyn alloderm allomap allosure alocril alomide aloprim aloxi alphagan alprolix
    alrex altace altoprev altrua alunbrig alupent alvesco alyftrek alyq amaryl ambien ambisome
    ameluz
    amerge amicar amidate aminosyn amitiza amjevita amoxil amplia amvuttra amyvid amzeeq anacin
    anafranil anaprox anbesol andexxa androgel anectine anginine angiomax angioseal anoro
    antabuse anthrasil antivert anusol anzemet apidra aplenzin aplio apnealink apokyn apresoline
    apretude apriso aptensio aptima aptiom aptivus aquablation aquacel aquadeks aquamantys aquaphor
    aquilion arakoda aranesp aratac arava arazlo arcalyst arcapta arcoxia arexvy aricept
    arikayce arimidex aristada aristospan arixtra armonair arnuity aromasin arthrotec arymo
    arzerra asacol asmanex asmol asparlas aspercreme aspruzyo assurity astagraf atacand atectura
    atellica atelvia atgam athenanet athenaone ativan atozet atralin atriclip atripla atrovent
    attruby attune aubagio audeo audibel augmentin auryxia austedo autogen autohaler autopulse
    autoshield auvelity avalide avamys avandia avapro avastin aveed aveeno aveir avelox avinza
    avitene avodart avomine avonex avsola avycaz axert axid axiron axonics axumin aygestin
    ayvakit azactam azasan azasite azedra azilect azopt azstarys azulfidine bactec bactrim
    bactroban bafiertam balcoltra balversa baqsimi baraclude bardex bardport barhemsys barostim
    barrx basaglar basaliq bavencio baxdela beconase belbuca beleodaq belrapzo belsomra benadryl
    bendeka benefiber benefix beneprotein bengay benicar benlysta benylin benzac benzaclin beovu
    bepanthen bepreve besivance besponsa besremi betadine betaloc betapace betaseron bethkis
    betimol betnovate betoptic bevespi bevyxxa bexsero beyfortus biaxin bicnu bidil bijuva
    biktarvy biltricide bimzelx binax binaxnow binosto bioclusive biofinity biofire biofreedom
    biofreeze bioglue biograph biomerieux biopatch bioraptor biosyn biotene biothrax biotyper
    bipap bivigam blanketrol blenrep blephamide blexten blincyto bloxiverz bonebridge boniva
    bonjesta bonsity boostrix bosulif botox bracanalysis braftovi brainomix breezhaler brenzavvy
    breo brevibloc brevida brevinor brevital breyanzi breztri bricanyl bridion brightree brightspeed
    brilinta brintellix brisdelle briumvi briviact brixadi brolene bromday brovana brufen
    brukinsa buccastem bufferin bumex buminate bunavail buprenex burinex buscopan buspar
    busulfex butec butrans bydureon byetta byooviz bystolic byvalson cabenuva cabometyx caduet
    cafergot caladryl calan calcichew caldolor calmoseptine calpol calquence caltrate camaps
    camcolit campath campral camptosar camry camzyos canasa cancidas canesten caplyta capoten
    caprelsa caprosyn capvaxive capzasin carafate carbatrol carbocaine cardene cardicor
    cardioband cardiohelp cardiolite cardiomems cardionet cardiosave cardiprin cardizem cardura
    careflow carelink carelogic carescape carospir carvykti casodex catapres cathflo cavilon
    cayston ceenu ceftin cefzil celebrex celestone celexa cellavision cellcept celluvisc
    centricity centrimag centrum ceprotin cequa cerament cerave cerazette cerebyx cerefolin
    ceretec cervarix cervicalstim cervidil cesamet cetacaine cetaphil cetraben cetrotide champix
    chantix chemstrip chenodal chirocaine chloraprep chlorsig chlortrimeton chlorvescent cholbam
    choletec chromagar chux cialis cibinqo ciloxan cimerli cimzia cinqair cinvanti cipramil
    ciprodex ciproxin citracal citrafleet citranatal citrasate citrucel claforan claratyne
    clarinex clariscan claritin clarius clearlink clearsight clenil clenpiq cleocin cleviprex
    clexane clickhaler clikstar climara clinicalkey clinimix clinitek clinitron clinolipid
    clinoril clobex cloderm clomid clopine clopixol clozaril coaguchek coartem coban cobenfy
    coblation cocodamol codral coflex cogentin cognis colazal colcrys colestid colofac cologuard
    coloplast coloxyl columvi colyte combigan combipatch combivent combivir cometriq comfeel
    comirnaty compazine compia compleat complera comtan concerta condylox confirmmdx conformis
    congescor connex conray consulta contin contrave convatec conzip copaxone copiktra corail
    cordarone cordran coreg corevalve corflo corgard coricidin corlanor corlopam corpak cortaid
    cortef cortenema cortiment cortizone cortrak coseal cosentyx cosopt cotellic cotempla
    coumadin coveram coversyl cozaar cprs cresemba crestor crinone criticaid crolom crystalens
    cubicin culturelle curos curosurf cutivate cuvitru cuvposa cxbladder cyanokit cyberonics cyclen
    cyclogest cyclogyl cycloset cyfendus cyklokapron cyltezo cymbalta cyramza cystagon cystex
    cystografin
    cysview cytalux cytomel cytotec cytoxan dacogen daktacort daktarin dalacin daliresp dalmane
    dalvance daptacel daraprim darzalex datex datroway datscan daurismo daypro dayquil daytrana
    dayvigo ddavp debrox decadron definity delatestryl delsym deltasone demadex demazin demerol
    denavir dengvaxia denzapine depakene depakote depixol deplin depomedrol deralin dermabond
    dermaveen dermol dermovate descovy desferal desitin desonate desoxyn desyrel detectnet
    detrol dexcom dexedrine dexferrum dexilant dexycu dhivy diabeta diabex diacomit diaformin
    dialyvite diamicron diamox diastat diclectin diclegis didronel differin dificid diflucan
    digene digihaler digitek dilacor dilantin dilatrate dilatrend dilaudid dimetapp dimirel
    dioralyte diovan diprivan diprobase diprolene diprosalic diprosone diskus ditropan diuril
    divigel dobhoff dobutrex docman dolophine donjoy doptelet doryx dotarem doublebase dovato
    dovonex doxil dramamine drchrono dreamstation dreamwear drisdol drixine drizalma droxia duac
    duaklir duavee ducene duetact duexis dukoral dulcolax dulera duocal duoderm duoneb duopa
    duoresp duotrav duphalac duphaston dupixent duragesic duramorph duraprep duraseal durezol
    duricef durlaza durogesic durolane durysta dutoprol dyanavel dyazide dymista dynagen dynamed
    easyhaler econsult ecotrin ecoza edarbi edarbyclor edecrin edluar edurant efexor effexor
    effient efudex eklira elahere elavil eldepryl elecare elecsys elestat elestrin elidel
    eligard elimite eliquis elitek ellaone ellipta ellume elmiron elocon eloctate eloxatin
    elrexfio elucirem embletta embotrap emend emetrol emflaza emgality emphasys empliciti emsam
    emverm enablex enbrel endep endobutton endocet endoclot endocuff endoflip endoform
    endometrin endone endopredict endurity energen enerzair enfacare enfalyte enfamil enfit
    enflonsia engerix enhertu enlite enseal enstilar entadfi entereg entocort entresto entristar
    entyvio envarsus eohilia eovist epaderm epaned epclusa epidiolex epiduo epilim epipen epiq
    epivir epkinly eplex epoc epocrates epogen epzicom equetro equinoxe eraxis erbitux erelzi
    erivedge erleada ertaczo ervebo erwinaze erythrocin esgic eskalith essentio essentris essure
    estalis estrace estradot estring estrogel eswab etest ethibond ethilon ethyol eticovo
    eucerin eucrisa euflexxa eumovate eurax euthyrox evamist evekeo evenity everflo evergo
    eversense evicel evis evkeeza evohaler evolut evolv evomela evoque evotaz evrysdi evusheld
    exactech exalgo excedrin excelsius exelon exera exforge exjade exkivity exogen exoseal
    exparel exservan extavia extina exuderm eylea eysuvis ezetrol famvir fanapt farxiga farydak
    fasenra faslodex faspro fastclix fastrach faverin fazaclo fecalswab feiba feldene femara
    femhrt femoston femostop femring fentora feosol feraheme ferriprox ferrlecit fetroja fetzima
    fiasp fibercon fibersource fiberwire fibracol filmarray finacea fintepla fioricet fiorinal
    firmagon firstnet firvanq flagyl flarex flexbumin flexeril flexhaler flexima flexpen
    flextouch flixotide flolan flomax flonase florastor floseal flotrac flovent flowflex
    flowtron floxapen floxin fluad fluarix flublok flucelvax fluenz flulaval flumist flutiform
    fluzone fobumix focalin folbee follistim followmyhealth folotyn foltx foradil forfivo
    fortamet fortaz forteo fortesta fortical fortum forxiga fosamax fosrenol fostair fotivda
    foundationone freestyle fucibet fucidin fulphila fultium furadantin furoscix fusilev fyarro
    fyavolv fybogel fycompa gabitril gablofen gadavist galvumet galvus gamastan gambro gammagard
    gamunex ganfort gardasil gastroccult gastrografin gastrolyte gastrostop gaviscon gavreto gazyva
    geenius gelfoam gelnique gelsyn gemtesa gemzar generess genexpert gengraf genmark genteal
    gentlecath genuair genvisc genvoya geodon giapreza gilenya gilotrif glatopa gleevec gleolan
    gleostine gliadel glidescope glidesheath glidewire glooko gloperba glucagen glucerna glucophage
    glucotrol glucovance glumetza glycoprep glynase glyset glyxambi gocovri golvo golytely gomekli
    gonal gralise granix granuflo granufoam gravol gription guardant guardiva gvoke habitrol hadlima
    hafyera halaven halcion haldol handihaler hansaton harvoni havrix healicoil healow
    healthelife heartmate heartware hectorol hemabate hemady hemangeol hemlibra hemoccult
    hemochron hemocue hemopatch hemosphere hemospray hemovac hepagam heplisav hepsera herceptin
    herculink herzuma hetlioz hiberix hibiclens hillrom hiprex hizentra homechoice horizant
    housecall hoveround humalog humapen humate humira humulin hurricaine hyabak hyalgan hycamtin
    hydralyte hydrea hydrofera hydromol hydrus hygroton hylecta hylo hymovis hypaque hyperdrive
    hyperhep hyperrab hypersal hyperspace hypertet hypokit hypurin hyqvia hyrimoz hysingla hytrin
    hyzaar
    ibrance ibsrela iclusig icnet idhifa ifex ikervis ilet ilevro illuccix ilumya iluvien imbruvica
    imdur imfinzi imitrex imjudo imlygic immulite imodium imogam imovax impax impella implanon
    impoyz imuran imvexxi inbrija incepta incruse inderal indicia indocin infanrix infed inflectra
    influvac infumorph ingenia ingrezza inhub injectafer inlyta innohep innopran inogen inpefa
    inpen inqovi inratio inrebic insio inspiolto inspirease inspiris inspra insulatard intelence
    inteliswab intellis intellispace intellivue interceed intergy interqual interstim intertan
    intralipid intrarosa intropin intuniv invanz invega invokamet invokana invos iodosorb
    iopidine ipol iressa iscover isentress isolyte isoptin isordil isosource isotour isotrex
    isovue istalol istent istin istodax isturisa itovebi ixchiq ixempra ixiaro ixifi izervay
    jadenu jakafi jalyn jantoven janumet januvia jardiamet jardiance jatenzo jaypirca jemperli
    jentadueto jetrea jevity jevtana jinteli jornay jublia juggerknot juluca juxtapid jylamvo
    jynneos kabiven kadcyla kakaotalk kaltostat kalydeco kanjinti kaopectate kapanol kapvay karaya
    karvea
    katerzia kayexalate kcentra kedrab keflex kefzol kelhale kenalog kepivance keppra kerendia
    kerlix kerlone kerydin kesimpta ketalar kevzara keytruda khapzory khedezla kimyrsa kinair
    kineret kinevac kinrix kionex kisqali kisunla kitabis klaricid kliogest klonopin klor
    kloxxado kogenate kombiglyze konsyl korlym koselugo krazati krintafel krystexxa kwells
    kwikpen kyleena kymriah kynmobi kyphon kyprolis kytril kyzatrex lacrilube lactaid lagevrio
    lamictal lamisil lanoxin lansinoh lantus largactil lartruvo lasix lastacaft latuda laxido
    lazcluze lemsip lemtrada lenvima leqembi leqvio lescol letairis leukeran leukine levaquin
    levbid levemir levitra levlen levonelle levophed levothroid levoxyl levsin levulan lexapro
    lexicomp lexiscan lexiva librium libtayo lidco lidex lidoderm lifepak lifestent lifevest
    lifewatch ligasure lightspeed liletta linq linzess lioresal lipex lipidil lipitor liqrev
    listerine lithicarb lithobid lithostat livalo livanova livial locametz locoid loestrin lofibra
    lofric
    logiq logynon lokelma lomaira lomotil longtec lonhala loniten lonsurf lopid lopresor
    lopressor loprox loqtorzi lorad lorbrena lorcet lortab losec lotemax lotensin lotrel
    lotrimin lotronex lovaza lovenox lozol lubricath lubriderm lucemyra lucentis lumakras
    lumason lumex lumify lumigan lumis lumisight lumity lunesta lunsumio lupron lustral
    lutathera luvox luxiq luxturna luzu lybalvi lybrel lymphazurin lymphoseek lynparza lyrica
    lysteda lyumjev lyxumia maalox macrobid macrodantin magnetom magnevist magox malarone
    mammaprint mammomat manoscan marcaine marevan margenza marinol marlex marplan marqibo
    marvelon maternit matrifen matulane mavenclad mavyret maxalt maxidex maxipime maxitrol
    maxolon maxzide mayzent mdcalc medent medicaldirector medicalert medihoney mediport medrol
    medscape medstream medtrum megace mekinist mektovi menactra menitorix menopur menostar
    menquadfi menveo mepilex mepitel mepore meronem mersyndol mesnex mestinon metadate metaglip
    metamucil metaneb metanx methadose methergine methylin metrogel metrogyl mevacor mezavant
    mgit miacalcin micardis micra microclave microgestin microgynon microlax microlet micromedex
    micronase micronor microscan microtainer microzide midol miebo mifeprex migranal milex
    millipred minastrin minax minimed minims minipress minitran minivelle minocin minomycin
    miralax mirapex mircera mirena mirvala mirvaso mitigare mitraclip mitris mixtard mmodal
    mmrvaxpro mnexspike mobic modecate moderma moduretic molift molnlycke monistat monocor
    monocryl monodox monodur monoferric monoket monopost monopril monovette monovisc monurol
    morphabond motegrity motilium motrin mounjaro movantik movicol moviprep moxeza mresvia
    mucinex mulpleta multaq multiclix multihance multistix mustargen mvasi myambutol myavatar
    mycamine mycarelink mychart mycostatin mydayis mydriacyl myfembree myfortic myhealthevet
    mylanta myleran mylife mylotarg mynx myosure myoview myrbetriq myrisk mysoline myxredlin
    naftin namenda namzaric nanostim naphcon naprelan naprogesic naprosyn narcan nardil naropin
    nasacort nascobal nasonex natesto natpara natrecor natrilix natroba naturalyte navelbine
    navio navitor nayzilam nebilet nebuhaler nembutal neocate neocitran neohaler neoral
    neosporin neosure nephrocaps nephrovite nepro nerlynx nervecentre nesacaine netspot neulasta
    neupogen neupro neuraceq neuroform neurolite neurontin neuropace nevanac nevro nexavar
    nexgen nexia nexium nexletol nexlizet nexplanon nexterone nexthaler nextstellis niaspan
    nicabate nicoderm nicom nicorette nicotrol nilstat nimbex nimenrix ninlaro nipride niravam
    nitrodur nitrolingual nitromist nitropress nitrostat nivestym nizoral nolvadex nordbord
    noriday norimin noritate normacol normison normodyne normosol noroxin norpace norpramin
    norspan northera norvasc nourianz novarel novasource novasure novavax novofine novolin
    novolizer novolog novomix novopen novorapid novoseven noxafil nplate nubain nubeqa nucala
    nucynta nuedexta nulojix nulytely nuplazid nurofen nurolon nurtec nutramigen nutren nuvaring
    nuvaxovid nuvigil nxstage nyquil nytol ocaliva ocrevus octagam octreoscan ocuflox ocuvite
    odefsey odomzo ofev ofirmev ogivri ogsiveo ohmeda oilatum ojjaara oleptro olmetec olumiant olux
    omegaven omidria omnaris omnia omnicef omnipaque omnipod omnipred omniscan omvoh onbrez
    oncaspar oncotype onetouch onexton onfi ongentys onglyza onivyde onpattro onpro ontruzant
    onureg onzetra opana opcon opdivo opdualag opn opsite opsumit opsynvi optetrak optichamber
    optiflow optiflux optimark optime optiray optison optisulin optium optivar optive optrex
    opzelura oracea orajel oramorph orapred oraquick oratane orbactiv orencia orenitram orgovyx
    oriahnn orilissa orise orkambi orserdu orsiro orthovisc ortikos osmolax osmolex osmolite
    osmoprep
    osphena ostelin osteocel otezla otrexup otrivin overstitch ovesco ovestin ovidrel oxaydo
    oxbryta oxervate oxilan oximax oxistat oxtellar oxycontin oxymizer oxynorm oxytrol ozempic
    ozurdex pacerone padcev palexia pamelor panadeine panadol panamax pancreaze panoptix
    pantoloc panzyga paragard paraplatin paremyd pariet parietex parlodel parnate parsabiv pataday
    patanol patientrack paxil paxlovid pazeo pediacel pedialyte pediapred pediarix pediasure
    pedvaxhib pegasys pegintron pemgarda penbraya penfill penlac penmenvy pentacel pentasa
    pentips pepcid pepcidine peptamen pepto percepta perclose percocet perforomist periactin
    peridex perikabiven perjeta permacol permcath persantine perseris pertzye pexeva pfna
    pharmanet phasix phazyme phenergan phesgo phonak phoslo phoslyra photrexa physeptone
    physiostim picato picolax pillcam piqray pitocin plaquenil plasbumin plasmablade platinol
    plavix plegridy plendil plenvu pletal pleurx pluvicto pneumovax polaramine polarstem polivy
    polocaine polysorb polysporin polytrim pomalyst pontocaine ponvory portex portrazza
    posiflush posluma postinor poteligeo powerchart powerglide powerport powerscribe pradaxa
    praluent prandin pravachol praxbind precedex precose predforte prefest pregestimil pregnyl
    prehevbrio prelone premarin premphase prempro prenate prepidil preserflo preservision
    pressair prestalia prevacid prevalite prevalon prevena prevenar preventice prevnar prevpac
    prezcobix prezista priadel priftin prilosec primacor primafit primatene primaxin primolut
    primovist primsol prinivil prinzide priorix priorixtetra prismaflex prismax pristiq privigen
    proactiv proair procalamine procardia procleix procoralan procrit procysbi prodisc profore
    progel
    proglide prograf progressa prohance prolaris prolene prolensa prolia promacta prometra
    prometrium promogran promus propecia proquad proscar prosigna prosom prosource protaphane
    protecta protonix protopic provayblue provenge proventil provera provigil prozac pulmicort
    pulmocare pulmozyme punctua puracol puramino purewick purixan pushlock pylarify pyridium pyxis
    qalsody qbrelis qdenga qelbree qiastat qinlock qlaira qtern quadracel qualifacts quantiferon
    quelicin questran quickvue quillichew quillivant quilonum qulipta qutenza quviviq qvar
    rabavert radicava ranexa rapaflo rapamune rapidpoint rapivab rasuvo rayaldee razadyne
    reactine readicat rebif reblozyl recarbrio reclast recombivax redihaler reditrex reglan
    regranex relafen relenza relexxii relion relistor relpax relprevv relvar relyvrio remeron
    remicade remodulin renagel renflexis renitec renografin renvela repatha repevax requip
    respiclick respimat restasis restoril retacrit retavase retevmo retin retisert revaclear
    revatio revaxis revlimid rexulti reyataz reyvow rezum rezvoglar rhinocort rhofade rhogam
    rhophylac rhopressa riabni rifadin rilutek rinvoq riomet risperdal ritalin rituxan rivotril
    roaccutane robaxin robinul robitussin rocaltrol rocephin rocklatan roho rolaids romazicon
    romvimza rosadan rotaflow rotahaler rotarix rotateq roxicodone rozerem rozlytrek rubraca
    rukobia rupall ruxience ryaltris rybelsus rybrevant rydapt rykindo rylaze rystiggo rytary
    rythmol ryzodeg sabril safyral salamol salofalk salonpas samsca sanctura sandimmune
    sandostatin santyl saphris sarafem sarclisa sativex savaysa savvio saxenda scemblix
    scopoderm scorpio seasonique sectral secuado secura sedline seebri seeq segluromet selectmdx
    selzentry semglee senhance senographe senokot senseonics sensicare sensipar sensorcaine
    sensoready sensura sentiva seprafilm septra serax serenace serepax seretide serevent serophene
    seroquel seroxat sevikar sevredol seysara sharesource shingrix shortec sigmaxin signatera signia
    signifor siklos silenor siliq silvadene silvercel simbrinza similac simplepractice simplera
    simplexa simpliciti simplus simplygo simplythick simponi simulect sinemet sinequan singulair
    sintrom sirdupla sirturo sivextro skelaxin sklice skypoint skyrizi slynd smartabase
    smartphrase smartport smartsite smarttext smartvest smoflipid soaanz soarian softclix
    soliqua soliris solodyn solostar solpadeine solu solucortef solumedrol somac somatom
    somatuline sominex sonicision sonosite sonovue soolantra sorbaview sorbsan sorilux sotacor
    sotyktu sotylize sovaldi spectracef spectralink speedicath spikevax spinalstim spinraza
    spiolto spiriva spiromax sporanox spotfire spravato sprintec sprix sprycel stadol stalevo
    stamaril starclose starlix statlock statpearls statstrip staxyn stedy steglatro steglujan
    stelara stelo stemetil stendra steri stilnox stimate stimulan stiolto stivarga stomahesive
    stratafix strattera strattice stribild striverdi stromectol stugeron styletto sublimaze
    sublocade suboxone subutex sudafed sudocrem sulfamylon suliqua sumycin sunlenca sunquest
    supartz supemtek supera suplena suprax suprep surepath surgicel surgiflo surgimend surginet
    surgipro surmontil survanta sustenna sustiva susvimo sutab sutent swabcap swivelock syfovre
    sylatron symbicort symbyax symdeko symjepi symlin symmetrel sympazan symproic symtuza synagis
    synalar syncardia synchromed syndros synercid synflorix syngo synjardy synthroid synvisc
    systane systmone tabrecta taclonex tadliq tafinlar tagamet tagitol tagrisso taltz talwin
    talzenna tambocor tamiflu tandemheart tapazole taperloc taptiqom tarceva targin targinact
    targocid tarpeyo tasigna tauvid tavalisse tavanic taxol taxotere taxus taytulla tazicef
    tazocin tazorac taztia tazverik tdvax tecartus tecentriq tecfidera technescan tecnis tecta
    tecvayli teflaro tegaderm tegasorb tegretol tegsedi tekturna telfa telfast teligen temaze
    temodar temovate tempur tenex tenivac tenoretic tenormin tepmetko terarecon terumo tessalon
    testim testopel teveten tevimbra tezspire tfna thalitone thalomid thealoz theraband theraflu
    theranest therapynotes therascreen thermacare thermachoice thermogard thermoskin thickit
    thinprep thiola thrombate thunderbeat thymoglobulin thyrolar thyroseq tiazac tibsovo
    tigerconnect
    tigertext tiglutik tikosyn tilite timentin timoptic timoptol tinactin tindamax tirosint
    tisseel tivdak tivicay tivorbex tlando tnkase tobradex tofranil tolak topamax topicort
    toprol toradol torisel tosymra totalcare totect touchworks toujeo toviaz tracleer tradjenta
    trajenta trakcare tramacet trandate transderm transtec tranxene travasol travatan trazimera
    treanda trecator trelegy trelstar tremfya trental tresiba trevicta trexall treximet
    triaminic triathlon tribenzor triclip tricor tricyclen tridesilon triflo trigen trijardy
    trikafta
    trileptal trilipix triluron trimbow trimeton trimovate trintellix trinza triphasil trisenox
    tritace tritanium triumeq trivisc trodelvy trokendi trophamine tropicacyl truclear trudhesa
    truemetrix trulance trulicity trulign trumenba truqap trusopt truvada truxima tudorza tukysa
    turalio turbuhaler tussionex twinfix twinject twinrix twirla twisthaler twynsta tyblume
    tygacil tykerb tylenol tymlos typhim tyrvaya tysabri tyvaso ubrelvy uceris udenyca ulesfia
    uloric ultibro ultimaster ultiva ultomiris ultracet ultrafine ultram ultravate ultravist
    unasyn unicel unifine unisom unistik unithroid univasc unyvero uptodate uptravi uribel
    uristat urocit urolift uroxatral utrogestan uzedy vabomere vabysmo vacuette vacutainer vagifem
    valcyte valdoxan valitude valium valleylab valoid valpam valtoco valtrex vancocin vaporub
    vapotherm vaqta varibar varilite varivax varizig varubi vascade vascepa vaseline vaseretic
    vashe vasostrict vasotec vasovist vaxchora vaxelis vaxigrip vaxneuvance vazculep vectibix
    vectical veinviewer veklury velcade veletri velphoro velsipity veltassa velys vemlidy
    venaflow venclexta venofer ventavis ventolin ventralex veozah veracyte vercise verdeso veregen
    verelan verifynow verigene verio veripred veriset veritor verquvo versacare versacloz
    versalok versatrek versius versys verzenio vesanoid vesicare vevye vfend viabahn viactiv
    viagra vibativ viberzi vibramycin vicodin vicryl victoza vidaza vigamox vigileo viibryd
    vimkunya vimovo vimpat viokace viramune viread viscotears visia visicol visine visionist
    visipaque vistaril vistaseal visualdx visudyne vitafol vitoss vitrakvi vitrea vitros
    vivactil vivitrol vivity vivonex vivotif vizamyl vizimpro voalte vocera vogelxo vokanamet
    voldyne voltaren voltarol volumatic volumen voluson vonjo vosevi votrient vpap vraylar vscan
    vtama vueway vuity vumerity vusion vyalev vyepti vyleesi vyndamax vyndaqel vytorin vyvanse
    vyvgart vyxeos vyzulta wainua wallstent wardwatcher watchpat wavewriter webpt wegovy welchol
    welireg wellbutrin westcort whatsapp winlevi winpath winrevair winrho wixela xact xadago
    xalacom xalatan xalkori xanax xarelto xatmep xcopri xeglyze xeljanz xeloda xelpros xembify
    xenazine xenex xenical xeplion xerese xermelo xeroform xgeva xience xifaxan xigduo xiidra xlif
    xofigo xofluza xolair xolegel xopenex xospata xpert xphozah xpovio xprecia xsolis xtag xtampza
    xtandi xulane xultophy xylocaine xyosted xyzal yervoy yescarta yorvipath yosprala ypsomed
    ypsopump yuflyma yupelri yusimry yutiq yuvafem zaditor zafemy zaltrap zanaflex zanosar
    zantac zapain zaponex zaroxolyn zarxio zavzpret zebeta zedmed zegalogue zegerid zejula
    zelapar zelboraf zelnorm zemplar zemuron zenhale zenpep zenzedi zepatier zepbound zeposia
    zerbaxa zerobase zerviate zestoretic zestril zetia zevalin ziac ziagen ziextenzo zilbrysq
    zilretta zilxi zimhi zinacef zinecard zineryt zinnat zioptan zipsor zirabev zispin zithromax
    zmax zocor zofran zohydro zoladex zolgensma zolinza zoloft zometa zomig zomorph zonegran
    zontivity zortress zorvolex zoryve zostavax zostrix zosyn zoton zovirax zubsolv zurzuvae
    zyban zyclara zydelig zydol zykadia zylet zyloprim zymaxid zynlonta zynyz zypitamag zyprexa
    zyrtec zytiga zyvox zzzquil"""
    )
)

BRAND_PHRASES = (
    # devices and products whose words alone are names or words ("Bair", "Libre", "Solis")
    "bair hugger", "freestyle libre", "cadd solis", "hill rom", "swan ganz", "vac lok",
    "libre 2", "libre 3", "libre 14", "libre sensor", "libre sensors", "libre reader",
    "varian rpm", "varian truebeam", "varian halcyon", "varian ethos", "smit sleeve",
    "fletcher suit delclos", "fletcher suit", "bookwalter retractor",
    # radioactive isotopes, the element's symbol alone a name ("Lu-177 PSMA", "Ga-68 dotatate")
    "lu 177", "ga 68", "tc 99m", "y 90", "i 131", "ra 223", "f 18",
    # eponymous tests, scores, protocols, classifications and syndromes of two names or more
    "schmitt thompson", "semmes weinstein", "tyrer cuzick", "salter harris", "cockcroft gault",
    "dix hallpike", "mifflin st jeor", "harris benedict", "payne martin", "child pugh",
    "kaplan meier", "guillain barre", "guillain barré", "wolff parkinson white",
    "stevens johnson", "mallory weiss", "osgood schlatter", "legg calve perthes",
    "legg calvé perthes", "charcot marie tooth", "ehlers danlos", "creutzfeldt jakob",
    "sengstaken blakemore", "roux en y", "brown sequard", "brown séquard", "arnold chiari",
    "budd chiari", "henoch schonlein", "henoch schönlein", "cheyne stokes",
    "wernicke korsakoff", "prader willi", "beckwith wiedemann", "lambert eaton",
    "jarisch herxheimer", "fitz hugh curtis", "bland altman", "mann whitney",
)
"""Names of several words that are products or eponyms though each word alone may be a name
("Bair Hugger", "FreeStyle Libre", "Schmitt-Thompson", "Salter-Harris"), lower case, their
words apart by a blank or a hyphen in notes: a name, place or profession span inside one is no
PHI (``deidkit.models.brands``). Hand-compiled like ``BRAND_NAMES``."""

