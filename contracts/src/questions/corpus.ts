// Long file: data, the labelled question corpus, one line per question.
// The labelled corpus: application questions written by the team in the shapes VC, accelerator,
// grant and competition forms use (no third party's text), each with what must happen: the intent that
// answers it, `answer:<key>` for the founder's library answer below, or `ask` (the founder must answer).
// Lines are `expected | [control |] question`; control is text unless given (textarea, select,
// radio-group, checkbox, number, date, email, url, tel).
// Not exported from the package's index: tests and `npm run bench -- answering` import it by path.

/** The founder's answer library the corpus is resolved with (questions as a founder would save them). */
export const CORPUS_LIBRARY: Record<string, string> = {
  'why-now': 'Why now?',
  competitors: 'Who are your main competitors?',
  hear: 'How did you hear about us?',
  'business-model': 'What is your business model?',
  gtm: 'What is your go-to-market strategy?',
  'anything-else': 'Anything else we should know?',
  dob: 'Date of birth',
  'market-size': 'How big is your market?',
  'use-of-funds': 'How will you use the funds?',
  vision: 'What is your long-term vision?',
};

const RAW = `
companyName | Company name
companyName | Company Name *
companyName | Startup name
companyName | What is the name of your company?
companyName | What's your startup called?
companyName | Name of your startup
companyName | Company
companyName | Organisation name
companyName | Business name
companyName | What is your company's name?
companyName | Venture name
companyName | Organization
companyName | Name of the company (required)
companyName | 3 → What is your company called? *
companyName | Startup
companyName | Project name
ask | Legal name of the company
ask | Registered company name
ask | Parent company name
ask | Name of your previous company
ask | Which company referred you?
ask | Company registration number
ask | Company number (Companies House)
ask | What is your company's valuation?
ask | Company VAT number
ask | Tax ID / EIN
ask | Which companies have you worked for before?
ask | Name of your main competitor
ask | Which company do you most admire?
ask | Product name
ask | Trading name (if different)
ask | Registration number of the legal entity
ask | Chamber of Commerce (KvK) number
ask | DUNS number
founderName | Your name
founderName | Full name
founderName | Name
founderName | Founder name
founderName | Applicant name
founderName | Contact name
founderName | What's your full name? *
founderName | Your full name
founderName | Name of the applicant
founderName | Contact person name
founderName | Founder's name
founderName | Name *
firstName | First name
firstName | First Name *
firstName | Given name
firstName | Forename
firstName | Full Name First Name
lastName | Full Name Last Name
lastName | Last name
lastName | Surname
lastName | Family name
lastName | Last Name (required)
ask | Who are your current investors?
ask | What is the name of your lead investor?
ask | Name of your co-founder
ask | Co-founder's full name
ask | Name of a reference
ask | Who referred you?
ask | Name of your advisor
ask | Emergency contact name
ask | Preferred name
ask | Full legal name
ask | CEO name
ask | Middle name
ask | Team name
ask | Captain's name
ask | Principal investigator name
ask | Name of your mentor
ask | Name of the person who introduced you
founderEmail | Email
founderEmail | Email address
founderEmail | E-mail
founderEmail | Work email
founderEmail | Your email address *
founderEmail | Contact email
founderEmail | Founder email
founderEmail | What's your email?
founderEmail | Best email to reach you
founderEmail | Confirm email address
founderEmail | Business email
founderEmail | email | Contact
founderEmail | email | Email
founderEmail | Email Address (required)
ask | Co-founder email
ask | Email of your lead investor
ask | Reference's email address
ask | Referrer email
ask | email | Co-founder's email
ask | Email of a customer we may contact
phone | Phone number
phone | Mobile
phone | Telephone
phone | WhatsApp number
phone | tel | Phone
phone | Mobile phone number
ask | Reference phone number
ask | Co-founder phone
ask | Phone number of your advisor
founderLinkedin | LinkedIn profile
founderLinkedin | LinkedIn URL
founderLinkedin | Your LinkedIn
founderLinkedin | Founder LinkedIn profile URL
founderLinkedin | Link to your LinkedIn profile
founderLinkedin | url | LinkedIn
ask | Company LinkedIn page
ask | Co-founder LinkedIn profiles
ask | LinkedIn profiles of the founding team
ask | Company LinkedIn URL
website | Website
website | Company website
website | Website URL
website | Startup website
website | Homepage
website | Company URL
website | What is your website?
website | URL
website | Web address
website | Your company's website
website | url | Website
website | Company website (https://…)
ask | Product demo link
ask | Link to a demo video
ask | GitHub repository
ask | App Store link
ask | Personal website
ask | Twitter / X handle
ask | Crunchbase profile
ask | Link to your blog
ask | Pitch video URL
ask | Link to press coverage
pitchDeck | Pitch deck
pitchDeck | Link to your pitch deck
pitchDeck | Pitch deck URL
pitchDeck | Deck link
pitchDeck | DocSend link to your deck
pitchDeck | Please share your latest deck
pitchDeck | Investor presentation
pitchDeck | Slides link
pitchDeck | url | Pitch deck
ask | Link to your financial model
ask | Data room link
ask | Link to a 2-minute demo video
ask | One-pager
ask | Executive summary
stage | Stage
stage | Funding stage
stage | Current stage
stage | What stage are you at?
stage | What stage is your company at?
stage | Company stage
stage | Funding round
stage | Which round are you raising?
stage | How far along are you?
stage | select | Stage
stage | radio-group | What is your current funding stage?
stage | Investment stage
stage | select | Current funding round
stage | radio-group | Stage
ask | What stage is your product at?
ask | Development stage of your technology
ask | Technology readiness level (TRL)
ask | At what stage will you need follow-on funding?
ask | What is your next milestone?
ask | Stage of clinical trials
ask | What stage do you expect to reach with this round?
industry | Industry
industry | Sector
industry | What industry are you in?
industry | Vertical
industry | Category
industry | Which sector best describes your company?
industry | select | Industry
industry | radio-group | Primary industry
industry | Focus area
industry | What industry does your startup operate in?
industry | select | Sector
industry | Market category
ask | Which industries do your customers work in?
ask | Secondary sector
ask | Target industries
ask | Describe your experience in this industry
ask | Which category are you entering?
ask | Award category
ask | Track
raising | How much are you raising?
raising | Round size
raising | Raising amount
raising | How much are you raising? (USD)
raising | Target raise
raising | Amount you are seeking
raising | How much funding are you looking for?
raising | How much capital do you need?
raising | Size of the current round
raising | What is your funding ask?
raising | number | How much are you raising (USD)?
raising | How much are you looking to raise?
raising | select | How much are you raising?
raising | Investment sought
ask | What is your pre-money valuation?
ask | Minimum check size you would accept
ask | How much are you asking from us?
ask | How much of the round is already committed?
ask | How much grant funding are you requesting?
ask | What percentage of equity are you offering?
ask | How much will you raise in your next round?
ask | Who is leading your round?
ask | Are you raising on a SAFE or priced round?
ask | What is your company's valuation cap?
ask | What is your expected close date for the round?
ask | Who else is investing in this round?
ask | Requested grant amount
ask | Total project budget
existingFunding | How much have you raised so far?
existingFunding | Total raised to date
existingFunding | How much funding have you raised to date?
existingFunding | Previous funding
existingFunding | Funding raised so far
existingFunding | Existing funding
existingFunding | How much outside capital have you raised?
existingFunding | Total funding raised (USD)
existingFunding | How much money has your company raised from investors?
existingFunding | Prior funding
existingFunding | Funding to date
ask | Have you raised any funding?
ask | Who are your existing investors?
ask | When did you last raise?
ask | Have you received any grants?
ask | What were the terms of your last round?
ask | What valuation did you last raise at?
ask | Names of previous investors
ask | How much grant funding have you received so far?
founded | Year founded
founded | Founded
founded | When was the company founded?
founded | Founding date
founded | Founding year
founded | Date founded
founded | Year of foundation
founded | When were you founded?
founded | number | Year founded
founded | date | Founding date
founded | In what year was your startup founded?
founded | select | Year founded
founded | Year established
ask | Date of incorporation
ask | Year of incorporation
ask | When did you start working on this idea?
ask | When did you launch your product?
ask | When did you first generate revenue?
answer:dob | Founder's date of birth
ask | How long have the founders known each other?
ask | In which country was the company incorporated?
ask | Expected graduation year
ask | Date of graduation
ask | date | Planned start date of the project
location | Location
location | Where are you based?
location | Where is your company based?
location | Headquarters
location | HQ location
location | City
location | Country
location | Where is the company headquartered?
location | Company location
location | Where is your team located?
location | select | Country
location | Where is your startup located?
location | Based in
ask | Country of incorporation
ask | Registered address
ask | Street address
ask | Postcode
ask | Nationality of the founder
ask | In which markets do you sell?
ask | Where do you plan to expand next?
ask | Where are your customers?
ask | Country of residence
ask | State of incorporation
ask | Time zone
ask | Where did the founders study?
ask | Are you willing to relocate?
ask | Country code
teamSize | Team size
teamSize | How many employees do you have?
teamSize | Number of employees
teamSize | How many people work at your company?
teamSize | Company size
teamSize | Headcount
teamSize | How many full-time employees?
teamSize | Number of FTEs
teamSize | How big is your team?
teamSize | number | Team size
teamSize | select | Company size
teamSize | Size of your team
teamSize | Number of team members
teamSize | number | How many employees do you have?
ask | How many founders are there?
ask | How many co-founders do you have?
ask | How many engineers are on the team?
ask | How many people do you plan to hire this year?
ask | How many women are on your team?
ask | How many customers do you have?
ask | How many users do you have?
ask | How many part-time contractors work with you?
ask | Are any of your company founders women?
ask | How many employees will you have in 12 months?
ask | Number of founders
revenue | Monthly revenue
revenue | MRR
revenue | Current MRR
revenue | What is your monthly recurring revenue?
revenue | Revenue
revenue | Current monthly revenue (USD)
revenue | select | Revenue
revenue | number | Monthly revenue (USD)
revenue | select | Current MRR
revenue | What is your current revenue?
ask | Annual revenue
ask | ARR
ask | Projected revenue for next year
ask | Revenue growth rate (month over month)
ask | Gross margin
ask | Monthly burn rate
ask | What is your revenue model?
ask | How do you make money?
ask | Revenue last year
ask | Total revenue to date
ask | When do you expect to be profitable?
ask | Revenue per customer
ask | Turnover
ask | Annual turnover
ask | What are your revenue streams?
traction | What traction do you have?
traction | Traction
traction | Describe your traction so far
traction | Current traction
traction | textarea | What traction do you have so far?
ask | How many paying customers do you have?
ask | What is your user retention?
ask | What traction do you expect in the next 6 months?
ask | Traction with pilots
problem | What problem are you solving?
problem | Problem
problem | What is the problem?
problem | Describe the problem you are solving
problem | Problem statement
problem | What pain point do you address?
problem | Which problem does your startup solve?
problem | What problem are you solving for your customers?
problem | textarea | The problem
problem | What problem does your company solve?
ask | What problem did you face last year?
ask | What is the biggest challenge your team faces?
ask | Why is this problem important?
ask | How do you know this problem exists?
ask | How big is the problem?
ask | What problem are you solving and for whom?
ask | What problem are you solving, and how does your solution address it?
ask | Who has this problem?
solution | What is your solution?
solution | Solution
solution | How does your product solve it?
solution | Describe your product
solution | How does your solution work?
solution | What have you built?
solution | What is your product?
solution | Proposed solution
solution | textarea | Your solution
solution | How does your product solve the problem?
ask | Why hasn't this solution been built before?
ask | What is your product roadmap?
ask | What technology stack do you use?
ask | How is your product priced?
ask | Do you have patents?
ask | When will your product launch?
valueProposition | What is your value proposition?
valueProposition | Value proposition
differentiation | What makes you unique?
unfairAdvantage | What is your competitive advantage?
differentiation | How are you different from competitors?
differentiation | What sets you apart?
differentiation | Unique selling point
unfairAdvantage | What is your unfair advantage?
unfairAdvantage | What is your moat?
differentiation | How do you differentiate from existing solutions?
differentiation | What makes your startup different?
ask | Why should we invest in you?
ask | Which incumbent would you most like to displace, and what is your unfair advantage against them?
ask | What is your unfair advantage against Google?
ask | List your top three competitors
ask | Why will customers choose you?
description | What does your company do?
description | Company description
description | Tell us about your company
description | Describe your company
description | Description
description | What are you building?
description | What are you working on?
description | Describe your startup
description | Tell us about your startup
oneLineExplanation | Brief company description
description | What does your startup do?
description | About your company
description | textarea | Describe your business
ask | Tell us about your company and team
ask | What is your company's mission?
ask | Describe your company's culture
ask | What will your company look like in 5 years?
ask | What does your company do, and why now?
ask | What does your company do and who are your customers?
ask | Describe your product roadmap
oneLineExplanation | Describe your company in one sentence.
oneLineExplanation | One-liner
oneLineExplanation | One-line pitch
oneLineExplanation | Tagline
oneLineExplanation | Elevator pitch
oneLineExplanation | Short description
oneLineExplanation | Describe what you do in one sentence.
oneLineExplanation | Explain your startup in a tweet
oneLineExplanation | In one sentence, what does your company do?
oneLineExplanation | Brief description
oneLineExplanation | Summarise your company in one line
oneLineExplanation | Describe your startup in 10 words
oneLineExplanation | Short description of your startup
industry | 5 → Which sector fits best?
ask | Describe your team in one sentence
ask | Your mission in one sentence
ask | Describe your customers in one sentence
detailedDescription | Detailed description
detailedDescription | Describe your company in detail
detailedDescription | Tell us more about your company
detailedDescription | Full description
detailedDescription | textarea | Detailed company description
ask | Describe your technology in detail
ask | Describe your market in detail
additionalFounders | Co-founders
additionalFounders | Tell us about your founding team
additionalFounders | Who is on your founding team?
additionalFounders | Who are your co-founders?
additionalFounders | Founding team
additionalFounders | Tell us about your team
additionalFounders | Other founders
additionalFounders | textarea | Tell us about the founding team
ask | How long have you known your co-founders?
ask | How did the founders meet?
ask | Equity split between founders
ask | Are all founders full-time?
ask | Do any founders identify as under-represented?
ask | What roles are missing from your team?
ask | Why is your team the right one to build this?
ask | Co-founder's role
message | Message
message | Your message
message | Cover letter
message | Pitch us
message | How can we help?
message | Your pitch
message | textarea | Message to the team
ask | Additional comments
ask | Additional information
ask | Notes
ask | Comments
answer:anything-else | Anything else we should know?
answer:anything-else | Is there anything else we should know?
answer:anything-else | Anything else?
answer:anything-else | textarea | Anything else you would like us to know?
role | Your role
role | Job title
role | What is your role in the company?
role | Position
role | Title
role | Your title
ask | What role will you play after the investment?
ask | Which roles are you hiring for?
ask | Previous job title
answer:hear | How did you hear about us?
answer:hear | How did you hear about our fund?
answer:hear | Where did you hear about us?
answer:hear | How did you hear about Northwind?
ask | Were you referred by a portfolio company?
ask | Referrer's email
ask | Who introduced you to us?
answer:why-now | Why now?
answer:why-now | Why is now the right time?
answer:why-now | Why is now the right time for your company?
answer:why-now | textarea | Why now?
ask | Why do you want to work with us?
ask | Why do you want to join this program?
answer:competitors | Who are your competitors?
answer:competitors | Who are your main competitors?
answer:competitors | Main competitors
answer:business-model | What is your business model?
answer:business-model | Business model
answer:business-model | Describe your business model
answer:gtm | What is your go-to-market strategy?
answer:gtm | Go-to-market strategy
answer:gtm | GTM strategy
answer:market-size | How big is your market?
answer:market-size | How big is the market?
answer:market-size | Market size
answer:use-of-funds | How will you use the funds?
answer:use-of-funds | Use of funds
answer:use-of-funds | How will you use the money?
answer:vision | What is your long-term vision?
answer:vision | Long-term vision
answer:dob | Date of birth
answer:dob | date | Date of birth
consent | checkbox | I agree to the privacy policy
consent | checkbox | I confirm that the information above is accurate
consent | checkbox | I accept the terms and conditions
consent | checkbox | I consent to the processing of my data
marketingOptIn | checkbox | Subscribe to our newsletter
marketingOptIn | checkbox | I agree to receive other communications from Harbor VC.
marketingOptIn | checkbox | Keep me informed about events and updates
ask | checkbox | Are you remote-first?
ask | checkbox | We are a B2B company
ask | What is your burn rate?
ask | How long is your runway?
ask | What is your CAC?
ask | What is your LTV?
ask | Describe your customer acquisition strategy
ask | Who is your target customer?
ask | What is your total addressable market?
ask | Do you have any patents?
ask | Is your company incorporated?
ask | Are you a registered charity?
ask | Which accelerator track are you applying for?
ask | Have you applied to our program before?
ask | Will you relocate to San Francisco for the program?
ask | What is your gender?
ask | Ethnicity
ask | Do you identify as LGBTQ+?
ask | Are you a veteran?
ask | Age of the founder
ask | Which university did you attend?
ask | Link to a video introducing the team
ask | What is the biggest risk to your business?
ask | What would you do with $1M?
ask | What keeps you up at night?
ask | Tell us about a time you failed
ask | What is your exit strategy?
ask | Who would acquire you?
ask | How much equity do the founders own?
ask | What is the legal structure of your company?
ask | What is your cap table?
ask | How many hours per week do you work on this?
ask | Are you working on this full-time?
ask | What are your key metrics?
ask | What is your customer retention rate?
ask | What is your pricing?
ask | Describe your sales cycle
ask | What are your unit economics?
ask | Is this your first startup?
ask | Have you founded a company before?
ask | Do you have a technical co-founder?
ask | What are your hiring plans?
ask | Describe your intellectual property
ask | What regulatory approvals do you need?
ask | What is your impact on society?
ask | Which UN Sustainable Development Goals do you address?
ask | How does your project align with the goals of this grant?
ask | Project title
ask | Project duration (months)
ask | Co-financing sources
ask | Consortium partners
ask | Institution name
ask | Describe the innovation in your project
ask | Expected outcomes of the project
ask | Work plan and milestones
ask | What risks does the project face and how will you mitigate them?
ask | Budget justification
ask | Are you eligible for this competition?
ask | School / university
ask | Student ID
ask | What is your expected close date?
ask | Are you open to a lead investor?
ask | What are your 18-month milestones?
ask | How did you validate demand?
ask | What is your customer churn?
ask | Who are your first customers?
ask | Which customers are paying?
ask | Describe your ideal customer profile
ask | What did you learn from your last pitch?
ask | What would make you walk away from this round?
ask | Which investors have you spoken to?
ask | What are the names of your angel investors?
ask | Do you have a lead investor?
ask | Lead investor name
ask | Investor references
ask | Name and email of a customer reference
ask | Advisors
ask | Board members
ask | What is your relationship with the referrer?
ask | radio-group | Are you B2B or B2C?
location | radio-group | Region
ask | radio-group | Do you have revenue?
ask | select | Which program are you applying to?
answer:hear | select | How did you hear about us?
ask | Company name and website
ask | Name and email
ask | Founder name and role
ask | Industry and stage
ask | Website and LinkedIn
ask | What is your company's EBITDA?
ask | What is your company's debt?
ask | What is your company's address?
ask | Company phone number
ask | VAT ID
ask | Social security number
ask | Passport number
ask | What is the name of your company's bank?
ask | Who is your accountant?
ask | Who is your lawyer?
ask | What does your lead investor do?
ask | What are your co-founders' backgrounds and how did you meet?
ask | What is your team's biggest weakness?
ask | How much do you pay yourself?
ask | What salary do the founders take?
ask | Describe a customer who loves your product
ask | What would your customers say about you?
ask | What is your NPS?
ask | What percentage of revenue comes from your top customer?
ask | What is your month-over-month growth?
ask | What are you looking for in an investor?
ask | What support do you need from us?
ask | Which of our portfolio companies do you know?
ask | Which mentor would you like to work with?
ask | What do you hope to get out of the program?
ask | Why did you choose this problem?
ask | Why are you the right founder for this?
ask | What is your founder-market fit?
ask | Tell us something surprising about yourself
ask | What is the most impressive thing you have built?
ask | Describe your previous startup experience
ask | What are the biggest risks and how will you address them?
ask | What is your pricing and who pays?
ask | Which regulations apply to you and how do you comply?
ask | How will you reach your first 100 customers?
ask | What did you learn from your users?
ask | Who are your users and how many are active?
ask | Demo day availability
ask | Preferred interview date
ask | date | Preferred start date
ask | number | Number of founders
ask | number | Age
ask | tel | Emergency contact phone
ask | url | Demo video
ask | url | Product Hunt launch
ask | email | Reference email
ask | What is your burn multiple?
ask | Gross merchandise value
ask | Annual recurring revenue (ARR)
ask | Projected ARR in 12 months
ask | Share of female founders (%)
ask | Founder ownership (%)
ask | What equity stake do you offer?
ask | Is your company VC-backed?
ask | Have you participated in another accelerator?
ask | Are you currently raising?
ask | Do you have a pitch deck?
ask | Are you incorporated in Delaware?
ask | What type of entity is your company?
ask | Where is your company incorporated?
ask | Date of last funding round
ask | Amount of last funding round
# held out: written after the model, scored before any change for them (docs/submissions.md)
companyName | What's the name of your venture?
companyName | Name of organisation
founderName | Applicant's full name
founderName | Your full name (as it should appear)
founderEmail | Primary contact email
founderEmail | Email we can reach you at
website | Company homepage URL
website | Your startup's website
pitchDeck | Share a link to your deck
pitchDeck | Deck (link)
stage | Current funding stage of the company
stage | What round are you currently raising?
industry | Primary sector
industry | Which vertical are you in?
raising | Target round size (USD)
raising | How much money are you raising in this round?
existingFunding | Amount raised to date
existingFunding | How much capital has your startup raised so far?
founded | What year was the company founded?
founded | Company founding date
location | Where are you headquartered?
location | City where the company is based
teamSize | How many employees does the company have?
teamSize | Current team size
revenue | Current monthly revenue
revenue | What's your MRR?
problem | What problem does your startup address?
problem | The problem you are solving
solution | Describe your solution
solution | How does your product work?
differentiation | What differentiates you from competitors?
unfairAdvantage | Your competitive edge
description | Tell us what your company does
description | Company overview
oneLineExplanation | Your company in one line
oneLineExplanation | Describe your business in one sentence
additionalFounders | Who else is on the founding team?
additionalFounders | Tell us about the co-founders
answer:why-now | Why is now the right moment for this?
answer:competitors | Who do you compete with?
answer:business-model | How does your business model work?
answer:use-of-funds | What will you use the money for?
ask | What is your post-money valuation?
ask | Who is your lead investor?
ask | Co-founder's LinkedIn URL
ask | Company tax number
ask | How many co-founders are full-time?
ask | Name of the person who referred you
ask | What is your annual recurring revenue?
ask | When did you incorporate?
ask | What is your company's legal name?
ask | Which accelerator did you attend?
ask | What are your revenue projections for 2027?
ask | How many customers are paying today?
ask | Do you have a co-founder?
ask | What is your ownership percentage?
ask | Where are your customers located?
ask | What problem are you solving and why does it matter?
ask | Describe your team and your traction
ask | Which investors are already committed?
ask | Email address of your co-founder
ask | Phone number of a reference
ask | Your date of birth and nationality
ask | Website of your main competitor
# held out, second set: written after the first fixes, scored before any change for them (docs/submissions.md)
companyName | Startup / company name
companyName | What do you call your company?
founderName | Name of primary founder
founderEmail | Founder's email address
founderEmail | Your work e-mail
website | Link to your website
website | Main website
pitchDeck | Upload link for your pitch deck (DocSend preferred)
stage | At which stage is your startup?
stage | Company funding stage
industry | Industry / sector
industry | What sector is your startup in?
raising | How much are you looking to raise in this round?
raising | Amount being raised
existingFunding | How much have you raised in total?
existingFunding | Total capital raised so far
founded | Year your company was founded
founded | When did you found the company?
location | Where is your HQ?
location | Company headquarters location
teamSize | Number of full-time employees
teamSize | How many people are on your team?
revenue | Monthly revenue (MRR)
problem | What's the problem?
problem | Describe the problem your customers face
solution | Describe your product or solution
differentiation | Why are you different?
differentiation | What is unique about your solution?
description | Describe what your company does
oneLineExplanation | One sentence description of your company
additionalFounders | Who are the founders?
answer:why-now | Why now is the right time for this company
answer:gtm | Describe your go-to-market strategy
answer:market-size | What is the size of your market?
ask | What is the founders' equity split?
ask | Who is your biggest competitor and why will you win?
ask | What do your customers pay you?
ask | Company number
ask | Your investors' names
ask | Contact email of your lead investor
ask | How did you meet your co-founder?
ask | Year of your last funding round
ask | What is your customer acquisition cost?
ask | Which country are you incorporated in?
ask | What is your annual revenue run rate?
ask | How many months of runway do you have?
ask | Any advisors on board?
ask | Name of accelerator programme attended
ask | Team members' LinkedIn profiles
ask | Describe your company and the market size
`;

export interface CorpusEntry {
  question: string;
  /** An intent id, `answer:<key>` (the library above), or `ask`. */
  expected: string;
  /** The control's kind: text, textarea, select, radio-group, checkbox, or an input type (number, date, email, url, tel). */
  control: string;
}

const INPUT_TYPES = new Set(['number', 'date', 'email', 'url', 'tel']);

export const CORPUS: readonly CorpusEntry[] = RAW.split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const parts = l.split(' | ');
    const expected = parts[0].trim();
    const control = parts.length > 2 ? parts[1].trim() : 'text';
    const question = parts
      .slice(parts.length > 2 ? 2 : 1)
      .join(' | ')
      .trim();
    return { expected, control, question };
  });

/** The corpus entry as the question model's input. */
export function corpusInput(e: CorpusEntry): { text: string; inputType: string; control: string } {
  if (INPUT_TYPES.has(e.control)) return { text: e.question, inputType: e.control, control: 'text' };
  return {
    text: e.question,
    inputType: e.control === 'textarea' ? 'textarea' : e.control === 'text' ? 'text' : e.control,
    control: e.control,
  };
}
