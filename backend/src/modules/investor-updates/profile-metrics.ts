import type { ProfileField, StartupProfile, UpdateMetric } from '@fp/contracts';

const fromProfile = (field: ProfileField, range = false) => `profile:${field}${range ? ' (range)' : ''}`;

/** "12,500" from "12500" or "12500.50" (the profile keeps digits). */
const amount = (v: string) => {
  const [whole, cents] = v.split('.');
  return `${Number(whole).toLocaleString('en-US')}${cents ? `.${cents}` : ''}`;
};

/**
 * The update template's metrics from the founder's profile: the exact value where the profile has one
 * (Exact Monthly Revenue, Exact Team Size), else its range, each saying where it came from. Revenue and
 * team are always listed (empty for the founder to fill when the profile has neither).
 */
export function profileMetrics(p: StartupProfile): UpdateMetric[] {
  const out: UpdateMetric[] = [];
  if (p.monthlyRevenue)
    out.push({
      label: 'Monthly revenue',
      value: `${p.revenueCurrency ?? 'USD'} ${amount(p.monthlyRevenue)}`,
      source: fromProfile('monthlyRevenue'),
    });
  else if (p.revenue) out.push({ label: 'Monthly revenue', value: p.revenue, source: fromProfile('revenue', true) });
  else out.push({ label: 'Monthly revenue', value: '', source: 'founder' });
  if (p.teamCount) out.push({ label: 'Team', value: `${p.teamCount} people`, source: fromProfile('teamCount') });
  else if (p.teamSize)
    out.push({ label: 'Team', value: `${p.teamSize} people`, source: fromProfile('teamSize', true) });
  else out.push({ label: 'Team', value: '', source: 'founder' });
  if (p.raising) out.push({ label: 'Raising', value: p.raising, source: fromProfile('raising') });
  if (p.stage) out.push({ label: 'Stage', value: p.stage, source: fromProfile('stage') });
  if (p.existingFunding)
    out.push({ label: 'Raised so far', value: p.existingFunding, source: fromProfile('existingFunding') });
  return out;
}

/**
 * A metric keeps a profile source only while its value is still the profile's; a value the founder
 * typed or changed is theirs ('founder'), so the screen never says "from your profile" about it.
 */
export function checkSources(metrics: UpdateMetric[], profile: StartupProfile): UpdateMetric[] {
  const truth = new Map(
    profileMetrics(profile)
      .filter((m) => m.source !== 'founder')
      .map((m) => [m.source, m.value]),
  );
  return metrics.map((m) =>
    m.source === 'founder' || truth.get(m.source) === m.value ? m : { ...m, source: 'founder' },
  );
}
