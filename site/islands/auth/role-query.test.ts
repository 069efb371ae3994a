import { describe, expect, it } from 'vitest';
import { roleFromQuery } from './role-query.ts';

describe('the sign-up role from the address', () => {
  it('preselects a public role', () => {
    expect(roleFromQuery('?role=contractor')).toBe('contractor');
    expect(roleFromQuery('?returnTo=%2Fx&role=customer')).toBe('customer');
  });

  it('ignores admin, unknown and missing roles', () => {
    expect(roleFromQuery('?role=admin')).toBeNull();
    expect(roleFromQuery('?role=Contractor')).toBeNull();
    expect(roleFromQuery('')).toBeNull();
  });
});
