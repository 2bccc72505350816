/**
 * The quote page's script, in place of React Router's (see hydrate-page.tsx). The form hydrates
 * with its fields, services and prices; its validation and toasts load on the first interaction
 * with it (PublicQuoteForm).
 */
import { PublicQuotePage, QUOTE_PAGE_ID } from "./features/quotes/components/public-quote-page.tsx";
import { hydratePage } from "./hydrate-page.tsx";

hydratePage(QUOTE_PAGE_ID, <PublicQuotePage />);
