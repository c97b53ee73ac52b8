import { API_ROUTES, apiPath, DEFAULT_NDA_TEXT, MAX_DECK_BYTES } from '@fp/contracts';
import type { ApiResponse, CreateDeckRoomRequest, CreateRoomLinkRequest, UpdateDeckRoomRequest } from '@fp/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, apiUpload } from '../../lib/api';

const roomKeys = {
  all: ['deck-rooms'] as const,
  list: () => [...roomKeys.all, 'list'] as const,
  analytics: (id: string) => [...roomKeys.all, 'analytics', id] as const,
};

/** GET /api/deck-rooms: the founder's rooms with their documents, links and counts. */
export const deckRoomsQueryOptions = () =>
  queryOptions({
    queryKey: roomKeys.list(),
    queryFn: async () => (await api('deckRooms', 'GET')).rooms,
    staleTime: 10_000,
    refetchInterval: 30_000,
  });

/** GET /api/deck-rooms/:id/analytics: per document and page, the visits, and the NDA acceptances. */
export const roomAnalyticsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: roomKeys.analytics(id),
    queryFn: () => api('deckRoomAnalytics', 'GET', { params: { id } }),
    staleTime: 10_000,
    refetchInterval: 30_000,
  });

export const createDeckRoom = (body: CreateDeckRoomRequest) => api('deckRooms', 'POST', { body });
export const updateDeckRoom = (id: string, body: UpdateDeckRoomRequest) =>
  api('deckRoom', 'PATCH', { params: { id }, body });
export const removeRoomDocument = (id: string, documentId: string) =>
  api('deckRoomDocument', 'DELETE', { params: { id, documentId } });
export const createRoomLink = (id: string, body: CreateRoomLinkRequest) =>
  api('deckRoomLinks', 'POST', { params: { id }, body });
/** PUT /api/deck-rooms/:id/documents with the PDF as the body (judged by its bytes on the server). */
export const uploadRoomDocument = (id: string, file: File, onProgress?: (share: number) => void) =>
  apiUpload<ApiResponse<'deckRoomDocuments', 'PUT'>>(apiPath(API_ROUTES.deckRoomDocuments, { id }), file, {
    query: { name: file.name },
    onProgress: (sent, total) => onProgress?.(total ? sent / total : 0),
  });
export const refreshRooms = (qc: QueryClient) => qc.invalidateQueries({ queryKey: roomKeys.all });

/** What can be told before sending: empty or too large (whether it is a PDF is the server's call). */
export function roomFileProblem(file: Pick<File, 'size' | 'name'>): string | null {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_DECK_BYTES) return `${file.name} is larger than 25 MB. Upload a smaller PDF.`;
  return null;
}

/** The NDA a new room starts with, naming the founder's company; the founder edits it before saving. */
export const defaultNda = (companyName: string | null | undefined) =>
  DEFAULT_NDA_TEXT.replaceAll('{company}', companyName?.trim() || 'the company');
