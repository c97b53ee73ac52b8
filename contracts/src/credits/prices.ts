import type { SpendKind } from './events';

/**
 * What each paid action costs, in credits: the one place a price is written. The backend charges
 * from it and the screens show it (`withCost`, "Export to CSV (1 credit)"); a retry is another
 * application, so it costs what an application costs.
 */
export const ACTION_PRICES = {
  vc_application: 1,
  angel_export: 1,
} as const satisfies Record<SpendKind, number>;

/** "1 credit", "1,800 credits". */
export const creditCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'credit' : 'credits'}`;

/** "Retry · 1 credit": a button that spends says what it costs. */
export const withCost = (label: string, cost: number) => `${label} · ${creditCount(cost)}`;
