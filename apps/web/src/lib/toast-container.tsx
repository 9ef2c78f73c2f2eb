// Mantine's toast container on its own, for the lazy import in notify.tsx (an import() of the package itself would
// resolve to the copy the page already holds for the store, container included).
export { Notifications } from '@mantine/notifications';
