import { describe, expect, it } from 'vitest';
import { BIOGRAPHY_VERBS, cleanDescription, cleanInvestorName } from './names';

describe('cleanInvestorName', () => {
  it.each([
    ['Mr. John Doe', 'John Doe'],
    ['Ms. Jane Roe', 'Jane Roe'],
    ['Mrs. Ann Lee', 'Ann Lee'],
    ['Dr. Jane Smith', 'Jane Smith'],
    ['dr jane smith', 'jane smith'],
    ['Dr.Jane Smith', 'Jane Smith'],
  ])('given a leading title in %j, when cleaned, then the title is stripped: %j', (raw, clean) => {
    expect(cleanInvestorName(raw)).toBe(clean);
  });

  it.each(BIOGRAPHY_VERBS.map((verb) => [verb]))(
    'given a trailing biography starting with %j, when cleaned, then only the name is left',
    (verb) => expect(cleanInvestorName(`Jane Smith ${verb} a partner at Acme Ventures.`)).toBe('Jane Smith'),
  );

  it.each([
    ['Dr. Jane Smith serves as a partner at Acme Ventures.', 'Jane Smith'],
    ['John Doe, has invested in 40 startups', 'John Doe'],
    ['Jane Roe. She joined Index Ventures in 2019.', 'Jane Roe'],
    ['Sam Lee; founded Orbit Labs', 'Sam Lee'],
    ['John Doe Jr. is an angel investor', 'John Doe Jr.'],
    ['Mary J. is here', 'Mary J.'],
    ['  Ann   Lee  ', 'Ann Lee'],
    ['Ann Lee.', 'Ann Lee'],
  ])('given %j, when cleaned, then shows %j', (raw, clean) => {
    expect(cleanInvestorName(raw)).toBe(clean);
  });

  it.each([['Isabel Hassan'], ['Drew Wasserman'], ['Mrinal Shah'], ["Conor O'Hara-Jones"], ['Has Ventures']])(
    'given a plain name %j that merely contains titles or verbs, when cleaned, then it is unchanged',
    (raw) => {
      expect(cleanInvestorName(raw)).toBe(raw);
    },
  );

  it.each([
    ['Dr.', 'Dr.'],
    ['Mr', 'Mr'],
  ])('given %j that cleans to nothing, when cleaned, then falls back to the raw name', (raw, shown) => {
    expect(cleanInvestorName(raw)).toBe(shown);
  });

  it('given no name, when cleaned, then gives an empty string', () => {
    expect(cleanInvestorName(null)).toBe('');
    expect(cleanInvestorName(undefined)).toBe('');
  });
});

describe('cleanDescription', () => {
  it.each([
    ['Invests in SaaS. [Source: Crunchbase]', 'Invests in SaaS.'],
    ['Invests in SaaS [source: PitchBook].', 'Invests in SaaS.'],
    ['Invests [Sources: Crunchbase, LinkedIn] in SaaS', 'Invests in SaaS'],
    ['Invests in SaaS [via AngelList]', 'Invests in SaaS'],
    ['Invests in SaaS <source>LinkedIn</source>', 'Invests in SaaS'],
    ['Invests in SaaS <SOURCE type="web">x</SOURCE>.', 'Invests in SaaS.'],
    ['Invests in SaaS <source name="crunchbase"/>', 'Invests in SaaS'],
    ['Invests in SaaS (via LinkedIn).', 'Invests in SaaS.'],
    ['Invests in SaaS (Source: Wellfound)', 'Invests in SaaS'],
    ['Invests in SaaS【4†source】.', 'Invests in SaaS.'],
  ])('given source tags in %j, when cleaned, then they are gone: %j', (raw, clean) => {
    expect(cleanDescription(raw)).toBe(clean);
  });

  it('given bold markers, when cleaned, then ** and __ are removed but single underscores stay', () => {
    expect(cleanDescription('**Jane** backs __fintech__ founders; see jane_roe')).toBe(
      'Jane backs fintech founders; see jane_roe',
    );
  });

  it('given ordinary parentheses and brackets, when cleaned, then they are kept', () => {
    expect(cleanDescription('Backs B2B (and some B2C) startups [mostly seed].')).toBe(
      'Backs B2B (and some B2C) startups [mostly seed].',
    );
  });

  it('given paragraphs and odd spacing, when cleaned, then paragraph breaks survive and spaces collapse', () => {
    expect(cleanDescription('  First   line .\n\n\n\n  Second\tline  ')).toBe('First line.\n\nSecond line');
  });

  it('given every kind of tag at once, when cleaned, then a clean sentence is left', () => {
    const raw =
      '**Jane Smith** is an angel investor focused on __AI & ML__ and SaaS [Source: Crunchbase]. Former VP at Stripe (via LinkedIn) <source>PitchBook</source>';
    expect(cleanDescription(raw)).toBe(
      'Jane Smith is an angel investor focused on AI & ML and SaaS. Former VP at Stripe',
    );
  });

  it('given nothing, when cleaned, then gives an empty string', () => {
    expect(cleanDescription(null)).toBe('');
    expect(cleanDescription(undefined)).toBe('');
    expect(cleanDescription('')).toBe('');
  });
});
