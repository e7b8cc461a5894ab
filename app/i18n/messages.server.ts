// The full texts of every language, for the server only: the root loader sends the
// browser the page's language (see i18n.ts).
export { resourcesFor } from './messages.ts';
