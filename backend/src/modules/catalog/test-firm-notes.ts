import { ATLAS_PORTAL_PASSWORD } from '@fp/workflows/sandbox';

/**
 * What a founder reads about each test firm in the test VC database: what the firm's site does,
 * what they will see and what they may have to do, in their words. The sandbox sites keep their own
 * technical descriptions for developers (workflows/src/sandbox/sites); these are the founder's.
 */
const GOES_THROUGH = 'The application should go through on its own; watch it in the live view from Submissions.';
const ASKS_YOU =
  'The application pauses and asks you under Submissions; it is sent once you answer, and nothing is made up for you.';
const MEANT_TO_FAIL = 'This test is meant to end as failed: it shows what you see when a firm cannot be applied to.';

export const TEST_FIRM_NOTES: Record<string, string> = {
  'aspen-ventures': `Asks about your investors, who referred you, your co-founders and a registration number: things your profile does not say. ${ASKS_YOU}`,
  'atlas-ventures': `Its "Apply" button leads to a founder portal that asks you to sign in first. Open the live view when the application waits for you, sign in with any e-mail and the test password ${ATLAS_PORTAL_PASSWORD}, and the portal's form appears; the automation fills it in after that. Without you, the application stops at the sign-in.`,
  'beacon-ventures': `Its home page has a general contact form as well as the real "Apply" page; the application goes to the "Apply" page, not the contact form. ${GOES_THROUGH}`,
  'birch-ventures': `One question per screen, with answers as cards you click. Where the only fitting answer is "Other", you are asked first. ${GOES_THROUGH}`,
  'bramble-ventures': `Asks questions only you can answer, such as "Why now?" and which track you apply to. ${ASKS_YOU}`,
  'cedar-ventures': `The application form sits inside a box on the firm's page (from a form service), and its thank-you message appears inside that box. ${GOES_THROUGH}`,
  'crumb-capital': `A cookie banner covers the page until a choice is made; only the cookies the site needs are accepted for you. ${GOES_THROUGH}`,
  'driftwood-capital': `The form's Send button is broken: clicking it does nothing. ${MEANT_TO_FAIL}`,
  'elm-partners': `Sector and region are picked from lists. If the only fitting answer is "Other", you are asked rather than it being chosen for you. ${GOES_THROUGH}`,
  'ember-capital': `Asks for a link to your pitch deck, with an optional file upload; the link to your deck is enough. ${GOES_THROUGH}`,
  'forge-ventures': `Requires your pitch deck as a PDF file and accepts no link. Upload your deck (PDF) in Settings before you try it; without a deck the application ends as failed.`,
  'granite-growth': `Several required drop-downs and choices, a required agreement box and optional tick boxes. Optional boxes stay unticked, and the agreement is ticked only if you allowed it in Settings → Applications. ${GOES_THROUGH}`,
  'harbor-vc': `A form that loads a moment after the page, with a required agreement and an optional newsletter box (left unticked). ${GOES_THROUGH}`,
  'hazel-fund': `One question per screen with clickable answers and a Continue button; regions instead of cities. ${GOES_THROUGH}`,
  'juniper-partners': `A two-page form: first and last name in separate boxes, then Next to the second page. ${GOES_THROUGH}`,
  'kestrel-ventures': `A form made with an online form builder: questions as headings and answers as clickable choices. ${GOES_THROUGH}`,
  'larch-capital': `Questions worded differently from your profile, with strict formats (dates, numbers) and comment boxes. Only answers that match exactly are filled in; for the rest, ${ASKS_YOU.charAt(0).toLowerCase()}${ASKS_YOU.slice(1)}`,
  'lumen-partners': `Starts with a Start button, then one question per screen, moving on by itself after each choice. ${GOES_THROUGH}`,
  'meridian-fund': `The firm's server answers with an error page when the form is sent. ${MEANT_TO_FAIL}`,
  'northwind-ventures': `A plain application form on the home page, followed by a thank-you page. The simplest test: ${GOES_THROUGH.charAt(0).toLowerCase()}${GOES_THROUGH.slice(1)}`,
  'nova-spa': `The page stays blank for about a second while it loads, then an "Apply now" button opens the form. ${GOES_THROUGH}`,
  'orbit-fund': `A form that looks like Google Forms, with answers picked from lists and choices. ${GOES_THROUGH}`,
  'pinecone-vc': `The form is sent, then the page says "Submission failed: applications are closed". ${MEANT_TO_FAIL}`,
  'prism-ventures': `One question per screen; answers are lettered cards (A, B, C…) that move on by themselves. ${GOES_THROUGH}`,
  'quill-ventures': `The firm takes pitches by e-mail only and has no form on its site, so there is nothing to fill in. ${MEANT_TO_FAIL}`,
  'ripple-fund': `The stage drop-down resets itself after the first choice; it is set again and checked before sending. On one of its pages it keeps resetting until you set it yourself in the live view. ${GOES_THROUGH}`,
  'sentinel-capital': `The form is protected by an "I'm not a robot" check that the automation does not solve. ${MEANT_TO_FAIL}`,
  'summit-capital': `A three-step form with Next buttons that checks each step before moving on. ${GOES_THROUGH}`,
  'tortoise-capital': `A slow site: pages take a few seconds to answer. ${GOES_THROUGH}`,
  'warden-ventures': `The form has a human check: tick "I am human" and type the code shown, in the live view, when the application waits for you. Without you, it stops and nothing is sent.`,
  'willow-partners': `No "Apply" link on the home page: the way in is "Submit your pitch" under About. The contact page has only an e-mail address and a newsletter form, which are left alone. ${GOES_THROUGH}`,
  'cobalt-spa': `The page's script refuses the form with "All fields except website are required"; the fields it means are asked of you. ${ASKS_YOU}`,
  'fern-ventures': `One question per screen; answers are lettered buttons, cards and a list that go on only with "OK". ${GOES_THROUGH}`,
  'reed-grants': `Fields that take only some values (a phone pattern, decimals, a length limit): what does not fit is asked or listed as not sent. ${ASKS_YOU}`,
  'slate-capital': `A slow confirmation: the firm takes a few seconds to answer while the page shows it is sending. ${GOES_THROUGH}`,
  'heather-partners': `Tick boxes that say different things (the terms, your age, sharing with co-investors, a newsletter) and a raise asked in dollar ranges. Only the terms box follows your "accept terms" setting; your age, and the range when you raise in another currency, are asked of you. ${ASKS_YOU}`,
  'thistle-capital': `Asks for your deck, your CV and, optionally, a financial model and your co-founders' CVs. Each upload gets only your document of that kind (Settings → Documents); without a CV nothing is sent.`,
};
