import { cleanDescription, cleanInvestorName, splitIndustries, type AngelInvestorListItem } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Facebook, Globe, Instagram, Linkedin, Mail, Phone, Twitter } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Skeleton } from '../../ui/Skeleton';
import { angelDetailQueryOptions } from './investor-queries';
import { AddToPipelineButton } from '../pipeline';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

const linkClass = 'flex items-center gap-2 text-sm text-primary hover:underline break-all';

/** The investor detail dialog (spec §2): badges, cleaned description, industries, contact, social links. */
export function InvestorDialog({ investor, onClose }: { investor: AngelInvestorListItem | null; onClose: () => void }) {
  const detail = useQuery({ ...angelDetailQueryOptions(investor?.id ?? ''), enabled: investor !== null });
  const d = detail.data;
  const socials = d
    ? (
        [
          ['LinkedIn', d.linkedin, <Linkedin key="l" className="size-4" />],
          ['Twitter', d.twitter, <Twitter key="t" className="size-4" />],
          ['Facebook', d.facebook, <Facebook key="f" className="size-4" />],
          ['Instagram', d.instagram, <Instagram key="i" className="size-4" />],
        ] as const
      ).filter(([, url]) => url)
    : [];
  return (
    <Dialog
      open={investor !== null}
      onOpenChange={(open) => !open && onClose()}
      title={investor ? cleanInvestorName(investor.companyName) : ''}
      size="lg"
      footer={
        <>
          {investor ? <AddToPipelineButton investorIds={[investor.id]} investorKind="angel" size="md" /> : null}
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {!d ? (
        detail.isError ? (
          <p className="text-sm text-destructive">{(detail.error as Error).message}</p>
        ) : (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        )
      ) : (
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap gap-1.5">
            {d.investorType ? <Badge>{d.investorType}</Badge> : null}
            {d.location ? <Badge variant="secondary">{d.location}</Badge> : null}
            {d.country ? <Badge variant="outline">{d.country}</Badge> : null}
          </div>
          {d.description ? <p className="text-sm leading-relaxed">{cleanDescription(d.description)}</p> : null}
          {splitIndustries(d.industries).length ? (
            <Section title="Industries">
              <div className="flex flex-wrap gap-1.5">
                {splitIndustries(d.industries).map((i) => (
                  <Badge key={i} variant="secondary">
                    {i}
                  </Badge>
                ))}
              </div>
            </Section>
          ) : null}
          <Section title="Contact Information">
            {/* The values themselves come only with the paid export (select and export). */}
            {d.hasEmail ? (
              <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="contact-email">
                <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                E-mail address available in the export
                {d.contactEmailVerified ? (
                  <Badge variant="success">
                    <BadgeCheck aria-hidden="true" />
                    Verified
                  </Badge>
                ) : null}
              </p>
            ) : null}
            {d.hasPhone ? (
              <p className="flex items-center gap-2 text-sm" data-testid="contact-phone">
                <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                Phone number available in the export
              </p>
            ) : null}
            {d.companyUrl ? (
              <a className={linkClass} href={d.companyUrl} target="_blank" rel="noopener noreferrer">
                <Globe className="size-4 shrink-0" aria-hidden="true" />
                {d.domain ?? d.companyUrl}
              </a>
            ) : null}
            {!d.hasEmail && !d.hasPhone && !d.companyUrl ? (
              <p className="text-sm text-muted-foreground">No contact details listed.</p>
            ) : null}
          </Section>
          {socials.length ? (
            <Section title="Social">
              <div className="flex flex-wrap gap-2">
                {socials.map(([label, url, icon]) => (
                  <a
                    key={label}
                    href={url!}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1.5 rounded-md border border-border px-2.5 py-1.5 text-sm hover:bg-accent"
                  >
                    {icon}
                    {label}
                  </a>
                ))}
              </div>
            </Section>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
