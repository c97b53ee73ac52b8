import { API_ROUTES, apiPath, type ApiResponse, type FounderDocumentKind } from '@fp/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequestRaw, apiUpload } from '../../lib/api';
import { saveResponse } from '../../lib/download';

const documentKeys = { all: () => ['documents'] as const };

/** GET /api/documents: the founder's document of each kind held. */
export const documentsQueryOptions = () =>
  queryOptions({
    queryKey: documentKeys.all(),
    queryFn: () => api('documents', 'GET'),
    staleTime: 60_000,
  });

/** PUT /api/documents/:kind with the file as the body; progress 0..1 through `onProgress`. */
export function useUploadDocument(onProgress: (kind: FounderDocumentKind, share: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: FounderDocumentKind; file: File }) =>
      apiUpload<ApiResponse<'document', 'PUT'>>(apiPath(API_ROUTES.document, { kind }), file, {
        query: { name: file.name },
        onProgress: (sent, total) => onProgress(kind, total ? sent / total : 0),
      }),
    onSuccess: (docs) => qc.setQueryData(documentKeys.all(), docs),
  });
}

/** DELETE /api/documents/:kind. */
export function useRemoveDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (kind: FounderDocumentKind) => api('document', 'DELETE', { params: { kind } }),
    onSuccess: (docs) => qc.setQueryData(documentKeys.all(), docs),
  });
}

/** GET /api/documents/:kind/file, saved under its name. */
export async function downloadDocument(kind: FounderDocumentKind, fallback: string) {
  return saveResponse(await apiRequestRaw(apiPath(API_ROUTES.documentFile, { kind })), fallback);
}
