import type { FounderDocumentEvent, FounderDocumentKind } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { given } from '../../testing/decider';
import { founderDocumentsDecider } from './founder-documents-decider';

const meta: CommandMeta = { now: new Date('2026-01-01T00:00:00Z'), actor: 'u1' };
const doc = (documentId: string) => ({
  documentId,
  fileName: `${documentId}.pdf`,
  size: 1000,
  sha256: `sha-${documentId}`,
  key: `documents/u1/${documentId}.pdf`,
});
const added = (kind: FounderDocumentKind, documentId: string, replacedDocumentId: string | null = null) =>
  ({
    type: 'FounderDocumentAdded',
    data: { userId: 'u1', kind, ...doc(documentId), replacedDocumentId },
  }) satisfies FounderDocumentEvent;
const add = (kind: FounderDocumentKind, documentId: string) =>
  ({ type: 'AddDocument', data: { userId: 'u1', kind, ...doc(documentId) } }) as const;

describe('founder documents decider', () => {
  it('records a first document of a kind', () => {
    given(founderDocumentsDecider)
      .when(add('cv', 'c1'), meta)
      .then([added('cv', 'c1')]);
  });
  it('a second kind sits beside the first; the same kind again replaces it', () => {
    given(founderDocumentsDecider, added('cv', 'c1'))
      .when(add('financialModel', 'f1'), meta)
      .then([added('financialModel', 'f1')]);
    given(founderDocumentsDecider, added('cv', 'c1'), added('financialModel', 'f1'))
      .when(add('cv', 'c2'), meta)
      .then([added('cv', 'c2', 'c1')]);
  });
  it('the same upload decided twice records it once', () => {
    given(founderDocumentsDecider, added('cv', 'c1')).when(add('cv', 'c1'), meta).then([]);
  });
  it('removes the document of that kind only', () => {
    const state = given(founderDocumentsDecider, added('cv', 'c1'), added('onePager', 'o1'));
    state
      .when({ type: 'RemoveDocument', data: { userId: 'u1', kind: 'cv' } }, meta)
      .then([{ type: 'FounderDocumentRemoved', data: { userId: 'u1', kind: 'cv', documentId: 'c1' } }]);
    expect(Object.keys(state.state.held).sort()).toEqual(['cv', 'onePager']);
  });
  it('refuses to remove a kind not held (404)', () => {
    given(founderDocumentsDecider, added('cv', 'c1'), {
      type: 'FounderDocumentRemoved',
      data: { userId: 'u1', kind: 'cv', documentId: 'c1' },
    })
      .when({ type: 'RemoveDocument', data: { userId: 'u1', kind: 'cv' } }, meta)
      .thenThrows(DomainError, 'You have no document of that kind.', (err) => expect(err.status).toBe(404));
  });
});
