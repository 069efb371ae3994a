import { useEffect, useState } from 'react';

/**
 * False during server rendering and hydration, true after mount. Islands that show values from
 * persisted stores (theme, accent) render those only once mounted, so hydration never mismatches
 * (React error #418).
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
