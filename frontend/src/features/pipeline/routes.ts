import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { KanbanSquare } from 'lucide-react';
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
  staticData: { nav: { label: 'Pipeline', icon: KanbanSquare, section: 'product', order: 70 } },
});

export const pipelineRoutes = [pipelineRoute] as const;
