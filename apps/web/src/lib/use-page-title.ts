import { useDocumentTitle } from '@mantine/hooks';

export const APP_NAME = 'Lyceum';

/** Sets the tab title to "<page> · Lyceum" (WCAG 2.4.2: every page has a descriptive title). */
export function usePageTitle(title: string): void {
  useDocumentTitle(title ? `${title} · ${APP_NAME}` : `${APP_NAME} — learn, teach and grow online`);
}
