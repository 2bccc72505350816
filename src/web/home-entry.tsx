/**
 * The home page's script, in place of React Router's (see hydrate-page.tsx): the business profile
 * and the visitor's account link refresh from the API, Download App and the install banner work,
 * the toaster loads on the first interaction, and the service worker registers.
 */
import { HOME_PAGE_ID, HomePage } from "./features/home/home-page.tsx";
import { hydratePage } from "./hydrate-page.tsx";

hydratePage(HOME_PAGE_ID, <HomePage />);
