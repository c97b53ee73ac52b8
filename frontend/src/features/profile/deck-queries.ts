import { API_ROUTES, MAX_DECK_BYTES, type ApiResponse } from '@fp/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequestRaw, apiUpload } from '../../lib/api';
import { saveResponse } from '../../lib/download';

const deckKeys = { deck: () => ['pitch-deck'] as const };

/** GET /api/pitch-deck: the current deck and its history. */
export const pitchDeckQueryOptions = () =>
  queryOptions({
    queryKey: deckKeys.deck(),
    queryFn: () => api('pitchDeck', 'GET'),
    staleTime: 60_000,
  });

/**
 * What can be told before sending: too large or empty. Whether it is a PDF is the server's call,
 * from the bytes (a renamed file is refused there with a clear message).
 */
export function deckFileProblem(file: Pick<File, 'size'>, what = 'deck'): string | null {
  if (file.size === 0) return 'The file is empty.';
  if (file.size > MAX_DECK_BYTES) return `The ${what} is larger than 25 MB. Upload a smaller PDF.`;
  return null;
}

/** PUT /api/pitch-deck with the file as the body; progress 0..1 through `onProgress`. */
export function useUploadPitchDeck(onProgress: (share: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiUpload<ApiResponse<'pitchDeck', 'PUT'>>(API_ROUTES.pitchDeck, file, {
        query: { name: file.name },
        onProgress: (sent, total) => onProgress(total ? sent / total : 0),
      }),
    onSuccess: (deck) => qc.setQueryData(deckKeys.deck(), deck),
  });
}

/** DELETE /api/pitch-deck. */
export function useRemovePitchDeck() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('pitchDeck', 'DELETE'),
    onSuccess: (deck) => qc.setQueryData(deckKeys.deck(), deck),
  });
}

/** GET /api/pitch-deck/file, saved under its name. */
export async function downloadPitchDeck(fallback: string) {
  return saveResponse(await apiRequestRaw(API_ROUTES.pitchDeckFile), fallback);
}
