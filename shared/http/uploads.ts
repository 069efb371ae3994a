/**
 * An upload id (POST /api/uploads/photos): a random UUID and the extension of the type sniffed
 * from its bytes. The same pattern as api/modules/work/uploads.ts UPLOAD_ID_PATTERN, which the
 * work module's routes still declare (their owner moves it here).
 */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;
