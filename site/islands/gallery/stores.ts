import type { AddBillboardBody, Billboard, GalleryView } from '../../../shared/http/gallery.ts';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore, revalidateKeys } from '../../lib/query.ts';

/**
 * A contractor's gallery billboards (GET /api/contractors/:id/gallery, api/modules/gallery), one
 * cached read per contractor; putting a billboard up or taking one down reads it again.
 */
export const galleryUrl = (contractorId: string) => `/api/contractors/${encodeURIComponent(contractorId)}/gallery`;

const stores = new Map<string, ReturnType<typeof createFetcherStore<GalleryView>>>();

export function galleryStore(contractorId: string) {
  let store = stores.get(contractorId);
  if (!store) stores.set(contractorId, (store = createFetcherStore<GalleryView>([galleryUrl(contractorId)])));
  return store;
}

async function refetch(contractorId: string) {
  revalidateKeys(galleryUrl(contractorId));
  await galleryStore(contractorId)
    .get()
    .promise?.catch(() => null);
}

export async function addBillboard(contractorId: string, body: AddBillboardBody) {
  await apiRequest('POST', '/api/gallery', body);
  await refetch(contractorId);
}

export async function removeBillboard(contractorId: string, billboard: Billboard) {
  await apiRequest('DELETE', `/api/gallery/${encodeURIComponent(billboard.id)}`);
  await refetch(contractorId);
}
