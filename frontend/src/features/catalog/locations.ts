// The angel investor location dropdown (spec §2, §4, §9), as plain data. Pure.
import {
  groupCountriesByRegion,
  matchLocation,
  MAX_COUNTRIES_PER_REGION,
  MAX_OTHER_LOCATIONS,
  POPULAR_COUNTRIES,
  REGIONS,
  takeWithMore,
  type Region,
} from '@fp/contracts';

export type CheckState = 'none' | 'partial' | 'all';

export interface LocationGroup {
  key: string;
  label: string;
  /** Every location of the group (what choosing the group adds or removes). */
  locations: string[];
  /** The ones listed (15 per region, 20 for Other Locations). */
  shown: string[];
  more: number;
  state: CheckState;
}

export interface LocationModel {
  all: CheckState;
  popular: LocationGroup[];
  regions: LocationGroup[];
  other: LocationGroup;
}

export function checkState(locations: readonly string[], chosen: ReadonlySet<string>): CheckState {
  const n = locations.filter((l) => chosen.has(l)).length;
  return n === 0 ? 'none' : n === locations.length ? 'all' : 'partial';
}

/**
 * Options (most investors first) → the dropdown: regions in fixed order (Other's locations are
 * listed under 'Other Locations'), and one popular-country group per popular country present,
 * holding every location in that country.
 */
export function locationModel(options: readonly string[], chosenList: readonly string[]): LocationModel {
  const chosen = new Set(chosenList);
  const grouped = groupCountriesByRegion(options);
  const regions = REGIONS.filter((r) => grouped[r].length > 0).map((r) => {
    const { shown, more } = takeWithMore(grouped[r], MAX_COUNTRIES_PER_REGION);
    return {
      key: `region:${r}`,
      label: r,
      locations: grouped[r],
      shown: r === 'Other' ? [] : shown,
      more: r === 'Other' ? 0 : more,
      state: checkState(grouped[r], chosen),
    };
  });
  const popular = POPULAR_COUNTRIES.flatMap((country) => {
    const locations = options.filter((o) => matchLocation(o).country === country);
    return locations.length
      ? [
          {
            key: `country:${country}`,
            label: country,
            locations,
            shown: [],
            more: 0,
            state: checkState(locations, chosen),
          },
        ]
      : [];
  });
  const others = grouped.Other;
  const { shown, more } = takeWithMore(others, MAX_OTHER_LOCATIONS);
  return {
    all: checkState(options, chosen),
    popular,
    regions,
    other: {
      key: 'other',
      label: 'Other Locations',
      locations: others,
      shown,
      more,
      state: checkState(others, chosen),
    },
  };
}

/** Choosing 'all': every location, or none when all are chosen. */
export function toggleEveryLocation(options: readonly string[], chosen: readonly string[]): string[] {
  return checkState(options, new Set(chosen)) === 'all' ? [] : [...options];
}

/** Choosing a group adds all its locations, or removes them when all are chosen. */
export function toggleGroup(group: readonly string[], chosen: readonly string[]): string[] {
  const set = new Set(chosen);
  if (checkState(group, set) === 'all') return chosen.filter((c) => !group.includes(c));
  for (const g of group) set.add(g);
  return [...set];
}

/** A single location is chosen or removed. */
export function toggleLocation(location: string, chosen: readonly string[]): string[] {
  return chosen.includes(location) ? chosen.filter((c) => c !== location) : [...chosen, location];
}

export interface Chip {
  key: string;
  label: string;
  /** Locations removed with the chip. */
  locations: string[];
}

/** Chips: a region whose every location is chosen shows as the region; the rest one by one. */
export function locationChips(options: readonly string[], chosenList: readonly string[]): Chip[] {
  const chosen = new Set(chosenList);
  const grouped = groupCountriesByRegion(options);
  const chips: Chip[] = [];
  const covered = new Set<string>();
  for (const r of REGIONS as readonly Region[]) {
    const locs = grouped[r];
    if (locs.length > 1 && locs.every((l) => chosen.has(l))) {
      chips.push({ key: `region:${r}`, label: r === 'Other' ? 'Other Locations' : r, locations: locs });
      for (const l of locs) covered.add(l);
    }
  }
  for (const c of chosenList) if (!covered.has(c)) chips.push({ key: `loc:${c}`, label: c, locations: [c] });
  return chips;
}

/** 'min - max Investments', ∞ when there is no upper bound; null when neither is set. */
export function rangeChipLabel(min: string, max: string, noun: string): string | null {
  if (min.trim() === '' && max.trim() === '') return null;
  return `${min.trim() || '0'} - ${max.trim() || '∞'} ${noun}`;
}
