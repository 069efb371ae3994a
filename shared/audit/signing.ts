import { createHash, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import canonicalize from 'canonicalize';
import { z } from 'zod';
import { parseAuditSigningKey, type Config } from '../config.ts';

/**
 * The tree head an audit key signs: how many events the log holds, the root of their Merkle tree
 * and when that was so. The signature is Ed25519 over the head's RFC 8785 canonical JSON, so any
 * language's JSON canonicalizer and Ed25519 check can verify it.
 */
export type TreeHead = {
  log: typeof AUDIT_LOG_ID;
  size: number;
  /** Hex SHA-256 (RFC 9162 MTH of the first `size` leaves). */
  rootHash: string;
  /** ISO 8601, UTC. */
  timestamp: string;
};

export const AUDIT_LOG_ID = 'marketplace-audit-log/1';

export type SignedTreeHead = {
  treeHead: TreeHead;
  /** Base64 Ed25519 signature over canonicalize(treeHead). */
  signature: string;
  /** Hex SHA-256 of the public key's SPKI DER: which key signed. */
  keyId: string;
};

export const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** A signed tree head as files and bundles carry it, for parsing what an auditor is handed. */
export const signedTreeHeadSchema = z.object({
  treeHead: z.object({
    log: z.literal(AUDIT_LOG_ID),
    size: z.number().int().min(0),
    rootHash: hex64,
    timestamp: z.iso.datetime(),
  }),
  signature: z.string().min(1),
  keyId: hex64,
});

export type AuditSigner = {
  publicKey: KeyObject;
  keyId: string;
  sign(treeHead: TreeHead): SignedTreeHead;
};

const headBytes = (treeHead: TreeHead) => Buffer.from(canonicalize(treeHead)!, 'utf8');

export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('hex');
}

export function publicKeyPem(publicKey: KeyObject): string {
  return publicKey.export({ format: 'pem', type: 'spki' }).toString();
}

/** A public key from its SPKI PEM (as /.well-known/audit-key serves it) or its DER in base64. */
export function parsePublicKey(text: string): KeyObject {
  const key = text.includes('-----BEGIN')
    ? createPublicKey(text)
    : createPublicKey({ key: Buffer.from(text.trim(), 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519') throw new TypeError('the audit key must be an Ed25519 public key');
  return key;
}

export function createSigner(privateKey: KeyObject): AuditSigner {
  const publicKey = createPublicKey(privateKey);
  const keyId = keyIdOf(publicKey);
  return {
    publicKey,
    keyId,
    sign: (treeHead) => ({
      treeHead,
      signature: sign(null, headBytes(treeHead), privateKey).toString('base64'),
      keyId,
    }),
  };
}

/** Is the head signed by this key? (The key id is a hint; the signature is what counts.) */
export function verifyHeadSignature(head: SignedTreeHead, publicKey: KeyObject): boolean {
  try {
    return verify(null, headBytes(head.treeHead), publicKey, Buffer.from(head.signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * The deployment's audit key: AUDIT_SIGNING_KEY when set, else the one kept in the data folder's
 * secrets (DATA_DIR/secrets.json, made on first use, readable by its owner only).
 */
export async function resolveAuditSigner(config: Pick<Config, 'AUDIT_SIGNING_KEY' | 'DATA_DIR'>): Promise<AuditSigner> {
  if (config.AUDIT_SIGNING_KEY) return createSigner(parseAuditSigningKey(config.AUDIT_SIGNING_KEY));
  const file = path.resolve(config.DATA_DIR, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>) : {};
  if (typeof stored.auditSigningKey === 'string') return createSigner(parseAuditSigningKey(stored.auditSigningKey));
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  // Read again just before writing: the API's other secrets may have been written meanwhile.
  const latest = existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>) : {};
  if (typeof latest.auditSigningKey === 'string') return createSigner(parseAuditSigningKey(latest.auditSigningKey));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ ...latest, auditSigningKey: pem }, null, 2), { mode: 0o600 });
  return createSigner(privateKey);
}
