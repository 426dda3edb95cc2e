import { jwtVerify, SignJWT } from 'jose';

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/** A session token names the user and their session row (see session.entity.ts), which decides if it still works. */
export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/** A purpose token carries the user's token version, and the session it was issued to when there is one. */
export interface PurposeClaims {
  userId: string;
  tokenVersion: number;
  sessionId?: string;
  /** When a verified token stops working (read from it; ignored when signing). */
  expiresAt?: Date;
}

/** What a purpose token is for: a kiosk session, a member's check-in QR code, or a screen set up as the kiosk. */
export type TokenPurpose = 'kiosk' | 'checkin-code' | 'kiosk-device';

/** Signs and checks session and purpose tokens (HS256). */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: SessionClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
      .setAudience('studio')
      .sign(this.key);
  }

  /**
   * A token for one purpose (kiosk session, check-in QR code); never accepted as a session. It carries the user's
   * token version, so what ends all their sessions (sign out everywhere, a password change or reset, deactivation)
   * ends it too, and the session it was shown in, so signing out of that device ends it as well.
   */
  signFor(purpose: TokenPurpose, claims: PurposeClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({ ver: claims.tokenVersion, ...(claims.sessionId ? { sid: claims.sessionId } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .setAudience(purpose)
      .sign(this.key);
  }

  /** The claims of a valid token for `purpose`, or null. */
  async verifyFor(purpose: TokenPurpose, token: string): Promise<PurposeClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: purpose });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      if (payload.sid !== undefined && typeof payload.sid !== 'string') return null;
      return {
        userId: payload.sub,
        tokenVersion: payload.ver,
        ...(payload.sid ? { sessionId: payload.sid } : {}),
        ...(payload.exp ? { expiresAt: new Date(payload.exp * 1000) } : {}),
      };
    } catch {
      return null;
    }
  }

  /** Returns the claims of a valid, unexpired session token, or null. */
  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: 'studio' });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.sid };
    } catch {
      return null;
    }
  }
}
