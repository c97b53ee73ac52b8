import { PIPELINE_STAGES, type PipelineCard, type PipelineStage } from '@fp/contracts';
import type { Dispatch, SetStateAction } from 'react';
import { Card, CardContent, CardHeader, CardTitle, Checkbox, Field, Input, Label, Textarea } from '../../ui';
import { recipientKey } from './useUpdateDraft';

/** Who gets the update: pipeline stages (an address for each of their investors) and other addresses. */
export function RecipientsCard({
  cards,
  stages,
  setStages,
  chosenCards,
  addresses,
  setAddresses,
  linked,
  emailsText,
  setEmailsText,
}: {
  /** The founder's whole board. */
  cards: PipelineCard[];
  stages: PipelineStage[];
  setStages: Dispatch<SetStateAction<PipelineStage[]>>;
  /** The board's cards in the chosen stages. */
  chosenCards: PipelineCard[];
  addresses: Map<string, string>;
  setAddresses: Dispatch<SetStateAction<Map<string, string>>>;
  /** The address on the founder's latest deck link to each investor. */
  linked: Map<string, string>;
  emailsText: string;
  setEmailsText: (text: string) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recipients</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Everyone on your pipeline in these stages</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {PIPELINE_STAGES.map((s) => {
              const n = cards.filter((c) => c.stage === s).length;
              return (
                <Checkbox
                  key={s}
                  label={`${s} (${n})`}
                  checked={stages.includes(s)}
                  onCheckedChange={(on) => setStages((xs) => (on ? [...xs, s] : xs.filter((x) => x !== s)))}
                />
              );
            })}
          </div>
        </fieldset>
        {chosenCards.length ? (
          <div className="flex flex-col gap-2" data-testid="pipeline-recipients">
            <p className="text-sm text-muted-foreground">
              Pipeline cards carry no e-mail address: give one for each investor (filled from your deck link to them
              when there is one).
            </p>
            {chosenCards.map((c: PipelineCard) => {
              const k = recipientKey(c.investorKind, c.investorId);
              return (
                <div key={c.id} className="grid grid-cols-1 gap-1 sm:grid-cols-[14rem_1fr] sm:items-center">
                  <Label htmlFor={`to-${c.id}`} className="truncate">
                    {c.name} <span className="font-normal text-muted-foreground">· {c.stage}</span>
                  </Label>
                  <Input
                    id={`to-${c.id}`}
                    type="email"
                    placeholder={linked.get(k) ?? 'partner@fund.example'}
                    value={addresses.get(k) ?? linked.get(k) ?? ''}
                    onChange={(e) => setAddresses((m) => new Map(m).set(k, e.target.value))}
                  />
                </div>
              );
            })}
          </div>
        ) : stages.length ? (
          <p className="text-sm text-muted-foreground">
            No pipeline cards in {stages.length === 1 ? 'this stage' : 'these stages'} yet.
          </p>
        ) : null}
        <Field label="Other addresses" hint="One per line, or separated by commas.">
          {(p) => (
            <Textarea
              {...p}
              rows={2}
              value={emailsText}
              onChange={(e) => setEmailsText(e.target.value)}
              placeholder="angel@example.com"
            />
          )}
        </Field>
      </CardContent>
    </Card>
  );
}
