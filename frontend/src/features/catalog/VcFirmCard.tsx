import type { FirmFit } from '@fp/contracts';
import { formatAum, type VcFirm } from '@fp/contracts';
import { Banknote, Globe, Mail, MapPin } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { FitReasons } from './FitPanel';
import { FormBadge } from './FirmForm';

export const place = (f: Pick<VcFirm, 'city' | 'country'>) =>
  [f.city, f.country].filter(Boolean).join(', ') || 'Location unknown';

/** 'https://www.acme.vc/' → 'acme.vc'; a site under a path keeps it ('127.0.0.1:3100/atlas-ventures'). */
export function siteLabel(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname.replace(/\/+$/, '');
    return `${u.host.replace(/^www\./, '')}${path}`;
  } catch {
    return url;
  }
}

/** One firm in the results grid (spec §2): name, place, type, AUM, contact marker, website; its fit (from the server) when the profile allows. */
export function VcFirmCard({
  firm,
  selected,
  onToggle,
  onDetails,
  fit,
}: {
  firm: VcFirm;
  selected: boolean;
  onToggle: () => void;
  onDetails: () => void;
  fit?: FirmFit;
}) {
  return (
    <article
      data-testid="vc-firm-card"
      data-firm-id={firm.id}
      className={cn(
        'flex min-w-0 flex-col rounded-xl border bg-card text-card-foreground shadow-sm transition-colors',
        selected ? 'border-primary ring-1 ring-primary/40' : 'border-border',
      )}
    >
      <div className="flex gap-3 p-4 pb-3">
        <Checkbox checked={selected} onCheckedChange={onToggle} aria-label={`Select ${firm.vcName}`} className="mt-1" />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex items-start justify-between gap-2">
            <h3 className="truncate leading-snug font-semibold" title={firm.vcName}>
              {firm.vcName}
            </h3>
            {fit ? (
              <span
                data-testid="fit-badge"
                title="Fit for your startup, from your profile (details for every reason)"
                className={cn(
                  'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
                  fit.score >= 70
                    ? 'bg-success/15 text-success'
                    : fit.score >= 40
                      ? 'bg-warning/15 text-warning'
                      : 'bg-muted text-muted-foreground',
                )}
              >
                Fit {fit.score}
              </span>
            ) : null}
          </div>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{place(firm)}</span>
          </p>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {firm.primaryInvestorType ? <Badge variant="secondary">{firm.primaryInvestorType}</Badge> : null}
            <Badge variant="outline">
              <Banknote aria-hidden="true" />
              AUM {formatAum(firm.aum)}
            </Badge>
            {firm.primaryContactEmail ? (
              <Badge variant="success">
                <Mail aria-hidden="true" />
                Contact Available
              </Badge>
            ) : null}
            <FormBadge form={firm.form} />
          </div>
          {/* What is known about the fit; the unknowns are in the details. */}
          {fit ? <FitReasons fit={fit} known className="mt-1" /> : null}
        </div>
      </div>
      <div className="mt-auto flex items-center justify-between gap-2 border-t border-border px-4 py-2.5">
        {firm.website ? (
          <a
            href={firm.website}
            target="_blank"
            rel="noopener noreferrer"
            className="flex min-w-0 items-center gap-1.5 text-sm text-primary hover:underline"
          >
            <Globe className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{siteLabel(firm.website)}</span>
          </a>
        ) : (
          <span className="text-sm text-muted-foreground">No website</span>
        )}
        <Button variant="ghost" size="sm" onClick={onDetails} aria-label={`View details of ${firm.vcName}`}>
          View Details
        </Button>
      </div>
    </article>
  );
}
