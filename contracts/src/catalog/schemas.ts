// zod schemas for catalog records (spec 3), shared by the API, the projections and the browser.
import { z } from 'zod';
import { INVESTOR_STAGES } from './industries';
import { provenanceSchema } from './sources';
import { firmFormEntrySchema } from './forms';

const id = z.string().min(1);
const text = z.string().nullable();
const count = z.number().int().nonnegative();
const webUrl = z.url({ protocol: /^https?$/ }).nullable();
const email = z.email().nullable();

/**
 * A VC firm, as listed and as shown in the detail dialog (the spec gives both the same fields),
 * plus fields founders use to judge fit: stages, check size and recency.
 */
export const vcFirmSchema = z
  .object({
    id,
    vcName: z.string().min(1),
    city: text,
    country: text,
    primaryInvestorType: text,
    investorStatus: text,
    /** Assets under management as text in millions of USD, or 'N/A'. Display with formatAum. */
    aum: text,
    description: text,
    /** Number of investments made. */
    totalInvestment: count.nullable(),
    totalExits: count.nullable(),
    primaryContactEmail: email,
    phone: text,
    firstName: text,
    lastName: text,
    title: text,
    website: webUrl,
    stagesInvested: z.array(z.enum(INVESTOR_STAGES)),
    /** Typical cheque size range, in thousands of USD. */
    checkSizeMin: count.nullable(),
    checkSizeMax: count.nullable(),
    /** ISO date (YYYY-MM-DD) of the most recent known investment. */
    lastInvestmentDate: z.iso.date().nullable(),
    /** Imported firms only (generated ones leave these out): sectors, year founded, leads rounds. */
    sectors: z.array(z.string()).optional(),
    foundedYear: z.number().int().nullable().optional(),
    leadsRounds: z.boolean().nullable().optional(),
    /** False when the firm left every source it came from: hidden from search, kept for submissions. */
    active: z.boolean().optional(),
    /** Retired firms whose source row moved to another domain: the firm that row belongs to now. */
    replacedBy: z.string().optional(),
    /** Imported firms: where each field came from. Absent on generated (demo) records. */
    provenance: z.array(provenanceSchema).optional(),
    /** Lists and details only: the registry's latest check of the firm's application form (never stored on the record). */
    form: firmFormEntrySchema.nullable().optional(),
  })
  .refine((f) => f.checkSizeMin == null || f.checkSizeMax == null || f.checkSizeMin <= f.checkSizeMax, {
    message: 'checkSizeMin must not exceed checkSizeMax',
    path: ['checkSizeMax'],
  });
// The spec shows the same fields in the VC list and its detail dialog: one schema serves both.
export type VcFirm = z.infer<typeof vcFirmSchema>;

/**
 * Angel investor as shown in the detail dialog. `companyName` is the raw stored name; the UI
 * shows cleanInvestorName(companyName) and cleanDescription(description). `investments` and
 * `exits` feed the range filters. `id` is added to the spec's dialog fields so a detail can be
 * selected and exported.
 */
export const angelInvestorDetailSchema = z.object({
  id,
  companyName: z.string().min(1),
  investorType: text,
  location: text,
  country: text,
  description: text,
  /** Comma-separated; split with splitIndustries. */
  industries: text,
  contactEmail: email,
  contactEmailVerified: z.boolean(),
  phoneNumber: text,
  companyUrl: webUrl,
  domain: text,
  linkedin: webUrl,
  twitter: webUrl,
  facebook: webUrl,
  instagram: webUrl,
  investments: count,
  exits: count,
});
export type AngelInvestorDetail = z.infer<typeof angelInvestorDetailSchema>;

/** Angel investor list row: contact details are reduced to whether they exist. */
export const angelInvestorListItemSchema = z.object({
  id,
  companyName: z.string().min(1),
  location: text,
  description: text,
  industries: text,
  hasEmail: z.boolean(),
  hasPhone: z.boolean(),
});
export type AngelInvestorListItem = z.infer<typeof angelInvestorListItemSchema>;

/**
 * GET /api/investors/:id: the dialog's fields with the contact values reduced to whether they
 * exist (and whether the e-mail is verified). Contacts leave the product only through the paid
 * export, so browsing details cannot undercut it.
 */
export type AngelInvestorPublicDetail = Omit<AngelInvestorDetail, 'contactEmail' | 'phoneNumber'> & {
  hasEmail: boolean;
  hasPhone: boolean;
};

export function toAngelPublicDetail(a: AngelInvestorDetail): AngelInvestorPublicDetail {
  const { contactEmail, phoneNumber, ...rest } = a;
  return {
    ...rest,
    hasEmail: Boolean(contactEmail),
    hasPhone: Boolean(phoneNumber),
    contactEmailVerified: Boolean(contactEmail) && a.contactEmailVerified,
  };
}

/** The list row for a detail record (the list never carries the contact values). */
export function toAngelListItem(a: AngelInvestorDetail): AngelInvestorListItem {
  return {
    id: a.id,
    companyName: a.companyName,
    location: a.location,
    description: a.description,
    industries: a.industries,
    hasEmail: Boolean(a.contactEmail),
    hasPhone: Boolean(a.phoneNumber),
  };
}
