import type { ReactNode } from 'react';

export type HeadingLevel = 2 | 3 | 4;

/**
 * The pricing pieces sit under an h1 on the pages (their titles are h3 there) and under the
 * dialog's h2 (h4 there), so each takes the level its place in the outline needs.
 */
export function Heading({
  level,
  className,
  children,
}: {
  level: HeadingLevel;
  className?: string;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  return <Tag className={className}>{children}</Tag>;
}
