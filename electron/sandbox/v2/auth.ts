import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { timingSafeEqual } from 'node:crypto';
import { refuse } from '../errorCodes';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { answerShapes, bareAnswer } from '../answers';

const ISSUER = 'shipping-service-sandbox';
const SCOPE = 'API';

function oauthError(status: number, error: string, description: string): Reply {
  return {
    status,
    json: { error, error_description: description },
    headers: status === 401 ? { 'www-authenticate': 'Basic realm="oauth2"' } : {},
  };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function basicCredentials(header: string | undefined): { user: string; password: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * OAuth2 client-credentials tokens. Only the newest token per AppKey is
 * valid: minting records its jti, and verification refuses any other jti.
 * The newest token string is cached so the hot path skips the signature check.
 */
export class TokenIssuer {
  private current: { token: string; jti: string; expMs: number } | undefined;

  constructor(private readonly ctx: SandboxContext) {}

  private get currentJti(): string | undefined {
    return this.ctx.meta.get(`token.jti.${this.ctx.keys.appKey}`);
  }

  async issue(req: SandboxRequest): Promise<Reply> {
    const credentials = basicCredentials(req.headers.authorization);
    if (!credentials) return oauthError(401, 'invalid_client', 'HTTP Basic authentication with AppKey:AppSecret is required.');
    if (!sameText(credentials.user, this.ctx.keys.appKey) || !sameText(credentials.password, this.ctx.keys.appSecret)) {
      return oauthError(401, 'invalid_client', 'Client authentication failed.');
    }
    const type = String(req.headers['content-type'] ?? '');
    if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      return oauthError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
    }
    const form = new URLSearchParams(req.body.toString('utf8'));
    if (form.get('grant_type') !== 'client_credentials') {
      return oauthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported.');
    }
    const scope = form.get('scope');
    if (scope !== null && scope !== SCOPE) return oauthError(400, 'invalid_scope', `The only scope is ${SCOPE}.`);
    const nowMs = this.ctx.now().getTime();
    const iat = Math.floor(nowMs / 1000);
    const jti = `${iat.toString(36)}.${this.ctx.meta.next('token')}`;
    const token = await new SignJWT({ scope: SCOPE, mode: 'test' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(this.ctx.keys.appKey)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ctx.tokenTtlSeconds)
      .sign(this.ctx.keys.jwtSecret);
    this.ctx.meta.set(`token.jti.${this.ctx.keys.appKey}`, jti);
    this.current = { token, jti, expMs: (iat + this.ctx.tokenTtlSeconds) * 1000 };
    this.ctx.stats.tokensIssued += 1;
    return {
      json: bareAnswer(this.ctx, answerShapes.token, { access_token: token, token_type: 'Bearer', expires_in: this.ctx.tokenTtlSeconds, scope: SCOPE }),
      headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
    };
  }

  /** Resolves when the request carries the newest, unexpired token; refuses otherwise. A v1 key gets OAuth's invalid_client. */
  async authenticate(req: SandboxRequest): Promise<Reply | undefined> {
    if (req.query.has('api_token')) return oauthError(401, 'invalid_client', 'v1 api_token keys are not valid on this interface.');
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!match) refuse('unauthorized');
    const token = match[1] as string;
    if (sameText(token, this.ctx.keys.apiToken)) return oauthError(401, 'invalid_client', 'v1 api_token keys are not valid on this interface.');
    const nowMs = this.ctx.now().getTime();
    const cached = this.current;
    if (cached && cached.token === token) {
      if (nowMs >= cached.expMs) refuse('token_expired');
      return undefined;
    }
    let jti: string | undefined;
    try {
      const { payload } = await jwtVerify(token, this.ctx.keys.jwtSecret, {
        issuer: ISSUER,
        subject: this.ctx.keys.appKey,
        algorithms: ['HS256'],
        currentDate: new Date(nowMs),
      });
      jti = payload.jti;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) refuse('token_expired');
      refuse('token_invalid');
    }
    if (!jti || jti !== this.currentJti) refuse('token_revoked');
    return undefined;
  }
}
