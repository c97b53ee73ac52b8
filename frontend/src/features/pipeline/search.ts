import { z } from 'zod';
import { textValue } from '../../lib/url-search';

/**
 * /pipeline?view=table: Board is the default and leaves the address plain; anything else falls
 * back to it (never an error screen).
 */
const pipelineSearchSchema = z.object({
  view: textValue.pipe(z.literal('table')).optional().catch(undefined),
});
type PipelineSearch = z.output<typeof pipelineSearchSchema>;
type PipelineView = NonNullable<PipelineSearch['view']> | 'board';

export const validatePipelineSearch = (raw: Record<string, unknown>): PipelineSearch => pipelineSearchSchema.parse(raw);

export const pipelineView = (s: PipelineSearch): PipelineView => s.view ?? 'board';
