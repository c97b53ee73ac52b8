// Long file: most of it is the in-page scanner, one JS string that must reach the page whole (see below).
// Reads one frame the way a person would: every visible field with whatever text describes it, the buttons,
// the links, and signs of blockers. The in-page part is a plain JS string on purpose: functions passed to
// evaluate() get serialised, and transpiler helpers (e.g. esbuild's __name) do not exist inside the page.
import type { Frame } from 'playwright-core';
import type { ControlKind } from './field-mapping';
import { classifyButton } from './page-heuristics';

export interface ScannedOption {
  id: string;
  /** Element to click when the option itself is hidden (a <label for>), if any. */
  clickId: string;
  label: string;
  value: string;
  index: number;
  checked: boolean;
  disabled: boolean;
}

export interface ScannedControl {
  id: string;
  kind: ControlKind;
  inputType: string;
  name: string;
  domId: string;
  label: string;
  ariaLabel: string;
  placeholder: string;
  nearbyText: string;
  autocomplete: string;
  required: boolean;
  value: string;
  checked: boolean;
  multiple: boolean;
  options: ScannedOption[];
  group: string;
  order: number;
  maxLength: number;
  visible: boolean;
  /** File inputs: the accept attribute (which file types the site takes). */
  accept?: string;
  /** Typed inputs' constraints (min, max, step, pattern), so only values valid for them are put in. */
  min?: string;
  max?: string;
  step?: string;
  pattern?: string;
}

export interface ScannedButton {
  id: string;
  text: string;
  /** Text without a keyboard-letter hint ("A", "B"…), for choice cards. */
  cardLabel: string;
  /** Selected look (aria-pressed/checked/selected, or a selected/active class), for choice cards. */
  pressed: boolean;
  /** Element id of the parent, to group sibling buttons into one choice question. */
  parent: string;
  /** The question above the button's parent, for choice cards. */
  question: string;
  type: string;
  group: string;
  order: number;
  href: string;
}

interface ScannedLink {
  text: string;
  href: string;
}

export interface FrameScan {
  url: string;
  title: string;
  controls: ScannedControl[];
  buttons: ScannedButton[];
  links: ScannedLink[];
  mailtos: string[];
  captcha: boolean;
  passwordFields: number;
  errors: string[];
  text: string;
  looksLoading: boolean;
}

const SCAN_SOURCE = String.raw`(() => {
  const MARK = 'data-fp-id';
  const w = window;
  if (!w.__fpTok) { w.__fpTok = Math.random().toString(36).slice(2, 7); w.__fpSeq = 0; }
  const idOf = (el) => { let v = el.getAttribute(MARK); if (!v) { v = w.__fpTok + '-' + (++w.__fpSeq); el.setAttribute(MARK, v); } return v; };
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const visible = (el) => {
    if (!el || !el.isConnected) return false;
    if (el.checkVisibility && !el.checkVisibility({ checkOpacity: false, visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    // Off-screen or aria-hidden fields are honeypots for bots; a person never sees them.
    if (r.right <= 0 || r.bottom <= 0 || el.closest('[aria-hidden=true]')) return false;
    return r.width > 0 && r.height > 0;
  };
  const textOf = (el) => clean(el ? (el.innerText !== undefined && el.isConnected ? el.innerText : el.textContent) : '');
  // An option's words without its keyboard-letter hint (<kbd>B</kbd> Seed is "Seed").
  const optionText = (el) => { if (!el.querySelector('kbd')) return textOf(el); const c = el.cloneNode(true); c.querySelectorAll('kbd').forEach((n) => n.remove()); return clean(c.textContent); };
  const stripControls = (el) => {
    const c = el.cloneNode(true);
    c.querySelectorAll('input,select,textarea,button,[role=listbox],[role=option],[role=radiogroup],script,style').forEach((n) => n.remove());
    return clean(c.textContent);
  };
  const byIds = (ids) => clean((ids || '').split(/\s+/).map((i) => { const n = i && document.getElementById(i); return n ? n.textContent : ''; }).join(' '));
  const disabled = (el) => el.disabled || el.getAttribute('aria-disabled') === 'true';
  const isHeading = (el) => /^H[1-6]$/.test(el.tagName) || el.getAttribute('role') === 'heading' || el.tagName === 'LEGEND' || el.tagName === 'LABEL';
  const FIELDS = 'input:not([type=hidden]),select,textarea,[contenteditable=true],[role=textbox],[role=radio],[role=checkbox],[role=listbox],[role=combobox]';

  // Text just before a field (the question above a Typeform-style input, the heading of a card).
  const nearbyText = (el) => {
    let node = el;
    for (let depth = 0; node && node !== document.body && depth < 4; depth++) {
      let sib = node.previousElementSibling;
      let nearest = '';
      for (let hops = 0; sib && hops < 4; hops++, sib = sib.previousElementSibling) {
        if (!visible(sib)) continue;
        if (sib.matches(FIELDS) || sib.querySelector(FIELDS)) { if (nearest) return nearest; node = null; break; }
        const t = textOf(sib);
        if (!t) continue;
        if (isHeading(sib) || sib.querySelector('h1,h2,h3,h4,h5,h6,[role=heading],legend,label')) return t.slice(0, 200);
        if (!nearest) nearest = t.slice(0, 200);
      }
      if (nearest) return nearest;
      if (!node) return '';
      node = node.parentElement;
      if (node && node.tagName === 'LEGEND') return textOf(node);
    }
    return '';
  };

  const labelOf = (el) => {
    let t = byIds(el.getAttribute('aria-labelledby'));
    if (!t && el.labels && el.labels.length) t = clean(Array.from(el.labels).map(stripControls).join(' '));
    if (!t && el.id) { const l = document.querySelector('label[for="' + CSS.escape(el.id) + '"]'); if (l) t = stripControls(l); }
    if (!t) { const wrap = el.closest('label'); if (wrap) t = stripControls(wrap); }
    return t;
  };
  const legendOf = (el) => {
    const fs = el.closest('fieldset');
    const lg = fs && fs.querySelector('legend');
    return lg ? clean(lg.textContent) : '';
  };
  const groupOf = (el) => {
    const f = el.form || el.closest('form');
    if (f) return 'form:' + idOf(f);
    const r = el.closest('[role=form],[role=dialog]');
    return r ? 'region:' + idOf(r) : 'page';
  };
  const reqText = (t) => /\*|\(required\)|\brequired\b/i.test(t || '') && !/\(optional\)|\boptional\b/i.test(t || '');

  const controls = [];
  const seen = new Set();
  const push = (el, c) => {
    seen.add(el);
    c.id = idOf(el);
    c.group = groupOf(el);
    c.el = el;
    c.inputType = c.inputType || '';
    c.name = c.name || el.getAttribute('name') || '';
    c.domId = el.id || '';
    c.ariaLabel = c.ariaLabel !== undefined ? c.ariaLabel : clean(el.getAttribute('aria-label'));
    c.placeholder = clean(el.getAttribute('placeholder') || el.getAttribute('data-placeholder'));
    c.autocomplete = el.getAttribute('autocomplete') || '';
    c.label = c.label !== undefined ? c.label : labelOf(el);
    c.nearbyText = nearbyText(el);
    c.required = !!(c.required || el.required || el.getAttribute('aria-required') === 'true' || reqText(c.label));
    c.value = c.value || '';
    c.checked = !!c.checked;
    c.multiple = !!c.multiple;
    c.options = c.options || [];
    c.maxLength = el.maxLength > 0 ? el.maxLength : 0;
    c.min = el.getAttribute('min') || '';
    c.max = el.getAttribute('max') || '';
    c.step = el.getAttribute('step') || '';
    c.pattern = el.getAttribute('pattern') || '';
    if (c.visible === undefined) c.visible = visible(el);
    controls.push(c);
  };

  // Native radio/checkbox inputs are collected per (form, name) group.
  const choiceGroups = new Map();
  document.querySelectorAll('input[type=radio],input[type=checkbox]').forEach((el) => {
    if (disabled(el)) return;
    const key = el.type + '|' + groupOf(el) + '|' + (el.name || idOf(el));
    if (!choiceGroups.has(key)) choiceGroups.set(key, []);
    choiceGroups.get(key).push(el);
  });
  const optionOf = (el, i) => {
    const labels = el.labels && el.labels.length ? Array.from(el.labels) : [];
    const lab = labels[0] || el.closest('label');
    return { id: idOf(el), clickId: lab ? idOf(lab) : '', label: labelOf(el) || el.value || '', value: el.value || '', index: i, checked: !!el.checked, disabled: !!el.disabled };
  };
  const usable = (el) => visible(el) || Array.from(el.labels || []).some(visible) || (el.closest('label') && visible(el.closest('label')));
  choiceGroups.forEach((els) => {
    const first = els[0];
    const anyVisible = els.some(usable);
    if (first.type === 'checkbox' && els.length === 1) {
      push(first, { kind: 'checkbox', inputType: 'checkbox', checked: first.checked, value: first.checked ? 'on' : '', visible: anyVisible, options: [optionOf(first, 0)], nearbyText: '' });
      return;
    }
    let container = first.parentElement;
    while (container && !els.every((e) => container.contains(e))) container = container.parentElement;
    const rg = first.closest('[role=radiogroup],[role=group]');
    const label = legendOf(first) || (rg ? byIds(rg.getAttribute('aria-labelledby')) || clean(rg.getAttribute('aria-label')) : '') || (container ? nearbyText(container) : '');
    const options = els.map(optionOf);
    const checked = options.filter((o) => o.checked);
    els.forEach((e) => seen.add(e));
    push(first, {
      kind: first.type === 'radio' ? 'radio-group' : 'checkbox-group', inputType: first.type, label, ariaLabel: '', options,
      value: checked.map((o) => o.label).join(', '), checked: checked.length > 0, visible: anyVisible,
      required: els.some((e) => e.required) || reqText(label),
    });
  });

  // ARIA radio groups and checkboxes built from divs (Google Forms, Typeform choices).
  document.querySelectorAll('[role=radiogroup]').forEach((g) => {
    const radios = Array.from(g.querySelectorAll('[role=radio]')).filter((r) => r.tagName !== 'INPUT');
    if (!radios.length || disabled(g)) return;
    const label = byIds(g.getAttribute('aria-labelledby')) || clean(g.getAttribute('aria-label')) || nearbyText(g);
    const options = radios.map((r, i) => ({ id: idOf(r), clickId: '', label: clean(r.getAttribute('aria-label')) || optionText(r) || r.getAttribute('data-value') || '', value: r.getAttribute('data-value') || '', index: i, checked: r.getAttribute('aria-checked') === 'true', disabled: disabled(r) }));
    radios.forEach((r) => seen.add(r));
    const checked = options.filter((o) => o.checked);
    push(g, { kind: 'radio-group', inputType: 'aria-radio', label, ariaLabel: '', options, value: checked.map((o) => o.label).join(', '), checked: checked.length > 0, visible: radios.some(visible) });
  });
  // role=radio options without a radiogroup around them (one-question-at-a-time flows): one question per parent.
  const looseRadios = new Map();
  document.querySelectorAll('[role=radio]').forEach((r) => {
    if (r.tagName === 'INPUT' || seen.has(r) || disabled(r) || r.closest('[role=radiogroup]')) return;
    const holder = r.closest('[role=group]') || r.parentElement;
    if (!holder) return;
    if (!looseRadios.has(holder)) looseRadios.set(holder, []);
    looseRadios.get(holder).push(r);
  });
  looseRadios.forEach((radios, holder) => {
    if (radios.length < 2) return;
    const label = byIds(holder.getAttribute('aria-labelledby')) || clean(holder.getAttribute('aria-label')) || nearbyText(holder);
    const options = radios.map((r, i) => ({ id: idOf(r), clickId: '', label: clean(r.getAttribute('aria-label')) || optionText(r) || r.getAttribute('data-value') || '', value: r.getAttribute('data-value') || '', index: i, checked: r.getAttribute('aria-checked') === 'true', disabled: disabled(r) }));
    radios.forEach((r) => seen.add(r));
    const checked = options.filter((o) => o.checked);
    push(holder, { kind: 'radio-group', inputType: 'aria-radio', label, ariaLabel: '', options, value: checked.map((o) => o.label).join(', '), checked: checked.length > 0, visible: radios.some(visible), required: reqText(label) || holder.getAttribute('aria-required') === 'true' });
  });
  document.querySelectorAll('[role=checkbox]').forEach((el) => {
    if (el.tagName === 'INPUT' || seen.has(el) || disabled(el)) return;
    const checked = el.getAttribute('aria-checked') === 'true';
    push(el, { kind: 'checkbox', inputType: 'aria-checkbox', checked, value: checked ? 'on' : '', label: labelOf(el) || textOf(el), options: [{ id: idOf(el), clickId: '', label: labelOf(el) || textOf(el), value: '', index: 0, checked, disabled: false }] });
  });

  // Custom dropdowns: role=listbox (options inside) and non-input role=combobox (options in a popup).
  document.querySelectorAll('[role=listbox],[role=combobox]').forEach((el) => {
    if (seen.has(el) || el.tagName === 'SELECT' || el.tagName === 'INPUT' || disabled(el)) return;
    if (el.getAttribute('role') === 'listbox' && el.closest('[role=combobox]')) return;
    if (el.getAttribute('role') === 'listbox' && el.id && document.querySelector('[aria-controls="' + CSS.escape(el.id) + '"],[aria-owns="' + CSS.escape(el.id) + '"]')) return;
    let opts = Array.from(el.querySelectorAll('[role=option]'));
    // A combobox's options usually pop up in a listbox of their own (aria-controls / aria-owns), present but hidden.
    if (!opts.length) {
      const pop = (el.getAttribute('aria-controls') || el.getAttribute('aria-owns') || '').split(/\s+/).map((i) => i && document.getElementById(i)).find((n) => n && n.getAttribute('role') === 'listbox');
      if (pop) opts = Array.from(pop.querySelectorAll('[role=option]'));
    }
    const options = opts.map((o, i) => ({ id: idOf(o), clickId: '', label: textOf(o) || clean(o.textContent) || o.getAttribute('data-value') || '', value: o.getAttribute('data-value') || '', index: i, checked: o.getAttribute('aria-selected') === 'true', disabled: disabled(o) }));
    opts.forEach((o) => seen.add(o));
    const sel = options.find((o) => o.checked && o.value);
    push(el, { kind: 'listbox', inputType: 'listbox', options, value: sel ? sel.label : '', label: labelOf(el) || nearbyText(el) });
  });

  document.querySelectorAll('input,select,textarea,[contenteditable=true],[contenteditable=""],[role=textbox]').forEach((el) => {
    if (seen.has(el) || disabled(el) || el.readOnly) return;
    const tag = el.tagName;
    if (tag === 'INPUT') {
      const type = (el.getAttribute('type') || 'text').toLowerCase();
      if (/^(hidden|submit|button|image|reset|radio|checkbox)$/.test(type)) return;
      if (type === 'file') {
        const lab = (el.labels && el.labels[0]) || el.closest('label');
        push(el, { kind: 'file', inputType: 'file', accept: el.getAttribute('accept') || '', visible: visible(el) || (lab && visible(lab)) || visible(el.parentElement) });
        return;
      }
      const combo = el.getAttribute('role') === 'combobox' && (el.getAttribute('aria-autocomplete') || el.getAttribute('aria-controls'));
      push(el, { kind: combo ? 'combobox' : 'text', inputType: type, value: el.value });
    } else if (tag === 'TEXTAREA') {
      push(el, { kind: 'textarea', inputType: 'textarea', value: el.value });
    } else if (tag === 'SELECT') {
      const options = Array.from(el.options).map((o, i) => ({ id: '', clickId: '', label: clean(o.label || o.textContent), value: o.value, index: i, checked: o.selected, disabled: o.disabled }));
      const sel = options.find((o) => o.checked && o.value);
      push(el, { kind: 'select', inputType: 'select', options, multiple: el.multiple, value: sel ? sel.label : '' });
    } else {
      if (el.closest('[contenteditable=true]') !== el && el.closest('[contenteditable=true]')) return;
      push(el, { kind: 'contenteditable', inputType: 'contenteditable', value: clean(el.innerText) });
    }
  });

  const buttons = [];
  const btnSeen = new Set();
  const questionOf = new Map();
  const keyHint = (n) => n.nodeType === 1 && (n.tagName === 'KBD' || /^[A-Z]$/.test(clean(n.textContent))) && n.children.length === 0;
  const cardLabel = (el) => { const c = el.cloneNode(true); Array.from(c.querySelectorAll('*')).filter(keyHint).forEach((n) => n.remove()); return clean(c.textContent); };
  const pressedOf = (el) => ['aria-pressed', 'aria-checked', 'aria-selected'].some((a) => el.getAttribute(a) === 'true') || /(^|[\s_-])(selected|active|checked|is-selected)($|[\s_-])/.test(el.className && el.className.baseVal === undefined ? el.className : '');
  document.querySelectorAll('button,input[type=submit],input[type=button],input[type=image],[role=button],a[href="#"],a[href^="javascript:"],a[role=button]').forEach((el) => {
    if (btnSeen.has(el) || !visible(el) || disabled(el) || el.matches('[role=radio],[role=checkbox],[role=option],[role=tab],[role=switch]')) return;
    btnSeen.add(el);
    const text = el.tagName === 'INPUT' ? clean(el.value || el.getAttribute('aria-label') || el.getAttribute('alt')) : textOf(el) || clean(el.getAttribute('aria-label') || el.getAttribute('title'));
    // A <button> only defaults to submit inside a form; elsewhere it is a plain (scripted) button.
    const type = el.tagName === 'BUTTON' ? (el.getAttribute('type') || (el.form ? 'submit' : 'button')).toLowerCase() : el.tagName === 'INPUT' ? el.type : 'button';
    const parent = el.parentElement;
    if (parent && !questionOf.has(parent)) questionOf.set(parent, nearbyText(parent));
    buttons.push({
      id: idOf(el), text: text.slice(0, 120), type, group: groupOf(el), el, href: el.tagName === 'A' ? el.href : '',
      cardLabel: el.tagName === 'INPUT' ? text.slice(0, 120) : cardLabel(el).slice(0, 120), pressed: pressedOf(el),
      parent: parent ? idOf(parent) : '', question: parent ? questionOf.get(parent) : '',
    });
  });

  // Keyboard-only choices (Typeform's "Press A"): sibling items each led by a letter hint (A, B, C… in order)
  // that no button, radio, option or label covers; the letter is pressed to choose.
  const keyGroups = new Map();
  document.querySelectorAll('kbd,span').forEach((h) => {
    const item = h.parentElement;
    if (!item || !keyHint(h) || item.firstElementChild !== h || seen.has(item) || btnSeen.has(item)) return;
    if (item.closest('button,a,label,[role=button],[role=radio],[role=checkbox],[role=option],[role=listbox],[role=radiogroup]')) return;
    const holder = item.parentElement;
    if (!holder || !visible(item)) return;
    if (!keyGroups.has(holder)) keyGroups.set(holder, []);
    keyGroups.get(holder).push({ item, letter: clean(h.textContent) });
  });
  keyGroups.forEach((items, holder) => {
    if (items.length < 2 || !items.every((x, i) => x.letter === String.fromCharCode(65 + i))) return;
    const label = nearbyText(holder);
    const options = items.map((x, i) => ({ id: idOf(x.item), clickId: '', label: cardLabel(x.item), value: x.letter, index: i, checked: pressedOf(x.item), disabled: false }));
    const checked = options.filter((o) => o.checked);
    push(holder, { kind: 'radio-group', inputType: 'keys', label, ariaLabel: '', options, value: checked.map((o) => o.label).join(', '), checked: checked.length > 0, visible: true, required: reqText(label) });
  });

  const links = [];
  const mailtos = [];
  document.querySelectorAll('a[href]').forEach((a) => {
    const href = a.getAttribute('href') || '';
    if (/^mailto:/i.test(href)) { mailtos.push(decodeURIComponent(href.slice(7).split('?')[0])); return; }
    if (btnSeen.has(a) || links.length >= 300) return;
    const img = a.querySelector('img[alt]');
    links.push({ text: (textOf(a) || clean(a.getAttribute('aria-label') || a.getAttribute('title')) || (img ? clean(img.alt) : '')).slice(0, 120), href: a.href });
  });

  // Document order, so "the submit button after the last field" can be found.
  const all = controls.map((c) => c.el).concat(buttons.map((b) => b.el));
  const sorted = all.slice().sort((a, b) => (a === b ? 0 : a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const order = new Map(sorted.map((el, i) => [el, i]));
  controls.forEach((c) => { c.order = order.get(c.el); delete c.el; });
  buttons.forEach((b) => { b.order = order.get(b.el); delete b.el; });

  const text = document.body ? (document.body.innerText || '').slice(0, 20000) : '';
  const captchaEls = Array.from(document.querySelectorAll('iframe[src*="recaptcha"],iframe[src*="hcaptcha"],iframe[src*="turnstile"],iframe[src*="captcha" i],iframe[title*="captcha" i],.g-recaptcha,.h-captcha,.cf-turnstile,[data-sitekey],[data-hcaptcha-sitekey]'))
    .filter((el) => visible(el) && el.getAttribute('data-size') !== 'invisible' && !el.closest('.grecaptcha-badge'));
  const captcha = captchaEls.length > 0 || /i.?m not a robot|verify (that )?you are (a )?human|complete the (security )?check to continue/i.test(text);
  const errSel = '[role=alert],[aria-live=assertive],.error,.errors,.error-message,.hs-error-msgs,.invalid-feedback,.field-error,.alert-danger,.text-danger,[class*="error" i]';
  const errors = [];
  document.querySelectorAll(errSel).forEach((el) => { if (errors.length < 20 && visible(el)) { const t = textOf(el); if (t && !errors.includes(t)) errors.push(t.slice(0, 300)); } });
  const trimmed = text.trim();
  const emptyRoot = ['#root', '#app', '#__next', '#__nuxt'].some((s) => { const n = document.querySelector(s); return n && n.children.length === 0; });
  const embed = Array.from(document.querySelectorAll('[id*="hubspot" i],[class*="hbspt" i],[data-tf-widget],[data-tf-live],[class*="typeform" i],[id*="jotform" i],[id*="form-container" i],[class*="form-container" i],[class*="form-embed" i],[data-form-id]'))
    .some((n) => !n.querySelector('input,textarea,select,iframe'));
  const looksLoading = document.readyState !== 'complete' || trimmed.length < 40 || emptyRoot || embed || /\bloading\b/i.test(trimmed.slice(0, 300));
  return {
    url: location.href, title: document.title, controls, buttons, links, mailtos: Array.from(new Set(mailtos)), captcha,
    passwordFields: controls.filter((c) => c.inputType === 'password' && c.visible).length, errors, text, looksLoading,
  };
})()`;

export async function scanFrame(frame: Frame): Promise<FrameScan> {
  return withChoiceCards((await frame.evaluate(SCAN_SOURCE)) as FrameScan);
}

const requiredMark = (t: string) => /\*|\(required\)|\brequired\b/i.test(t) && !/\boptional\b/i.test(t);

/**
 * Choice questions drawn as cards or buttons (Typeform, Tally): two or more sibling scripted buttons that neither
 * navigate nor submit, under a question. They become one radio-like control whose options are clicked.
 */
export function withChoiceCards(scan: FrameScan): FrameScan {
  const byParent = new Map<string, ScannedButton[]>();
  for (const b of scan.buttons) {
    if (!b.parent || b.href || b.type === 'submit' || classifyButton(b.text, b.type) !== 'other' || !b.cardLabel)
      continue;
    byParent.set(b.parent, [...(byParent.get(b.parent) ?? []), b]);
  }
  const taken = new Set<string>();
  for (const [parent, cards] of byParent) {
    if (cards.length < 2 || !cards[0].question || /cookie|consent/i.test(cards[0].question)) continue;
    const selected = cards.filter((c) => c.pressed);
    scan.controls.push({
      id: parent,
      kind: 'radio-group',
      inputType: 'cards',
      name: '',
      domId: '',
      label: cards[0].question,
      ariaLabel: '',
      placeholder: '',
      nearbyText: cards[0].question,
      autocomplete: '',
      required: requiredMark(cards[0].question),
      value: selected.map((c) => c.cardLabel).join(', '),
      checked: selected.length > 0,
      multiple: false,
      options: cards.map((c, index) => ({
        id: c.id,
        clickId: '',
        label: c.cardLabel,
        value: c.cardLabel,
        index,
        checked: c.pressed,
        disabled: false,
      })),
      group: cards[0].group,
      order: Math.min(...cards.map((c) => c.order)),
      maxLength: 0,
      visible: true,
    });
    for (const c of cards) taken.add(c.id);
  }
  if (taken.size) scan.buttons = scan.buttons.filter((b) => !taken.has(b.id));
  return scan;
}

/** Visible text of a frame, cheap enough to poll while waiting for a confirmation. */
export async function frameText(frame: Frame): Promise<string> {
  return (await frame.evaluate('document.body ? document.body.innerText : ""')) as string;
}
