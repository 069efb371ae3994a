import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { galleryStore, type Billboard } from './stores.ts';

export type { Billboard };

/** A contractor's gallery billboards on their profile; nothing at all when there are none. */
export function Gallery({ contractorId, title }: { contractorId: string; title: string }) {
  const $gallery = useMemo(() => galleryStore(contractorId), [contractorId]);
  const gallery = useStore($gallery);
  const billboards = gallery.data?.billboards ?? [];
  if (billboards.length === 0) return null;
  return (
    <section className="space-y-3" data-testid="gallery">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {billboards.map((b) => (
          <li key={b.id} className="overflow-hidden rounded-lg border border-border bg-surface">
            <img src={b.photo.url} alt={b.title} loading="lazy" className="aspect-[4/3] w-full object-cover" />
            <div className="p-3">
              <h3 className="font-semibold break-words">{b.title}</h3>
              {b.caption && <p className="mt-1 text-sm text-muted break-words">{b.caption}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
