// Access tokens (JWT, HS256) and the encrypted token ABP clients keep in the enc_auth_token
// cookie for the realtime connection (JWE, dir + A256GCM, wrapping the access token).
import { createHash, randomBytes } from 'node:crypto';
import { CompactEncrypt, SignJWT, compactDecrypt, jwtVerify } from 'jose';

/**
 * `stamp`: the user's security stamp when the token was issued; `session`: the token's own id (jti)
 * and expiry (exp, epoch seconds), which TokenAuth/SignOut ends (docs/decisions/0017).
 */
export interface Principal { userId: number; tenantId: number | null; stamp: string; session: { id: string; expiresAt: number } }

export interface TokenService {
  /** `device`: a sign-in with 记住我 (rememberClient) gets the longer device lifetime (decision 0068). */
  issue(principal: Omit<Principal, 'session'>, options?: { device?: boolean }): Promise<{ accessToken: string; encryptedAccessToken: string; expireInSeconds: number }>;
  verify(accessToken: string): Promise<Principal | null>;
  verifyEncrypted(encryptedAccessToken: string): Promise<Principal | null>;
}

/** Tokens remembered as checked (the oldest is forgotten first); a server has far fewer live ones. */
const VERIFIED_MAX = 5_000;

const derive = (secret: string, purpose: string) => createHash('sha256').update(`${purpose}:${secret}`).digest();

export function createTokenService(secret: string, lifetimeSeconds: number, deviceLifetimeSeconds = lifetimeSeconds): TokenService {
  const signKey = derive(secret, 'haicang-sign');
  const encKey = derive(secret, 'haicang-enc');
  // A token's signature and claims never change: one checked already is answered from memory until
  // it expires (HMAC through WebCrypto is an async job per request otherwise; decision 0034). A wrong
  // or tampered token is never cached, so it costs a full check each time.
  const verified = new Map<string, Principal>();
  const verify = async (token: string): Promise<Principal | null> => {
    const known = verified.get(token);
    if (known) {
      if (known.session.expiresAt * 1000 > Date.now()) return known;
      verified.delete(token);
      return null;
    }
    const principal = await verifyOnce(token);
    if (principal) {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, principal);
    }
    return principal;
  };
  const verifyOnce = async (token: string): Promise<Principal | null> => {
    try {
      // exp is required: a token that never expires would outlive every other safeguard.
      const { payload } = await jwtVerify(token, signKey, { algorithms: ['HS256'], issuer: 'haicang', requiredClaims: ['exp', 'sub', 'sst', 'jti'] });
      const userId = Number(payload.sub);
      const tid = payload['tid'];
      const stamp = payload['sst'];
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof stamp !== 'string' || stamp === '' || !payload.jti) return null;
      return { userId, tenantId: typeof tid === 'number' ? tid : null, stamp, session: { id: payload.jti, expiresAt: payload.exp! } };
    } catch {
      return null;
    }
  };
  return {
    async issue(principal, options = {}) {
      const lifetime = options.device ? deviceLifetimeSeconds : lifetimeSeconds;
      const accessToken = await new SignJWT({ tid: principal.tenantId, sst: principal.stamp })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(principal.userId))
        .setIssuer('haicang')
        .setJti(randomBytes(12).toString('base64url'))
        .setIssuedAt()
        .setExpirationTime(`${lifetime}s`)
        .sign(signKey);
      const encryptedAccessToken = await new CompactEncrypt(new TextEncoder().encode(accessToken))
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .encrypt(encKey);
      return { accessToken, encryptedAccessToken, expireInSeconds: lifetime };
    },
    verify,
    async verifyEncrypted(encrypted) {
      try {
        const { plaintext } = await compactDecrypt(encrypted, encKey);
        return verify(new TextDecoder().decode(plaintext));
      } catch {
        return null;
      }
    },
  };
}
