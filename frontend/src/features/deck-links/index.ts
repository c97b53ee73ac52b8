// What other features use of deck links. Pages loaded by routes.ts stay out (they are lazy chunks).
export { DeckAlertsSection } from './DeckAlerts';
export { DeckReadersLine } from './DeckReadersLine';
export { DeckReadingLine } from './DeckReadingLine';
export { deckLinksQueryOptions, refreshDeckLinks, updateDeckLink, whenLabel } from './queries';
export { ShareDeck } from './ShareDeck';
