import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/root-route';
import { prefetch } from '../../lib/router-context';
import { pipelineQueryOptions } from './queries';
import { validatePipelineSearch } from './search';

const pipelineRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pipeline',
  component: lazyRouteComponent(() => import('./PipelinePage'), 'PipelinePage'),
  validateSearch: validatePipelineSearch,
  // Not awaited: the board's skeleton shows at once, the request starts while the page's code loads.
  loader: ({ context }) => prefetch(context, pipelineQueryOptions()),
});

export const pipelineRoutes = [pipelineRoute] as const;
