/**
 * The contact page's script, in place of React Router's (see hydrate-page.tsx). The form's
 * validation, toasts and API client load on the first interaction with it (ContactForm).
 */
import { CONTACT_PAGE_ID, ContactPage } from "./features/leads/components/contact-page.tsx";
import { hydratePage } from "./hydrate-page.tsx";

hydratePage(CONTACT_PAGE_ID, <ContactPage />);
