// Long file: data, the whole-path corpus, one line per question.
// The whole-path corpus: application questions written by the team in the shapes VC, accelerator, grant and
// angel forms use (no third party's text), each with its control, the founder it is asked of, and what a
// careful person would send. Lines are `founder | expected | control | question`:
// - expected: `=value` (the exact value; `=@field` a profile field, `=@answer:<question>` a saved answer),
//   `opt:<label>` (the option chosen), `file:<kind>` (a library document), `tick`, `ask` (required, nobody
//   gave it: the founder is asked) or `empty` (optional: left empty or unticked).
// - control: kind (text, textarea, number, tel, email, url, date, month, select, radio, buttons, listbox,
//   checkbox, file), `*` when required, `(accept)` for a file, `[a|b|c]` options, ` max=N` a maxlength.
import type { FounderDocument } from '../automation/answering';
import type { CheckboxChoices, FounderAnswer, StartupProfile } from '../automation/types';
import type { PathOutcome } from './whole-path';

export interface WholePathFounder {
  profile: StartupProfile;
  answers: FounderAnswer[];
  documents: FounderDocument[];
  checkboxes: CheckboxChoices;
  defaultMessage: string | null;
}

const pdf = (kind: string, fileName: string): FounderDocument => ({ kind, fileName, mimeType: 'application/pdf' });

/** uk: raises in pounds, holds only a deck, lets FundFlow accept terms; us: dollars, a fuller library, no standing terms. */
export const WHOLE_PATH_FOUNDERS: Record<'uk' | 'us', WholePathFounder> = {
  uk: {
    profile: {
      companyName: 'Tidewell Labs',
      founderName: 'Amara Osei',
      founderEmail: 'amara@tidewell.example',
      website: 'tidewell.example',
      founderLinkedin: 'https://social.example/in/amara-osei',
      stage: 'Seed',
      industry: 'Climate tech',
      raising: '£1.5M',
      founded: '2023-12',
      location: 'London, UK',
      teamSize: '6',
      teamCount: '6',
      monthlyRevenue: '18400',
      revenueCurrency: 'GBP',
      existingFunding: '£400k',
      additionalFounders: 'Leo Marsh (CTO), Priya Nair (COO)',
      problem: 'Commercial buildings waste a third of their heating because nobody sees where it goes.',
      solution: 'Wireless sensors and a forecasting model that tune heating room by room.',
      valueProposition: 'Cuts heating bills by a quarter within one season, with no building works.',
      description: 'Tidewell Labs helps commercial landlords cut heating waste with sensors and forecasting software.',
      oneLineExplanation: 'Room-by-room heating control that pays for itself in one winter.',
      detailedDescription:
        'Tidewell Labs installs wireless sensors in commercial buildings, learns how each room heats and cools, and tunes the heating schedule every hour. Landlords see the savings on one dashboard.',
      pitchDeck: 'https://tidewell.example/deck',
    },
    answers: [
      {
        question: 'What is your unfair advantage?',
        answer: 'Ten years of building-energy data from our previous company.',
      },
      { question: 'Why now?', answer: 'New rules require landlords to report heating efficiency from 2026.' },
      { question: 'I confirm that no founder has been convicted of a criminal offence', answer: 'Yes' },
      { question: 'How did you hear about us?', answer: 'A talk at Climate Week' },
    ],
    documents: [pdf('pitchDeck', 'tidewell-deck.pdf')],
    checkboxes: { optIns: 'no', acceptTerms: true },
    defaultMessage: null,
  },
  us: {
    profile: {
      companyName: 'Quarry Health',
      founderName: 'Dev Raman',
      founderEmail: 'dev@quarry.example',
      website: 'https://quarry.example',
      stage: 'Series A',
      industry: 'Healthtech',
      raising: '$2.5M',
      founded: '2022',
      foundedDate: '2022-03-15',
      location: 'Austin, USA',
      teamSize: '14',
      teamCount: '14',
      monthlyRevenue: '42000',
      revenueCurrency: 'USD',
      additionalFounders: 'Mia Chen',
      problem: 'Independent clinics lose hours a day to prior-authorisation paperwork.',
      solution: 'An assistant that fills and tracks prior-authorisation requests from the clinic record.',
      description: 'Quarry Health automates prior authorisations for independent clinics.',
      oneLineExplanation: 'Prior authorisations done in minutes for independent clinics.',
      pitchDeck: 'https://quarry.example/deck',
    },
    answers: [
      {
        question: 'What makes you different from existing solutions?',
        answer: 'We connect to every major clinic record system in one day.',
      },
      { question: 'I consent to sharing my application with co-investors', answer: 'Yes' },
      { question: 'I confirm that I am over 18', answer: 'Yes' },
      { question: 'Send me the monthly founder newsletter', answer: 'Yes' },
    ],
    documents: [
      pdf('pitchDeck', 'quarry-deck.pdf'),
      pdf('cv', 'dev-raman-cv.pdf'),
      {
        kind: 'financialModel',
        fileName: 'quarry-model.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      pdf('onePager', 'quarry-one-pager.pdf'),
    ],
    checkboxes: { optIns: 'ask', acceptTerms: false },
    defaultMessage: 'We would love twenty minutes to show you Quarry.',
  },
};

const RAW = `
# Uploads: the deck only where the deck is asked for; every other document by its kind.
uk | file:pitchDeck | file*(.pdf) | Pitch deck (PDF)
uk | file:pitchDeck | file*(application/pdf) | Upload your pitch deck
uk | file:pitchDeck | file | Investor presentation
uk | file:pitchDeck | file*(.pdf,.ppt,.pptx) | Deck
uk | file:pitchDeck | file*(.pdf) | Slides / presentation (PDF)
uk | file:pitchDeck | file | Attach your deck
uk | file:pitchDeck | file(.pdf) | Or upload your deck (PDF, optional)
uk | file:pitchDeck | file*(application/pdf) | Pitch deck (PDF upload)
uk | ask | file*(.pdf) | Founder CV / résumé (PDF)
uk | empty | file(.pdf) | Financial model
uk | ask | file*(.xlsx,.pdf) | Financial model (Excel or PDF)
uk | ask | file*(.pdf) | Cap table
uk | empty | file(.pdf) | Capitalisation table (optional)
uk | ask | file*(.pdf) | Certificate of incorporation
uk | ask | file*(.pdf) | Incorporation documents
uk | ask | file*(video/*) | Pitch video (max 2 minutes)
uk | ask | file*(.mp4,.mov) | Upload a one-minute founder video
uk | empty | file(.pdf) | One-pager
uk | ask | file*(.pdf) | Executive summary (PDF)
uk | ask | file*(.pdf) | Business plan
uk | empty | file | Supporting documents (optional)
uk | ask | file*(.pdf) | Upload a PDF
uk | ask | file* | Attachments
uk | ask | file*(.pdf) | Letter of support
uk | ask | file*(.pdf) | Proof of address
uk | ask | file*(.pdf,.jpg) | Passport or ID
uk | ask | file*(.pdf) | Latest management accounts
uk | empty | file(.pdf) | Audited financial statements (if any)
uk | ask | file*(.pdf) | Term sheet from your lead investor
uk | empty | file(.pdf) | Product screenshots
uk | ask | file*(image/*) | Company logo
uk | ask | file*(.pdf) | Team CVs (one PDF)
uk | empty | file(.pdf,.doc,.docx) | Résumé
uk | ask | file*(.pdf) | Shareholder agreement
uk | ask | file*(.pdf) | Articles of association
uk | ask | file*(.pdf) | Budget spreadsheet
uk | ask | file*(.pdf) | Completed budget template
uk | ask | file*(.pdf) | Signed declaration form
uk | ask | file*(.pdf) | Customer references / letters of intent
uk | empty | file(.pdf) | Anything else you would like to share (file)
uk | ask | file*(.pdf) | Upload document
uk | empty | file(.pdf) | Additional files
us | file:pitchDeck | file*(.pdf) | Pitch deck
us | file:cv | file*(.pdf) | Founder CV / résumé (PDF)
us | file:cv | file(.pdf,.doc,.docx) | CV of the lead founder
us | file:cv | file*(.pdf) | Resume
us | file:financialModel | file*(.xlsx,.xls,.pdf) | Financial model
us | file:financialModel | file(.xlsx) | Financial projections (spreadsheet)
us | file:onePager | file(.pdf) | One-pager
us | file:onePager | file*(.pdf) | One-page company summary
us | ask | file*(.pdf) | Cap table
us | empty | file(.pdf) | Cap table (optional)
us | ask | file*(.ppt,.pptx) | Pitch deck (PowerPoint)
us | ask | file*(video/*) | Demo video
us | ask | file*(.pdf) | Certificate of incorporation
us | file:pitchDeck | file(.pdf) | Presentation deck (optional)
us | empty | file(.docx) | CV (Word document)
us | ask | file*(.pdf) | Founder's passport
us | ask | file*(.pdf) | Financial statements for the last two years
us | ask | file*(.pdf) | Business plan
us | ask | file*(.pdf) | Co-founder CV
us | empty | file(.pdf) | Product demo recording
us | ask | file*(.pdf) | Upload supporting document

# Tick boxes: the terms setting covers the firm's terms, conditions and privacy notice only.
uk | tick | checkbox* | I agree to the Terms and Conditions
uk | tick | checkbox* | I have read and accept the privacy policy
uk | tick | checkbox* | I accept the terms of use and the privacy notice
uk | tick | checkbox* | I agree to Northstar's terms and privacy policy
uk | tick | checkbox* | By submitting, I agree to the programme terms
uk | tick | checkbox* | I agree to allow Northstar to store and process my personal data.
uk | tick | checkbox* | I agree to the privacy policy *
uk | tick | checkbox* | I accept the terms & conditions
uk | ask | checkbox* | I consent to Northstar sharing my application with co-investors
uk | empty | checkbox | I consent to Northstar sharing my application with co-investors
uk | ask | checkbox* | I confirm that I am over 18
uk | ask | checkbox* | I am 18 years of age or older
uk | ask | checkbox* | I confirm the company is not a subsidiary of another company
uk | tick | checkbox* | I confirm that no founder has been convicted of a criminal offence
uk | ask | checkbox* | I certify that the information provided is true and accurate
uk | ask | checkbox* | I confirm that the founders own more than 50% of the company
uk | ask | checkbox* | The company is eligible for SEIS relief
uk | ask | checkbox* | I confirm the company is registered in the United Kingdom
uk | ask | checkbox* | I authorise a credit check on the company
uk | empty | checkbox | I agree to be contacted by Northstar's portfolio partners
uk | ask | checkbox* | I agree that my data may be shared with third parties for due diligence
uk | empty | checkbox | Subscribe to our newsletter
uk | empty | checkbox | Keep me informed about events and programmes
uk | empty | checkbox | I'd like to receive marketing emails
uk | ask | checkbox* | I agree to the terms and to receive marketing emails
uk | ask | checkbox* | I confirm I have the authority to submit this application on behalf of the company
uk | ask | checkbox* | I confirm the company has received less than €200,000 in de minimis aid
uk | ask | checkbox* | I understand that Northstar may contact my references
uk | ask | checkbox* | I consent to a background check
uk | ask | checkbox* | I confirm that at least one founder works full time on the company
uk | ask | checkbox* | I confirm that the startup is less than 5 years old
uk | ask | checkbox* | I acknowledge that the programme takes 7% equity
uk | ask | checkbox* | The company has fewer than 250 employees
uk | ask | checkbox* | I am a UK resident
uk | ask | checkbox* | No founder is a politically exposed person
uk | empty | checkbox | Share my profile with other funds in the network
uk | ask | checkbox* | I agree to attend the full 12-week programme in person
uk | ask | checkbox* | I agree to the standard deal (7% for £100k)
uk | ask | checkbox* | I confirm that the information above is accurate
uk | ask | checkbox* | I consent to being photographed at the demo day
uk | empty | checkbox | I agree to be featured in Northstar's press releases
uk | ask | checkbox* | I authorise Northstar to verify my identity with a third-party provider
uk | ask | checkbox* | I understand that submitting does not guarantee funding
uk | ask | checkbox* | I confirm that all founders agree to this application
uk | empty | checkbox | Yes, I would like to hear about partner offers
us | ask | checkbox* | I agree to the Terms and Conditions
us | empty | checkbox | I agree to the Terms and Conditions
us | ask | checkbox* | I have read the privacy notice
us | tick | checkbox* | I consent to sharing my application with co-investors
us | tick | checkbox* | I confirm that I am over 18
us | ask | checkbox* | I confirm that the company is not a subsidiary
us | empty | checkbox | Subscribe to our newsletter
us | tick | checkbox | Send me the monthly founder newsletter
us | empty | checkbox | Sign me up for event invitations
us | ask | checkbox* | I authorize a soft credit check
us | ask | checkbox* | I confirm the company is a Delaware C-Corp
us | ask | checkbox* | I certify that no founder has been convicted of a felony
us | empty | checkbox | Share my application with co-investors in the syndicate

# Money with its currency: ranges in another currency, and amounts near a boundary, are asked.
uk | ask | select*[Under $1.6M|$1.6M–$3M|Over $3M] | How much are you looking to raise?
uk | opt:£1M–£2M | select*[Under £1M|£1M–£2M|Over £2M] | How much are you looking to raise?
uk | opt:£1M – £3M | radio*[Under £1M|£1M – £3M|£3M+] | Raise amount
uk | ask | radio*[Under £500k|£500k–£1.4M|£1.4M–£3M] | Raise amount
uk | ask | select*[Up to £1.5M|£1.5M–£5M] | Target raise
uk | ask | select*[Under €1M|€1M–€2M|Over €2M] | How much are you raising?
uk | ask | select*[< $500k|$500k - $2M|> $2M] | Round size
uk | opt:£1M-£2M | buttons*[Under £1M|£1M-£2M|£2M+] | How much are you raising?
uk | opt:£1M–£2M | listbox*[Under £1M|£1M–£2M|Over £2M] | Funding sought
uk | ask | select*[Under $20k|$20k–$100k|Over $100k] | Current MRR
uk | opt:£10k–£50k | select*[Under £10k|£10k–£50k|Over £50k] | Current MRR
uk | ask | select*[Under £20k|£20k–£50k|Over £50k] | Current MRR
uk | ask | select*[Pre-revenue|Under £100k|£100k–£500k|Over £500k] | Annual recurring revenue (ARR)
uk | ask | select*[Pre-revenue|Under $100k|$100k–$500k|Over $500k] | Annual revenue (USD)
uk | =£1.5M | text* | How much are you raising?
uk | ask | text* | How much are you raising (USD)?
uk | ask | number* | Amount you are raising in USD
uk | =1500000 | number* | Amount you are raising (GBP)
uk | ask | number* | Amount you are raising (€)
uk | =18400 | number* | Monthly revenue (GBP)
uk | ask | number* | Monthly revenue (USD)
uk | =18400 GBP per month | text* | Monthly revenue
uk | opt:£250k–£1M | select*[None|Under £250k|£250k–£1M|Over £1M] | How much have you raised to date?
uk | ask | select*[None|Under $250k|$250k–$1M|Over $1M] | How much funding have you raised so far?
uk | opt:£350k–£1M | select*[None|Under £350k|£350k–£1M|Over £1M] | Total raised to date
uk | ask | radio*[None|Under £380k|£380k–£1M] | Total raised to date
uk | empty | select[Under $1M|$1M–$5M|Over $5M] | Raise amount (optional)
uk | opt:£10k-£25k | radio*[£0|£1-£10k|£10k-£25k|£25k+] | MRR (£)
uk | ask | radio*[$0|$1-$10k|$10k-$25k|$25k+] | MRR ($)
uk | ask | select*[Under ¥100M|¥100M–¥500M] | Funding sought (JPY)
us | opt:$1M–$5M | select*[Under $1M|$1M–$5M|Over $5M] | How much are you raising?
us | ask | select*[Under $1M|$1M–$2.4M|$2.4M–$5M] | How much are you raising?
us | ask | select*[Under £1M|£1M–£3M|Over £3M] | How much are you raising?
us | opt:$25k–$50k | radio*[Under $10k|$10k–$25k|$25k–$50k|Over $50k] | Monthly recurring revenue
us | ask | radio*[Under $10k|$10k–$40k|$40k–$100k] | MRR
us | =2500000 | number* | Target raise (USD)
us | =$2.5M | text | Round size
us | ask | select*[Under €1M|€1M–€3M|Over €3M] | Funding sought (EUR)
us | opt:$2M - $3M | buttons*[Under $1M|$1M - $2M|$2M - $3M|$3M+] | Raise size
us | ask | buttons*[Under $1M|$1M - $2.7M|$2.7M+] | Raise size
us | opt:$100k–$1M ARR | select*[Pre-revenue|Under $100k ARR|$100k–$1M ARR|$1M+ ARR] | Revenue
us | ask | number* | Monthly revenue (EUR)
us | =42000 | number* | Monthly revenue (USD)
us | ask | text* | How much are you raising (in GBP)?
us | ask | select*[Under $2.3M|$2.3M–$5M] | Target raise
us | opt:Over $2M | radio*[Under $500k|$500k–$2M|Over $2M] | Round size

# Saved answers only for their own question; compound questions only from one source that answers every part.
uk | =@valueProposition | textarea* | What is your value proposition?
uk | ask | textarea* | What makes you different from existing solutions?
uk | =@answer:What is your unfair advantage? | textarea* | What is your unfair advantage?
uk | =@answer:What is your unfair advantage? | textarea | Unfair advantage
uk | ask | textarea* | How are you different from competitors?
uk | ask | textarea* | What sets you apart?
uk | ask | textarea* | What is unique about your solution?
uk | ask | textarea* | How do you differentiate from the competition?
uk | =@valueProposition | textarea* | Value proposition
uk | =@problem | textarea* | What problem are you solving?
uk | =@solution | textarea* | Describe your solution
uk | ask | textarea* | Describe the problem and your solution
uk | ask | textarea* | What problem do you solve and how?
uk | ask | textarea* | Problem & solution
uk | ask | textarea* | The problem and your solution
uk | ask | textarea* | What is your value proposition and who are your competitors?
uk | ask | textarea* | Describe your product and your business model
uk | ask | textarea* | Describe the problem and the market size
uk | ask | textarea* | Problem, solution and market
uk | =@answer:Why now? | textarea* | Why now?
uk | ask | textarea* | Why you and why now?
uk | ask | text* | Your title / role at the company
uk | ask | text* | Your role
uk | ask | text* | Job title
uk | empty | text | Position in the company
uk | ask | text* | What is your role in the company?
uk | ask | select*[CEO|CTO|COO|Other] | Your role
uk | =@answer:How did you hear about us? | text* | How did you hear about us?
uk | ask | textarea* | What is your unique selling point?
uk | ask | textarea* | Who are your competitors and how are you different?
us | =@answer:What makes you different from existing solutions? | textarea* | What makes you different from existing solutions?
us | =@answer:What makes you different from existing solutions? | textarea* | How are you different from existing solutions?
us | ask | textarea* | What is your value proposition?
us | ask | textarea* | What is your unfair advantage?
us | ask | textarea* | Describe the problem and your solution
us | =@problem | textarea* | What problem are you solving?
us | =@solution | textarea* | What is your solution?
us | ask | text* | Title
us | ask | text* | Your position
us | ask | textarea* | Why now?
us | ask | textarea* | What is your moat?

# Composite values, partial dates, hints in brackets or after a dash, pitches from the founder's own texts.
uk | =@additionalFounders | textarea* | Co-founders (names and roles)
uk | =@additionalFounders | text* | Names and roles of your co-founders
uk | =@additionalFounders | textarea | Who are your co-founders?
uk | =@additionalFounders | textarea* | Co-founders
uk | ask | text* | Co-founder emails
uk | ask | text* | Co-founders' LinkedIn profiles
uk | ask | text* | Co-founders' equity split
uk | ask | text* | How did you meet your co-founders?
us | ask | text* | Co-founders (names and roles)
us | =2022-03-15 | date* | Founding date
us | =2022-03 | month* | Founded (month/year)
us | =March 2022 | text* | Month and year founded
us | =2022 | text* | Year founded
us | =2022 | number* | Year founded
uk | =2023-12 | month* | Founded (month/year)
uk | =2023-12 | month* | Month and year founded
uk | =December 2023 | text* | Month and year founded
uk | =12/2023 | text* | Founding month (MM/YYYY)
uk | =2023 | number* | Year founded
uk | =2023 | text* | Founding year
uk | ask | date* | Founding date
uk | ask | text* | Date of incorporation
uk | =https://tidewell.example | text* | Company website (starting with http)
uk | =https://tidewell.example | url* | Website (must start with https://)
uk | =https://tidewell.example | text* | Website — include https://
uk | =Tidewell Labs | text* | Company name — max 100 characters
uk | =Tidewell Labs | text* | Startup name (max 50 characters)
uk | =Amara Osei | text* | Full name — first and last
uk | =amara@tidewell.example | email* | Email address — we will reply here
uk | =London, UK | text* | Where are you based? (city, country)
uk | =@oneLineExplanation | text* | Describe your startup in one sentence
uk | =@oneLineExplanation | text* | Elevator pitch
uk | =@oneLineExplanation | textarea* | Your pitch (max 500 characters)
uk | =@oneLineExplanation | text* | One-liner — max 80 characters
uk | ask | text* max=40 | One-liner
uk | ask | text* | One-liner (max 40 characters)
uk | =@oneLineExplanation | textarea* | Pitch your company in one sentence
uk | =@description | textarea* | Describe your company — max 200 characters
uk | =@description | textarea* | What does your company do? (max 300 characters)
uk | =@oneLineExplanation | textarea* | Your pitch
us | =@oneLineExplanation | text* | Elevator pitch
us | =@oneLineExplanation | text* | Describe your startup in one sentence
us | =@description | textarea* | What does your company do? — two sentences at most
us | =https://quarry.example | text* | Company website (starting with http)

# The everyday fields, on every kind of control.
uk | =Tidewell Labs | text* | Company name
uk | =Amara Osei | text* | Your name
uk | =Amara | text* | First name
uk | =Osei | text* | Last name
uk | =amara@tidewell.example | email* | Email
uk | =amara@tidewell.example | text* | Email address
uk | =https://tidewell.example | url* | Website
uk | =https://social.example/in/amara-osei | url | LinkedIn profile
uk | opt:Seed | select*[Pre-seed|Seed|Series A|Series B+] | Stage
uk | opt:Seed | radio*[Pre-seed|Seed|Series A] | Current stage
uk | opt:Seed | buttons*[Idea|Pre-seed|Seed|Series A+] | What stage are you at?
uk | opt:Seed round | listbox*[Pre-seed round|Seed round|Series A round] | Funding stage
uk | opt:Climate / CleanTech | buttons*[Fintech|Climate / CleanTech|Health|Other] | Industry
uk | opt:Climate | select*[AI|Climate|Fintech|Health|Other] | Sector
uk | opt:Europe | select*[North America|Europe|Asia|Other] | Where are you based?
uk | opt:United Kingdom | select*[France|Germany|United Kingdom|United States] | Country
uk | =London, UK | text* | Location
uk | =6 | number* | Team size
uk | =6 | number* | Number of employees
uk | opt:6-10 | select*[1-5|6-10|11-25|26+] | Team size
uk | opt:6-20 | select*[1-5|6-20|21+] | Team size
uk | opt:2023 | select*[2021|2022|2023|2024] | Year founded
uk | ask | tel* | Phone number
uk | empty | tel | Phone
uk | ask | text* | Company registration number
uk | ask | text* | Legal name of the company
uk | ask | textarea* | How will you use the funds?
uk | ask | textarea* | Who are your main competitors?
uk | ask | text* | Customer acquisition cost
uk | ask | number* | Months of runway
uk | ask | text* | Previous funding rounds (investors and amounts)
uk | empty | textarea | Anything else we should know?
uk | ask | select*[Yes|No] | Have you incorporated?
uk | ask | radio*[Yes|No] | Is this your first company?
uk | ask | text* | Date of birth
uk | ask | text* | Nationality
uk | ask | textarea* | Tell us about a time you failed
uk | =https://tidewell.example/deck | url* | Link to your pitch deck
uk | =https://tidewell.example/deck | text | Deck link (DocSend, Google Drive…)
uk | =@description | textarea* | Describe what your company does
uk | =@detailedDescription | textarea* | Detailed company description
uk | =@oneLineExplanation | text* | One-line description
uk | ask | textarea* | What problem are you solving and for whom?
uk | ask | textarea* | What is your go-to-market strategy?
uk | ask | textarea* | What is your business model?
uk | =Seed | text* | Stage
uk | =Climate tech | text* | Industry
uk | ask | text* | Twitter handle
uk | ask | text* | GitHub URL
uk | empty | url | Product demo link
us | =Quarry Health | text* | Startup name
us | =Dev | text* | First name
us | =Raman | text* | Surname
us | =dev@quarry.example | email* | Work email
us | =https://quarry.example | url* | Company website
us | opt:Series A | select*[Pre-seed|Seed|Series A|Series B+] | Stage
us | opt:Health | radio*[Fintech|Health|Climate|Other] | Industry
us | opt:North America | select*[North America|Europe|Asia|Other] | Region
us | =14 | number* | Team size
us | opt:11-25 | select*[1-5|6-10|11-25|26+] | Team size
us | =Austin, USA | text* | City and country
us | =@description | textarea* | Company description
us | =@oneLineExplanation | text* | Tagline
us | =We would love twenty minutes to show you Quarry. | textarea* | Message
us | =We would love twenty minutes to show you Quarry. | textarea* | Cover note
us | ask | text* | Referred by
us | ask | textarea* | Who are your customers?
us | =https://quarry.example/deck | url* | Pitch deck link
us | ask | select*[Yes|No] | Are you currently raising from other investors?
us | ask | text* | EIN
us | =Mia Chen | text* | Co-founder names
us | ask | text* | Co-founder email
us | ask | number* | Number of co-founders
`;

export interface WholePathEntry {
  founder: 'uk' | 'us';
  question: string;
  control: string;
  required: boolean;
  options?: string[];
  accept?: string;
  maxLength?: number;
  expected: PathOutcome;
}

const CONTROL = /^(\w+)(\*)?(?:\(([^)]*)\))?(?:\[(.*)\])?(?:\s+max=(\d+))?$/;

function expectedOf(founder: WholePathFounder, raw: string): PathOutcome {
  if (raw === 'ask' || raw === 'empty' || raw === 'tick') return { kind: raw };
  if (raw.startsWith('opt:')) return { kind: 'option', label: raw.slice(4) };
  if (raw.startsWith('file:')) return { kind: 'file', docKind: raw.slice(5) };
  if (!raw.startsWith('=')) throw new Error(`unknown expectation "${raw}"`);
  const v = raw.slice(1);
  if (v.startsWith('@answer:')) {
    const a = founder.answers.find((x) => x.question === v.slice(8));
    if (!a) throw new Error(`no saved answer "${v.slice(8)}"`);
    return { kind: 'value', value: a.answer };
  }
  if (v.startsWith('@')) {
    const p = founder.profile[v.slice(1) as keyof StartupProfile];
    if (!p) throw new Error(`no profile field "${v}"`);
    return { kind: 'value', value: p };
  }
  return { kind: 'value', value: v };
}

export const WHOLE_PATH_CORPUS: readonly WholePathEntry[] = RAW.split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [who, expected, control, ...rest] = l.split(' | ').map((s) => s.trim());
    const m = CONTROL.exec(control);
    if (!m || (who !== 'uk' && who !== 'us')) throw new Error(`bad corpus line: ${l}`);
    const founder = WHOLE_PATH_FOUNDERS[who];
    return {
      founder: who,
      question: rest.join(' | '),
      control: m[1],
      required: m[2] === '*',
      accept: m[3],
      options: m[4] ? m[4].split('|').map((o) => o.trim()) : undefined,
      maxLength: m[5] ? Number(m[5]) : undefined,
      expected: expectedOf(founder, expected),
    };
  });
