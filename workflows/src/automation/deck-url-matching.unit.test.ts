import { describe, expect, it } from 'vitest';
import { decideField, type ScannedControl, type StartupProfile } from '.';
import { control } from '../../test/fixtures/control';

/**
 * Deck links: the application's own tracked link goes only into a field that asks for a link
 * to the deck; other URL fields keep their own values; without a link (no deck uploaded) a required
 * deck-link question takes the founder's own deck URL or, without one, goes to the founder.
 */
const profile: StartupProfile = {
  companyName: 'Lumibyte Labs',
  founderName: 'Ada Lovelace',
  founderEmail: 'ada@lumibyte.example',
  website: 'https://lumibyte.example',
  founderLinkedin: 'https://www.linkedin.com/in/ada',
  pitchDeck: 'https://lumibyte.example/deck.pdf',
};
const LINK = 'https://app.fundflow.example/d/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const url = (label: string, required = false) => control({ label, inputType: 'url', required });
const decide = (c: ScannedControl, s: { deckUrl?: string | null; profile?: StartupProfile } = {}) =>
  decideField(c, c.label, { profile: s.profile ?? profile, answers: [], deckUrl: 'deckUrl' in s ? s.deckUrl : LINK });

describe('the per-firm deck link', () => {
  it('goes into every field that asks for a link to the deck', () => {
    for (const label of [
      'Link to your pitch deck',
      'Pitch deck link (DocSend, Google Drive…)',
      'Pitch deck URL',
      'Deck (link)',
      'Share a link to your deck',
    ]) {
      expect(decide(url(label)), label).toMatchObject({ fill: true, value: LINK, source: 'deck-link' });
    }
    // A text box asking for the deck link gets it too.
    expect(decide(control({ label: 'DocSend link to your deck' }))).toMatchObject({
      fill: true,
      value: LINK,
      source: 'deck-link',
    });
  });

  it('never goes into another URL field', () => {
    expect(decide(url('Company website'))).toMatchObject({
      fill: true,
      value: 'https://lumibyte.example',
      source: 'profile:website',
    });
    expect(decide(url('LinkedIn profile'))).toMatchObject({ fill: true, value: 'https://www.linkedin.com/in/ada' });
    for (const label of ['Demo video link', 'Link to your data room', 'Financial model (link)']) {
      const d = decide(url(label));
      expect(d.fill && d.value, label).not.toBe(LINK);
    }
  });

  it('a file field is not a link field: the deck file is attached there, not the link', () => {
    expect(decide(control({ kind: 'file', inputType: 'file', label: 'Upload your pitch deck (PDF)' }))).toMatchObject({
      fill: false,
      ask: false,
    });
  });

  it("without a link: the founder's own deck URL, else a required question goes to the founder (nothing invented)", () => {
    expect(decide(url('Link to your pitch deck', true), { deckUrl: null })).toMatchObject({
      fill: true,
      value: 'https://lumibyte.example/deck.pdf',
      source: 'profile:pitchDeck',
    });
    const { pitchDeck: _, ...noDeck } = profile;
    expect(decide(url('Link to your pitch deck', true), { deckUrl: null, profile: noDeck })).toMatchObject({
      fill: false,
      ask: true,
    });
  });

  it('a link from a FundFlow on localhost (PUBLIC_URL unset) is an address; a bare word is not', () => {
    expect(decide(url('Pitch deck URL'), { deckUrl: 'http://localhost:3000/d/abc' })).toMatchObject({
      fill: true,
      value: 'http://localhost:3000/d/abc',
    });
    expect(decide(url('Company website'), { profile: { ...profile, website: 'lumibyte' } })).toMatchObject({
      fill: false,
    });
  });
});
