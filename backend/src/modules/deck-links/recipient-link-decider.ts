/** One of the founder's links as the rule sees it. */
export interface RecipientLinkFacts {
  id: string;
  email: string | null;
  investorId: string | null;
  investorKind: string | null;
  enabled: boolean;
  deleted: boolean;
  createdAt: string;
}

export interface Recipient {
  email: string;
  investorId: string | null;
  investorKind: string | null;
}

type RecipientLinkDecision = { kind: 'mint' } | { kind: 'off'; linkId: string; deleted: boolean };

const isFor = (l: RecipientLinkFacts, r: Recipient) =>
  (l.email !== null && l.email.toLowerCase() === r.email.toLowerCase()) ||
  (r.investorId !== null && l.investorId === r.investorId && l.investorKind === r.investorKind);

/**
 * Off means off: whether an investor update may make a recipient a new deck link. The recipient's
 * links are those made for their e-mail or for their investor on the pipeline; the newest of them
 * says what the founder last decided. Turned off or deleted: no new link (the founder chooses to send
 * without one or to turn it back on); on, or no link yet: a new link as usual.
 */
function decide(links: readonly RecipientLinkFacts[], recipient: Recipient): RecipientLinkDecision {
  let newest: RecipientLinkFacts | null = null;
  for (const l of links)
    if (
      isFor(l, recipient) &&
      (!newest || l.createdAt > newest.createdAt || (l.createdAt === newest.createdAt && l.id > newest.id))
    )
      newest = l;
  if (!newest || (newest.enabled && !newest.deleted)) return { kind: 'mint' };
  return { kind: 'off', linkId: newest.id, deleted: newest.deleted };
}

/** The rule as the deck-links module's deciders are used: `recipientLinkDecider.decide(links, recipient)`. */
export const recipientLinkDecider = { decide };
