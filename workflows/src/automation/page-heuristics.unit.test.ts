import { describe, expect, it } from 'vitest';
import { classifyButton, isErrorText, isSuccessText, isThankYouUrl, scoreLink } from '.';

describe('classifyButton', () => {
  it.each([
    ['Next', 'next'],
    ['Continue →', 'next'],
    ['OK ✓', 'next'],
    ['Save and continue', 'next'],
    ['Submit', 'submit'],
    ['Send application', 'submit'],
    ['Submit pitch', 'submit'],
    ['Apply', 'submit'],
    ['Start', 'start'],
    ["Let's go", 'start'],
    ['Back', 'back'],
    ['Clear form', 'reset'],
    ['Sign in', 'login'],
    ['Subscribe', 'other'],
    ['A Pre-seed', 'other'],
  ])('%s → %s', (text, role) => expect(classifyButton(text)).toBe(role));
  it('treats a textless submit input as submit', () => expect(classifyButton('', 'submit')).toBe('submit'));
});

describe('scoreLink', () => {
  const s = (text: string, path: string) => scoreLink(text, `https://vc.example${path}`);
  it('ranks the way to an application form', () => {
    expect(s('Apply for funding', '/apply')).toBeGreaterThanOrEqual(10);
    expect(s('Pitch us →', '/pitch')).toBeGreaterThanOrEqual(10);
    expect(s('Submit your pitch', '/founders/apply')).toBeGreaterThanOrEqual(10);
    expect(s('Apply via the founder portal', '/portal/login')).toBeGreaterThanOrEqual(10);
    expect(s('Contact', '/contact')).toBe(6);
    expect(s('About', '/about')).toBe(3);
    expect(s('', '/apply')).toBe(9);
    expect(s('Home', '/')).toBe(0);
  });
  it('never follows jobs, legal, social or non-web links', () => {
    expect(s('Apply', '/careers/engineer')).toBeLessThan(0);
    expect(s('Privacy policy', '/privacy')).toBeLessThan(0);
    expect(s('Log in', '/login')).toBeLessThan(0);
    expect(scoreLink('Email us', 'mailto:hi@vc.example')).toBeLessThan(0);
    expect(s('Our deck', '/deck.pdf')).toBeLessThan(0);
  });
});

describe('outcome text', () => {
  it.each([
    'Thank you, Ada! We received your application.',
    'Thanks for submitting the form.',
    'Your response has been recorded.',
    "🎉 Application submitted! We'll be in touch soon.",
    'Application received',
  ])('success: %s', (t) => expect(isSuccessText(t)).toBe(true));
  it.each([
    'Submission failed: Applications are currently closed.',
    'Please complete this required field.',
    'Something went wrong. Please try again.',
    'Internal Server Error',
    'CAPTCHA verification failed.',
  ])('error: %s', (t) => {
    expect(isErrorText(t)).toBe(true);
    expect(isSuccessText(t)).toBe(false);
  });
  it('recognises thank-you URLs', () => {
    expect(isThankYouUrl('https://vc.example/thank-you')).toBe(true);
    expect(isThankYouUrl('https://docs.google.com/forms/d/x/formResponse')).toBe(true);
    expect(isThankYouUrl('https://vc.example/apply')).toBe(false);
  });
});
