import { Bot, Bug, Fingerprint, Gauge, KeyRound, ScanSearch, ShieldAlert, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { codeLabel } from './format';

export interface TypeLook {
  icon: LucideIcon;
  /** Text colour of the icon and badge. */
  text: string;
  /** Tinted background of badges and tiles. */
  tint: string;
  /** Solid fill for chart segments and legend dots. */
  fill: string;
  description: string;
}

/** One look per known violation type (spec §3); any other type gets DEFAULT_LOOK. */
export const TYPE_LOOKS: Record<string, TypeLook> = {
  rate_limit: {
    icon: Gauge,
    text: 'text-warning-foreground dark:text-warning',
    tint: 'bg-warning/20',
    fill: 'bg-warning',
    description: 'Too many requests in a minute',
  },
  brute_force: {
    icon: KeyRound,
    text: 'text-destructive',
    tint: 'bg-destructive/15',
    fill: 'bg-destructive',
    description: 'Repeated failed sign-ins',
  },
  honeypot: {
    icon: Bug,
    text: 'text-chart-5',
    tint: 'bg-chart-5/15',
    fill: 'bg-chart-5',
    description: 'Touched a trap only bots find',
  },
  user_agent: {
    icon: Bot,
    text: 'text-chart-2',
    tint: 'bg-chart-2/15',
    fill: 'bg-chart-2',
    description: 'Automated client or script',
  },
  fingerprint: {
    icon: Fingerprint,
    text: 'text-chart-1',
    tint: 'bg-chart-1/15',
    fill: 'bg-chart-1',
    description: 'Session used by another client',
  },
  query_limit: {
    icon: ScanSearch,
    text: 'text-chart-3',
    tint: 'bg-chart-3/15',
    fill: 'bg-chart-3',
    description: 'Read too much of the catalog',
  },
};

export const DEFAULT_LOOK: TypeLook = {
  icon: ShieldAlert,
  text: 'text-muted-foreground',
  tint: 'bg-muted',
  fill: 'bg-muted-foreground',
  description: 'Other violation',
};

export const lookOf = (type: string): TypeLook => TYPE_LOOKS[type] ?? DEFAULT_LOOK;

/** The type badge of a violation: its own colour and icon. */
export function TypeBadge({ type, className }: { type: string; className?: string }) {
  const look = lookOf(type);
  const Icon = look.icon;
  return (
    <span
      data-violation-type={type}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        look.tint,
        look.text,
        className,
      )}
    >
      <Icon className="size-3" aria-hidden="true" />
      {codeLabel(type)}
    </span>
  );
}
