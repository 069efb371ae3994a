import { createContext, useContext, type ReactNode } from 'react';
import type { ShellMessages } from '../../i18n/messages/shell.ts';

/**
 * The shell's texts in the page's language only. The layout (Base.astro) picks them on the server
 * and hands them to the header and footer islands as a prop, so the JavaScript every page loads
 * before any interaction carries no catalogue, let alone both languages of it; the menus, panels
 * and sheets fetched later read the same set from here.
 */
const ShellMessagesContext = createContext<ShellMessages | null>(null);

export function ShellMessagesProvider({ messages, children }: { messages: ShellMessages; children: ReactNode }) {
  return <ShellMessagesContext.Provider value={messages}>{children}</ShellMessagesContext.Provider>;
}

export function useShellMessages(): ShellMessages {
  const messages = useContext(ShellMessagesContext);
  if (!messages) throw new Error('useShellMessages: render inside the header or footer island (ShellMessagesProvider)');
  return messages;
}
