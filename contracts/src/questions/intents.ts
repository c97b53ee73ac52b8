// Long file: data, one entry per intent, kept together so overlapping phrases show.
// The things the automation can answer, each as an intent: who the question is about, the kind of value it
// wants, the phrases that say so, the words such a question may also hold, and the cues that rule it out.
// Pure data; the model that applies it is question-model.ts. How to add one: docs/submissions.md.

/** Whom a question asks about. Only the startup and the founder are answered from the profile. */
type Subject = 'startup' | 'founder' | 'cofounder' | 'investor' | 'referrer' | 'third_party';

/** The kind of value a question wants (and an intent gives). */
export type ValueKind =
  | 'person_name'
  | 'company_name'
  | 'date'
  | 'year'
  | 'count'
  | 'money'
  | 'percentage'
  | 'url'
  | 'email'
  | 'phone'
  | 'yes_no'
  | 'choice'
  | 'free_text';

/** Parties other than the startup and the founder, as a question may mention them. */
export type Party = Exclude<Subject, 'startup' | 'founder'>;

export interface Intent {
  /** Profile-derived intents are named like the field they come from (`companyName`), library ones `answer:<n>`. */
  id: string;
  subject: Subject;
  /** The kind of value this intent gives. */
  kind: ValueKind;
  /** The kinds of question it may answer (a founding year answers "Year founded" and "When were you founded?"). */
  accepts: readonly ValueKind[];
  /** Phrases (on normalised text) that say the question asks for this; at least one must be present. */
  cues: readonly RegExp[];
  /** Other words such a question may hold without asking anything more. */
  words?: string;
  /** Cues that rule this intent out whatever else the question says. */
  ruleOut?: readonly RegExp[];
  /** Other parties the question may mention (e.g. "raised from investors" is still the startup's funding). */
  parties?: readonly Party[];
  /** Only a lone checkbox (consent, opt-in) takes it; no other control does. */
  checkboxOnly?: boolean;
  /** Never answered, never asked: sign-ins, robot checks and search boxes are not questions. */
  control?: boolean;
}

/** The library question whose answer is the founder's default message (Settings → Answer library shows it). */
export const DEFAULT_MESSAGE_QUESTION = 'Your message to investors';

const STARTUP_WORDS = 'company startup business venture organisation organization firm your our';

/** Every intent the profile (and the founder's settings) can answer, plus the controls that are never questions. */
export const PROFILE_INTENTS: readonly Intent[] = [
  {
    id: 'password',
    subject: 'founder',
    kind: 'free_text',
    accepts: [],
    cues: [/\bpass ?(word|code)\b/],
    control: true,
  },
  {
    id: 'captcha',
    subject: 'founder',
    kind: 'free_text',
    accepts: [],
    cues: [/captcha|\bnot a robot\b/],
    control: true,
  },
  {
    id: 'search',
    subject: 'founder',
    kind: 'free_text',
    accepts: [],
    cues: [/^search\b|\bsearch (the )?site\b|^q$/],
    control: true,
  },

  {
    id: 'companyName',
    subject: 'startup',
    kind: 'company_name',
    accepts: ['company_name'],
    cues: [
      /\b(company|startup|business|venture|organi[sz]ation|project|brand|entity|product) name\b/,
      /\bname of (the |your )?(company|startup|business|venture|organi[sz]ation|project)\b/,
      /\b(company|startup|business|venture|organi[sz]ation) (is )?called\b/,
      /^(company|startup|organi[sz]ation|business|venture|brand|company startup|startup company)$/,
    ],
    words: `${STARTUP_WORDS} name called what is the of`,
    ruleOut: [
      /\blegal\b|\bregistered\b|\bparent\b|\bholding\b|\bprevious\b|\bformer\b|\bother\b|\bcompetitor|\bsubsidiar|\btrading\b|\bdba\b|\bproduct name\b/,
    ],
  },
  {
    id: 'founderName',
    subject: 'founder',
    kind: 'person_name',
    accepts: ['person_name'],
    cues: [
      /\b(full|your|founder|applicant|contact|contact person|primary contact|first and last) name\b/,
      /^name$/,
      /^name of (the )?(primary )?(founder|applicant|contact person)$/,
      /^(founder|applicant)$/,
    ],
    words: 'full your name founder applicant contact person primary first and last the of what is s',
    // "Full name — First name" (a sub-label under a split name field) asks for the first name only.
    ruleOut: [
      /\bcompany\b|\bstartup\b|\bbusiness\b|\blegal\b|\bpreferred\b|\bmiddle\b|\bmaiden\b|\bnick ?name\b|\bproject\b|\bproduct\b|\bteam\b|\bceo\b|\bcto\b|\b(first|last|given|family) name\b|\bsurname\b/,
    ],
  },
  {
    id: 'firstName',
    subject: 'founder',
    kind: 'person_name',
    accepts: ['person_name'],
    cues: [/\bfirst name\b|\bgiven name\b|\bforename\b|^first$|^f ?name$/],
    words: 'your founder applicant contact first given name forename fname full',
    ruleOut: [/\bfirst and last\b|\blegal\b|\bpreferred\b/],
  },
  {
    id: 'lastName',
    subject: 'founder',
    kind: 'person_name',
    accepts: ['person_name'],
    cues: [/\blast name\b|\bsurname\b|\bfamily name\b|^last$|^l ?name$/],
    words: 'your founder applicant contact last family name surname lname full',
    ruleOut: [/\bfirst and last\b|\bmaiden\b|\blegal\b/],
  },
  {
    id: 'founderEmail',
    subject: 'founder',
    kind: 'email',
    accepts: ['email'],
    cues: [/\bemail\b/],
    words:
      'your email address work business contact founder applicant best primary company confirm repeat re enter again the what is at which we can reach you',
    ruleOut: [/\bnewsletter\b|\bsubscribe\b|\bbilling\b|\binvoice\b|\bpersonal\b/],
  },
  {
    id: 'phone',
    subject: 'founder',
    kind: 'phone',
    accepts: ['phone'],
    cues: [/\bphone\b|\bmobile\b|\btelephone\b|\btel\b|\bcell\b|\bwhats ?app\b/],
    words: 'your phone mobile telephone tel cell number contact best whatsapp founder',
  },
  {
    id: 'founderLinkedin',
    subject: 'founder',
    kind: 'url',
    accepts: ['url'],
    cues: [/\blinked ?in\b/],
    words: 'your linkedin profile url link founder personal applicant the to',
    ruleOut: [/\bcompany\b|\bstartup\b|\bpage\b|\bbusiness\b/],
  },
  {
    id: 'website',
    subject: 'startup',
    kind: 'url',
    accepts: ['url'],
    cues: [/\bweb ?site\b|\bhome ?page\b|\bweb address\b|^url$|^(company|startup) url$|^link$|\bdomain\b|^web$|^site$/],
    words: `${STARTUP_WORDS} website url link address main web site homepage domain to the what is`,
    ruleOut: [
      /\blinked ?in\b|\bdeck\b|\bdemo\b|\bvideo\b|\bapp store\b|\bgithub\b|\btwitter\b|\bcrunchbase\b|\bangel ?list\b|\bpersonal\b|\bcalendly\b|\bportfolio\b|\bproduct\b|\bblog\b|\bpress\b|\bsocial\b/,
    ],
  },
  {
    id: 'pitchDeck',
    subject: 'startup',
    kind: 'url',
    accepts: ['url'],
    cues: [/\bdeck\b|\bpitch ?book\b|\bdocsend\b|\bslides\b|\bslide\b|\bpresentation\b/],
    words: `${STARTUP_WORDS} pitch deck link url to the share investor slides presentation please latest current docsend doc send google drive upload preferred`,
    ruleOut: [/\bvideo\b|\bdemo\b|\bfinancial\b|\bmodel\b|\bdata ?room\b|\bone ?pager\b|\bexecutive summary\b/],
    parties: ['investor'],
  },
  {
    id: 'stage',
    subject: 'startup',
    kind: 'choice',
    accepts: ['choice', 'free_text'],
    cues: [
      /\bstage\b|\bfunding (round|phase)\b|\bround (type|stage)\b|\b(which|what) round\b|\bhow far along\b|^round$|^funding round$/,
    ],
    words: `${STARTUP_WORDS} funding current currently investment round which what stage is are you at in type phase of the how far along company raising`,
    ruleOut: [
      /\bproduct\b|\bdevelopment\b|\btechnology\b|\btrl\b|\bprototype\b|\bclinical\b|\bregulatory\b|\bnext\b|\binvest (in|at)\b|\bdo you invest\b/,
    ],
  },
  {
    id: 'industry',
    subject: 'startup',
    kind: 'choice',
    accepts: ['choice', 'free_text'],
    cues: [/\bindustry\b|\bindustries\b|\bsector\b|\bvertical\b|\bcategory\b|\bfocus area\b|\bmarket category\b/],
    words: `${STARTUP_WORDS} primary main which what is in the industry sector vertical category focus area best describes describe operate operates you do select one market fits fit`,
    ruleOut: [
      /\bcustomer|\bclient|\bsell\b|\btarget\b|\bsecondary\b|\bsub ?sector\b|\bother\b|\bexperience\b|\bbackground\b/,
    ],
  },
  {
    id: 'raising',
    subject: 'startup',
    kind: 'money',
    accepts: ['money'],
    cues: [
      /\braising\b|\bround size\b|\braise (amount|size)\b|\bsize of (the|your|this) (current )?round\b|\btarget raise\b|\blooking to raise\b|\bplan(ning)? to raise\b/,
      /\bhow much (are you|do you (want|plan|hope|intend|seek|aim) to|money are you|capital are you|funding are you|investment are you|are you looking to|(money |capital |funding |investment )?do you need)\b/,
      /\bamount (you are )?(seeking|sought|raising)\b|\b(funding|investment|capital) (ask|needed|sought|required|amount|goal|target)\b/,
    ],
    words: `${STARTUP_WORDS} how much money capital funding investment current currently round this amount total target usd eur gbp raise raising seeking sought you are looking to plan planning in the size of what is need needed required ask goal want hope intend seek aim do`,
    ruleOut: [
      /\bwhich round\b|\bwhat round\b|\braised\b|\bso far\b|\bto date\b|\bprevious|\bprior\b|\bvaluation\b|\bpre money\b|\bpost money\b|\bminimum\b|\bcheck\b|\bticket\b|\bfrom us\b|\bfrom (this|the|our) (fund|firm|program|programme|accelerator|foundation)\b|\bcommitted\b|\bsoft circled\b|\blead\b|\bequity\b|\bdilution\b|\bpercent|\bgrant\b|\bnext\b|\brequest/,
    ],
  },
  {
    id: 'existingFunding',
    subject: 'startup',
    kind: 'money',
    accepts: ['money', 'free_text'],
    cues: [
      /\braised (so far|to date|previously|already|before|in total|in the past)\b|\bhave you (previously |already )?raised\b|\bhas (the|your) (company|startup) raised\b/,
      /\b(total|previous|prior|past|outside|existing|external) (funding|investment|capital|financing|raised)\b|\bfunding (so far|to date|history|raised)\b|\balready raised\b|\b(money|capital|funds|funding) raised\b|\btotal raised\b/,
    ],
    words: `${STARTUP_WORDS} how much money capital funding total raised so far to date previously already outside external investment from investors in usd eur gbp have has you the what is of before past prior previous history existing financing amount`,
    ruleOut: [
      /\bwho\b|\bfrom whom\b|\bnames?\b|\blead\b|\bvaluation\b|\bgrants?\b|\bterms\b|\binstrument\b|\bsafe\b|\bconvertible\b|\bwhen\b|\blast round\b|\bcap table\b/,
    ],
    parties: ['investor'],
  },
  {
    id: 'founded',
    subject: 'startup',
    kind: 'date',
    accepts: ['date', 'year'],
    cues: [
      /\bfounded\b|\bfounding (year|date|month)\b|\byear (of )?(founding|foundation|establishment)\b|\bestablished\b|\bdate of (founding|foundation|establishment)\b|\bwhen did you found\b|\bfounded in\b/,
    ],
    words: `${STARTUP_WORDS} when was were the year date month and founded founding foundation of in what established establishment did you found is it`,
    ruleOut: [
      /\bincorporat|\bregistered\b|\bworking\b|\blaunch|\bfirst\b|\bbirth\b|\bborn\b|\bco ?founders?\b|\bfounder\b/,
    ],
  },
  {
    id: 'location',
    subject: 'startup',
    kind: 'free_text',
    accepts: ['free_text', 'choice'],
    cues: [
      /\blocation\b|\bbased\b|\bheadquarter(s|ed)?\b|\bhq\b|\bwhere (are you|is (the|your) (company|startup|team|business))\b|^city$|^country$|^region$|^city (and|or) country$|\blocated\b/,
    ],
    words: `${STARTUP_WORDS} where are you is the based located location headquarters headquartered hq city country team main primary in of which what`,
    ruleOut: [
      /\bincorporat|\bregistered\b|\blegal\b|\bnationality\b|\bcitizen|\bpassport\b|\bborn\b|\bbirth\b|\bresiden|\btax\b|\bcustomers?\b|\bmarkets?\b|\bsell\b|\bexpand|\btarget\b|\baddress\b|\bpostal\b|\bstreet\b|\bzip\b|\bpost ?code\b|\bstate\b|\bprovince\b|\bcode\b|\bdomicile\b|\brelocat|\btime ?zone\b|\bremote\b|\bfounders?\b/,
    ],
  },
  {
    id: 'teamSize',
    subject: 'startup',
    kind: 'count',
    accepts: ['count'],
    cues: [
      /\bteam size\b|\bsize of (the|your) team\b|\bcompany size\b|\bhead ?count\b|\bhow many (people|employees|team members|full time|ftes?|staff|persons)\b|\bnumber of (employees|people|staff|team members|ftes?|full time employees)\b|^employees$|^ftes?$|\bhow big is (the|your) team\b/,
    ],
    words: `${STARTUP_WORDS} how many people employees team members member full time fte ftes staff persons work works working do you have total number size currently current today is the of in on big headcount including`,
    ruleOut: [
      /\bpart time\b|\bcontractors?\b|\bengineers?\b|\bdevelopers?\b|\bhir(e|es|ing)\b|\bplan\b|\bnext\b|\bwomen\b|\bfemale\b|\bcustomers?\b|\busers?\b|\bco ?founders?\b|\bhow many founders\b|\bnumber of founders\b|\bby the end\b|\bwill\b|\bafter\b|\bexpected\b|\bin (12|6|24) months\b/,
    ],
    parties: ['cofounder'],
  },
  {
    id: 'revenue',
    subject: 'startup',
    kind: 'money',
    accepts: ['money'],
    cues: [/\brevenue\b|\bmrr\b|\bmonthly recurring\b/],
    words: `${STARTUP_WORDS} monthly current currently recurring what is the month per mrr usd eur gbp today revenue your level range`,
    ruleOut: [
      /\bturnover\b|\barr\b|\bannual|\byear|\bprojected\b|\bforecast|\bexpected\b|\bnext\b|\bgrowth\b|\bmargin\b|\bgross\b|\bnet\b|\bburn\b|\bprofit|\bebitda\b|\btarget\b|\bcustomers?\b|\bmodel\b|\bstreams?\b|\bhow do you (make|generate)\b|\blifetime\b|\bcumulative\b|\blast\b|\bper (customer|user)\b|\bsources?\b|\bby\b|\bgoals?\b|\bwhen\b|\bfirst\b/,
    ],
  },
  {
    id: 'traction',
    subject: 'startup',
    kind: 'free_text',
    accepts: ['free_text'],
    cues: [/\btraction\b/],
    words: `${STARTUP_WORDS} what have you do describe current key so far the is`,
    ruleOut: [
      /\busers?\b|\bpilots?\b|\bcustomers?\b|\bgrowth rate\b|\bretention\b|\bchannels?\b|\bplan\b|\bnext\b|\bhow (will|do) you\b/,
    ],
  },
  {
    id: 'problem',
    subject: 'startup',
    kind: 'free_text',
    accepts: ['free_text'],
    cues: [/\bproblem\b|\bpain ?points?\b/],
    words: `${STARTUP_WORDS} what problem solving solve are you is the addressing address trying to main key core tackling which do describe statement pain point points customers users clients for`,
    ruleOut: [
      /\bface|\bfaced\b|\bchallenges?\b|\bwhy\b|\bhow big\b|\bsize\b|\bwho has\b|\bhow (do|did) you (know|discover|learn)\b|\bvalidat|\bteam\b|\bhiring\b|\bbiggest\b|\bfirst\b|\bsolution\b|\bhow\b/,
    ],
    parties: ['third_party'],
  },
  {
    id: 'solution',
    subject: 'startup',
    kind: 'free_text',
    accepts: ['free_text'],
    cues: [
      /\bsolution\b|\bhow (do|does) (you|your (product|solution|company|startup)|it) (solve|address|tackle|fix)\b|\bwhat (have you|are you) built\b|\bproduct description\b|\bdescribe (your|the) product\b|\bwhat is your product\b|\bhow does (your|the) (product|solution) work\b/,
    ],
    words: `${STARTUP_WORDS} what is your the product how does do it you work solve solving solves problem describe proposed solution address tackle fix this that built have are`,
    ruleOut: [
      /\bwhy\b|\bcompetitor|\balternative|\bpric|\broadmap\b|\bnext\b|\bpatent|\bip\b|\btechnology stack\b|\bstack\b|\bdemo\b|\blaunch|\bmarket\b/,
    ],
  },
  // Value proposition, differentiation and unfair advantage are three questions: an answer to one is no answer to another.
  {
    id: 'valueProposition',
    subject: 'startup',
    kind: 'free_text',
    accepts: ['free_text'],
    cues: [/\bvalue prop(osition)?\b/],
    words: `${STARTUP_WORDS} what is makes you how are from product solution competitors competition others alternatives existing main key apart sets special the value proposition different differentiation differentiated differentiates unique advantage competitive edge unfair moat stand out of selling point usp proposition solutions players incumbents about`,
    ruleOut: [
      /\bwhy (should|would|do) (we|you|anyone)\b|\binvest\b|\bwho are\b|\blist\b|\bname\b|\bpricing\b|\bdisplace\b|\bagainst\b/,
    ],
    parties: ['third_party'],
  },
  // How the startup differs from what exists (no profile field holds it: the founder's answer only).
  {
    id: 'differentiation',
    subject: 'startup',
    kind: 'free_text',
    accepts: ['free_text'],
    cues: [
      /\bunique\b|\bdifferent\b|\bdifferentiat\w*|\bsets you apart\b|\bstand out\b|\bunique selling (point|proposition)\b|^usp$/,
    ],
    words: `${STARTUP_WORDS} what is makes you how are from product solution competitors competition others alternatives existing main key apart sets special the value proposition different differentiation differentiated differentiates unique advantage competitive edge unfair moat stand out of selling point usp proposition solutions players incumbents about`,
    ruleOut: [
      /\bwhy (should|would|do) (we|you|anyone)\b|\binvest\b|\bwho are\b|\blist\b|\bname\b|\bpricing\b|\bdisplace\b|\bagainst\b/,
    ],
    parties: ['third_party'],
  },
  // What others cannot copy (no profile field holds it: the founder's answer only).
  {
    id: 'unfairAdvantage',
    subject: 'startup',
    kind: 'free_text',
    accepts: ['free_text'],
    cues: [/\bcompetitive (advantage|edge)\b|\bunfair advantage\b|\bmoat\b/],
    words: `${STARTUP_WORDS} what is makes you how are from product solution competitors competition others alternatives existing main key apart sets special the value proposition different differentiation differentiated differentiates unique advantage competitive edge unfair moat stand out of selling point usp proposition solutions players incumbents about`,
    ruleOut: [
      /\bwhy (should|would|do) (we|you|anyone)\b|\binvest\b|\bwho are\b|\blist\b|\bname\b|\bpricing\b|\bdisplace\b|\bagainst\b/,
    ],
    parties: ['third_party'],
  },
  {
    id: 'description',
    subject: 'startup',
    kind: 'free_text',
    accepts: ['free_text'],
    cues: [
      /\bdescribe (your|the) (company|startup|business|venture)\b|\b(company|startup|business) description\b|\bdescription of (your|the) (company|startup|business)\b|^description$/,
      /\bwhat (does|do) (your|the) (company|startup|business) do\b|\bwhat (your|the) (company|startup|business) does\b|\b(company|startup|business) overview\b|\bwhat do you do\b|\btell us about (your|the) (company|startup|business|venture)\b|\bwhat are you building\b|\bwhat are you working on\b|\babout (your|the) (company|startup)\b/,
    ],
    words: `${STARTUP_WORDS} what does do tell us about describe brief briefly description building working on are you the of short`,
    ruleOut: [
      /\bshort\b|\bbrief\b|\bdetail|\bone (line|sentence)\b|\bsentence\b|\bwords\b|\btweet\b|\bteam\b|\bhistory\b|\bculture\b|\bmission\b|\bvision\b|\bcustomers?\b|\bwhy\b|\bnext\b|\bfuture\b|\bplans?\b|\bproduct\b/,
    ],
  },
  {
    id: 'oneLineExplanation',
    subject: 'startup',
    kind: 'free_text',
    accepts: ['free_text'],
    cues: [
      /\bone ?liner\b|\bone (line|sentence)\b|\bsingle sentence\b|\bin a (sentence|tweet|line)\b|\btagline\b|\belevator pitch\b|\b(short|brief) (company |startup |business )?description\b|\bin (a few|\d+|ten|twenty|fifty) words\b/,
    ],
    words: `${STARTUP_WORDS} describe what you do in one a sentence line liner pitch short brief description explain summary explanation headline tagline single elevator few words tweet does is the of words summarise summarize`,
    ruleOut: [/\bteam\b|\bproblem\b|\bsolution\b|\bcustomers?\b|\bmission\b|\bvision\b|\bwhy\b|\bmarket\b|\bproduct\b/],
  },
  {
    id: 'detailedDescription',
    subject: 'startup',
    kind: 'free_text',
    accepts: ['free_text'],
    cues: [
      /\bdetailed (company |startup |business )?description\b|\bin detail\b|\blong description\b|\bfull description\b|\btell us more about (your|the) (company|startup|business)\b|\bdescribe (your|the) (company|startup|business) in more detail\b/,
    ],
    words: `${STARTUP_WORDS} describe detailed description detail in more tell us about the what does do long full`,
    ruleOut: [/\bteam\b|\bproblem\b|\bsolution\b|\bcustomers?\b|\bmarket\b|\bproduct\b|\btechnology\b/],
  },
  {
    id: 'additionalFounders',
    subject: 'cofounder',
    kind: 'free_text',
    accepts: ['free_text', 'person_name'],
    cues: [
      /\bco ?founders\b|\bco ?founders? names\b|\bnames (and roles )?of (your |the )?co ?founders\b|\bfounding team\b|\bother founders\b|\btell us about (your|the) (founding )?team\b|\bwho is on (the|your) (founding )?team\b|\bwho are (the|your) (co ?)?founders\b|^team$/,
    ],
    words:
      'tell us about your the founding team who is on are co founders other members background backgrounds describe introduce of else names and roles their',
    ruleOut: [
      /\bhow many\b|\bnumber of\b|\bwomen\b|\bfemale\b|\bgender\b|\bdivers|\bunder ?represented\b|\bequity\b|\bsplit\b|\bownership\b|\bfull time\b|\bemail\b|\blinked ?in\b|\bphone\b|\bname\b|\bhow long\b|\bknown\b|\bmet\b|\bwhy\b|\bexperience\b|\bhir|\bmissing\b|\bgaps?\b|\badvisors?\b|\brole\b|\bage\b|\bnationalit|\bvisa\b|\bstudents?\b|\bveterans?\b|\bany\b/,
    ],
    parties: ['cofounder'],
  },
  {
    id: 'message',
    subject: 'founder',
    kind: 'free_text',
    accepts: ['free_text'],
    cues: [
      /^message$|^your message$|\bmessage (to|for) (us|the team|investors|the partners)\b|\bcover (note|letter)\b|^pitch$|\bpitch us\b|\byour pitch\b|\bhow can we help\b/,
    ],
    words:
      'your message to for us the team investors partners cover note letter pitch how can we help short in a few sentences',
    parties: ['investor'],
  },
  {
    id: 'role',
    subject: 'founder',
    kind: 'free_text',
    accepts: ['free_text'],
    cues: [/\brole\b|\bjob title\b|\bposition\b|^title$|\byour title\b/],
    words: `${STARTUP_WORDS} your role in the job title position current what is at`,
    ruleOut: [
      /\bco ?founders?\b|\bteam members?\b|\bhir|\bopen\b|\binvestor\b|\bprevious\b|\bpast\b|\bformer\b|\bplay\b|\bdesired\b|\bseeking\b|\bapplying\b|\bresponsibilit/,
    ],
  },
  {
    id: 'referral',
    subject: 'referrer',
    kind: 'free_text',
    accepts: ['free_text', 'choice', 'person_name', 'company_name'],
    cues: [/\bhear about\b|\breferr\w*|\bhow did you (find|learn|hear)\b|\bwho sent you\b|\bintroduced\b/],
    words: 'how did you hear about our us firm fund program programme find learn of',
    parties: ['referrer'],
  },
  {
    id: 'consent',
    subject: 'founder',
    kind: 'yes_no',
    accepts: ['yes_no'],
    cues: [
      /\bagree\b|\baccept\b|\bconsent\b|\bterms\b|\bprivacy\b|\bconfirm\b|\backnowledge\b|\bcertify\b|\bunderstand\b|\bgdpr\b|\bauthori[sz]e\b|\bpermission\b|\baccurate\b|\btrue\b/,
    ],
    checkboxOnly: true,
  },
  {
    id: 'marketingOptIn',
    subject: 'founder',
    kind: 'yes_no',
    accepts: ['yes_no'],
    cues: [
      /newsletter|marketing|subscribe|\bupdates\b|other communications|promotional|\boffers\b|mailing list|news and|keep me (posted|informed)/,
    ],
    checkboxOnly: true,
  },
];
