// DSSE envelopes over an in-toto Statement whose subject is the ROM manifest hash (SPEC §4.2):
// PAE, strict base64 in either alphabet, signing, and a strict parse that says what is wrong.
import { jcs } from '../core/jcs.js';
import { parseJson, decodeUtf8Strict } from '../core/strict-json.js';
import { signEd25519, spkiKeyId, type SigningKey } from '../core/keys.js';

export const PAYLOAD_TYPE = 'application/vnd.in-toto+json';
export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const PREDICATE_TYPE = 'https://acx.dev/attestation/cartridge/v1';

export function pae(payloadType: string, payload: Buffer): Buffer {
  const t = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([Buffer.from(`DSSEv1 ${t.length} `), t, Buffer.from(` ${payload.length} `), payload]);
}

/** Decodes standard or URL-safe base64 (one alphabet per string, padding optional); null when malformed. */
export function decodeBase64Strict(s: unknown): Buffer | null {
  if (typeof s !== 'string') return null;
  const body = s.replace(/={1,2}$/, '');
  const std = /^[A-Za-z0-9+/]*$/.test(body);
  const url = /^[A-Za-z0-9_-]*$/.test(body);
  if (!std && !url) return null;
  if (body.length % 4 === 1) return null;
  if (s.length !== body.length && s.length % 4 !== 0) return null;
  const buf = Buffer.from(body, std ? 'base64' : 'base64url');
  const again = buf.toString(std ? 'base64' : 'base64url').replace(/=+$/, '');
  return again === body ? buf : null;
}

export interface StatementInput {
  cartridgeId: string;
  manifestHash: string;
  checksumHash: string;
  fileCount: number;
  publisherId: string;
  embeddingEngine: unknown;
  signedAt: string;
}

export function makeStatement(s: StatementInput): Record<string, unknown> {
  return {
    _type: STATEMENT_TYPE,
    subject: [{ name: s.cartridgeId, digest: { sha256: s.manifestHash.replace(/^sha256:/, '') } }],
    predicateType: PREDICATE_TYPE,
    predicate: {
      acxSchemaVersion: '0.1',
      publisherId: s.publisherId,
      romDigest: s.manifestHash,
      manifestHash: s.manifestHash,
      checksumHash: s.checksumHash,
      fileCount: s.fileCount,
      embeddingEngine: s.embeddingEngine,
      signedAt: s.signedAt,
      provenanceInstanceId: 'ctxforge',
    },
  };
}

export interface Envelope {
  payloadType: string;
  payload: string;
  signatures: Array<{ keyid: string; sig: string }>;
}

export function signStatement(statement: unknown, key: SigningKey): { envelope: Envelope; keyid: string } {
  const payload = Buffer.from(jcs(statement), 'utf8');
  const keyid = spkiKeyId(key.publicKey);
  const sig = signEd25519(key, pae(PAYLOAD_TYPE, payload));
  return { envelope: { payloadType: PAYLOAD_TYPE, payload: payload.toString('base64'), signatures: [{ keyid, sig: sig.toString('base64') }] }, keyid };
}

export interface ParsedEnvelope {
  payloadBytes: Buffer;
  statement: Record<string, unknown>;
  signatures: Array<{ keyid: string; sig: Buffer }>;
  subjectHex: string;
  predicate: Record<string, unknown>;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const keysExactly = (o: Record<string, unknown>, keys: string[]): boolean => {
  const k = Object.keys(o);
  return k.length === keys.length && keys.every((x) => k.includes(x));
};

/** Parses an envelope strictly; returns the reason when it is malformed. */
export function parseEnvelope(text: unknown): ParsedEnvelope | { problem: string } {
  if (typeof text !== 'string') return { problem: 'envelope is not TEXT' };
  let env: unknown;
  try { env = parseJson(text); } catch (e) { return { problem: `envelope is not strict JSON: ${(e as Error).message}` }; }
  if (!isObj(env)) return { problem: 'envelope is not a JSON object' };
  if (!keysExactly(env, ['payloadType', 'payload', 'signatures'])) return { problem: `envelope must have exactly payloadType, payload and signatures (has ${Object.keys(env).join(', ')})` };
  if (env.payloadType !== PAYLOAD_TYPE) return { problem: `payloadType is ${JSON.stringify(env.payloadType)}, not ${PAYLOAD_TYPE}` };
  const payloadBytes = decodeBase64Strict(env.payload);
  if (!payloadBytes) return { problem: 'payload is not base64' };
  if (!Array.isArray(env.signatures) || env.signatures.length === 0) return { problem: 'signatures must be a non-empty array' };
  const signatures: Array<{ keyid: string; sig: Buffer }> = [];
  for (const s of env.signatures) {
    if (!isObj(s) || !keysExactly(s, ['keyid', 'sig']) || typeof s.keyid !== 'string') return { problem: 'each signature must be exactly {keyid, sig}' };
    const sig = decodeBase64Strict(s.sig);
    if (!sig) return { problem: `signature of ${s.keyid} is not base64` };
    signatures.push({ keyid: s.keyid, sig });
  }
  let statement: unknown;
  try { statement = parseJson(decodeUtf8Strict(payloadBytes, 'the DSSE payload')); } catch (e) { return { problem: `payload is not a strict JSON Statement: ${(e as Error).message}` }; }
  if (!isObj(statement)) return { problem: 'Statement is not a JSON object' };
  if (statement._type !== STATEMENT_TYPE) return { problem: `Statement _type is ${JSON.stringify(statement._type)}` };
  if (statement.predicateType !== PREDICATE_TYPE) return { problem: `predicateType is ${JSON.stringify(statement.predicateType)}, not ${PREDICATE_TYPE}` };
  const subj = statement.subject;
  if (!Array.isArray(subj) || subj.length === 0 || !isObj(subj[0]) || !isObj(subj[0].digest)) return { problem: 'Statement has no subject[0].digest' };
  const hex = subj[0].digest.sha256;
  if (typeof hex !== 'string' || !/^[0-9a-f]{64}$/.test(hex)) return { problem: 'subject[0].digest.sha256 is not 64 lowercase hex digits' };
  if (!isObj(statement.predicate)) return { problem: 'Statement has no predicate object' };
  return { payloadBytes, statement, signatures, subjectHex: hex, predicate: statement.predicate };
}
