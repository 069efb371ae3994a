/**
 * Set on <html> by the inline shell script (ui/shell-boot.ts) when the session hint cookie
 * (shared/http/accounts.ts) is there: the header then shows a signed-in visitor's skeletons
 * instead of the sign-in link, and hydrates at idle.
 */
export const SESSION_HINT_ATTRIBUTE = 'data-signed-in';
