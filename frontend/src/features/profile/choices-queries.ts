import type { UpdateStandingChoicesRequest } from '@fp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const choicesKeys = { all: ['standing-choices'] as const };

/** GET /api/settings/choices: opt-ins, terms acceptance, the default message and a template suggestion for it. */
export const choicesQueryOptions = () =>
  queryOptions({
    queryKey: choicesKeys.all,
    queryFn: () => api('standingChoices', 'GET'),
    staleTime: 30_000,
  });

export const saveChoices = (body: UpdateStandingChoicesRequest) => api('standingChoices', 'PUT', { body });
