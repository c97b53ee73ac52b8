// What other features use of saved searches.
export { savedQuery } from './queries';
export { SavedSearchesBar } from './SavedSearchesBar';
export { SavedSearchesCard } from './SavedSearchesCard';
