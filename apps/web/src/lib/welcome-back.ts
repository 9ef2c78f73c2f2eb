/**
 * A landing's greeting: by first name once the browser knows the user; without a name in the shell the server
 * renders for everyone (ADR 014). The line keeps its place, so the page does not shift when the name arrives.
 */
export function welcomeBack(user: { firstname: string } | null): string {
  return user ? `Welcome back, ${user.firstname}.` : 'Welcome back.';
}
