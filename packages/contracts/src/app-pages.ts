/**
 * The web app's pages, by path. The server answers these addresses with the app page and 200, and
 * any other address outside the API with the same app page, which draws its not-found screen, and
 * 404, so a crawler or a link checker learns the page does not exist. The router's routes and this
 * list agree (apps/web/src/app/router.test.tsx checks).
 */
import { merchantLandings } from './merchants';

export const APP_PAGE_PATHS: readonly string[] = [
  '/',
  '/auth',
  '/signup',
  ...merchantLandings.map((landing) => landing.path),
  '/privacy',
  '/terms',
  '/profile-settings-customization',
  '/account-linking-info',
  '/link',
  '/plaid-oauth',
  '/chat',
];

const pages = new Set(APP_PAGE_PATHS);

/** Whether a path (no query; a trailing slash is the same page) is one of the app's pages. */
export function isAppPage(pathname: string): boolean {
  return pages.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}
