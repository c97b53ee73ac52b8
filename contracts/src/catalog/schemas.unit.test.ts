import { describe, expect, it } from 'vitest';
import {
  angelInvestorDetailSchema,
  angelInvestorListItemSchema,
  toAngelListItem,
  vcFirmSchema,
  type AngelInvestorDetail,
  type VcFirm,
} from './schemas';

const firm: VcFirm = {
  id: 'vc_000001',
  vcName: 'Granite Harbor Ventures',
  city: 'San Francisco, CA',
  country: 'United States',
  primaryInvestorType: 'Venture Capital',
  investorStatus: 'Actively Seeking New Investments',
  aum: '250',
  description: 'Seed fund.',
  totalInvestment: 40,
  totalExits: 6,
  primaryContactEmail: 'jane@graniteharbor.vc',
  phone: '+1 415 555 0100',
  firstName: 'Jane',
  lastName: 'Smith',
  title: 'General Partner',
  website: 'https://www.graniteharbor.vc/',
  stagesInvested: ['Seed', 'Series A'],
  checkSizeMin: 250,
  checkSizeMax: 2000,
  lastInvestmentDate: '2025-03-14',
};

const angel: AngelInvestorDetail = {
  id: 'ang_000001',
  companyName: 'Dr. Jane Smith serves as a partner at Acme',
  investorType: 'Angel Investor',
  location: 'London, United Kingdom',
  country: 'United Kingdom',
  description: '**Jane** invests [Source: Crunchbase]',
  industries: 'SaaS, Fintech',
  contactEmail: 'jane@example.com',
  contactEmailVerified: true,
  phoneNumber: null,
  companyUrl: 'https://janesmith.com',
  domain: 'janesmith.com',
  linkedin: 'https://www.linkedin.com/in/jane-smith',
  twitter: null,
  facebook: null,
  instagram: null,
  investments: 12,
  exits: 2,
};

describe('vcFirmSchema', () => {
  it('given a complete firm, when parsed, then it passes unchanged', () => {
    expect(vcFirmSchema.parse(firm)).toEqual(firm);
  });

  it('given a firm with every optional value null, when parsed, then it passes', () => {
    const sparse = {
      ...firm,
      city: null,
      aum: null,
      primaryContactEmail: null,
      website: null,
      checkSizeMin: null,
      checkSizeMax: null,
      lastInvestmentDate: null,
      totalInvestment: null,
    };
    expect(vcFirmSchema.safeParse(sparse).success).toBe(true);
  });

  it.each([
    ['a bad e-mail', { primaryContactEmail: 'nope' }],
    ['a non-http website', { website: 'ftp://x.com' }],
    ['an unknown stage', { stagesInvested: ['Series Z'] }],
    ['a date with a time', { lastInvestmentDate: '2025-03-14T00:00:00Z' }],
    ['a negative count', { totalExits: -1 }],
    ['a fractional count', { totalInvestment: 1.5 }],
    ['an inverted check size', { checkSizeMin: 500, checkSizeMax: 100 }],
    ['an empty name', { vcName: '' }],
    ['a missing field', { phone: undefined }],
  ])('given %s, when parsed, then it is rejected', (_what, patch) => {
    expect(vcFirmSchema.safeParse({ ...firm, ...patch }).success).toBe(false);
  });
});

describe('angel investor schemas', () => {
  it('given a complete detail, when parsed, then it passes unchanged', () => {
    expect(angelInvestorDetailSchema.parse(angel)).toEqual(angel);
  });

  it.each([
    ['a bad e-mail', { contactEmail: 'x@' }],
    ['a bad LinkedIn URL', { linkedin: 'linkedin.com/in/x' }],
    ['negative exits', { exits: -1 }],
    ['a missing verified flag', { contactEmailVerified: undefined }],
  ])('given %s, when parsed, then it is rejected', (_what, patch) => {
    expect(angelInvestorDetailSchema.safeParse({ ...angel, ...patch }).success).toBe(false);
  });

  it('given a detail, when turned into a list row, then contact values become presence flags only', () => {
    // when
    const row = toAngelListItem(angel);
    // then
    expect(row).toEqual({
      id: 'ang_000001',
      companyName: angel.companyName,
      location: 'London, United Kingdom',
      description: angel.description,
      industries: 'SaaS, Fintech',
      hasEmail: true,
      hasPhone: false,
    });
    expect(angelInvestorListItemSchema.parse(row)).toEqual(row);
    expect(row).not.toHaveProperty('contactEmail');
  });

  it('given a list row carrying the raw e-mail, when parsed, then the e-mail is stripped', () => {
    const parsed = angelInvestorListItemSchema.parse({ ...toAngelListItem(angel), contactEmail: 'jane@example.com' });
    expect(parsed).not.toHaveProperty('contactEmail');
  });
});
