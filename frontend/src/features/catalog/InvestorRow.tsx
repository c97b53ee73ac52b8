import type { AngelInvestorListItem } from '@fp/contracts';
import { cleanDescription, cleanInvestorName, industryBadges } from '@fp/contracts';
import { Mail, MapPin, Phone } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';

function Presence({ has, icon, what }: { has: boolean; icon: React.ReactNode; what: string }) {
  return (
    <span
      title={has ? `${what} available` : `No ${what.toLowerCase()}`}
      className={cn(
        'flex size-7 items-center justify-center rounded-full [&_svg]:size-3.5',
        has ? 'bg-success/15 text-success' : 'bg-muted text-muted-foreground/60',
      )}
    >
      {icon}
      <span className="sr-only">{has ? `${what} available` : `No ${what.toLowerCase()}`}</span>
    </span>
  );
}

/** One investor (spec §2): checkbox, display name, location, 2-line description, 3 industry badges, contact icons. */
export function InvestorRow({
  investor,
  selected,
  onToggle,
  onDetails,
}: {
  investor: AngelInvestorListItem;
  selected: boolean;
  onToggle: () => void;
  onDetails: () => void;
}) {
  const name = cleanInvestorName(investor.companyName);
  const badges = industryBadges(investor.industries);
  return (
    <li
      data-testid="investor-row"
      data-investor-id={investor.id}
      className={cn(
        'flex gap-3 rounded-xl border bg-card p-4 shadow-sm transition-colors',
        selected ? 'border-primary ring-1 ring-primary/40' : 'border-border',
      )}
    >
      <Checkbox checked={selected} onCheckedChange={onToggle} aria-label={`Select ${name}`} className="mt-1" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
          <h3 className="font-semibold">{name}</h3>
          {investor.location ? (
            <span className="flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-3.5" aria-hidden="true" />
              {investor.location}
            </span>
          ) : null}
        </div>
        {investor.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{cleanDescription(investor.description)}</p>
        ) : null}
        <div className="flex flex-wrap items-center gap-1.5">
          {badges.shown.map((b) => (
            <Badge key={b} variant="secondary">
              {b}
            </Badge>
          ))}
          {badges.more ? <Badge variant="outline">+{badges.more} more</Badge> : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-end justify-between gap-2">
        <div className="flex gap-1.5">
          <Presence has={investor.hasEmail} icon={<Mail aria-hidden="true" />} what="Email" />
          <Presence has={investor.hasPhone} icon={<Phone aria-hidden="true" />} what="Phone" />
        </div>
        <Button variant="outline" size="sm" onClick={onDetails} aria-label={`View details of ${name}`}>
          View Details
        </Button>
      </div>
    </li>
  );
}
