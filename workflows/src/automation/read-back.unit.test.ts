import { describe, expect, it } from 'vitest';
import { keepsValue, withChoiceCards, type FrameScan, type ScannedButton, type ScannedControl } from '.';
import { control } from '../../test/fixtures/control';

const option = (label: string, checked = false) => ({
  id: label,
  clickId: '',
  label,
  value: label,
  index: 0,
  checked,
  disabled: false,
});

describe('keepsValue: reading a value back from the page', () => {
  it('text: same text (ignoring case, spaces and punctuation a mask adds) is kept; empty or other text is not', () => {
    expect(keepsValue(control({ value: 'Ada Lovelace' }), 'Ada Lovelace')).toBe(true);
    expect(keepsValue(control({ value: '+49 (30) 1234' }), '+49 30 1234')).toBe(true);
    expect(keepsValue(control({ value: '' }), 'Ada Lovelace')).toBe(false);
    expect(keepsValue(control({ value: 'Ada' }), 'Ada Lovelace')).toBe(false);
  });
  it('text cut by a maxlength counts as kept', () => {
    expect(keepsValue(control({ value: 'Lumibyte builds', maxLength: 15 }), 'Lumibyte builds AI copilots')).toBe(true);
  });
  it('select: the selected option label must be the one chosen (a reset to the placeholder is not kept)', () => {
    expect(keepsValue(control({ kind: 'select', value: 'Seed' }), 'Seed')).toBe(true);
    expect(keepsValue(control({ kind: 'select', value: '' }), 'Seed')).toBe(false);
  });
  it('choices: the chosen option must be the checked one', () => {
    expect(
      keepsValue(control({ kind: 'radio-group', options: [option('Pre-seed'), option('Seed', true)] }), 'Seed'),
    ).toBe(true);
    expect(
      keepsValue(control({ kind: 'radio-group', options: [option('Pre-seed', true), option('Seed')] }), 'Seed'),
    ).toBe(false);
    expect(keepsValue(control({ kind: 'checkbox', checked: false }), 'checked')).toBe(false);
  });
});

const button = (id: string, text: string, over: Partial<ScannedButton> = {}): ScannedButton => ({
  id,
  text,
  cardLabel: text,
  pressed: false,
  parent: 'p1',
  question: 'Which stage are you at? *',
  type: 'button',
  group: 'page',
  order: 10,
  href: '',
  ...over,
});
const scan = (buttons: ScannedButton[]): FrameScan => ({
  url: 'https://firm.example/apply',
  title: '',
  controls: [],
  buttons,
  links: [],
  mailtos: [],
  captcha: false,
  passwordFields: 0,
  errors: [],
  text: '',
  looksLoading: false,
});

describe('withChoiceCards: choice questions drawn as buttons', () => {
  it('turns sibling lettered cards under a question into one required choice control', () => {
    const s = withChoiceCards(
      scan([
        button('a', 'ASeed', { cardLabel: 'Seed', pressed: true }),
        button('b', 'BSeries A', { cardLabel: 'Series A', order: 11 }),
        button('ok', 'OK', { parent: 'p2' }),
      ]),
    );
    expect(s.controls).toHaveLength(1);
    expect(s.controls[0]).toMatchObject({
      kind: 'radio-group',
      inputType: 'cards',
      label: 'Which stage are you at? *',
      required: true,
      value: 'Seed',
      order: 10,
    });
    expect(s.controls[0].options.map((o) => [o.id, o.label, o.checked])).toEqual([
      ['a', 'Seed', true],
      ['b', 'Series A', false],
    ]);
    expect(s.buttons.map((b) => b.id)).toEqual(['ok']);
  });
  it('leaves navigation (Back/Next), submit buttons, lone buttons and cookie choices alone', () => {
    expect(withChoiceCards(scan([button('b', 'Back'), button('n', 'Next')])).controls).toHaveLength(0);
    expect(
      withChoiceCards(scan([button('s', 'Send', { type: 'submit' }), button('x', 'Other', { type: 'submit' })]))
        .controls,
    ).toHaveLength(0);
    expect(withChoiceCards(scan([button('a', 'Seed')])).controls).toHaveLength(0);
    expect(
      withChoiceCards(
        scan([
          button('a', 'Accept all', { question: 'We use cookies' }),
          button('b', 'Necessary only', { question: 'We use cookies' }),
        ]),
      ).controls,
    ).toHaveLength(0);
  });
});
