import type { VcFirmWithFit } from '@fp/contracts';
import { formatAum } from '@fp/contracts';
import { Globe, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { AddToPipelineButton } from '../pipeline';
import { FirmFormDetails } from './FirmForm';
import { FitPanel } from './FitPanel';
import { place, siteLabel } from './VcFirmCard';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

const count = (n: number | null) => (n == null ? '—' : n.toLocaleString('en-US'));
/** Cheque sizes are stored in USD thousands. */
const money = (thousands: number) =>
  thousands >= 1000
    ? `$${(thousands / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })}M`
    : `$${thousands.toLocaleString('en-US')}K`;

/** The firm's detail dialog. */
export function VcFirmDialog({ firm, onClose }: { firm: VcFirmWithFit | null; onClose: () => void }) {
  const contact = firm ? [firm.firstName, firm.lastName].filter(Boolean).join(' ') : '';
  return (
    <Dialog
      open={firm !== null}
      onOpenChange={(open) => !open && onClose()}
      title={firm?.vcName ?? ''}
      description={firm ? place(firm) : undefined}
      size="lg"
      footer={
        <>
          {firm ? <AddToPipelineButton investorIds={[firm.id]} investorKind="vc" size="md" /> : null}
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {firm ? (
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap gap-1.5">
            {firm.primaryInvestorType ? <Badge variant="secondary">{firm.primaryInvestorType}</Badge> : null}
            {firm.investorStatus ? <Badge variant="outline">{firm.investorStatus}</Badge> : null}
            {firm.primaryContactEmail ? <Badge variant="success">Contact Available</Badge> : null}
          </div>
          {firm.description ? (
            <p className="text-sm leading-relaxed text-muted-foreground">{firm.description}</p>
          ) : null}
          <FitPanel fit={firm.fit} />
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <Row label="AUM">{formatAum(firm.aum)}</Row>
            <Row label="Investments">{count(firm.totalInvestment)}</Row>
            <Row label="Exits">{count(firm.totalExits)}</Row>
            <Row label="Stages">{firm.stagesInvested.length ? firm.stagesInvested.join(', ') : '—'}</Row>
            <Row label="Typical check">
              {firm.checkSizeMin != null && firm.checkSizeMax != null
                ? `${money(firm.checkSizeMin)} – ${money(firm.checkSizeMax)}`
                : '—'}
            </Row>
            <Row label="Last investment">{firm.lastInvestmentDate ?? '—'}</Row>
          </dl>
          <div className="flex flex-col gap-2 rounded-lg border border-border p-4">
            <h3 className="text-sm font-semibold">Contact</h3>
            {contact ? (
              <p className="text-sm">
                {contact}
                {firm.title ? <span className="text-muted-foreground"> · {firm.title}</span> : null}
              </p>
            ) : null}
            {firm.primaryContactEmail ? (
              <a
                className="flex items-center gap-2 text-sm text-primary hover:underline"
                href={`mailto:${firm.primaryContactEmail}`}
              >
                <Mail className="size-4" aria-hidden="true" />
                {firm.primaryContactEmail}
              </a>
            ) : null}
            {firm.phone ? (
              <p className="flex items-center gap-2 text-sm">
                <Phone className="size-4 text-muted-foreground" aria-hidden="true" />
                {firm.phone}
              </p>
            ) : null}
            {firm.website ? (
              <a
                className="flex items-center gap-2 text-sm text-primary hover:underline"
                href={firm.website}
                target="_blank"
                rel="noopener noreferrer"
              >
                <Globe className="size-4" aria-hidden="true" />
                {siteLabel(firm.website)}
              </a>
            ) : null}
            {!contact && !firm.primaryContactEmail && !firm.phone && !firm.website ? (
              <p className="text-sm text-muted-foreground">No contact details listed.</p>
            ) : null}
          </div>
          <FirmFormDetails form={firm.form} />
          {firm.provenance?.length ? (
            <div className="flex flex-col gap-1 text-xs text-muted-foreground" data-testid="firm-provenance">
              {firm.provenance.map((p) => (
                <p key={`${p.source}-${p.recordUrl ?? ''}`}>
                  Source:{' '}
                  {p.recordUrl ? (
                    <a
                      className="text-primary hover:underline"
                      href={p.recordUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {p.sourceName}
                    </a>
                  ) : (
                    p.sourceName
                  )}
                  , {p.licence} · data of {p.dataDate}
                  {p.fields.length ? ` · ${p.fields.length} field${p.fields.length > 1 ? 's' : ''}` : ''}
                </p>
              ))}
              {firm.active === false ? <p>No longer listed by its source.</p> : null}
            </div>
          ) : (
            <p className="text-xs text-muted-foreground">Demo data: a generated firm, not a real one.</p>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
