import { describe, expect, it } from 'vitest';
import { classifyField, normalizeText, parseMoney, splitName, valueForTarget, type FieldDescriptor } from '.';
import type { StartupProfile } from '.';

const profile: StartupProfile = {
  companyName: 'Lumibyte Labs',
  description: 'Lumibyte builds AI copilots for finance teams. We integrate with ERPs.',
  oneLineExplanation: 'AI copilot that closes the books.',
  founderName: 'Ada King Lovelace',
  founderEmail: 'ada@lumibyte.example',
  website: 'lumibyte.example',
  stage: 'Seed',
  industry: 'AI & ML',
  raising: '$2M',
  founded: 'March 2022',
  pitchDeck: 'https://docsend.example/v/1',
  location: 'Berlin, Germany',
  teamSize: '6-10',
};

const target = (d: FieldDescriptor) => classifyField(d)?.target ?? null;

describe('classifyField: label text', () => {
  it.each([
    ['Your name', 'founderName'],
    ['Full name *', 'founderName'],
    ['Founder name', 'founderName'],
    ['First name', 'firstName'],
    ['Last name', 'lastName'],
    ['Surname', 'lastName'],
    ['Email address', 'founderEmail'],
    ['E-Mail', 'founderEmail'],
    ['Work email', 'founderEmail'],
    ['Company name', 'companyName'],
    ["What's your company called?", 'companyName'],
    ['3 → What is your company called? *', 'companyName'],
    ['What is the name of your startup?', 'companyName'],
    ['How far along are you?', 'stage'],
    ['Startup name', 'companyName'],
    ['Company website', 'website'],
    ['Website URL', 'website'],
    ['LinkedIn profile', 'founderLinkedin'],
    ['Link to your pitch deck', 'pitchDeck'],
    ['Pitch deck URL', 'pitchDeck'],
    ['Current stage', 'stage'],
    ['What stage are you at?', 'stage'],
    ['Funding stage', 'stage'],
    ['Industry', 'industry'],
    ['Sector', 'industry'],
    ['How much are you raising? (USD)', 'raising'],
    ['Round size', 'raising'],
    ['How much have you raised so far?', 'existingFunding'],
    ['Year founded', 'founded'],
    ['When was the company founded?', 'founded'],
    ['Team size', 'teamSize'],
    ['How many employees do you have?', 'teamSize'],
    ['Monthly revenue', 'revenue'],
    ['Where is the company based?', 'location'],
    ['Location', 'location'],
    ['What problem are you solving?', 'problem'],
    ['How does your product solve it?', 'solution'],
    ['What makes you unique?', 'differentiation'],
    ['Describe what you do in one sentence.', 'oneLineExplanation'],
    ['One-line pitch', 'oneLineExplanation'],
    ['Company description', 'description'],
    ['Tell us about your company', 'description'],
    ['What does your company do?', 'description'],
    ['Tell us about your founding team', 'additionalFounders'],
    ['Co-founders', 'additionalFounders'],
    ['Message', 'message'],
    ['Your pitch in a few sentences', 'message'],
    ['Phone number', 'phone'],
    ['How did you hear about our firm?', 'referral'],
    ['Your role', 'role'],
    ['Company size', 'teamSize'],
    ['Company HQ', 'location'],
    ['Company stage', 'stage'],
    ['Company email', 'founderEmail'],
    ['Total raised to date', 'existingFunding'],
    ['Funding round', 'stage'],
    ['What are you working on?', 'description'],
  ])('%s → %s', (label, expected) => {
    expect(target({ label })).toBe(expected);
  });
});

describe('classifyField: other clues', () => {
  it('uses name/id when there is no label', () => {
    expect(target({ name: 'firstname' })).toBe('firstName');
    expect(target({ name: 'lname' })).toBe('lastName');
    expect(target({ name: 'company_name' })).toBe('companyName');
    expect(target({ id: 'founderEmail' })).toBe('founderEmail');
    expect(target({ name: 'how_much_are_you_raising_' })).toBe('raising');
  });
  it('prefers the human label over a generated name', () => {
    expect(target({ label: 'Company', name: 'field_3' })).toBe('companyName');
    expect(target({ label: 'Name', name: 'company' })).toBe('founderName');
  });
  it('uses ARIA labels and nearby question text (no label element)', () => {
    expect(target({ ariaLabel: 'Startup website' })).toBe('website');
    expect(target({ placeholder: 'Type your answer here...', nearbyText: "What's your full name? *" })).toBe(
      'founderName',
    );
  });
  it('treats sample placeholders as hints, not as labels', () => {
    expect(
      target({ placeholder: 'name@example.com', inputType: 'email', nearbyText: "We'll only use it to reply" }),
    ).toBe('founderEmail');
    expect(target({ placeholder: 'https://linkedin.com/in/you' })).toBe('founderLinkedin');
    expect(target({ placeholder: 'https://' })).toBe('website');
    expect(target({ placeholder: 'Your company name' })).toBe('companyName');
  });
  it('uses autocomplete and input type', () => {
    expect(target({ autocomplete: 'given-name', label: 'Name' })).toBe('firstName');
    expect(target({ autocomplete: 'organization' })).toBe('companyName');
    expect(target({ inputType: 'email', label: 'Contact' })).toBe('founderEmail');
    expect(target({ inputType: 'url' })).toBe('website');
    expect(target({ inputType: 'password', label: 'Email' })).toBe('password');
  });
  it('leaves unknown fields alone, and questions about others, identifiers and compound questions', () => {
    expect(target({ label: 'Favourite colour' })).toBeNull();
    expect(target({ label: 'Company LinkedIn URL' })).toBeNull();
    expect(target({ label: 'Anything else we should know?' })).toBeNull();
    expect(target({ label: 'Why should we invest?' })).toBeNull();
    expect(target({ label: 'Company registration number' })).toBeNull();
    expect(target({ label: 'What is the name of your lead investor?' })).toBeNull();
    expect(target({ label: 'Company name and website' })).toBeNull();
    expect(target({})).toBeNull();
  });
  it('treats a lone checkbox as consent or marketing opt-in, nothing else', () => {
    expect(target({ kind: 'checkbox', label: 'I agree to the privacy policy' })).toBe('consent');
    expect(target({ kind: 'checkbox', label: 'I confirm that the information above is accurate' })).toBe('consent');
    expect(target({ kind: 'checkbox', label: 'I agree to receive other communications from Harbor VC.' })).toBe(
      'marketingOptIn',
    );
    expect(target({ kind: 'checkbox', label: 'Subscribe to our newsletter' })).toBe('marketingOptIn');
    expect(target({ kind: 'checkbox', label: 'Are you remote-first?' })).toBeNull();
  });
});

describe('values', () => {
  it('splits the founder name into first and last', () => {
    expect(splitName('Ada King Lovelace')).toEqual({ first: 'Ada', last: 'King Lovelace' });
    expect(splitName('Cher')).toEqual({ first: 'Cher', last: '' });
    expect(splitName('  ')).toEqual({ first: '', last: '' });
    expect(valueForTarget('firstName', profile)).toBe('Ada');
    expect(valueForTarget('lastName', profile)).toBe('King Lovelace');
    expect(valueForTarget('lastName', { founderName: 'Cher' })).toBeNull();
  });
  it('reads profile fields as they are', () => {
    expect(valueForTarget('founderEmail', profile)).toBe('ada@lumibyte.example');
    expect(valueForTarget('website', profile)).toBe('https://lumibyte.example');
    // No value stands in for another: a missing one-liner is not cut from the description.
    expect(valueForTarget('oneLineExplanation', { description: 'We do X. And Y.' })).toBeNull();
    expect(valueForTarget('detailedDescription', profile)).toBeNull();
    expect(valueForTarget('message', profile)).toBeNull();
    expect(valueForTarget('problem', profile)).toBeNull();
    expect(valueForTarget('marketingOptIn', profile)).toBeNull();
    expect(valueForTarget('phone', profile)).toBeNull();
  });
  it('parses money amounts', () => {
    expect(parseMoney('$2M')).toBe(2_000_000);
    expect(parseMoney('1.5 million')).toBe(1_500_000);
    expect(parseMoney('€500k')).toBe(500_000);
    expect(parseMoney('2,000,000')).toBe(2_000_000);
    expect(parseMoney('soon')).toBeNull();
  });
  it('normalises text', () => {
    expect(normalizeText('companyName')).toBe('company name');
    expect(normalizeText('E-Mail *')).toBe('e mail');
    expect(normalizeText('AI & ML')).toBe('ai and ml');
  });
});
