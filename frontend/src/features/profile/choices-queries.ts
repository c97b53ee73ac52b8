import { API_ROUTES } from '@fp/contracts';
import type { StandingChoicesResponse, UpdateStandingChoicesRequest } from '@fp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export const choicesKeys = { all: ['standing-choices'] as const };

/** GET /api/settings/choices: opt-ins, terms acceptance, the default message and a template suggestion for it. */
export const choicesQueryOptions = () =>
  queryOptions({
    queryKey: choicesKeys.all,
    queryFn: () => apiRequest<StandingChoicesResponse>(API_ROUTES.standingChoices),
    staleTime: 30_000,
  });

export const saveChoices = (body: UpdateStandingChoicesRequest) =>
  apiRequest<StandingChoicesResponse>(API_ROUTES.standingChoices, { method: 'PUT', body });
