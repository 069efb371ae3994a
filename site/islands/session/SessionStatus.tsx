import { useEffect, useState } from 'react';

type User = { name: string; role: string };
type State = { status: 'loading' } | { status: 'signed-in'; user: User } | { status: 'signed-out' };

/** Placeholder header widget until the app shell lands: shows who is signed in. */
export default function SessionStatus() {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    fetch('/api/auth/me', { credentials: 'include' })
      .then(async (response) => {
        if (cancelled) return;
        setState(
          response.ok ? { status: 'signed-in', user: (await response.json()) as User } : { status: 'signed-out' },
        );
      })
      .catch(() => !cancelled && setState({ status: 'signed-out' }));
    return () => {
      cancelled = true;
    };
  }, []);
  if (state.status === 'loading') return <span aria-busy="true">…</span>;
  if (state.status === 'signed-out') return <a href="/api/docs">API docs</a>;
  return <span>Welcome, {state.user.name}</span>;
}
