// Cookie-consent layers sit over forms and swallow clicks. A careful person answers them first, choosing the least
// consent on offer ("only necessary", "reject") and accepting only when that is the sole way through.
import type { Frame } from 'playwright-core';
import { clickElement, sleep } from './page-actions';

const FIND_BANNER = String.raw`(() => {
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const visible = (el) => { const r = el.getBoundingClientRect(); const cs = getComputedStyle(el); return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.display !== 'none'; };
  const talksCookies = (t) => /cookie|consent|gdpr|your privacy|tracking/i.test(t);
  const overlay = (el) => { for (let n = el; n && n !== document.body; n = n.parentElement) { const p = getComputedStyle(n).position; if (p === 'fixed' || p === 'sticky') return true; if (/^(dialog|alertdialog)$/.test(n.getAttribute('role') || '') || n.tagName === 'DIALOG') return true; } return false; };
  const buttons = Array.from(document.querySelectorAll('button,[role=button],a[href="#"],input[type=button],input[type=submit]')).filter((b) => visible(b) && overlay(b));
  const candidates = [];
  for (const b of buttons) {
    let box = b.parentElement; let ok = false;
    for (let d = 0; box && box !== document.body && d < 5; d++, box = box.parentElement) { if (talksCookies(clean(box.innerText).slice(0, 600))) { ok = true; break; } }
    if (!ok || (box && box.querySelector('input[type=email],textarea'))) continue;
    const t = clean(b.innerText || b.value || b.getAttribute('aria-label')).toLowerCase();
    let rank = 0;
    if (/\b(reject|decline|deny|refuse)\b|only (strictly )?(necessary|essential|required)|necessary only|essential only|use necessary/.test(t)) rank = 3;
    else if (/\b(accept|agree|allow|got it|ok|okay|i understand|continue)\b/.test(t)) rank = 1;
    if (!rank) continue;
    let id = b.getAttribute('data-fp-id');
    if (!id) { id = 'ck-' + Math.random().toString(36).slice(2, 9); b.setAttribute('data-fp-id', id); }
    candidates.push({ id, rank, text: t });
  }
  candidates.sort((a, b) => b.rank - a.rank);
  return candidates[0] || null;
})()`;

/** Answers a visible cookie-consent layer, least consent first. Returns the button text pressed, or null. */
export async function dismissCookieBanner(frame: Frame, actionMs: number): Promise<string | null> {
  const hit = (await frame.evaluate(FIND_BANNER).catch(() => null)) as { id: string; text: string } | null;
  if (!hit) return null;
  await clickElement(frame, hit.id, actionMs).catch(() => undefined);
  await sleep(150);
  return hit.text;
}
