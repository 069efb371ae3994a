import type { PublicRole } from './validation.ts';

/**
 * The role a link asked for (`/signup?role=contractor` from the pricing and become-a-contractor
 * pages). Only the public roles count; anything else leaves the choice to the person.
 */
export function roleFromQuery(search: string): PublicRole | null {
  const role = new URLSearchParams(search).get('role');
  return role === 'customer' || role === 'contractor' ? role : null;
}
