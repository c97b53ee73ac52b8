import { describe, expect, it } from 'vitest';
import { welcomeCreditsMessage } from './queries';
import { displayName, splitName } from '../../lib/identity/names';

describe('welcomeCreditsMessage', () => {
  it('uses the right plural', () => {
    expect(welcomeCreditsMessage(1)).toBe("You've received 1 free credit to get started.");
    expect(welcomeCreditsMessage(3)).toBe("You've received 3 free credits to get started.");
    expect(welcomeCreditsMessage(0)).toBe("You've received 0 free credits to get started.");
  });
});

describe('names', () => {
  it('splits a display name', () => {
    expect(splitName('Ada King Lovelace')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
    expect(splitName(' Ada ')).toEqual({ firstName: 'Ada', lastName: null });
    expect(splitName('')).toEqual({ firstName: null, lastName: null });
    expect(splitName(null)).toEqual({ firstName: null, lastName: null });
  });
  it('shows first name, else the e-mail before @, else User', () => {
    expect(displayName({ firstName: 'Ada', email: 'a@x.io' })).toBe('Ada');
    expect(displayName({ firstName: ' ', email: 'ada.l@x.io' })).toBe('ada.l');
    expect(displayName({ firstName: null, email: '' })).toBe('User');
    expect(displayName(null)).toBe('User');
  });
});
