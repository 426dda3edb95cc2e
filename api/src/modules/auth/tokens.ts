import { jwtVerify, SignJWT } from 'jose';

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface SessionClaims {
  userId: string;
  tokenVersion: number;
}

/** Signs and checks session tokens (HS256). A token carries the user's token version so it can be revoked. */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: SessionClaims): Promise<string> {
    return new SignJWT({ ver: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
      .setAudience('studio')
      .sign(this.key);
  }

  /**
   * A token for one purpose (kiosk session, check-in QR code); never accepted as a session. It carries the user's
   * token version, so what ends their sessions (sign-out, a password change or reset, deactivation) ends it too.
   */
  signFor(purpose: 'kiosk' | 'checkin-code', claims: SessionClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({ ver: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .setAudience(purpose)
      .sign(this.key);
  }

  /** The claims of a valid token for `purpose`, or null. */
  async verifyFor(purpose: 'kiosk' | 'checkin-code', token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: purpose });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      return { userId: payload.sub, tokenVersion: payload.ver };
    } catch {
      return null;
    }
  }

  /** Returns the claims of a valid, unexpired token, or null. */
  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: 'studio' });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      return { userId: payload.sub, tokenVersion: payload.ver };
    } catch {
      return null;
    }
  }
}
